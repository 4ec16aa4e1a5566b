import FoundationEssentials

/// A repeat of a plan entry (temporary: replaced by the full rule).
public struct RepeatRule: Hashable, Sendable {
    /// How often.
    public enum Frequency: Hashable, Sendable { case daily, weekly, monthly }
    /// How often.
    public var frequency: Frequency
    /// Every how many.
    public var interval: Int = 1
    /// Weekdays, 0 Sunday.
    public var weekdays: [Int] = []
    /// Day of month.
    public var monthDay: Int?
    /// Last possible.
    public var until: Date?

    /// A rule.
    public init(frequency: Frequency, interval: Int = 1, weekdays: [Int] = [], monthDay: Int? = nil, until: Date? = nil) {
        self.frequency = frequency
        self.interval = interval
        self.weekdays = weekdays
        self.monthDay = monthDay
        self.until = until
    }

    /// RFC 5545 text.
    public var rrule: String {
        var parts = ["FREQ=" + (frequency == .daily ? "DAILY" : frequency == .weekly ? "WEEKLY" : "MONTHLY")]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        return parts.joined(separator: ";")
    }

    /// From RFC 5545 text.
    public init(rrule: String) throws {
        if rrule.contains("DAILY") { self.init(frequency: .daily) }
        else if rrule.contains("WEEKLY") { self.init(frequency: .weekly) }
        else if rrule.contains("MONTHLY") { self.init(frequency: .monthly) }
        else { throw PlanningInputError(part: rrule, reason: "unsupported") }
    }

    /// First occurrence strictly after `date`.
    public func occurrence(after date: Date, start: Date, local: LocalTime) -> Date? {
        if start > date { return start }
        let step = frequency == .daily ? interval : interval * 7
        let days = local.dayDistance(from: start, to: date)
        var k = max(0, days / step - 1)
        while true {
            let candidate = local.adding(days: k * step, to: start)
            if let until, candidate > until { return nil }
            if candidate > date { return candidate }
            k += 1
        }
    }

    /// Occurrences in [from, to).
    public func occurrences(from: Date, to: Date, start: Date, local: LocalTime, limit: Int) -> [Date] {
        var result: [Date] = []
        var cursor = from.addingTimeInterval(-0.001)
        while result.count < limit, let next = occurrence(after: cursor, start: start, local: local), next < to {
            result.append(next)
            cursor = next
        }
        return result
    }

    /// For people.
    public var summary: String { rrule }
}
