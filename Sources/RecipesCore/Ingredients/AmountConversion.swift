import FoundationEssentials

extension UnitConversion {
    /// An ingredient's amount in `system`'s units: "1 cup, packed" is "240 ml, packed" in
    /// metric and "500 g" is "1⅛ lb" in US units; spoons stay spoons (in US units written "tbsp"
    /// and "tsp": "2 msk" is "2 tbsp"); counts, amounts already in the system and amounts
    /// without a number or a known unit stay as written.
    ///
    /// ```swift
    /// UnitConversion.converted("1-2 cups", to: .metric)   // "240-480 ml"
    /// ```
    /// With `density` (grams per millilitre, as ``IngredientVocabulary/weighingDensity(of:)``
    /// gives for what metric cooks weigh), cups of it become grams in metric.
    public static func converted(_ amount: String, to system: MeasureUnit.System, density: Double? = nil) -> String {
        let trimmed = amount.trimmedWhitespace
        guard let leading = AmountScaling.leadingQuantity(Substring(trimmed)),
              let (unit, rest) = MeasureUnit.leading(String(leading.rest)), unit.dimension != .count else { return amount }
        guard let unitSystem = unit.system else {
            // A spoon in US units is "tbsp" or "tsp", whatever the language wrote ("2 msk").
            guard system == .us, unit.dimension == .volume, !leading.rest.trimmedWhitespace.lowercased().hasPrefix(unit.symbol) else { return amount }
            let quantity = trimmed[..<leading.rest.startIndex].trimmedWhitespace
            return quantity + " " + unit.symbol + rest
        }
        guard unitSystem != system else { return amount }
        // "1 lb 2 oz" is one weight.
        var value = leading.value, after = String(rest)
        if leading.upper == nil, let compound = AmountScaling.compound(leading.rest) {
            value += compound.extra
            after = compound.after
        }
        if system == .metric, unit.dimension == .volume, let density {
            let grams = value * unit.size * density
            return express(grams, upTo: leading.upper.map { $0.value * unit.size * density }, dimension: .mass, in: .metric) + after
        }
        let text = express(value * unit.size, upTo: leading.upper.map { $0.value * unit.size }, dimension: unit.dimension, in: system)
        return text + after
    }

    /// `text` with its oven temperatures in `system`'s scale: "350°F", "350 °F", "350 degrees
    /// F" and "350 degrees Fahrenheit" become "175 °C" in metric, and Celsius ones ("180°C",
    /// "180 C", "200 Grad", "200 grados") Fahrenheit in US units, rounded as recipes round them
    /// (to 5 °C, to 25 °F). A range converts both ends ("180-200°C"); a temperature given in
    /// both scales ("350°F (175°C)", "180°C/350°F") keeps the one asked for. Temperatures
    /// already in the system, and numbers without a scale, are left alone.
    public static func convertingTemperatures(in text: String, to system: MeasureUnit.System) -> String {
        let wanted = system == .metric ? "C" : "F"
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            // A number starts after a space or punctuation, not inside a word or another number.
            let startsNumber = text[index].isASCII && text[index].isNumber
                && (index == text.startIndex || { let before = text[text.index(before: index)]; return !before.isLetter && !before.isNumber && before != "." && before != "," }())
            guard startsNumber, let found = temperature(in: text, at: index) else {
                // The whole number goes at once, so its last digits are not read as another.
                repeat {
                    result.append(text[index])
                    index = text.index(after: index)
                } while startsNumber && index < text.endIndex && text[index].isASCII && text[index].isNumber
                continue
            }
            // The same temperature in the other scale, in brackets or after a slash.
            var end = found.end
            var other: (text: Substring, scale: String)?
            var cursor = found.end
            while cursor < text.endIndex, text[cursor] == " " { cursor = text.index(after: cursor) }
            if cursor < text.endIndex, text[cursor] == "(" || text[cursor] == "/" {
                let opener = text[cursor]
                var inner = text.index(after: cursor)
                while inner < text.endIndex, text[inner] == " " { inner = text.index(after: inner) }
                if inner < text.endIndex, text[inner].isASCII, text[inner].isNumber, let second = temperature(in: text, at: inner), second.scale != found.scale {
                    var close = second.end
                    if opener == "(" {
                        while close < text.endIndex, text[close] == " " { close = text.index(after: close) }
                        if close < text.endIndex, text[close] == ")" { other = (text[inner..<second.end], second.scale); end = text.index(after: close) }
                    } else {
                        other = (text[inner..<second.end], second.scale)
                        end = close
                    }
                }
            }
            if found.scale == wanted {
                result += text[index..<found.end]
            } else if let other, other.scale == wanted {
                result += other.text
            } else {
                func converted(_ degrees: Int) -> Int {
                    system == .metric ? Int(((Double(degrees) - 32) * 5 / 9 / 5).rounded() * 5) : Int(((Double(degrees) * 9 / 5 + 32) / 25).rounded() * 25)
                }
                result += "\(converted(found.low))" + (found.high.map { "-\(converted($0))" } ?? "") + (system == .metric ? " °C" : " °F")
            }
            index = end
        }
        return result
    }

    /// Words for degrees; those of other languages, without a scale after them, mean Celsius.
    private static let degreeWords = [("degrees", false), ("degree", false), ("deg", false), ("grader", true), ("grados", true), ("grado", true),
                                      ("grad", true), ("degrés", true), ("degres", true), ("gradi", true), ("graus", true)]

    /// A temperature at `start`: its degrees (a range's two ends), "C" or "F", and where it
    /// ends; nil when the number there has no scale after it, or is not an oven's (from 50 to
    /// 600 degrees).
    private static func temperature(in text: String, at start: String.Index) -> (low: Int, high: Int?, scale: String, end: String.Index)? {
        func number(at index: String.Index) -> (Int, String.Index)? {
            var index = index
            var digits = ""
            while index < text.endIndex, text[index].isASCII, text[index].isNumber { digits.append(text[index]); index = text.index(after: index) }
            guard let value = Int(digits), (50...600).contains(value) else { return nil }
            return (value, index)
        }
        guard let (low, afterLow) = number(at: start) else { return nil }
        var cursor = afterLow
        func skipSpaces() { while cursor < text.endIndex, text[cursor] == " " || text[cursor] == "\u{00A0}" { cursor = text.index(after: cursor) } }
        // "180-200°C", "180 – 200 °C", "180 to 200 °C".
        var high: Int?
        var numberEnd = afterLow
        skipSpaces()
        for separator in ["-", "–", "to ", "bis ", "à ", "a "] where text[cursor...].prefix(separator.count).lowercased() == separator {
            var after = text.index(cursor, offsetBy: separator.count)
            while after < text.endIndex, text[after] == " " { after = text.index(after: after) }
            if let (value, end) = number(at: after), value > low {
                high = value
                numberEnd = end
            }
            break
        }
        cursor = high == nil ? afterLow : numberEnd
        let index = cursor
        skipSpaces()
        var sawDegree = false
        var impliesCelsius = false
        if cursor < text.endIndex, text[cursor] == "°" || text[cursor] == "º" {
            sawDegree = true
            cursor = text.index(after: cursor)
            skipSpaces()
        } else {
            for (word, celsius) in degreeWords where text[cursor...].prefix(word.count).lowercased() == word {
                let end = text.index(cursor, offsetBy: word.count)
                if end < text.endIndex, text[end].isLetter { continue }
                sawDegree = true
                impliesCelsius = celsius
                cursor = end
                skipSpaces()
                break
            }
        }
        let scaleStart = cursor
        for (word, scale) in [("fahrenheit", "F"), ("celsius", "C"), ("centigrade", "C"), ("f", "F"), ("c", "C")] {
            guard text[cursor...].prefix(word.count).lowercased() == word else { continue }
            let end = text.index(cursor, offsetBy: word.count)
            // A lone letter is a scale only after a degree sign or word, right after the number,
            // or a capital after a space ("350 F"), and not the start of a word ("180 cups").
            if word.count == 1 {
                if end < text.endIndex, text[end].isLetter { break }
                if !sawDegree, cursor != index, !text[cursor].isUppercase { break }
            }
            return (low, high, scale, end)
        }
        // "200 Grad", "230 grados": Celsius, as everywhere those words are written.
        if impliesCelsius {
            var end = scaleStart
            while end > index, text[text.index(before: end)] == " " { end = text.index(before: end) }
            return (low, high, "C", end)
        }
        return nil
    }
}
