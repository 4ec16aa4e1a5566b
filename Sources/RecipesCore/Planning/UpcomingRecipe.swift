import FoundationEssentials

/// The next planned recipe as a status bar shows it: the recipe, how soon, and a class.
public struct UpcomingRecipe {
    /// How close a planned recipe is; status bars style each differently.
    public enum Urgency: String, Sendable, CaseIterable {
        /// Under an hour away.
        case imminent
        /// Later today.
        case today
        /// Tomorrow or later.
        case upcoming
        /// Nothing planned (or nothing within the window asked for).
        case none
    }

    /// The recipe.
    public let recipe: Recipe
    /// When it is planned.
    public let plannedDate: Date
    /// Seconds from now until the planned date.
    public let startsIn: TimeInterval
    /// How soon, for status bars' colours and classes.
    public let urgency: Urgency

    /// Under this many seconds away counts as imminent.
    public static let imminentWithin: TimeInterval = 3_600

    /// `recipe`, planned at `plannedDate`, as seen at `now`.
    public init(recipe: Recipe, plannedDate: Date, now: Date, local: LocalTime = .system) {
        self.recipe = recipe
        self.plannedDate = plannedDate
        startsIn = plannedDate.timeIntervalSince(now)
        if startsIn < Self.imminentWithin {
            urgency = .imminent
        } else if local.isSameDay(plannedDate, now) {
            urgency = .today
        } else {
            urgency = .upcoming
        }
    }
}

extension RecipeStore {
    /// The limit-1 fetch behind `recipes next`: the earliest recipe planned after `now`,
    /// optionally of one kind. It reads one row through the planned-date index.
    ///
    /// ```swift
    /// let next = try store.nextPlannedRecipe(after: Date())
    /// ```
    ///
    /// It runs the SQL that ``nextPlannedDescriptor(after:kind:)`` translates to, written out
    /// here because a status bar starts this process every few seconds and building and
    /// translating a predicate costs more than the query itself (tests keep the two equal).
    public func nextPlannedRecipe(after now: Date, kind: RecipeKind = .all, local: LocalTime = .system) throws -> UpcomingRecipe? {
        // Recipes whose planned occurrence has passed move on to their next one first (see
        // RecipeStore+Plan); usually there are none, which costs one index lookup.
        let notMovedOn = try refreshPassedPlans(now: now, local: local)
        var found: RecipeRecord?
        // Not an array literal: its existential element type costs the first call more than the query.
        try forEachRecord(sql: Self.nextPlannedSQL(kind), arguments: SQLArguments([now.sqliteValue, now.sqliteValue, 1.sqliteValue, 0.sqliteValue]),
                          movingPlansOn: false) {
            found = $0
            return false
        }
        // A read-only store could not write the moved-on dates: they compete here instead.
        for (id, dates) in notMovedOn {
            guard let planned = dates.planned, planned > now, planned < found?.plannedDate ?? .distantFuture,
                  var record = try record(withID: id), kind.includes(record.variety) else { continue }
            record.plannedDate = planned
            found = record
        }
        guard let recipe = found?.makeRecipe(), let date = recipe.plannedDate else { return nil }
        return UpcomingRecipe(recipe: recipe, plannedDate: date, now: now, local: local)
    }

    /// What `nextPlannedDescriptor(after:kind:)` (module `Recipes`) compiles to, with parameters
    /// (now, now, limit, offset); `nil ?? now > now` is decided while translating, which
    /// leaves a range on the partial planned-date index.
    static func nextPlannedSQL(_ kind: RecipeKind) -> String {
        let upcoming = "(r.planned IS NOT NULL AND r.planned > ?2)"
        let condition = switch kind {
        case .all: upcoming
        case .bakedGoods: "((r.kind IN ('baked')) AND \(upcoming))"
        case .beverages: "((r.kind IN ('beverage')) AND \(upcoming))"
        }
        return "SELECT \(recipeSelection) FROM recipe r WHERE \(condition) ORDER BY r.planned ASC, r.id LIMIT ?3 OFFSET ?4"
    }

    /// Recipes planned from `start` (inclusive) to `end` (exclusive), earliest first, ties by
    /// name; all planned recipes when both are nil.
    public func plannedRecipes(from start: Date?, to end: Date?, kind: RecipeKind = .all) throws -> [Recipe] {
        let lower = start ?? .distantPast, upper = end ?? .distantFuture
        let window = #Predicate<Recipe> { recipe in
            recipe.plannedDate != nil && (recipe.plannedDate ?? lower) >= lower && (recipe.plannedDate ?? upper) < upper
        }
        let predicate = RecipePredicates.kind(kind).map { $0 && window } ?? window
        let descriptor = StoreQuery<Recipe>(predicate: predicate, sortBy: [SortKey(\.plannedDate), SortKey(\.name)])
        var result: [Recipe] = []
        try enumerate(descriptor) { result.append($0); return true }
        return result
    }

    /// SwiftData's "upcoming" predicate, `($0.plannedDate ?? now) > now`, with a kind.
    package static func plannedAfter(_ now: Date, kind: RecipeKind) -> Predicate<Recipe> {
        let upcoming = #Predicate<Recipe> { ($0.plannedDate ?? now) > now }
        return RecipePredicates.kind(kind).map { $0 && upcoming } ?? upcoming
    }
}
