import FoundationEssentials

/// One meal of one day that the planner may give a recipe: Friday's dinner.
public struct MealSlot: Hashable, Sendable {
    /// When the meal is eaten.
    public let date: Date
    /// The meal's name, as ``MealTimes`` knows it.
    public let meal: String

    /// The slot of `meal` at `date`.
    public init(date: Date, meal: String) {
        self.date = date
        self.meal = meal
    }

    /// The slots of `days` days from the day of `firstDay` for each of `meals`, in time
    /// order, leaving out those not after `now` (today's dinner while it is still ahead).
    /// A meal `times` does not know is left out.
    public static func slots(from firstDay: Date, days: Int, meals: [String], times: MealTimes, after now: Date,
                             local: LocalTime = .system) -> [MealSlot] {
        let start = local.startOfDay(firstDay)
        var slots: [MealSlot] = []
        for offset in 0..<max(days, 0) {
            let day = local.components(of: local.adding(days: offset, to: start))
            for meal in meals {
                guard let time = times.time(of: meal) else { continue }
                let date = local.date(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute)
                if date > now { slots.append(MealSlot(date: date, meal: meal)) }
            }
        }
        return slots.sorted { ($0.date, $0.meal) < ($1.date, $1.meal) }
    }
}

extension MealTimes {
    /// The meal a planned time is nearest to, for entries planned by time alone: 19:00 is
    /// dinner.
    public func nearestMeal(to date: Date, local: LocalTime) -> String? {
        let parts = local.components(of: date)
        let minute = parts.hour * 60 + parts.minute
        return meals.min { abs($0.hour * 60 + $0.minute - minute) < abs($1.hour * 60 + $1.minute - minute) }?.name
    }
}
