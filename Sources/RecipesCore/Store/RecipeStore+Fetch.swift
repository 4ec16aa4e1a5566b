import FoundationEssentials

extension RecipeStore {
    /// `descriptor` compiled for this store: a search by ingredient reads its stored needs
    /// when they are current (RecipeStore+IngredientNeeds).
    func compiled<T: Recipe>(_ descriptor: StoreQuery<T>, select: String = recipeSelection) -> CompiledFetch<T> {
        CompiledFetch(descriptor, select: select, store: self)
    }

    /// Streams the recipes `descriptor` selects, in order, without tracking them; `body`
    /// returns false to stop early. Memory stays flat when SQL does all the work (see
    /// ``QueryPlan/isExact``); a sort that must happen in memory reads every match first.
    package func enumerate<T: Recipe>(_ descriptor: StoreQuery<T>, _ body: (T) throws -> Bool) throws {
        let fetch = compiled(descriptor)
        try Self.requireTranslation(fetch.plan, descriptor.requiresSQLTranslation)
        var skipped = 0, delivered = 0
        func deliver(_ recipe: T) throws -> Bool {
            if skipped < fetch.offset { skipped += 1; return true }
            if let limit = fetch.limit, delivered >= limit { return false }
            delivered += 1
            guard try body(recipe) else { return false }
            return fetch.limit.map { delivered < $0 } ?? true
        }
        var pending: [T] = []
        try forEachRecord(fetch) { record in
            guard let recipe = record.makeRecipe() as? T else { return true }
            if let residual = fetch.residualPredicate {
                do {
                    guard try residual.evaluate(recipe) else { return true }
                } catch {
                    throw RecipeStoreError.predicate(String(describing: error))
                }
            }
            if fetch.memorySort != nil {
                pending.append(recipe)
                return true
            }
            return try deliver(recipe)
        }
        if let descriptors = fetch.memorySort {
            // Stable sort over rows already ordered by id keeps ties deterministic.
            for recipe in pending.sorted(by: SortKey.inOrder(descriptors)) {
                guard try deliver(recipe) else { break }
            }
        }
    }

    /// The number of recipes `descriptor` selects, counted in SQL when SQL can: always
    /// `enumerate(descriptor)`'s count, its limit and offset included.
    package func count<T: Recipe>(_ descriptor: StoreQuery<T>) throws -> Int {
        // Order never changes how many rows a limit and offset leave, so count every match
        // and apply them after; a LIMIT on `SELECT count(*)` would limit the one result row.
        var counting = descriptor
        counting.sortBy = []
        counting.fetchLimit = nil
        counting.fetchOffset = nil
        let fetch = compiled(counting, select: "count(*)")
        try refreshPassedPlans(now: clock())
        try Self.requireTranslation(fetch.plan, descriptor.requiresSQLTranslation)
        var matches = 0
        if fetch.plan.isExact {
            matches = try reading {
                try database.fetchOne(Int.self, fetch.plan.sql, SQLArguments(fetch.plan.parameters), cached: false) ?? 0
            }
        } else {
            try enumerate(counting) { _ in matches += 1; return true }
        }
        let afterOffset = max(matches - max(descriptor.fetchOffset ?? 0, 0), 0)
        guard let limit = descriptor.fetchLimit, limit >= 0 else { return afterOffset }
        return min(afterOffset, limit)
    }
}

extension RecipeStore {
    /// Strict mode: refuses a fetch that would filter or sort in memory, before reading.
    package static func requireTranslation(_ plan: QueryPlan, _ required: Bool) throws {
        guard required, !plan.isExact else { return }
        var parts = plan.untranslatedNodes
        if plan.sortsInMemory { parts.append("a sort SQL cannot express") }
        throw RecipeStoreError.untranslatable(parts: parts.isEmpty ? ["part of the predicate"] : parts)
    }
}
