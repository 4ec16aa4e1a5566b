import FoundationEssentials

extension RepeatRule {
    /// The RFC 5545 RRULE value of the rule, as iCalendar files and sync carry it:
    /// `FREQ=WEEKLY;INTERVAL=2;BYDAY=SU`, `FREQ=MONTHLY;BYMONTHDAY=1`,
    /// `FREQ=DAILY;UNTIL=20261231T225959Z` (UNTIL in UTC). ``init(rrule:)`` reads it back.
    public var rrule: String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if !weekdays.isEmpty { parts.append("BYDAY=" + weekdays.map { Self.rruleWeekdays[$0] }.joined(separator: ",")) }
        if let monthDay { parts.append("BYMONTHDAY=\(monthDay)") }
        if let until {
            let utc = LocalTime.utc.components(of: until)
            parts.append("UNTIL=\(Self.padded(utc.year, 4))\(Self.padded(utc.month))\(Self.padded(utc.day))T\(Self.padded(utc.hour))\(Self.padded(utc.minute))\(Self.padded(utc.second))Z")
        }
        return parts.joined(separator: ";")
    }

    /// Reads an RRULE value such as `FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=20261231T225959Z`.
    ///
    /// Only what ``rrule`` writes is understood: FREQ (DAILY, WEEKLY, MONTHLY), INTERVAL (1 to
    /// ``maximumInterval``), BYDAY (plain weekdays, WEEKLY only), BYMONTHDAY (one day 1 to 31,
    /// MONTHLY only), UNTIL (a UTC date-time) and WKST=MO, in any order and case. Anything
    /// else (COUNT, BYSETPOS, BYDAY=1MO, an UNTIL without Z ...), a repeated part or
    /// an empty one throws ``PlanningInputError`` naming it: a rule that would be misread is
    /// refused instead.
    public init(rrule text: String) throws {
        guard text.utf8.count <= 200 else { throw PlanningInputError(part: String(text.prefix(40)) + "…", reason: "a repeat rule this long is not supported") }
        // ASCII only: uppercasing "daıly" (dotless i) or "ſu" (long s) would otherwise make DAILY or SU.
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            throw PlanningInputError(part: text, reason: "a repeat rule is ASCII text, such as FREQ=WEEKLY;BYDAY=FR")
        }
        var values: [String: String] = [:]
        for part in text.split(separator: ";", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pieces.count == 2, !pieces[0].isEmpty, !pieces[1].isEmpty else {
                throw PlanningInputError(part: String(part), reason: "expected NAME=VALUE in a repeat rule, such as FREQ=WEEKLY")
            }
            let name = pieces[0].uppercased()
            guard values[name] == nil else { throw PlanningInputError(part: String(part), reason: "\(name) is given twice") }
            values[name] = pieces[1].uppercased()
        }
        for name in values.keys where !["FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "UNTIL", "WKST"].contains(name) {
            throw PlanningInputError(part: name, reason: "repeat rules with \(name) are not supported (FREQ, INTERVAL, BYDAY, BYMONTHDAY, UNTIL are)")
        }
        guard let frequencyText = values["FREQ"] else { throw PlanningInputError(part: text, reason: "a repeat rule needs FREQ") }
        guard let frequency = Frequency(rawValue: frequencyText) else {
            throw PlanningInputError(part: frequencyText, reason: "only FREQ=DAILY, WEEKLY or MONTHLY repeats are supported")
        }
        if let weekStart = values["WKST"], weekStart != "MO" {
            throw PlanningInputError(part: "WKST=\(weekStart)", reason: "weeks start on Monday here (WKST=MO)")
        }
        let interval = try values["INTERVAL"].map { try Self.number($0, in: 1...Self.maximumInterval, name: "INTERVAL") } ?? 1
        var weekdays: [Int] = []
        if let byDay = values["BYDAY"] {
            guard frequency == .weekly else { throw PlanningInputError(part: "BYDAY=\(byDay)", reason: "BYDAY is supported with FREQ=WEEKLY only") }
            for day in byDay.split(separator: ",", omittingEmptySubsequences: false) {
                guard let index = Self.rruleWeekdays.firstIndex(of: String(day)), !weekdays.contains(index) else {
                    throw PlanningInputError(part: String(day), reason: "expected BYDAY weekdays SU, MO, TU, WE, TH, FR, SA, each once")
                }
                weekdays.append(index)
            }
        }
        var monthDay: Int?
        if let byMonthDay = values["BYMONTHDAY"] {
            guard frequency == .monthly else {
                throw PlanningInputError(part: "BYMONTHDAY=\(byMonthDay)", reason: "BYMONTHDAY is supported with FREQ=MONTHLY only")
            }
            monthDay = try Self.number(byMonthDay, in: 1...31, name: "BYMONTHDAY")
        }
        let until = try values["UNTIL"].map(Self.untilDate)
        self.init(frequency: frequency, interval: interval, weekdays: weekdays, monthDay: monthDay, until: until)
    }

    static let rruleWeekdays = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    private static func number(_ text: String, in range: ClosedRange<Int>, name: String) throws -> Int {
        guard text.count <= 3, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text), range.contains(value) else {
            throw PlanningInputError(part: "\(name)=\(text)", reason: "expected \(name) from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// `20261231T225959Z`: a UTC date-time, the only UNTIL form ``rrule`` writes.
    private static func untilDate(_ text: String) throws -> Date {
        let refusal = PlanningInputError(part: "UNTIL=\(text)", reason: "expected UNTIL as a UTC date-time such as 20261231T225959Z")
        let characters = Array(text)
        guard characters.count == 16, characters[8] == "T", characters[15] == "Z",
              (characters[0..<8] + characters[9..<15]).allSatisfy({ $0.isASCII && $0.isNumber }) else { throw refusal }
        func field(_ range: Range<Int>) -> Int { Int(String(characters[range]))! }
        let (year, month, day) = (field(0..<4), field(4..<6), field(6..<8))
        let (hour, minute, second) = (field(9..<11), field(11..<13), field(13..<15))
        guard year >= 1, (1...12).contains(month), (1...LocalTime.daysIn(month: month, year: year)).contains(day),
              hour <= 23, minute <= 59, second <= 59 else { throw refusal }
        return LocalTime.utc.date(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }
}
