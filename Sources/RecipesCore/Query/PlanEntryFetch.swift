import FoundationEssentials

// The meal plan's entries queried the SwiftData way: `FetchDescriptor<PlanEntry>` with a
// `#Predicate<PlanEntry>` and sort descriptors, translated to SQL by the same translator and
// rules as recipes (what SQL cannot express is filtered or sorted in memory, and says so).

extension SQLTranslator {
    static let planEntryAlias = "e"

    /// The entry's stored properties by key path. A repeat's rule is a column only to test
    /// for nil: `$0.repeatRule != nil` is "is it a repeat".
    nonisolated(unsafe) static let planEntryColumns: [AnyKeyPath: ColumnMapping] = [
        \PlanEntry.id: ColumnMapping(column: "id", shape: .identifier, nullable: false),
        \PlanEntry.recipeID: ColumnMapping(column: "recipe_id", shape: .identifier, nullable: false),
        \PlanEntry.date: ColumnMapping(column: "date", shape: .date, nullable: false),
        \PlanEntry.meal: ColumnMapping(column: "meal", shape: .text, nullable: true),
        \PlanEntry.servings: ColumnMapping(column: "servings", shape: .number, nullable: true),
        \PlanEntry.note: ColumnMapping(column: "note", shape: .text, nullable: false),
        \PlanEntry.repeatRule: ColumnMapping(column: "repeat", shape: .text, nullable: true),
    ]
}

/// A query of plan entries compiled to SQL over `plan_entry e`, with what is left to memory.
struct PlanEntryFetch {
    let plan: QueryPlan
    let residualPredicate: Predicate<PlanEntry>?
    let memorySort: [SortKey<PlanEntry>]?
    let limit: Int?
    let offset: Int

    init(_ descriptor: StoreQuery<PlanEntry>,
         select: String = RecipeStore.entryColumnNames.map { SQLTranslator.planEntryAlias + "." + $0 }.joined(separator: ", ")) {
        let alias = SQLTranslator.planEntryAlias
        let translator = SQLTranslator()
        // Live entries of recipes the store has: a deleted recipe's plan is not there.
        var conditions = ["\(alias).removed = 0", "EXISTS (SELECT 1 FROM recipe WHERE id = \(alias).recipe_id)"]
        let exactFilter = translator.filter(descriptor.predicate, root: SQLFragment(sql: alias, shape: .planEntry(alias: alias)), into: &conditions)
        let order = Self.orderBy(descriptor.sortBy)
        var sql = "SELECT \(select) FROM plan_entry \(alias) WHERE " + conditions.joined(separator: " AND ")
        sql += " ORDER BY " + ((order ?? []) + ["\(alias).id"]).joined(separator: ", ")
        let sqlDoesAll = exactFilter && order != nil
        var parameters = translator.parameters
        if sqlDoesAll { descriptor.appendLimit(to: &sql, &parameters) }
        plan = QueryPlan(sql: sql, parameters: parameters, filtersInMemory: !exactFilter, sortsInMemory: order == nil,
                         untranslatedNodes: translator.untranslated)
        residualPredicate = exactFilter ? nil : descriptor.predicate
        memorySort = order == nil ? descriptor.sortBy : nil
        limit = sqlDoesAll ? nil : descriptor.fetchLimit.flatMap { $0 >= 0 ? $0 : nil }
        offset = sqlDoesAll ? 0 : max(descriptor.fetchOffset ?? 0, 0)
    }

    /// ORDER BY terms, or nil when some descriptor has no SQL equivalent.
    static func orderBy(_ keys: [SortKey<PlanEntry>]) -> [String]? {
        var terms: [String] = []
        for key in keys {
            guard let keyPath = key.keyPath, keyPath != \PlanEntry.repeatRule,
                  let column = SQLTranslator.planEntryColumns[keyPath] else { return nil }
            let direction = key.ascending ? "ASC" : "DESC"
            terms.append("\(SQLTranslator.sortTerm(column.sql(alias: SQLTranslator.planEntryAlias), column.shape)) \(direction)")
        }
        return terms
    }
}

extension RecipeStore {
    /// The plan entries `descriptor` selects, in its order (see `fetch(_:)` in module `Recipes`).
    package func fetch(_ descriptor: StoreQuery<PlanEntry>) throws -> [PlanEntry] {
        let fetch = PlanEntryFetch(descriptor)
        try Self.requireTranslation(fetch.plan, descriptor.requiresSQLTranslation)
        var matches = try reading {
            try database.fetchAll(fetch.plan.sql, SQLArguments(fetch.plan.parameters), cached: false) { row in
                try Self.entry(row, path: displayPath)
            }
        }
        if let residual = fetch.residualPredicate {
            do {
                matches = try matches.filter { try residual.evaluate($0) }
            } catch {
                throw RecipeStoreError.predicate(String(describing: error))
            }
        }
        if let sort = fetch.memorySort { matches = matches.sorted(by: SortKey.inOrder(sort)) }
        let rest = matches.dropFirst(fetch.offset)
        return Array(fetch.limit.map { rest.prefix($0) } ?? rest)
    }

    /// How the store runs `descriptor`: its SQL, and what (if anything) memory does.
    package func queryPlan(for descriptor: StoreQuery<PlanEntry>) -> QueryPlan {
        PlanEntryFetch(descriptor).plan
    }
}

extension ModelContext {
    /// The entries of `recipe`'s plan, by date: the relationship SwiftData would model as a
    /// to-many with cascade (deleting the recipe deletes them).
    public func planEntries(of recipe: Recipe) throws -> [PlanEntry] {
        try store.planEntries(of: recipe.id)
    }
}
