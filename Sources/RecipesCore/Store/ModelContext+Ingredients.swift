import FoundationEssentials

// Fetching ingredient lines: SwiftData fetches any model, so `FetchDescriptor<Ingredient>`
// works as `FetchDescriptor<Recipe>` does. The store finds the lines in SQL; the context
// returns its own objects for them (the lines of the recipes it tracks, brought up to date),
// so a line's `recipe` is the recipe the context holds.

extension ModelContext {
    /// The ingredient lines `descriptor` selects, in its order (ties by recipe, then by place
    /// in the recipe's list). Headings are lines too; `!$0.isHeading` leaves them out. With
    /// `includePendingChanges` the context's unsaved recipes count with their current lines.
    package func fetch(_ descriptor: StoreQuery<Ingredient>) throws -> [Ingredient] {
        let pending = descriptor.includePendingChanges ? pendingIDs : []
        try refreshPending(pending)
        let fetch = IngredientFetch(descriptor, paged: pending.isEmpty)
        try Store.requireTranslation(fetch.plan, descriptor.requiresSQLTranslation)
        // The rows and the recipes they belong to read at one moment, so every line found
        // is in the recipe read (a save between the two could have moved it).
        _ = try store.refreshPassedPlans(now: store.clock())
        let (rows, records) = try store.readSnapshot {
            let rows = try store.database.fetchAll(fetch.plan.sql, SQLArguments(fetch.plan.parameters), cached: false) { row in
                (recipe: try row["recipe_id"] as UUID, line: try row["id"] as UUID)
            }
            var records: [UUID: RecipeRecord] = [:]
            for id in Set(rows.map(\.recipe)) where !pending.contains(id) {
                records[id] = try store.record(withID: id)
            }
            return (rows, records)
        }
        let recipes = records.mapValues { trackedRecipe(for: $0) }
        var lines = rows.compactMap { row in
            recipes[row.recipe]?.ingredients.first { $0.id == row.line }
        }
        do {
            // What SQL left to check on its rows, and the whole predicate on unsaved recipes' lines.
            if let residual = fetch.residualPredicate { lines = try lines.filter { try residual.evaluate($0) } }
            for recipe in pending.isEmpty ? [] : currentVersions(of: pending) {
                lines += try recipe.ingredients.filter { try descriptor.predicate?.evaluate($0) ?? true }
            }
        } catch {
            throw RecipeStoreError.predicate(String(describing: error))
        }
        if !pending.isEmpty || fetch.memorySort != nil {
            let ordering = SortKey.inOrder(descriptor.sortBy)
            lines.sort { lhs, rhs in
                if ordering(lhs, rhs) { return true }
                if ordering(rhs, lhs) { return false }
                return SortKey.ingredientTieBreak(lhs, rhs)
            }
        }
        let rest = lines.dropFirst(fetch.offset)
        return Array(fetch.limit.map { rest.prefix($0) } ?? rest)
    }

    /// How many lines `descriptor` selects, its limit and offset applied.
    package func fetchCount(_ descriptor: StoreQuery<Ingredient>) throws -> Int {
        let fetch = IngredientFetch(descriptor)
        guard !descriptor.includePendingChanges || pendingIDs.isEmpty, !fetch.plan.filtersInMemory else {
            return try self.fetch(descriptor).count
        }
        try Store.requireTranslation(fetch.plan, descriptor.requiresSQLTranslation)
        return try store.reading {
            try store.database.fetchOne("SELECT count(*) FROM (\(fetch.plan.sql))", SQLArguments(fetch.plan.parameters), cached: false) { row in
                try row[0] as Int
            } ?? 0
        }
    }

    /// How `descriptor` runs: its SQL and what is left to memory.
    package func queryPlan(for descriptor: StoreQuery<Ingredient>) -> QueryPlan {
        IngredientFetch(descriptor).plan
    }

    private typealias Store = RecipeStore
}
