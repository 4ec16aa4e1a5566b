import FoundationEssentials

/// What a WHEN names for the meal plan (``WhenParser/parsePlan(_:)``): one date, several
/// (a weekday range), or the first date of a repeat, and the meal when it named one.
///
/// ```swift
/// let when = try WhenParser(now: Date()).parsePlan("every friday dinner")
/// when.dates        // [the coming Friday at 18:00]
/// when.repeatRule   // every Friday (FREQ=WEEKLY;BYDAY=FR)
/// when.meal         // "dinner"
/// ```
public struct PlanWhen: Equatable, Sendable {
    /// One date; several for a weekday range ("mon-fri lunch" gives five), in order; for a
    /// repeat, its first occurrence only (the start of ``repeatRule``).
    public var dates: [Date]
    /// How the plan repeats, with `dates[0]` as its first occurrence; nil for one-off dates.
    public var repeatRule: RepeatRule?
    /// The meal WHEN named ("dinner"), also when an explicit time set the time of day.
    public var meal: String?

    /// A plan for `dates`, repeating by `repeatRule` when given, for `meal` when named.
    public init(dates: [Date], repeatRule: RepeatRule? = nil, meal: String? = nil) {
        self.dates = dates
        self.repeatRule = repeatRule
        self.meal = meal
    }
}
