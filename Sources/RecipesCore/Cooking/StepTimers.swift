import FoundationEssentials

extension CookingSteps {
    /// The timers `text` names: a number, fraction or range, and a unit of time in English,
    /// German, French, Spanish, Italian, Portuguese, Dutch, Swedish or Norwegian ("25 minutes",
    /// "1-2 hours", "4 Minuten", "10 à 12 min", "30 sec", "1 h 30", "1½ Stunden", "10min").
    /// A following smaller unit adds to it ("1 hour 30 minutes" is one timer of 90 minutes).
    public static func timers(in text: String) -> [StepTimer] {
        let characters = Array(text)
        var timers: [StepTimer] = []
        var index = 0
        while index < characters.count {
            // A number starts a timer only at a word's start: "B12" and "2x" are not.
            guard characters[index].isNumber || Self.fractions[characters[index]] != nil,
                  index == 0 || !(characters[index - 1].isLetter || characters[index - 1].isNumber) else {
                index += 1
                continue
            }
            guard let (timer, end) = timer(in: characters, at: index) else {
                index += 1
                while index < characters.count, characters[index].isNumber || characters[index] == "." || characters[index] == "," { index += 1 }
                continue
            }
            timers.append(timer)
            index = end
        }
        return timers
    }

    /// The timer starting at `start`, and where it ends.
    private static func timer(in characters: [Character], at start: Int) -> (StepTimer, Int)? {
        guard var (low, index) = number(in: characters, at: start) else { return nil }
        var high: Double?
        // A range: "1-2", "10 to 12", "10 bis 12", "10 à 12", "10 a 12", "10 tot 12", "10 till 12", "10 o 12".
        var probe = skipSpaces(characters, index)
        if probe < characters.count, "-–—".contains(characters[probe]) {
            if let (upper, end) = number(in: characters, at: skipSpaces(characters, probe + 1)) { high = upper; index = end }
        } else {
            let (word, after) = word(in: characters, at: probe)
            if Self.rangeWords.contains(word.lowercased()), let (upper, end) = number(in: characters, at: skipSpaces(characters, after)) {
                high = upper
                index = end
            }
        }
        probe = skipSpaces(characters, index)
        let (unitWord, afterUnit) = word(in: characters, at: probe)
        guard let unit = Self.units[unitWord.lowercased()] else { return nil }
        var end = afterUnit
        if unitWord.count <= 4, Self.isAbbreviationDot(characters, at: end) { end += 1 }
        var seconds = low * unit
        var upper = high.map { $0 * unit }
        // "1 hour 30 minutes", "1 h 30", "1h30": a smaller unit after a larger one adds to it.
        if high == nil, unit > 60 {
            let next = skipSpaces(characters, end)
            if let (extra, afterExtra) = number(in: characters, at: next), next < characters.count, characters[next].isNumber {
                let (smallWord, afterSmall) = word(in: characters, at: skipSpaces(characters, afterExtra))
                if let small = Self.units[smallWord.lowercased()], small < unit {
                    seconds += extra * small
                    end = afterSmall
                    if smallWord.count <= 4, Self.isAbbreviationDot(characters, at: end) { end += 1 }
                } else if unit == 3_600, extra < 60, smallWord.isEmpty || MeasureUnit.named(smallWord) == nil, !characters[skipSpaces(characters, afterExtra)...].starts(with: ["°"]) {
                    // "1 h 30", "2 h 30 à feu doux": the number after hours is minutes, unless
                    // a unit of measure follows it ("1 h 30 g sugar" is no such thing).
                    seconds += extra * 60
                    end = afterExtra
                }
            }
        }
        low = seconds
        if let value = upper, value <= low { upper = nil }
        guard low >= 1, low <= 7 * 86_400 else { return nil }
        let written = String(characters[start..<end]).trimmingCharacters(of: " ")
        return (StepTimer(text: written, seconds: Int(low.rounded()), upToSeconds: upper.map { Int($0.rounded()) }), end)
    }

    /// Whether a "." at `index` belongs to an abbreviated unit ("10 min. à feu doux", "1 Std.
    /// ziehen lassen"): a lower-case word follows it. Before a capital or the end it ends the
    /// sentence, and is no part of the timer's text ("Rest 30 sec.").
    private static func isAbbreviationDot(_ characters: [Character], at index: Int) -> Bool {
        guard index < characters.count, characters[index] == "." else { return false }
        let next = skipSpaces(characters, index + 1)
        return next > index + 1 && next < characters.count && characters[next].isLowercase
    }

    /// A number at `start`: "25", "1.5", "1,5", "½", "1½", "1 1/2", "3/4"; with where it ends.
    private static func number(in characters: [Character], at start: Int) -> (Double, Int)? {
        var index = start
        var digits = ""
        while index < characters.count, characters[index].isASCII, characters[index].isNumber { digits.append(characters[index]); index += 1 }
        var value: Double
        if digits.isEmpty {
            guard index < characters.count, let fraction = fractions[characters[index]] else { return nil }
            return (fraction, index + 1)
        }
        value = Double(digits) ?? 0
        if index + 1 < characters.count, ".,".contains(characters[index]), characters[index + 1].isASCII, characters[index + 1].isNumber {
            var decimals = ""
            var scan = index + 1
            while scan < characters.count, characters[scan].isASCII, characters[scan].isNumber { decimals.append(characters[scan]); scan += 1 }
            value = Double("\(digits).\(decimals)") ?? value
            index = scan
        } else if index < characters.count, let fraction = fractions[characters[index]] {
            value += fraction
            index += 1
        } else if index < characters.count, characters[index] == "/", let (denominator, end) = wholeNumber(characters, index + 1), denominator > 0 {
            value /= Double(denominator)
            index = end
        } else if index + 1 < characters.count, characters[index] == " ", let (numerator, slash) = wholeNumber(characters, index + 1),
                  slash < characters.count, characters[slash] == "/", let (denominator, end) = wholeNumber(characters, slash + 1), denominator > 0 {
            value += Double(numerator) / Double(denominator)
            index = end
        }
        return (value, index)
    }

    private static func wholeNumber(_ characters: [Character], _ start: Int) -> (Int, Int)? {
        var index = start
        while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
        guard index > start, let value = Int(String(characters[start..<index])) else { return nil }
        return (value, index)
    }

    private static func skipSpaces(_ characters: [Character], _ start: Int) -> Int {
        var index = start
        while index < characters.count, characters[index] == " " || characters[index] == "\u{00A0}" { index += 1 }
        return index
    }

    /// The letters at `start` (none when another character stands there), and where they end.
    private static func word(in characters: [Character], at start: Int) -> (String, Int) {
        var index = start
        while index < characters.count, characters[index].isLetter { index += 1 }
        return (String(characters[start..<index]), index)
    }

    private static let fractions: [Character: Double] = ["½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1.0 / 3, "⅔": 2.0 / 3]

    private static let rangeWords: Set<String> = ["to", "bis", "à", "a", "tot", "till", "til", "o", "or", "oder", "ou", "of", "eller"]

    /// Units of time by their words, in seconds.
    private static let units: [String: Double] = {
        var units: [String: Double] = [:]
        for word in ["s", "sec", "secs", "second", "seconds", "sek", "sekunde", "sekunden", "seconde", "secondes", "segundo", "segundos",
                     "secondo", "secondi", "seconden", "sekund", "sekunder"] { units[word] = 1 }
        for word in ["min", "mins", "minute", "minutes", "minuten", "minuto", "minutos", "minuti", "minuut", "minut", "minuter", "minutt",
                     "minutter"] { units[word] = 60 }
        for word in ["h", "hr", "hrs", "hour", "hours", "std", "stunde", "stunden", "heure", "heures", "hora", "horas", "ora", "ore", "uur",
                     "timme", "timmar", "time", "timer"] { units[word] = 3_600 }
        return units
    }()
}
