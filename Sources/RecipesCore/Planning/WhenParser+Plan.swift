import FoundationEssentials

extension WhenParser {
    /// What WHEN names for the meal plan: everything ``parse(_:)`` reads, with the same
    /// meaning, and also:
    ///
    /// - Meals (``meals``): `lunch` is today at 12:30, or tomorrow once 12:30 has passed, as a
    ///   time alone; `sat dinner`, `tomorrow breakfast`, `2026-12-24 dinner`. With a time too
    ///   (`sat dinner 19:30`) the time wins and the meal is still recorded.
    /// - `7 pm`, `7:30 pm`: am and pm as a word of their own.
    /// - `next fri`: the Friday of next week (weeks run Monday to Sunday), while `fri` is the
    ///   coming Friday. On a Wednesday, `fri` is in two days and `next fri` in nine; from
    ///   Saturday on, both are the coming Friday. Today's weekday is today while the time is
    ///   still ahead (`wed` on a Wednesday morning), as ``parse(_:)`` reads it too.
    /// - `today` alone, once its time has passed, is the next quarter hour, as `tonight` is.
    /// - `dec 24`, `24 dec`, `december 24`, `dec 24 7pm`: the next such day, this year or the
    ///   next; today counts, as it does for `2026-12-24`. `feb 29` is the next leap day.
    /// - `tonight`: today at the dinner time. Once dinner time has passed it stays today: the
    ///   next quarter hour (at 20:05, 20:15), never silently tomorrow; after 23:45 it is an error.
    ///   With a time or a meal (`tonight 21:00`) it is simply today, as `today 21:00` is.
    /// - Weekday ranges with a time or meal, `mon-fri lunch`: each weekday of the range once, at
    ///   its next date whose time has not passed, in date order. On a Wednesday morning that is
    ///   Wednesday, Thursday and Friday of this week and Monday and Tuesday of the next.
    ///   Ranges may wrap: `fri-mon`.
    /// - Repeats, each with an optional time or meal: `every fri`, `every friday dinner`,
    ///   `every day`, `daily`, `weekly`, `monthly`, `weekdays` (Monday to Friday), `weekends`,
    ///   `every 2 weeks on sun`, `every other week`, `every 3 days`, `every mon-fri`,
    ///   `every month on the 1st` (2nd, 15th, 31st ...), `every mon and thu 19:00`. The date is
    ///   the first occurrence not yet passed, and the rule's intervals count from it. A repeat
    ///   without weekdays or a day of the month takes today's.
    ///
    /// Words are separated by spaces (or commas) and read case-insensitively; `at` may stand
    /// before a time or a meal (`fri at 7 pm`). Throws
    /// ``PlanningInputError`` naming the word that is not understood and the forms expected.
    ///
    /// ```swift
    /// let parser = WhenParser(now: Date(), meals: try MealTimes(configuration: text, path: path))
    /// let week = try parser.parsePlan("mon-fri lunch").dates   // five dates at 12:30
    /// ```
    public func parsePlan(_ text: String) throws -> PlanWhen {
        let reading = try read(text)
        let named = reading.time ?? reading.meal.flatMap { meals.time(of: $0) }
        let time = named ?? (reading.when == .tonight ? dinnerTime : (Self.defaultHour, 0))
        let today = dayComponents(offset: 0)
        switch reading.when {
        case nil:
            var date = at(today, time)
            if date <= now { date = at(dayComponents(offset: 1), time) }
            return PlanWhen(dates: [date], meal: reading.meal)
        case .day(let day):
            let date = try reading.whenWord.map { try nearest(at(day, time), dayWord: $0, time: time, timeGiven: named != nil) } ?? at(day, time)
            return PlanWhen(dates: [date], meal: reading.meal)
        case .tonight:
            // Tonight is dinner, unless a time says otherwise.
            let meal = reading.meal ?? (reading.time == nil ? "dinner" : nil)
            let date = at(today, time)
            guard named == nil, date <= now else { return PlanWhen(dates: [date], meal: meal) }
            return PlanWhen(dates: [try nextQuarterHourToday(word: "tonight")], meal: meal)
        case .weekdays(let range):
            let weekday = local.components(of: now).weekday
            let dates = range.map { target in
                let ahead = (target - weekday + 7) % 7
                let date = at(dayComponents(offset: ahead), time)
                return date > now ? date : at(dayComponents(offset: ahead + 7), time)
            }
            return PlanWhen(dates: dates.sorted(), meal: reading.meal)
        case .repeating(let pattern):
            let parts = local.components(of: now)
            let weekdays = pattern.frequency == .weekly && pattern.weekdays.isEmpty ? [parts.weekday] : pattern.weekdays
            let monthDay = pattern.frequency == .monthly ? pattern.monthDay ?? parts.day : nil
            // The first occurrence is the first of the pattern not yet passed; the interval
            // then counts from it, so `every 2 weeks on sun` starts this coming Sunday.
            let everyTime = RepeatRule(frequency: pattern.frequency, weekdays: weekdays, monthDay: monthDay)
            guard let first = everyTime.occurrence(after: now, start: at(today, time), local: local) else {
                throw PlanningInputError(part: text, reason: "this repeat never occurs")
            }
            let rule = RepeatRule(frequency: pattern.frequency, interval: pattern.interval, weekdays: weekdays, monthDay: monthDay)
            return PlanWhen(dates: [first], repeatRule: rule, meal: reading.meal)
        }
    }

    /// The day a `--until` or `--skip` option names, as the start of that local day: the day
    /// forms of WHEN (`2026-12-24`, `today`, `tomorrow`, `fri`, `next fri`, `dec 24`, `+3d`).
    /// Throws ``PlanningInputError`` for anything else, a time or a meal included.
    ///
    /// For `--until`, the rule should end at the end of that day, so the day's dinner still
    /// counts: `rule.ending(at: local.adding(days: 1, to: day).addingTimeInterval(-1))`.
    ///
    /// ```swift
    /// let lastDay = try WhenParser(now: Date()).parseDay("dec 24")   // 00:00 on the next Dec 24
    /// ```
    public func parseDay(_ text: String) throws -> Date {
        // A day to list from may lie behind (`plan --from yesterday`).
        if text.lowercased().split(separator: " ") == ["yesterday"] { return local.startOfDay(local.adding(days: -1, to: now)) }
        let reading = try read(text)
        let expected = "expected only a day, such as 2026-12-24, fri, next fri, tomorrow, dec 24 or +3d"
        if let word = reading.timeWord ?? reading.meal { throw PlanningInputError(part: word, reason: expected) }
        switch reading.when {
        case .day(let day): return local.date(year: day.year, month: day.month, day: day.day)
        case .tonight: return local.startOfDay(now)
        default: throw PlanningInputError(part: reading.whenWord ?? text, reason: expected)
        }
    }

    /// Whether WHEN reads `word` alone as something other than a meal, so it cannot name one.
    static func readsAsWhen(_ word: String) -> Bool {
        reservedWords.contains(word) || weekdayIndex(word) != nil || monthIndex(word) != nil || weekdayRange(word) != nil
    }

    private static let reservedWords = Set(keywords).subtracting(MealTimes.default.meals.map(\.name))
        .union(["and", "at", "on", "the", "other", "weekday", "weekend", "sept"])

    // MARK: Days and times

    private var dinnerTime: (hour: Int, minute: Int) { meals.time(of: "dinner") ?? (Self.defaultHour, 0) }

    private func at(_ day: (year: Int, month: Int, day: Int), _ time: (hour: Int, minute: Int)) -> Date {
        local.date(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute)
    }

    private func at(_ day: Day, _ time: (hour: Int, minute: Int)) -> Date {
        at((day.year, day.month, day.day), time)
    }
}
