import FoundationEssentials

extension UnitConversion {
    /// An ingredient's amount in `system`'s units: "1 cup, packed" is "240 ml, packed" in
    /// metric and "500 g" is "1⅛ lb" in US units; spoons, counts, amounts already in the
    /// system and amounts without a number or a known unit stay as written.
    ///
    /// ```swift
    /// UnitConversion.converted("1-2 cups", to: .metric)   // "240-480 ml"
    /// ```
    public static func converted(_ amount: String, to system: MeasureUnit.System) -> String {
        let trimmed = amount.trimmedWhitespace
        guard let leading = AmountScaling.leadingQuantity(Substring(trimmed)),
              let (unit, rest) = MeasureUnit.leading(String(leading.rest)), unit.dimension != .count,
              let unitSystem = unit.system, unitSystem != system else { return amount }
        let text = express(leading.value * unit.size, upTo: leading.upper.map { $0.value * unit.size }, dimension: unit.dimension, in: system)
        return text + rest
    }

    /// `text` with its oven temperatures in `system`'s scale: "350°F", "350 °F", "350 degrees
    /// F" and "350 degrees Fahrenheit" become "175 °C" in metric, and Celsius ones ("180°C",
    /// "180 C") Fahrenheit in US units, rounded as recipes round them (to 5 °C, to 25 °F).
    /// Temperatures already in the system, and numbers without a scale, are left alone.
    public static func convertingTemperatures(in text: String, to system: MeasureUnit.System) -> String {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            // A number starts after a space or punctuation, not inside a word or another number.
            let startsNumber = text[index].isASCII && text[index].isNumber
                && (index == text.startIndex || { let before = text[text.index(before: index)]; return !before.isLetter && !before.isNumber && before != "." && before != "," }())
            guard startsNumber, let (degrees, scale, end) = temperature(in: text, at: index) else {
                // The whole number goes at once, so its last digits are not read as another.
                repeat {
                    result.append(text[index])
                    index = text.index(after: index)
                } while startsNumber && index < text.endIndex && text[index].isASCII && text[index].isNumber
                continue
            }
            let converted: String? = switch (scale, system) {
            case ("F", .metric): "\(Int(((Double(degrees) - 32) * 5 / 9 / 5).rounded() * 5)) °C"
            case ("C", .us): "\(Int(((Double(degrees) * 9 / 5 + 32) / 25).rounded() * 25)) °F"
            default: nil
            }
            result += converted ?? String(text[index..<end])
            index = end
        }
        return result
    }

    /// A temperature at `index`: its degrees, "C" or "F", and where it ends; nil when the
    /// number there has no scale after it, or is not an oven's (from 50 to 600 degrees).
    private static func temperature(in text: String, at start: String.Index) -> (Int, String, String.Index)? {
        var index = start
        var digits = ""
        while index < text.endIndex, text[index].isASCII, text[index].isNumber { digits.append(text[index]); index = text.index(after: index) }
        guard let degrees = Int(digits), (50...600).contains(degrees) else { return nil }
        var cursor = index
        func skipSpaces() { while cursor < text.endIndex, text[cursor] == " " || text[cursor] == "\u{00A0}" { cursor = text.index(after: cursor) } }
        skipSpaces()
        var sawDegree = false
        if cursor < text.endIndex, text[cursor] == "°" || text[cursor] == "º" {
            sawDegree = true
            cursor = text.index(after: cursor)
            skipSpaces()
        } else {
            for word in ["degrees", "degree", "deg"] where text[cursor...].prefix(word.count).lowercased() == word {
                sawDegree = true
                cursor = text.index(cursor, offsetBy: word.count)
                skipSpaces()
                break
            }
        }
        guard cursor < text.endIndex else { return nil }
        for (word, scale) in [("fahrenheit", "F"), ("celsius", "C"), ("centigrade", "C"), ("f", "F"), ("c", "C")] {
            guard text[cursor...].prefix(word.count).lowercased() == word else { continue }
            let end = text.index(cursor, offsetBy: word.count)
            // A lone letter is a scale only after a degree sign or word, right after the number,
            // or a capital after a space ("350 F"), and not the start of a word ("180 cups").
            if word.count == 1 {
                if end < text.endIndex, text[end].isLetter { return nil }
                if !sawDegree, cursor != index, !text[cursor].isUppercase { return nil }
            }
            return (degrees, scale, end)
        }
        return nil
    }
}
