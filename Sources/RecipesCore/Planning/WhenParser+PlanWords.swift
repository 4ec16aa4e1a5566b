import FoundationEssentials

// Reading WHEN's words for parsePlan and parseDay: which word says what about the day, the
// time and the meal.
extension WhenParser {
    /// A day, `tonight`, a weekday range or a repeat: what WHEN says about the day.
    enum PlannedDays: Equatable {
        case day(Day)
        case tonight
        case weekdays([Int])
        case repeating(RepeatPattern)
    }

    /// A local calendar day.
    struct Day: Equatable {
        let year: Int, month: Int, day: Int
    }

    /// A repeat as WHEN said it; weekdays or the day of the month may still be today's.
    struct RepeatPattern: Equatable {
        var frequency: RepeatRule.Frequency
        var interval = 1
        var weekdays: [Int] = []
        var monthDay: Int?
    }

    /// What the words said so far, and which word said it, for errors.
    struct Reading {
        var when: PlannedDays?
        var whenWord: String?
        var time: (hour: Int, minute: Int)?
        var timeWord: String?
        var meal: String?

        mutating func set(_ days: PlannedDays, word: String) throws {
            guard when == nil else { throw PlanningInputError(part: word, reason: "a day was already given (\(whenWord ?? ""))") }
            when = days
            whenWord = word
        }

        mutating func set(time: (hour: Int, minute: Int), word: String) throws {
            guard self.time == nil else { throw PlanningInputError(part: word, reason: "a time was already given") }
            self.time = time
            timeWord = word
        }
    }

    func read(_ text: String) throws -> Reading {
        let words = Self.words(text)
        guard !words.isEmpty else {
            throw PlanningInputError(part: text, reason: "expected a day, a time or a meal, such as 'tomorrow', '18:30' or 'sat dinner'")
        }
        var reading = Reading()
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if let pattern = Self.repeatWords[word] {
                try reading.set(.repeating(pattern), word: word)
            } else if word == "every" {
                var rest = words[index...]
                let pattern = try readRepeat(&rest)
                index = rest.startIndex
                try reading.set(.repeating(pattern), word: word)
            } else if word == "at" {
                // "fri at 7pm", "every day at lunch": a filler word people type before a time.
                guard index < words.count, (try? parseTime(words[index])) != nil || meals.time(of: words[index]) != nil else {
                    throw PlanningInputError(part: word, reason: "expected a time or a meal after 'at', such as 'at 19:30' or 'at lunch'")
                }
            } else if word == "tonight" {
                try reading.set(.tonight, word: word)
            } else if word == "next" {
                guard index < words.count, let weekday = Self.weekdayIndex(words[index]) else {
                    throw PlanningInputError(part: word, reason: "expected a weekday after 'next', such as 'next fri'")
                }
                index += 1
                try reading.set(.day(nextWeeksDay(weekday)), word: "next \(words[index - 1])")
            } else if word.contains(" ") {
                try reading.set(.day(try monthDay(word)), word: word)
            } else if let range = Self.weekdayRange(word) {
                try reading.set(.weekdays(range), word: word)
            } else if word.contains("-"), let (dayWord, timeWord) = splitISODateTime(word) {
                guard let day = try dayOfWord(dayWord), let time = try parseTime(timeWord) else {
                    throw PlanningInputError(part: word, reason: "expected a date and time such as 2026-12-24T18:30")
                }
                try reading.set(.day(Day(year: day.year, month: day.month, day: day.day)), word: word)
                try reading.set(time: time, word: word)
            } else if let time = try parseTime(word) {
                try reading.set(time: time, word: word)
            } else if let day = try dayOfWord(word) {
                try reading.set(.day(Day(year: day.year, month: day.month, day: day.day)), word: word)
            } else if meals.time(of: word) != nil {
                guard reading.meal == nil else { throw PlanningInputError(part: word, reason: "a meal was already given") }
                reading.meal = word
            } else {
                throw unknownWord(word)
            }
        }
        return reading
    }

    private func unknownWord(_ word: String) -> PlanningInputError {
        if Self.monthIndex(word) != nil {
            return PlanningInputError(part: word, reason: "expected a day of the month with it, such as 'dec 24' or '24 dec'")
        }
        if let dash = word.firstIndex(of: "-"), Self.weekdayIndex(String(word[..<dash])) != nil {
            return PlanningInputError(part: word, reason: "expected a range of two different weekdays, such as mon-fri")
        }
        let mealNames = meals.meals.map(\.name).joined(separator: ", ")
        return PlanningInputError(part: word, reason: "not a day, a time or a meal (try today, tonight, fri, next fri, mon-fri, "
                                  + "dec 24, +3d, 2026-12-24, 18:30, 7 pm, \(mealNames), every fri)")
    }

    /// The words of `text`, lowercased, with "dec 24" and "24 dec" joined into one word
    /// "dec 24", and "7 pm" into "7pm".
    private static func words(_ text: String) -> [String] {
        let split = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init)
        var words: [String] = []
        var index = 0
        while index < split.count {
            let word = split[index]
            let next = index + 1 < split.count ? split[index + 1] : nil
            let meridiem: Set<String?> = ["am", "pm"]
            if monthIndex(word) != nil, let next, isDayOfMonth(next), !meridiem.contains(index + 2 < split.count ? split[index + 2] : nil) {
                words.append("\(word) \(next)")
                index += 2
            } else if isDayOfMonth(word), let next, monthIndex(next) != nil {
                words.append("\(next) \(word)")
                index += 2
            } else if meridiem.contains(next), word.first?.isNumber == true, let next {
                words.append(word + next)
                index += 2
            } else {
                words.append(word)
                index += 1
            }
        }
        return words
    }

    private static func isDayOfMonth(_ word: String) -> Bool {
        (1...2).contains(word.count) && word.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// 1 to 12 for `dec`, `december` (and `sept`).
    static func monthIndex(_ word: String) -> Int? {
        if word == "sept" { return 9 }
        return monthNames.firstIndex { $0.lowercased() == word || $0.lowercased().prefix(3) == word }.map { $0 + 1 }
    }

    /// The weekdays of `mon-fri` (wrapping: `fri-mon` is Friday to Monday), or nil.
    static func weekdayRange(_ word: String) -> [Int]? {
        let ends = word.split(separator: "-", omittingEmptySubsequences: false)
        guard ends.count == 2, let first = weekdayIndex(String(ends[0])), let last = weekdayIndex(String(ends[1])), first != last else {
            return nil
        }
        return (0...((last - first + 7) % 7)).map { (first + $0) % 7 }
    }

    /// `daily`, `weekly`, `monthly`, `weekdays` and `weekends`: a repeat in one word.
    private static let repeatWords: [String: RepeatPattern] = [
        "daily": RepeatPattern(frequency: .daily), "weekly": RepeatPattern(frequency: .weekly),
        "monthly": RepeatPattern(frequency: .monthly),
        "weekdays": RepeatPattern(frequency: .weekly, weekdays: [1, 2, 3, 4, 5]),
        "weekends": RepeatPattern(frequency: .weekly, weekdays: [0, 6]),
    ]

    /// The words after `every`: `day`, `3 days`, `other week`, `2 weeks on sun`, `month on the 1st`,
    /// `fri`, `mon and thu`, `mon-fri`, `weekday`. Leaves `words` at the first word not read.
    private func readRepeat(_ words: inout ArraySlice<String>) throws -> RepeatPattern {
        let forms = "expected day, week, month, weekdays, a weekday (fri, mon and thu, mon-fri) or a number (every 2 weeks on sun)"
        var interval: Int?
        if let count = words.first, count == "other" || count.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let value = count == "other" ? 2 : count.count <= 3 ? Int(count) : nil, (1...RepeatRule.maximumInterval).contains(value) else {
                throw PlanningInputError(part: count, reason: "expected a count of days, weeks or months from 1 to \(RepeatRule.maximumInterval)")
            }
            interval = value
            words = words.dropFirst()
        }
        guard let unit = words.first else { throw PlanningInputError(part: "every", reason: forms) }
        var pattern: RepeatPattern
        switch unit {
        case "day", "days":
            pattern = RepeatPattern(frequency: .daily)
            words = words.dropFirst()
        case "week", "weeks":
            pattern = RepeatPattern(frequency: .weekly)
            words = words.dropFirst()
            if words.first == "on" {
                words = words.dropFirst()
                pattern.weekdays = Self.readWeekdays(&words)
                guard !pattern.weekdays.isEmpty else { throw PlanningInputError(part: words.first ?? "on", reason: "expected weekdays after 'on', such as 'on sun'") }
            }
        case "month", "months":
            pattern = RepeatPattern(frequency: .monthly)
            words = words.dropFirst()
            if words.first == "on" {
                words = words.dropFirst()
                var lastWord = "on"
                if words.first == "the" {
                    lastWord = "the"
                    words = words.dropFirst()
                }
                guard let dayWord = words.first, let day = Self.dayOfMonth(dayWord) else {
                    throw PlanningInputError(part: words.first ?? lastWord, reason: "expected a day of the month after 'on', such as 'on the 1st' or 'on the 15th'")
                }
                pattern.monthDay = day
                words = words.dropFirst()
            }
        default:
            if let interval { throw PlanningInputError(part: unit, reason: "expected days, weeks or months after 'every \(interval)'") }
            let weekdays = ["weekday": [1, 2, 3, 4, 5], "weekend": [0, 6]][unit.hasSuffix("s") ? String(unit.dropLast()) : unit]
            if let weekdays {
                words = words.dropFirst()
                return RepeatPattern(frequency: .weekly, weekdays: weekdays)
            }
            pattern = RepeatPattern(frequency: .weekly, weekdays: Self.readWeekdays(&words))
            guard !pattern.weekdays.isEmpty else { throw PlanningInputError(part: unit, reason: forms) }
        }
        pattern.interval = interval ?? 1
        return pattern
    }

    /// `sun`, `mon and thu`, `mon wed fri` (commas were separators), `mon-fri`; sorted, each once.
    private static func readWeekdays(_ words: inout ArraySlice<String>) -> [Int] {
        var found: Set<Int> = []
        func weekdays(_ word: String) -> [Int]? { weekdayIndex(word).map { [$0] } ?? weekdayRange(word) }
        while let word = words.first {
            if let days = weekdays(word) {
                found.formUnion(days)
                words = words.dropFirst()
            } else if word == "and", !found.isEmpty, let next = words.dropFirst().first, weekdays(next) != nil {
                words = words.dropFirst()
            } else {
                break
            }
        }
        return found.sorted()
    }

    /// `1st`, `2nd`, `15th`, `31st` (or `15`): 1 to 31.
    private static func dayOfMonth(_ word: String) -> Int? {
        var digits = Substring(word)
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) {
            digits = digits.dropLast(2)
            break
        }
        guard (1...2).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), let day = Int(digits),
              (1...31).contains(day) else { return nil }
        return day
    }

    /// `next fri`: the Friday of the week after this one, weeks running Monday to Sunday.
    func nextWeeksDay(_ weekday: Int) -> Day {
        let daysSinceMonday = (local.components(of: now).weekday + 6) % 7
        let day = dayComponents(offset: 7 - daysSinceMonday + (weekday + 6) % 7)
        return Day(year: day.year, month: day.month, day: day.day)
    }

    /// `dec 24`: the next December 24th, today included; `feb 29`: the next leap day.
    func monthDay(_ word: String) throws -> Day {
        let pieces = word.split(separator: " ")
        let month = Self.monthIndex(String(pieces[0]))!
        let day = Int(pieces[1])!
        let longest = LocalTime.daysIn(month: month, year: 2000)
        guard (1...longest).contains(day) else {
            // Without a year, February's length is that of the year it lands in: say both.
            let length = month == 2 ? "28 days, 29 in a leap year" : "\(longest) days"
            throw PlanningInputError(part: word, reason: "\(Self.monthNames[month - 1]) has \(length)")
        }
        let today = local.components(of: now)
        var year = (month, day) < (today.month, today.day) ? today.year + 1 : today.year
        while day > LocalTime.daysIn(month: month, year: year) { year += 1 }
        return Day(year: year, month: month, day: day)
    }
}
