import FoundationEssentials

/// Reads a DURATION such as `30m`, `2h`, `1h30m`, `45s`, `2d` or `1w` into seconds.
///
/// ```swift
/// try DurationParser.parse("1h30m")   // 5400
/// ```
public enum DurationParser {
    /// Longer than any plan needs; guards against overflow and typos.
    public static let maximum: TimeInterval = 3_660 * 86_400

    /// The duration `text` names ("90m", "2h", "1w"); throws ``PlanningInputError`` for anything else or for more than ``maximum``.
    public static func parse(_ text: String) throws -> TimeInterval {
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800]
        var total: TimeInterval = 0
        var digits = ""
        var sawUnit = false
        for character in text.lowercased() {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if let unit = units[character] {
                guard let count = Int(digits), digits.count <= 9 else {
                    throw PlanningInputError(part: text, reason: digits.isEmpty ? "a number must come before '\(character)'" : "too long")
                }
                total += TimeInterval(count) * unit
                digits = ""
                sawUnit = true
            } else {
                throw PlanningInputError(part: text, reason: "expected a duration such as 30m, 2h or 1h30m (units s, m, h, d, w)")
            }
        }
        guard digits.isEmpty, sawUnit else {
            throw PlanningInputError(part: text, reason: text.isEmpty ? "empty duration" : "a unit must follow the number (s, m, h, d or w), such as 30m")
        }
        guard total <= maximum else { throw PlanningInputError(part: text, reason: "longer than \(Int(maximum / 86_400)) days") }
        return total
    }
}
