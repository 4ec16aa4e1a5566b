import FoundationEssentials

/// What to fill and how (``RecipeStore/proposeMeals(_:)``, ``RecipeStore/fillPlan(_:)``).
public struct FillRequest: Sendable {
    /// The meals to fill, in any order; those the plan already has a recipe for stay as they are.
    public var slots: [MealSlot]
    /// What every proposal must be.
    public var rules: FillRules
    /// How many each meal is for, when it differs from the recipes' servings: recipes near
    /// it come first, and the entries are planned for it.
    public var servings: Int?
    /// The same seed with the same store gives the same proposal; another seed another one,
    /// where the rules leave a choice.
    public var seed: UInt64
    /// Leave a meal nothing fits empty and fill the rest, instead of failing.
    public var partial: Bool
    /// When the proposal is made: recency counts from it.
    public var now: Date
    /// The meal times, to tell which meal an entry planned by time alone is.
    public var mealTimes: MealTimes
    /// The local time zone.
    public var local: LocalTime
    /// Recipes a slot must not be given (a reroll's current one), by slot.
    public var excluding: [MealSlot: Set<UUID>]
    /// Slots filled although the plan has a meal there: a reroll's, beside a locked dish.
    var refilling: Set<MealSlot> = []

    /// A request to fill `slots` by `rules`.
    public init(slots: [MealSlot], rules: FillRules = FillRules(), servings: Int? = nil, seed: UInt64, partial: Bool = false,
                now: Date = Date(), mealTimes: MealTimes = .default, local: LocalTime = .system, excluding: [MealSlot: Set<UUID>] = [:]) {
        self.slots = slots
        self.rules = rules
        self.servings = servings
        self.seed = seed
        self.partial = partial
        self.now = now
        self.mealTimes = mealTimes
        self.local = local
        self.excluding = excluding
    }

    /// The seed a fill uses when none is given: the first slot's day, so running the same
    /// fill twice on a day proposes the same meals.
    public static func seed(forDay date: Date, local: LocalTime = .system) -> UInt64 {
        let parts = local.components(of: date)
        return UInt64(parts.year * 10_000 + parts.month * 100 + parts.day)
    }
}

/// A recipe the planner proposes for a meal, and why.
public struct MealProposal: Sendable, Equatable {
    /// The meal.
    public let slot: MealSlot
    /// The recipe proposed.
    public let recipeID: UUID
    /// Its name.
    public let name: String
    /// Why, most telling first: "not cooked for 41 days", "25 min", "uses spinach before Fri".
    public let reasons: [String]

    /// The reasons as one line: "not cooked for 41 days · 25 min · uses spinach before Fri".
    public var reason: String { reasons.joined(separator: " · ") }
}

/// What the planner proposes for a request.
public struct FillProposal: Sendable, Equatable {
    /// A meal left empty, and which rule left it so.
    public struct Unfilled: Sendable, Equatable {
        /// The meal.
        public let slot: MealSlot
        /// Why nothing fits: "no recipe tagged 'fish'".
        public let reason: String
    }

    /// The proposals, in time order.
    public let meals: [MealProposal]
    /// Meals of the request the plan already had, left alone.
    public let alreadyPlanned: [MealSlot]
    /// Meals nothing fits (only with ``FillRequest/partial``).
    public let unfilled: [Unfilled]
}

/// Why the planner cannot fill a request: a meal no recipe fits (naming the rule that
/// emptied the choice), or a quota the days asked cannot hold. Nothing is saved.
public struct FillError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// No recipe meets the rules for a meal.
        case nothingFits
        /// A quota asks more meals than the days have empty.
        case quotaCannotBeMet
        /// A reroll found no meal planned to replace.
        case nothingPlanned
        /// A reroll found the meal locked.
        case locked
    }

    /// Which.
    public let kind: Kind
    /// The meal, when one is to blame.
    public let slot: MealSlot?
    /// The reason, in words: "no recipe tagged 'nosuchtag'".
    public let reason: String

    public var description: String { reason }
}
