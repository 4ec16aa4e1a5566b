import FoundationEssentials

/// Reads a DURATION such as `30m`, `2h`, `1h30m`, `45s`, `2d` or `1w` into seconds.
///
/// ```swift
/// try DurationParser.parse("1h30m")   // 5400
/// ```
public enum DurationParser {
    /// Longer than any plan needs; guards against overflow and typos.
    public static let maximum: TimeInterval = 3_660 * 86_400

    /// The duration `text` names ("90m", "2h", "1h30m", "1w", or in words: "10 minutes",
    /// "1 hour 30 min", "2 days"); throws ``PlanningInputError`` for anything else or for
    /// more than ``maximum``.
    public static func parse(_ text: String) throws -> TimeInterval {
        var total: TimeInterval = 0
        var digits = ""
        var word = ""
        var sawUnit = false
        func endWord() throws {
            guard !word.isEmpty else { return }
            guard let unit = units[word] else {
                throw PlanningInputError(part: text, reason: "expected a duration such as 30m, 2h, 1h30m or '10 minutes' (units s, m, h, d, w)")
            }
            guard let count = Int(digits), digits.count <= 9 else {
                throw PlanningInputError(part: text, reason: digits.isEmpty ? "a number must come before '\(word)'" : "too long")
            }
            total += TimeInterval(count) * unit
            digits = ""
            word = ""
            sawUnit = true
        }
        for character in text.lowercased() {
            if character.isASCII, character.isNumber {
                try endWord()
                digits.append(character)
            } else if character.isLetter {
                word.append(character)
            } else if character == " " {
                try endWord()
            } else {
                throw PlanningInputError(part: text, reason: "expected a duration such as 30m, 2h, 1h30m or '10 minutes' (units s, m, h, d, w)")
            }
        }
        try endWord()
        guard digits.isEmpty, sawUnit else {
            throw PlanningInputError(part: text, reason: text.isEmpty ? "empty duration" : "a unit must follow the number (s, m, h, d or w), such as 30m")
        }
        guard total <= maximum else { throw PlanningInputError(part: text, reason: "longer than \(Int(maximum / 86_400)) days") }
        return total
    }

    /// Units by their letters and their English words (found by a user trial: "10 minutes"
    /// in a config file was refused).
    private static let units: [String: TimeInterval] = {
        var units: [String: TimeInterval] = [:]
        for (words, seconds) in [(["s", "sec", "secs", "second", "seconds"], 1.0), (["m", "min", "mins", "minute", "minutes"], 60),
                                 (["h", "hr", "hrs", "hour", "hours"], 3_600), (["d", "day", "days"], 86_400),
                                 (["w", "wk", "wks", "week", "weeks"], 604_800)] as [([String], TimeInterval)] {
            for word in words { units[word] = seconds }
        }
        return units
    }()
}
