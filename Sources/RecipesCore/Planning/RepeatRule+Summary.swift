import FoundationEssentials

extension RepeatRule {
    /// The rule for people, with the end date in the system's time zone: "every day",
    /// "every Friday", "weekdays", "every 2 weeks on Sunday", "every month on the 1st",
    /// "every Monday and Thursday until 2026-12-31".
    public var summary: String { summary(in: .system) }

    /// The rule for people, with the end date (" until 2026-12-31") as a day in `local` time.
    public func summary(in local: LocalTime) -> String {
        var text = repetition
        if let until {
            let day = local.components(of: until)
            text += " until \(Self.padded(day.year, 4))-\(Self.padded(day.month))-\(Self.padded(day.day))"
        }
        return text
    }

    private var repetition: String {
        let every = interval == 1 ? "every" : "every \(interval)"
        switch frequency {
        case .daily:
            return interval == 1 ? "every day" : "\(every) days"
        case .weekly:
            guard !weekdays.isEmpty else { return interval == 1 ? "every week" : "\(every) weeks" }
            if interval == 1 {
                switch weekdays {
                case [1, 2, 3, 4, 5]: return "weekdays"
                case [0, 6]: return "weekends"
                case [0, 1, 2, 3, 4, 5, 6]: return "every day"
                default: return "every \(Self.list(weekdays))"
                }
            }
            return "\(every) weeks on \(Self.list(weekdays))"
        case .monthly:
            let unit = interval == 1 ? "every month" : "\(every) months"
            return monthDay.map { "\(unit) on the \(Self.ordinal($0))" } ?? unit
        }
    }

    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// "Monday, Wednesday and Friday", from Monday to Sunday as people list a week.
    private static func list(_ weekdays: [Int]) -> String {
        let names = weekdays.sorted { ($0 + 6) % 7 < ($1 + 6) % 7 }.map { weekdayNames[$0] }
        guard names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }

    /// "1st", "2nd", "3rd", "11th", "22nd".
    static func ordinal(_ number: Int) -> String {
        let suffix = switch (number % 10, number % 100) {
        case (_, 11...13): "th"
        case (1, _): "st"
        case (2, _): "nd"
        case (3, _): "rd"
        default: "th"
        }
        return "\(number)\(suffix)"
    }

    /// `value` in decimal with at least `width` digits, as dates are written.
    static func padded(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
