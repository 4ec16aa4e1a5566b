import Foundation

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

    public let recipe: Recipe
    public let plannedDate: Date
    /// Seconds from now until the planned date.
    public let startsIn: TimeInterval
    public let urgency: Urgency

    /// Under this many seconds away counts as imminent.
    public static let imminentWithin: TimeInterval = 3_600

    public init(recipe: Recipe, plannedDate: Date, now: Date, calendar: Calendar = .current) {
        self.recipe = recipe
        self.plannedDate = plannedDate
        startsIn = plannedDate.timeIntervalSince(now)
        if startsIn < Self.imminentWithin {
            urgency = .imminent
        } else if calendar.isDate(plannedDate, inSameDayAs: now) {
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
    public func nextPlannedRecipe(after now: Date, kind: RecipeKind = .all, calendar: Calendar = .current) throws -> UpcomingRecipe? {
        var descriptor = FetchDescriptor<Recipe>(predicate: Self.plannedAfter(now, kind: kind),
                                                 sortBy: [SortDescriptor(\.plannedDate, order: .forward)])
        descriptor.fetchLimit = 1
        var found: Recipe?
        try enumerate(descriptor) { found = $0; return false }
        guard let found, let date = found.plannedDate else { return nil }
        return UpcomingRecipe(recipe: found, plannedDate: date, now: now, calendar: calendar)
    }

    /// Recipes planned from `start` (inclusive) to `end` (exclusive), earliest first, ties by
    /// name; all planned recipes when both are nil.
    public func plannedRecipes(from start: Date?, to end: Date?, kind: RecipeKind = .all) throws -> [Recipe] {
        let lower = start ?? .distantPast, upper = end ?? .distantFuture
        let window = #Predicate<Recipe> { recipe in
            recipe.plannedDate != nil && (recipe.plannedDate ?? lower) >= lower && (recipe.plannedDate ?? upper) < upper
        }
        let predicate = RecipePredicates.kind(kind).map { $0 && window } ?? window
        let descriptor = FetchDescriptor<Recipe>(predicate: predicate, sortBy: [SortDescriptor(\.plannedDate), SortDescriptor(\.name)])
        var result: [Recipe] = []
        try enumerate(descriptor) { result.append($0); return true }
        return result
    }

    /// SwiftData's "upcoming" predicate, `($0.plannedDate ?? now) > now`, with a kind.
    static func plannedAfter(_ now: Date, kind: RecipeKind) -> Predicate<Recipe> {
        let upcoming = #Predicate<Recipe> { ($0.plannedDate ?? now) > now }
        return RecipePredicates.kind(kind).map { $0 && upcoming } ?? upcoming
    }
}
