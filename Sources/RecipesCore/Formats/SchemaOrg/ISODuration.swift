/// ISO 8601 durations as recipe pages write cooking times: `PT1H30M`, `P1DT2H` (a long
/// rise or a brine), `PT0.5H`, `pt20m`, and the forms pages bend it into (`P30M`, `PTH30M`,
/// `PT0D4H45M`). Broken values seen on real pages (`PTNaNM`, `PT`, `PT-5M`, more than a
/// month) read as nil so the caller can say what it left out.
enum ISODuration {
    /// The duration in whole minutes (rounded), or nil when `text` is not a duration.
    /// Plain words that some pages put instead ("10 minutes", "1 hr 20 mins") are read too.
    static func minutes(_ text: String) -> Int? {
        iso(text) ?? spelledOut(text)
    }

    /// Whether `text` is an ISO 8601 duration longer than a recipe's time can be ("P40D").
    static func isTooLong(_ text: String) -> Bool {
        iso(text, upTo: .max).map { $0 > Recipe.longestMinutes } ?? false
    }

    private static func iso(_ text: String, upTo longest: Int = Recipe.longestMinutes) -> Int? {
        let characters = Array(text.trimmedWhitespace.uppercased())
        guard characters.first == "P", characters.count > 1 else { return nil }
        // Designators in the order the standard allows, with their length in minutes. Pages
        // bend the standard, and what they mean is plain: `P30M` without the T is 30 minutes
        // (no recipe takes months), `P1H` an hour, `PT0D4H` has days among the time, and
        // `PTH30M` leaves a number out where it means none.
        let hasTime = characters.contains("T")
        let datePart: [(Character, Double)] = [("Y", 525_600), ("W", 10_080), ("D", 1_440), ("H", 60), ("M", hasTime ? 43_200 : 1), ("S", 1.0 / 60)]
        let timePart: [(Character, Double)] = [("D", 1_440), ("H", 60), ("M", 1), ("S", 1.0 / 60)]
        var designators = datePart
        var index = 1
        var total = 0.0
        var sawDesignator = false
        var inTime = false
        while index < characters.count {
            if characters[index] == "T" {
                guard !inTime, index + 1 < characters.count else { return nil }
                inTime = true
                designators = timePart
                index += 1
                continue
            }
            let start = index
            while index < characters.count, characters[index].isASCII, characters[index].isNumber || characters[index] == "." || characters[index] == "," {
                index += 1
            }
            let digits = String(characters[start..<index]).replacing(",", with: ".")
            guard index < characters.count, let value = digits.isEmpty ? 0 : Double(digits), value.isFinite,
                  let slot = designators.firstIndex(where: { $0.0 == characters[index] }) else { return nil }
            total += value * designators[slot].1
            sawDesignator = sawDesignator || !digits.isEmpty
            // Each designator once, in order.
            designators.removeFirst(slot + 1)
            index += 1
        }
        guard sawDesignator, total <= Double(longest) else { return nil }
        return Int(total.rounded())
    }

    /// "10 minutes", "1 hour 20 mins", "1 hr", "2 days", "35 minuti", "1 Stunde", "1 h 30":
    /// numbers each followed by a unit, in the main European languages.
    private static func spelledOut(_ text: String) -> Int? {
        var words = text.lowercased().split { $0.isWhitespace || $0 == "," }.map(String.init)
        var total = 0.0
        guard !words.isEmpty else { return nil }
        var lastFactor: Double?
        while !words.isEmpty {
            // "20min" is a number and its unit in one word.
            let number = words[0].prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard let value = Double(number), value.isFinite else { return nil }
            var unit = String(words[0].dropFirst(number.count))
            words.removeFirst()
            if unit.isEmpty, let next = words.first, spelledUnits[next.trimmingCharacters(of: ".")] != nil { unit = words.removeFirst() }
            if let first = words.first, connectors.contains(first) { words.removeFirst() }
            // "1 h 30": a bare number after hours is minutes.
            if unit.isEmpty, words.isEmpty, lastFactor == 60 {
                total += value
                break
            }
            guard let factor = spelledUnits[unit.trimmingCharacters(of: ".")] else { return nil }
            total += value * factor
            lastFactor = factor
        }
        return total <= Double(Recipe.longestMinutes) ? Int(total.rounded()) : nil
    }

    private static let spelledUnits: [String: Double] = {
        var units: [String: Double] = [:]
        let minutes = ["min", "mins", "minute", "minutes", "m", "minuto", "minuti", "minuten", "minutos", "minut", "minuter",
                       "minutt", "minutter", "minuut", "minuty", "minuta", "mn"]
        let hours = ["h", "hr", "hrs", "hour", "hours", "ora", "ore", "stunde", "stunden", "std", "heure", "heures", "hora",
                     "horas", "uur", "timme", "timmar", "time", "timer", "godzina", "godziny", "godzin", "godz", "t"]
        let days = ["d", "day", "days", "giorno", "giorni", "tag", "tage", "jour", "jours", "día", "días", "dia", "dias",
                    "dag", "dagen", "dagar", "dage", "dni", "dzień", "doba"]
        for unit in minutes { units[unit] = 1 }
        for unit in hours { units[unit] = 60 }
        for unit in days { units[unit] = 1_440 }
        return units
    }()

    private static let connectors: Set<String> = ["and", "e", "und", "et", "y", "en", "och", "og", "i", "&"]

    /// Minutes as an ISO 8601 duration: 90 → `PT1H30M`, 1,500 → `P1DT1H`.
    static func string(minutes: Int) -> String {
        let days = minutes / 1_440, hours = minutes % 1_440 / 60, rest = minutes % 60
        var text = "P" + (days > 0 ? "\(days)D" : "")
        if hours > 0 || rest > 0 || days == 0 {
            text += "T" + (hours > 0 ? "\(hours)H" : "") + (rest > 0 || hours == 0 ? "\(rest)M" : "")
        }
        return text
    }

    /// Minutes for people: "45 min", "1 h 30 min", "2 d 3 h".
    static func description(minutes: Int) -> String {
        let days = minutes / 1_440, hours = minutes % 1_440 / 60, rest = minutes % 60
        let parts = [(days, "d"), (hours, "h"), (rest, "min")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return parts.isEmpty ? "0 min" : parts.joined(separator: " ")
    }
}
