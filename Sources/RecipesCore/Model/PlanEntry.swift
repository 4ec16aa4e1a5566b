import FoundationEssentials

/// One place of a recipe in the meal plan: once at a date, or repeating from it.
///
/// A recipe can have any number of entries (pancakes on Saturday and on Sunday, pizza every
/// Friday). An occurrence that was skipped or cooked is no longer planned; the entry itself
/// stays, so a repeat goes on.
///
/// ```swift
/// let pizza = PlanEntry(recipeID: recipe.id, date: friday, meal: "dinner",
///                       repeatRule: RepeatRule(frequency: .weekly))
/// try store.addPlanEntry(pizza)
/// ```
public struct PlanEntry: Identifiable, Hashable, Sendable {
    /// Stable across stores, so that sync can tell entries apart.
    public var id: UUID
    /// The recipe it plans.
    public var recipeID: UUID
    /// When: the only occurrence, or a repeat's first.
    public var date: Date
    /// The meal it is for ("breakfast", "dinner", or a word of the user's), when one was named.
    public var meal: String?
    /// How many people it is for, when it differs from the recipe's servings (``FieldLimit/servings``).
    public var servings: Int?
    /// A note for the cook.
    public var note: String
    /// How it repeats; nil for a single date.
    public var repeatRule: RepeatRule?
    /// Occurrences left out (`plan --skip`), in order.
    public var skipped: [Date]
    /// Occurrences recorded as cooked, in order; for a single date, the date itself once done.
    public var cooked: [Date]
    /// Whether the planner's reroll leaves it alone (`plan RECIPE WHEN --lock`).
    public var isLocked: Bool

    /// An entry for `recipeID` at `date`.
    public init(id: UUID = UUID(), recipeID: UUID, date: Date, meal: String? = nil, servings: Int? = nil, note: String = "",
                repeatRule: RepeatRule? = nil, skipped: [Date] = [], cooked: [Date] = [], isLocked: Bool = false) {
        self.id = id
        self.recipeID = recipeID
        self.date = date
        self.meal = meal
        self.servings = servings
        self.note = note
        self.repeatRule = repeatRule
        self.skipped = skipped.sorted()
        self.cooked = cooked.sorted()
        self.isLocked = isLocked
    }

    /// Whether the entry repeats.
    public var isRepeating: Bool { repeatRule != nil }

    /// A single-date entry that was cooked (a repeat is never done as a whole).
    public var isDone: Bool { repeatRule == nil && !cooked.isEmpty }

    /// Occurrences of the rule (or the single date) after `date`, skipped ones included:
    /// what `--skip` and `cooked` may name. Nil once there are no more.
    func anyOccurrence(after earlier: Date, local: LocalTime) -> Date? {
        guard let repeatRule else { return self.date > earlier ? self.date : nil }
        return repeatRule.occurrence(after: earlier, start: self.date, local: local)
    }

    /// The first occurrence after `date` that is still planned (not skipped, not cooked).
    /// Each skipped or cooked occurrence costs one more step, so this is bounded by the
    /// entry's own lists, never by how long the rule has run.
    public func occurrence(after earlier: Date, local: LocalTime = .system) -> Date? {
        var cursor = earlier
        var steps = 0
        while let next = anyOccurrence(after: cursor, local: local) {
            guard isLeftOut(next) else { return next }
            steps += 1
            // A rule whose every occurrence is left out cannot be listed that long.
            if steps > skipped.count + cooked.count + 1 { return nil }
            cursor = next
        }
        return nil
    }

    /// Occurrences in `from ..< to`, at most `limit`, each with whether it was cooked;
    /// skipped ones are left out.
    public func occurrences(from: Date, to: Date, limit: Int = 1_000, local: LocalTime = .system) -> [(date: Date, cooked: Bool)] {
        guard let repeatRule else {
            return date >= from && date < to && !skipped.contains(date) ? [(date, isDone)] : []
        }
        let extra = min(skipped.count, 1_000)
        return repeatRule.occurrences(from: from, to: to, start: date, local: local, limit: limit + extra)
            .filter { !Self.contains(skipped, $0) }
            .prefix(limit)
            .map { ($0, Self.contains(cooked, $0)) }
    }

    /// Whether `occurrence` was skipped or cooked.
    func isLeftOut(_ occurrence: Date) -> Bool {
        Self.contains(skipped, occurrence) || Self.contains(cooked, occurrence)
    }

    /// Dates compared to the millisecond, as they travel in JSON.
    static func contains(_ dates: [Date], _ date: Date) -> Bool {
        dates.contains { abs($0.timeIntervalSince(date)) < 0.001 }
    }
}

/// That a recipe was cooked, and when; `recipes cooked` writes one.
public struct CookedRecord: Identifiable, Hashable, Sendable {
    /// Stable across stores.
    public var id: UUID
    /// The recipe cooked.
    public var recipeID: UUID
    /// When it was cooked.
    public var date: Date
    /// The plan entry it fulfilled, if any.
    public var entryID: UUID?
    /// The occurrence of that entry it fulfilled (a repeat has many), when known.
    public var occurrence: Date?

    /// A record that `recipeID` was cooked at `date`, fulfilling the planned `occurrence` of
    /// the entry `entryID` when it did.
    public init(id: UUID = UUID(), recipeID: UUID, date: Date, entryID: UUID? = nil, occurrence: Date? = nil) {
        self.id = id
        self.recipeID = recipeID
        self.date = date
        self.entryID = entryID
        self.occurrence = occurrence
    }
}
