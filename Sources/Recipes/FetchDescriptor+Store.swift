import FoundationEssentials
import FoundationInternationalization

// Fetching with a FetchDescriptor: each call compiles the descriptor to the store's own
// query (FetchDescriptor.query) and runs it there.

extension RecipeStore {
    /// Streams the recipes `descriptor` selects, in order, without tracking them; `body`
    /// returns false to stop early. Memory stays flat when SQL does all the work (see
    /// ``QueryPlan/isExact``); a sort that must happen in memory reads every match first.
    ///
    /// ```swift
    /// try store.enumerate(FetchDescriptor<Recipe>()) { recipe in print(recipe.name); return true }
    /// ```
    public func enumerate<T: Recipe>(_ descriptor: FetchDescriptor<T>, _ body: (T) throws -> Bool) throws {
        try enumerate(descriptor.query, body)
    }

    /// The number of recipes `descriptor` selects, counted in SQL when SQL can: always
    /// `enumerate(descriptor)`'s count, its limit and offset included.
    public func count<T: Recipe>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        try count(descriptor.query)
    }

    /// Streams summaries of the recipes `descriptor` selects, in order. When SQL does all the
    /// work this reads one row per recipe; otherwise it summarizes full recipes.
    ///
    /// ```swift
    /// try store.enumerateSummaries(FetchDescriptor<Recipe>()) { print($0.name); return true }
    /// ```
    public func enumerateSummaries<T: Recipe>(_ descriptor: FetchDescriptor<T>, _ body: (RecipeSummary) throws -> Bool) throws {
        try enumerateSummaries(descriptor.query, body)
    }

    /// The same fetch as ``RecipeStore/nextPlannedRecipe(after:kind:local:)`` in SwiftData's
    /// shape: `($0.plannedDate ?? now) > now`, sorted by planned date, limit 1.
    public static func nextPlannedDescriptor(after now: Date, kind: RecipeKind = .all) -> FetchDescriptor<Recipe> {
        var descriptor = FetchDescriptor<Recipe>(predicate: plannedAfter(now, kind: kind),
                                                 sortBy: [SortDescriptor(\.plannedDate, order: .forward)])
        descriptor.fetchLimit = 1
        return descriptor
    }

    /// The plan entries `descriptor` selects, in its order: SwiftData's shape for the meal plan.
    ///
    /// ```swift
    /// let week = Date()...Date().addingTimeInterval(7 * 86_400)
    /// let start = week.lowerBound, end = week.upperBound
    /// let dinners = try store.fetch(FetchDescriptor<PlanEntry>(
    ///     predicate: #Predicate { $0.meal == "dinner" && $0.date >= start && $0.date < end },
    ///     sortBy: [SortDescriptor(\.date)]))
    /// ```
    ///
    /// An entry's `date` is its only date, or a repeat's first; ``RecipeStore/plannedMeals(from:to:kind:repeatsUntil:local:)``
    /// lists every occurrence. Entries of a deleted recipe are never returned.
    public func fetch(_ descriptor: FetchDescriptor<PlanEntry>) throws -> [PlanEntry] {
        try fetch(descriptor.query)
    }

    /// How many entries `descriptor` selects, its limit and offset included.
    public func fetchCount(_ descriptor: FetchDescriptor<PlanEntry>) throws -> Int {
        try fetch(descriptor.query).count
    }

    /// How the store runs `descriptor`: its SQL, and what (if anything) memory does.
    public func queryPlan(for descriptor: FetchDescriptor<PlanEntry>) -> QueryPlan {
        queryPlan(for: descriptor.query)
    }
}

extension ModelContext {
    /// The recipes `descriptor` selects, in its order. With `includePendingChanges` (the
    /// default) the context's unsaved inserts count, its unsaved deletes do not, and its
    /// unsaved edits match on their new values; the context's own object is returned for a
    /// recipe it holds, so a context has one object per id.
    public func fetch<T: Recipe>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        try fetch(descriptor.query)
    }

    /// How many recipes `descriptor` selects, its limit and offset applied: `fetch(d).count`
    /// without reading the recipes when SQL can count them.
    public func fetchCount<T: Recipe>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        try fetchCount(descriptor.query)
    }

    /// How `descriptor` runs: its SQL and what is left to memory.
    public func queryPlan<T: Recipe>(for descriptor: FetchDescriptor<T>) -> QueryPlan {
        queryPlan(for: descriptor.query)
    }

    /// The plan entries `descriptor` selects (see ``RecipeStore/fetch(_:)``).
    public func fetch(_ descriptor: FetchDescriptor<PlanEntry>) throws -> [PlanEntry] {
        try store.fetch(descriptor)
    }

    /// The ingredient lines `descriptor` selects, in its order; ties by recipe, then by place
    /// in the recipe's list. Each is the context's own object: its ``Ingredient/recipe`` is
    /// the recipe this context tracks, and editing it is saved with that recipe.
    ///
    /// ```swift
    /// let eggs = try context.fetch(FetchDescriptor<Ingredient>(
    ///     predicate: #Predicate { $0.name.localizedStandardContains("egg") && !$0.isHeading },
    ///     sortBy: [SortDescriptor(\.name)]))
    /// let recipes = Set(eggs.compactMap { $0.recipe?.name })
    /// ```
    ///
    /// A predicate can read the line's recipe (`$0.recipe?.name == "Pancakes"`); it runs in
    /// SQL as recipe predicates do. Headings are lines too; `!$0.isHeading` leaves them out.
    public func fetch(_ descriptor: FetchDescriptor<Ingredient>) throws -> [Ingredient] {
        try fetch(descriptor.query)
    }

    /// How many lines `descriptor` selects, its limit and offset applied; counted in SQL
    /// when SQL can and the context has no unsaved changes.
    public func fetchCount(_ descriptor: FetchDescriptor<Ingredient>) throws -> Int {
        try fetchCount(descriptor.query)
    }

    /// How a fetch of lines runs: its SQL and what is left to memory.
    public func queryPlan(for descriptor: FetchDescriptor<Ingredient>) -> QueryPlan {
        queryPlan(for: descriptor.query)
    }
}

extension RecipeModelActor {
    /// The saved recipes `descriptor` selects, as snapshots, in its order.
    ///
    /// Reads what is committed now: neither this context's unsaved changes nor recipes it
    /// fetched earlier (which may be older than the store) stand in for the saved rows.
    public func fetch<T: Recipe>(_ descriptor: FetchDescriptor<T>) throws -> [RecipeSnapshot] {
        var result: [RecipeSnapshot] = []
        try modelContext.store.enumerate(descriptor) { recipe in
            result.append(RecipeSnapshot(recipe))
            return true
        }
        return result
    }

    /// How many saved recipes `descriptor` selects.
    public func fetchCount<T: Recipe>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        try modelContext.store.count(descriptor)
    }
}

extension RecipePredicates {
    /// Least recently cooked first, never cooked before all (nil sorts first ascending, in
    /// SQL as in Swift), ties by name.
    public static var leastRecentlyCooked: [SortDescriptor<Recipe>] {
        [SortDescriptor(\.lastCooked), SortDescriptor(\.name)]
    }
}
