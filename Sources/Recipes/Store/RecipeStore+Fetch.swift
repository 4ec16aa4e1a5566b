import FoundationEssentials
import FoundationInternationalization

extension RecipeStore {
    /// Streams the recipes `descriptor` selects, in order, without tracking them; `body`
    /// returns false to stop early. Memory stays flat when SQL does all the work (see
    /// ``QueryPlan/isExact``); a sort that must happen in memory reads every match first.
    ///
    /// ```swift
    /// try store.enumerate(FetchDescriptor<Recipe>()) { recipe in print(recipe.name); return true }
    /// ```
    public func enumerate<T: Recipe>(_ descriptor: FetchDescriptor<T>, _ body: (T) throws -> Bool) throws {
        let fetch = CompiledFetch(descriptor)
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
            for recipe in try pending.sorted(by: Self.ordering(descriptors)) {
                guard try deliver(recipe) else { break }
            }
        }
    }

    /// The number of recipes `descriptor` selects, counted in SQL when SQL can.
    public func count<T: Recipe>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        var counting = descriptor
        counting.sortBy = []
        let fetch = CompiledFetch(counting, select: "count(*)")
        if fetch.plan.isExact && fetch.limit == nil && fetch.offset == 0 {
            do {
                guard case .integer(let count)? = try database.scalar(fetch.plan.sql, fetch.plan.parameters) else { return 0 }
                return Int(count)
            } catch let error as SQLiteError {
                throw Self.describe(error, path: path ?? ":memory:")
            }
        }
        var count = 0
        try enumerate(counting) { _ in count += 1; return true }
        return count
    }

    static func ordering<T>(_ descriptors: [SortDescriptor<T>]) throws -> (T, T) throws -> Bool {
        { lhs, rhs in
            for descriptor in descriptors {
                switch descriptor.compare(lhs, rhs) {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: continue
                }
            }
            return false
        }
    }
}
