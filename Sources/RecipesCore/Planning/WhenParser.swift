import FoundationEssentials

/// Reads the WHEN of `recipes plan`: a day, a time, or both, in local time.
/// ``parsePlan(_:)`` also reads meals, weekday ranges, month days and repeats.
///
/// Days: `today`, `tomorrow`, a weekday (`fri`, `friday`: the next one after today),
/// `+3d` / `+2w` (days or weeks from today), `2026-12-24`. Times: `18:30`, `7pm`, `7:30am`,
/// `noon`, `midnight`. A day without a time means 18:00; a time without a day means today,
/// or tomorrow when that time has already passed today.
///
/// ```swift
/// let date = try WhenParser(now: Date()).parse("tomorrow 7pm")
/// ```
public struct WhenParser: Sendable {
    /// The moment relative words ("tomorrow", "in 2h") count from.
    public let now: Date
    /// The time zone times of day are read in.
    public let local: LocalTime
    /// The meals ``parsePlan(_:)`` knows by name, and their times.
    public let meals: MealTimes

    /// The time used when WHEN names only a day.
    public static let defaultHour = 18

    /// How far from today a day may be (ten years; a date also backwards), so typos fail
    /// instead of planning dinner for the year 275,000.
    public static let maximumDaysAhead = 3_660

    /// A parser for times relative to `now`, read in `local` time, with `meals` for the meal words.
    public init(now: Date, local: LocalTime = .system, meals: MealTimes = .default) {
        self.now = now
        self.local = local
        self.meals = meals
    }

    /// The date `text` names ("tomorrow", "fri 19:30", "2026-12-24", "in 2h"); throws ``PlanningInputError`` when it names none.
    /// A weekday is the coming one, today's while the time is still ahead; `today` alone,
    /// once 18:00 has passed, is the next quarter hour.
    public func parse(_ text: String) throws -> Date {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !words.isEmpty else { throw PlanningInputError(part: text, reason: "expected a day or a time, such as 'tomorrow' or '18:30'") }
        var day: (year: Int, month: Int, day: Int)?
        var dayWord: String?
        var time: (hour: Int, minute: Int)?
        for word in words {
            if word.contains("-"), let (dayWord, timeWord) = splitISODateTime(word) {
                guard day == nil, time == nil else { throw PlanningInputError(part: word, reason: "a day was already given") }
                day = try dayOfWord(dayWord)
                time = try parseTime(timeWord)
                guard day != nil, time != nil else { throw PlanningInputError(part: word, reason: "expected a date and time such as 2026-12-24T18:30") }
            } else if let parsedTime = try parseTime(word) {
                guard time == nil else { throw PlanningInputError(part: word, reason: "a time was already given") }
                time = parsedTime
            } else if let parsedDay = try dayOfWord(word) {
                guard day == nil else { throw PlanningInputError(part: word, reason: "a day was already given") }
                day = parsedDay
                dayWord = word
            } else {
                throw PlanningInputError(part: word, reason: "not a day or a time (try today, tomorrow, fri, +3d, 2026-12-24, 18:30, 7pm)")
            }
        }
        let chosenTime = time ?? (Self.defaultHour, 0)
        let chosenDay = day ?? dayComponents(offset: 0)
        var date = local.date(year: chosenDay.year, month: chosenDay.month, day: chosenDay.day,
                              hour: chosenTime.hour, minute: chosenTime.minute)
        if day == nil, date <= now {
            date = local.date(year: chosenDay.year, month: chosenDay.month, day: chosenDay.day + 1,
                              hour: chosenTime.hour, minute: chosenTime.minute)
        }
        return try dayWord.map { try nearest(date, dayWord: $0, time: chosenTime, timeGiven: time != nil) } ?? date
    }

    /// Where a day word alone means a day other than the one it resolved to: today's weekday
    /// ("wed" on a Wednesday) is today while the time is still ahead, not a week on; "today"
    /// with no time, once the default hour has passed, is the next quarter hour, as
    /// "tonight" is, not a moment already gone.
    func nearest(_ date: Date, dayWord: String, time: (hour: Int, minute: Int), timeGiven: Bool) throws -> Date {
        if let weekday = Self.weekdayIndex(dayWord), weekday == local.components(of: now).weekday {
            let today = dayComponents(offset: 0)
            let sameTimeToday = local.date(year: today.year, month: today.month, day: today.day, hour: time.hour, minute: time.minute)
            return sameTimeToday > now ? sameTimeToday : date
        }
        if dayWord == "today", !timeGiven, date <= now { return try nextQuarterHourToday(word: dayWord) }
        return date
    }

    /// Later today, once the time a day word stands for has passed: the next quarter hour, as
    /// long as it is still today (at 20:05, 20:15).
    func nextQuarterHourToday(word: String) throws -> Date {
        let parts = local.components(of: now)
        let quarter = ((parts.hour * 60 + parts.minute) / 15 + 1) * 15
        guard quarter < 24 * 60 else {
            throw PlanningInputError(part: word, reason: "today is almost over; try 'tomorrow' or a time such as 23:55")
        }
        let today = dayComponents(offset: 0)
        return local.date(year: today.year, month: today.month, day: today.day, hour: quarter / 60, minute: quarter % 60)
    }

    /// The words WHEN understands, for "did you mean" suggestions.
    public static let keywords = ["today", "tomorrow", "tonight", "noon", "midnight", "next", "every",
                                  "daily", "weekly", "monthly", "weekdays", "weekends", "day", "days", "week", "weeks",
                                  "month", "months", "am", "pm"]
        + weekdayNames + monthNames.map { $0.lowercased() } + MealTimes.default.meals.map(\.name)

    // MARK: Days

    static let weekdays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    static let weekdayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// 0 for Sunday to 6 for Saturday: `fri`, `friday`, or a start of the name from three letters (`thurs`).
    static func weekdayIndex(_ word: String) -> Int? {
        weekdays.firstIndex(of: word) ?? weekdayNames.firstIndex(of: word)
            ?? (word.count >= 3 ? weekdayNames.firstIndex(where: { $0.hasPrefix(word) }) : nil)
    }

    func dayOfWord(_ word: String) throws -> (year: Int, month: Int, day: Int)? {
        switch word {
        case "today": return dayComponents(offset: 0)
        case "tomorrow": return dayComponents(offset: 1)
        default: break
        }
        if let index = Self.weekdayIndex(word) {
            let today = local.components(of: now).weekday
            let ahead = (index - today + 7) % 7
            return dayComponents(offset: ahead == 0 ? 7 : ahead)
        }
        if word.hasPrefix("+") { return try parseRelativeDay(word) }
        if word.first?.isNumber == true, word.contains("-") { return try parseISODate(word) }
        return nil
    }

    private func parseRelativeDay(_ word: String) throws -> (year: Int, month: Int, day: Int) {
        let body = word.dropFirst()
        guard let unit = body.last, "dw".contains(unit), let count = Int(body.dropLast()), count >= 0,
              body.dropLast().allSatisfy(\.isASCII) else {
            throw PlanningInputError(part: word, reason: "expected +N followed by d (days) or w (weeks), such as +3d")
        }
        let (days, overflow) = count.multipliedReportingOverflow(by: unit == "w" ? 7 : 1)
        guard !overflow, days <= Self.maximumDaysAhead else {
            throw PlanningInputError(part: word, reason: "more than \(Self.maximumDaysAhead) days ahead")
        }
        return dayComponents(offset: days)
    }

    private func parseISODate(_ word: String) throws -> (year: Int, month: Int, day: Int) {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else {
            throw PlanningInputError(part: word, reason: "expected a date as YYYY-MM-DD")
        }
        guard (1...12).contains(month) else { throw PlanningInputError(part: word, reason: "month \(parts[1]) is not 01-12") }
        let length = LocalTime.daysIn(month: month, year: year)
        guard (1...length).contains(day) else {
            throw PlanningInputError(part: word, reason: "\(Self.monthNames[month - 1]) \(year) has \(length) days")
        }
        // The same ten years as +Nd, either way: 9013-12-24 is a typo, not a plan.
        let today = local.components(of: now)
        let distance = LocalTime.dayNumber(.init(year: year, month: month, day: day, hour: 0, minute: 0, second: 0, weekday: 0))
            - LocalTime.dayNumber(today)
        guard abs(distance) <= Self.maximumDaysAhead else {
            throw PlanningInputError(part: word, reason: "more than \(Self.maximumDaysAhead) days \(distance > 0 ? "ahead" : "ago")")
        }
        return (year, month, day)
    }

    func splitISODateTime(_ word: String) -> (String, String)? {
        guard let separator = word.firstIndex(of: "t"), word.first?.isNumber == true else { return nil }
        return (String(word[..<separator]), String(word[word.index(after: separator)...]))
    }

    func dayComponents(offset: Int) -> (year: Int, month: Int, day: Int) {
        let today = local.components(of: now)
        // Noon of the target day: a day number that survives any daylight-saving shift.
        let parts = local.components(of: local.date(year: today.year, month: today.month, day: today.day + offset, hour: 12))
        return (parts.year, parts.month, parts.day)
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]

    // MARK: Times

    func parseTime(_ word: String) throws -> (hour: Int, minute: Int)? {
        switch word {
        case "noon": return (12, 0)
        case "midnight": return (0, 0)
        default: break
        }
        var body = Substring(word)
        var meridiem: String?
        for suffix in ["am", "pm", "a", "p"] where body.hasSuffix(suffix) && body.first?.isNumber == true {
            meridiem = String(suffix.prefix(1))
            body = body.dropLast(suffix.count)
            break
        }
        let pieces = body.split(separator: ":", omittingEmptySubsequences: false)
        guard body.first?.isNumber == true, pieces.count <= 2, meridiem != nil || pieces.count == 2,
              pieces.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let rawHour = Int(pieces[0]) else {
            if word.contains(":") { throw PlanningInputError(part: word, reason: "expected a time as HH:MM, such as 18:30") }
            return nil
        }
        let minute = pieces.count == 2 ? Int(pieces[1])! : 0
        guard pieces.count < 2 || pieces[1].count == 2 else {
            throw PlanningInputError(part: word, reason: "minutes need two digits, such as 18:05")
        }
        guard (0...59).contains(minute) else { throw PlanningInputError(part: word, reason: "minute \(minute) is not 00-59") }
        var hour = rawHour
        if let meridiem {
            guard (1...12).contains(rawHour) else { throw PlanningInputError(part: word, reason: "hour \(rawHour) is not 1-12 with am/pm") }
            hour = rawHour % 12 + (meridiem == "p" ? 12 : 0)
        } else {
            guard (0...23).contains(rawHour) else { throw PlanningInputError(part: word, reason: "hour \(rawHour) is not 00-23") }
        }
        return (hour, minute)
    }
}
