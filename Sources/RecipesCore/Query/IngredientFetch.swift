import FoundationEssentials

// Ingredient lines queried the SwiftData way: `FetchDescriptor<Ingredient>` with a
// `#Predicate<Ingredient>` and sort descriptors, translated by the same translator as
// recipes over `ingredient i JOIN recipe r`; what SQL cannot express is left to memory.

extension SQLTranslator {
    static let ingredientAlias = "i"
}

/// A query of ingredient lines compiled to SQL: each row names a line by its recipe's id and
/// its own, in the query's order. The context turns them into its own objects.
struct IngredientFetch {
    let plan: QueryPlan
    let residualPredicate: Predicate<Ingredient>?
    let memorySort: [SortKey<Ingredient>]?
    let limit: Int?
    let offset: Int

    /// `paged: false` leaves the limit and offset out of the SQL (a caller merging unsaved
    /// lines pages after merging).
    init(_ descriptor: StoreQuery<Ingredient>, paged: Bool = true) {
        let alias = SQLTranslator.ingredientAlias, recipe = SQLTranslator.recipeAlias
        let translator = SQLTranslator()
        var conditions: [String] = []
        let exactFilter = translator.filter(descriptor.predicate, root: SQLFragment(sql: alias, shape: .ingredient(alias: alias)), into: &conditions)
        let order = Self.orderBy(descriptor.sortBy)
        var sql = "SELECT \(recipe).id AS recipe_id, recipes_id_text(\(alias).id) AS id FROM ingredient \(alias) JOIN recipe \(recipe) ON \(recipe).rowid = \(alias).recipe"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        // Ties break by recipe, then by place in the recipe's list (SortKey.ingredientTieBreak).
        sql += " ORDER BY " + ((order ?? []) + ["\(recipe).id", "\(alias).position"]).joined(separator: ", ")
        let sqlDoesAll = exactFilter && order != nil
        var parameters = translator.parameters
        if sqlDoesAll && paged { descriptor.appendLimit(to: &sql, &parameters) }
        plan = QueryPlan(sql: sql, parameters: parameters, filtersInMemory: !exactFilter, sortsInMemory: order == nil,
                         untranslatedNodes: translator.untranslated)
        residualPredicate = exactFilter ? nil : descriptor.predicate
        memorySort = order == nil ? descriptor.sortBy : nil
        limit = sqlDoesAll && paged ? nil : descriptor.fetchLimit.flatMap { $0 >= 0 ? $0 : nil }
        offset = sqlDoesAll && paged ? 0 : max(descriptor.fetchOffset ?? 0, 0)
    }

    /// ORDER BY terms, or nil when some descriptor has no SQL equivalent.
    static func orderBy(_ keys: [SortKey<Ingredient>]) -> [String]? {
        var terms: [String] = []
        for key in keys {
            guard let keyPath = key.keyPath else { return nil }
            let alias = SQLTranslator.ingredientAlias
            let term: String
            if keyPath == \Ingredient.position {
                term = "\(alias).position"
            } else if let column = SQLTranslator.ingredientColumns[keyPath] {
                term = SQLTranslator.sortTerm(column.sql(alias: alias), column.shape)
            } else {
                return nil
            }
            terms.append(term + (key.ascending ? " ASC" : " DESC"))
        }
        return terms
    }
}

extension SortKey<Ingredient> {
    /// The order SQL breaks ties in: by recipe id, then by place in the recipe's list.
    static func ingredientTieBreak(_ lhs: Ingredient, _ rhs: Ingredient) -> Bool {
        let left = lhs.recipe?.id.uuidString ?? "", right = rhs.recipe?.id.uuidString ?? ""
        if left != right { return left < right }
        return (lhs.position ?? 0) < (rhs.position ?? 0)
    }
}
