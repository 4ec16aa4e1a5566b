import FoundationEssentials

/// How a planned meal repeats: every N days, every N weeks on some weekdays, or every N months
/// on a day of the month, until an optional last moment. It is the subset of an RFC 5545
/// RRULE that `recipes` plans with, and reads and writes that text (``rrule``).
///
/// Occurrences keep the start's local wall-clock time, so an 18:00 dinner stays at 18:00 after
/// the clocks change. Weekly rules count weeks from the start's week (weeks start on Monday,
/// RFC 5545's default `WKST=MO`), so "every 2 weeks on Sunday" is every other Sunday. A monthly
/// rule on a day some months lack (the 29th to the 31st) has no occurrence in those months, as
/// RFC 5545 says: "every month on the 31st" skips February, April, June, September and November.
///
/// The start should itself be an occurrence (``WhenParser/parsePlan(_:)`` gives one); a start
/// that is not one only anchors the time of day and where the weeks or months are counted from.
///
/// ```swift
/// let rule = try RepeatRule(rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU")
/// rule.summary   // "every 2 weeks on Sunday"
/// let next = rule.occurrence(after: now, start: firstDinner, local: .system)
/// ```
public struct RepeatRule: Hashable, Sendable {
    /// The unit a rule repeats in.
    public enum Frequency: String, Hashable, Sendable, CaseIterable {
        /// Every `interval` days.
        case daily = "DAILY"
        /// Every `interval` weeks, on ``RepeatRule/weekdays``.
        case weekly = "WEEKLY"
        /// Every `interval` months, on ``RepeatRule/monthDay``.
        case monthly = "MONTHLY"
    }

    /// The unit the rule repeats in.
    public let frequency: Frequency
    /// How many days, weeks or months from one occurrence to the next: 1 to ``maximumInterval``.
    public let interval: Int
    /// The weekdays of a weekly rule, 0 for Sunday to 6 for Saturday (as
    /// ``LocalTime/Components/weekday``), sorted; empty means the start's weekday. Always empty
    /// for other frequencies.
    public let weekdays: [Int]
    /// The day of the month of a monthly rule, 1 to 31; nil means the start's day. Always nil
    /// for other frequencies.
    public let monthDay: Int?
    /// The last moment an occurrence may have (whole seconds); nil for a rule without end.
    public let until: Date?

    /// The largest interval: a year of days. Anything above is a typo or a crafted value.
    public static let maximumInterval = 366

    /// A rule repeating every `interval` `frequency` units. Values are made consistent rather
    /// than refused: the interval is clamped to 1...``maximumInterval``, weekdays outside 0...6
    /// and duplicates are dropped, the month day is clamped to 1...31, fields that do not apply
    /// to the frequency are ignored, and `until` is cut to whole seconds within the years
    /// 1...9999 that RRULE text can carry.
    public init(frequency: Frequency, interval: Int = 1, weekdays: [Int] = [], monthDay: Int? = nil, until: Date? = nil) {
        self.frequency = frequency
        self.interval = min(max(interval, 1), Self.maximumInterval)
        self.weekdays = frequency == .weekly ? Array(Set(weekdays.filter { (0...6).contains($0) })).sorted() : []
        self.monthDay = frequency == .monthly ? monthDay.map { min(max($0, 1), 31) } : nil
        self.until = until.map { date in
            let seconds = date.timeIntervalSince1970.isNaN ? 0 : date.timeIntervalSince1970.rounded(.down)
            return Date(timeIntervalSince1970: min(max(seconds, Self.earliestUntil), Self.latestUntil))
        }
    }

    /// The same rule ending at `until` (nil: without end).
    public func ending(at until: Date?) -> RepeatRule {
        RepeatRule(frequency: frequency, interval: interval, weekdays: weekdays, monthDay: monthDay, until: until)
    }

    private static let earliestUntil = LocalTime.utc.date(year: 1, month: 1, day: 1).timeIntervalSince1970
    private static let latestUntil = LocalTime.utc.date(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59)
        .timeIntervalSince1970

    // MARK: Occurrences

    /// The first occurrence strictly after `date` of the rule whose first occurrence is `start`
    /// (so `start` itself when it is after `date`), at the start's local time of day; nil once
    /// the rule has ended (``until``).
    ///
    /// Computed from day and month numbers, not by walking from `start`: a rule started years ago
    /// answers as fast as one started yesterday.
    public func occurrence(after date: Date, start: Date, local: LocalTime) -> Date? {
        first(after: date, including: false, start: start, local: local)
    }

    /// The occurrences in `from..<to`, in order, at most `limit` of them.
    public func occurrences(from: Date, to: Date, start: Date, local: LocalTime, limit: Int) -> [Date] {
        var found: [Date] = []
        var next = first(after: from, including: true, start: start, local: local)
        while let date = next, date < to, found.count < limit {
            found.append(date)
            next = first(after: date, including: false, start: start, local: local)
        }
        return found
    }

    private func first(after date: Date, including: Bool, start: Date, local: LocalTime) -> Date? {
        let anchor = Anchor(start: start, local: local)
        var day = max(anchor.day, LocalTime.dayNumber(local.components(of: date)))
        // Two rounds at most: an occurrence on `date`'s own day may lie before `date`, and then
        // the next occurrence day is a later day, whose wall-clock time is after anything today.
        for _ in 0..<3 {
            guard let occurrenceDay = firstOccurrenceDay(onOrAfter: day, anchor) else { return nil }
            let occurrence = occurrenceDay == anchor.day ? start : anchor.instant(onDay: occurrenceDay, local: local)
            if occurrence > date || (including && occurrence == date) {
                if let until, occurrence > until { return nil }
                return occurrence
            }
            day = occurrenceDay + 1
        }
        return nil
    }

    /// The start's day number, weekday, month number and local time of day.
    private struct Anchor {
        let day: Int
        let parts: LocalTime.Components

        init(start: Date, local: LocalTime) {
            parts = local.components(of: start)
            day = LocalTime.dayNumber(parts)
        }

        var monthNumber: Int { parts.year * 12 + parts.month - 1 }

        func instant(onDay day: Int, local: LocalTime) -> Date {
            let civil = RepeatRule.civilDate(ofDay: day)
            // mktime places the wall-clock time on that day, moving a time skipped by a
            // daylight-saving change forward: the dinner stays at 18:00 local.
            return local.date(year: civil.year, month: civil.month, day: civil.day,
                              hour: parts.hour, minute: parts.minute, second: parts.second)
        }
    }

    /// The first day number at or after `day` (and the start's day) with an occurrence.
    private func firstOccurrenceDay(onOrAfter day: Int, _ anchor: Anchor) -> Int? {
        let day = max(day, anchor.day)
        switch frequency {
        case .daily:
            let steps = (day - anchor.day + interval - 1) / interval
            return anchor.day + steps * interval
        case .weekly:
            return firstWeeklyDay(onOrAfter: day, anchor)
        case .monthly:
            return firstMonthlyDay(onOrAfter: day, anchor)
        }
    }

    private func firstWeeklyDay(onOrAfter day: Int, _ anchor: Anchor) -> Int {
        // Days from Monday, so weeks run Monday to Sunday (WKST=MO).
        let offsets = (weekdays.isEmpty ? [anchor.parts.weekday] : weekdays).map { ($0 + 6) % 7 }.sorted()
        let firstMonday = anchor.day - Self.daysSinceMonday(anchor.day)
        let week = (day - firstMonday) / 7
        if week % interval == 0, let offset = offsets.first(where: { firstMonday + week * 7 + $0 >= day }) {
            return firstMonday + week * 7 + offset
        }
        let nextWeek = (week / interval + 1) * interval
        return firstMonday + nextWeek * 7 + offsets[0]
    }

    private func firstMonthlyDay(onOrAfter day: Int, _ anchor: Anchor) -> Int? {
        let monthDay = monthDay ?? anchor.parts.day
        let civil = Self.civilDate(ofDay: day)
        let fromMonth = civil.year * 12 + civil.month - 1 + (civil.day > monthDay ? 1 : 0)
        var month = anchor.monthNumber + (fromMonth - anchor.monthNumber + interval - 1) / interval * interval
        // Months without that day have no occurrence. The Gregorian calendar repeats every
        // 4,800 months, so a rule that finds none in that span never has one (February 30th).
        for _ in 0...(4_800 / interval) {
            let year = month >= 0 ? month / 12 : (month - 11) / 12
            let monthOfYear = month - year * 12 + 1
            if monthDay <= LocalTime.daysIn(month: monthOfYear, year: year) {
                return LocalTime.dayNumber(.init(year: year, month: monthOfYear, day: monthDay, hour: 0, minute: 0, second: 0, weekday: 0))
            }
            month += interval
        }
        return nil
    }

    private static func daysSinceMonday(_ day: Int) -> Int {
        // Day 0, 1970-01-01, was a Thursday.
        ((day + 3) % 7 + 7) % 7
    }

    static func civilDate(ofDay day: Int) -> LocalTime.Components {
        LocalTime.utc.components(of: Date(timeIntervalSince1970: Double(day) * 86_400))
    }
}
