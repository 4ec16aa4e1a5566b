/// ISO 8601 durations as recipe pages write cooking times: `PT1H30M`, `P1DT2H` (a long
/// rise or a brine), `PT0.5H`, `pt20m`. Broken values seen on real pages (`PTNaNM`, `PT`,
/// `PT-5M`, `20 minutes`) read as nil so the caller can say what it left out.
enum ISODuration {
    /// The duration in whole minutes (rounded), or nil when `text` is not a duration.
    /// Plain words that some pages put instead ("10 minutes", "1 hr 20 mins") are read too.
    static func minutes(_ text: String) -> Int? {
        iso(text) ?? spelledOut(text)
    }

    private static func iso(_ text: String) -> Int? {
        let characters = Array(text.trimmedWhitespace.uppercased())
        guard characters.first == "P", characters.count > 1 else { return nil }
        // Designators in the order the standard allows, with their length in minutes;
        // a year and a month are taken as 365 and 30 days, which no recipe comes near.
        let datePart: [(Character, Double)] = [("Y", 525_600), ("M", 43_200), ("W", 10_080), ("D", 1_440)]
        let timePart: [(Character, Double)] = [("H", 60), ("M", 1), ("S", 1.0 / 60)]
        var designators = datePart
        var index = 1
        var total = 0.0
        var sawValue = false
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
            guard index > start, index < characters.count,
                  let value = Double(String(characters[start..<index]).replacing(",", with: ".")), value.isFinite,
                  let slot = designators.firstIndex(where: { $0.0 == characters[index] }) else { return nil }
            total += value * designators[slot].1
            sawValue = true
            // Each designator once, in order.
            designators.removeFirst(slot + 1)
            index += 1
        }
        guard sawValue, total < 100_000_000 else { return nil }
        return Int(total.rounded())
    }

    /// "10 minutes", "1 hour 20 mins", "1 hr", "2 days": numbers each followed by a unit.
    private static func spelledOut(_ text: String) -> Int? {
        let units: [String: Double] = ["min": 1, "mins": 1, "minute": 1, "minutes": 1, "m": 1,
                                       "h": 60, "hr": 60, "hrs": 60, "hour": 60, "hours": 60,
                                       "d": 1_440, "day": 1_440, "days": 1_440]
        var words = text.lowercased().split { $0.isWhitespace || $0 == "," }.map(String.init)
        var total = 0.0
        guard !words.isEmpty else { return nil }
        while !words.isEmpty {
            // "20min" is a number and its unit in one word.
            let number = words[0].prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard let value = Double(number), value.isFinite else { return nil }
            var unit = String(words[0].dropFirst(number.count))
            words.removeFirst()
            if unit.isEmpty, !words.isEmpty { unit = words.removeFirst() }
            if words.first == "and" { words.removeFirst() }
            guard let factor = units[unit.trimmingCharacters(of: ".")] else { return nil }
            total += value * factor
        }
        return total < 100_000_000 ? Int(total.rounded()) : nil
    }

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
