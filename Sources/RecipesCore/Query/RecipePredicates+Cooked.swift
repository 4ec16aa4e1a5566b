import FoundationEssentials

extension RecipePredicates {
    /// Recipes never cooked, or last cooked before `cutoff`: "what haven't we had for a while".
    /// Runs in SQL on the stored ``Recipe/lastCooked`` column.
    ///
    /// ```swift
    /// let forgotten = RecipePredicates.notCooked(since: now.addingTimeInterval(-30 * 86_400))
    /// ```
    public static func notCooked(since cutoff: Date) -> Predicate<Recipe> {
        // Never cooked reads as cooked at the dawn of time: before any cutoff.
        let never = Date.distantPast
        return #Predicate<Recipe> { ($0.lastCooked ?? never) < cutoff }
    }

    /// `leastRecentlyCooked`'s order (module `Recipes`) as sort keys, for code that names no
    /// SortDescriptor.
    package static var leastRecentlyCookedKeys: [SortKey<Recipe>] {
        [SortKey(\.lastCooked), SortKey(\.name)]
    }
}
