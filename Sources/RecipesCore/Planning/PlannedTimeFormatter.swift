import FoundationEssentials

/// Says when a planned recipe is, the way a status bar should: short, local, relative near
/// now. English names are fixed rather than localized so that bar layouts stay stable.
///
/// ```swift
/// let formatter = PlannedTimeFormatter(now: now)
/// formatter.when(date)   // "18:00 (in 2h 5m)", "tomorrow 18:00", "Fri 18:00", "Dec 24 18:00"
/// ```
public struct PlannedTimeFormatter: Sendable {
    /// The moment relative texts ("in 2 h", "tomorrow") are measured from.
    public let now: Date
    /// The time zone dates are shown in.
    public let local: LocalTime

    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// A formatter for dates seen from `now`, in `local` time.
    public init(now: Date, local: LocalTime = .system) {
        self.now = now
        self.local = local
    }

    /// Today: the time and a countdown. Tomorrow: "tomorrow" and the time. Within a week:
    /// the weekday. Later this year: month and day. Other years: with the year.
    public func when(_ date: Date) -> String {
        let time = clock(date)
        let days = dayDistance(to: date)
        switch days {
        case 0 where date >= now: return "\(time) (\(countdown(to: date)))"
        case 0: return "today \(time)"
        case 1: return "tomorrow \(time)"
        case -1: return "yesterday \(time)"
        case 2...6: return "\(Self.weekdays[local.components(of: date).weekday]) \(time)"
        default:
            let parts = local.components(of: date)
            let month = Self.months[parts.month - 1]
            let sameYear = parts.year == local.components(of: now).year
            return sameYear ? "\(month) \(parts.day) \(time)" : "\(month) \(parts.day) \(parts.year) \(time)"
        }
    }

    /// The next meal as a status bar says it: "now" while it is in progress; for a recipe
    /// that takes time, when to start cooking ("start 14:00 (in 30m) for 18:00", "start now
    /// for 18:00 (in 25m)" once that is late, "Fri 18:00, start 14:00" on another day);
    /// else the planned date as ``when(_:)-(Date)`` says it.
    public func when(_ upcoming: UpcomingRecipe) -> String {
        if upcoming.isInProgress { return "now" }
        let meal = upcoming.plannedDate, start = upcoming.startDate
        guard start < meal else { return when(meal) }
        // The meal's time alone when it is today: the start's countdown says how soon.
        let mealText = dayDistance(to: meal) == 0 ? clock(meal) : when(meal)
        if start <= now { return "start now for \(when(meal))" }
        if dayDistance(to: start) == 0 { return "start \(clock(start)) (\(countdown(to: start))) for \(mealText)" }
        let startText = local.isSameDay(start, meal) ? clock(start) : "\(Self.weekdays[local.components(of: start).weekday]) \(clock(start))"
        return "\(when(meal)), start \(startText)"
    }

    /// A full local date and time, for confirmations: "Thu 2026-12-24 18:00".
    public func full(_ date: Date) -> String {
        "\(day(date)) \(clock(date))"
    }

    /// A local day: "Thu 2026-12-24".
    public func day(_ date: Date) -> String {
        let parts = local.components(of: date)
        return "\(Self.weekdays[parts.weekday]) \(pad(parts.year, 4))-\(pad(parts.month))-\(pad(parts.day))"
    }

    /// "in 2h 5m", "in 45m", "now" (under a minute).
    public func countdown(to date: Date) -> String {
        let minutes = Int((date.timeIntervalSince(now) / 60).rounded(.down))
        if minutes < 1 { return "now" }
        let hours = minutes / 60
        return hours > 0 ? "in \(hours)h \(minutes % 60)m" : "in \(minutes)m"
    }

    /// "18:00", in 24-hour local time.
    public func clock(_ date: Date) -> String {
        let parts = local.components(of: date)
        return "\(pad(parts.hour)):\(pad(parts.minute))"
    }

    /// Calendar days from today to `date` (0 today, 1 tomorrow, negative in the past).
    public func dayDistance(to date: Date) -> Int {
        local.dayDistance(from: now, to: date)
    }

    private func pad(_ value: Int, _ width: Int = 2) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
