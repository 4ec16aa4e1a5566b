import FoundationEssentials

/// The few fields a list shows: enough for `recipes search` and `recipes plan`, without
/// loading each recipe's ingredients.
public struct RecipeSummary: Sendable, Equatable {
    /// The recipe's id.
    public let id: UUID
    /// Its kind.
    public let variety: RecipeVariety
    /// Its name.
    public let name: String
    /// When it is planned, if it is.
    public let plannedDate: Date?
    /// How many ingredients it lists (headings not counted).
    public let ingredientCount: Int

    /// The summary of `recipe`.
    public init(_ recipe: Recipe) {
        id = recipe.id
        variety = recipe.variety
        name = recipe.name
        plannedDate = recipe.plannedDate
        ingredientCount = recipe.ingredients.filter { !$0.isHeading }.count
    }

    init(id: UUID, variety: RecipeVariety, name: String, plannedDate: Date?, ingredientCount: Int) {
        self.id = id
        self.variety = variety
        self.name = name
        self.plannedDate = plannedDate
        self.ingredientCount = ingredientCount
    }
}

extension RecipeStore {
    /// What a summary reads of `recipe r`: the query a list runs, and the one `recipes-bench`
    /// has the sqlite3 shell run beside it.
    package static let summaryColumns =
        "r.id, r.kind, r.name, r.planned, \(RecipeRecord.ingredientCountSQL(alias: "r")) AS ingredient_count"

    /// Streams summaries of the recipes `descriptor` selects, in order. When SQL does all the
    /// work this reads one row per recipe; otherwise it summarizes full recipes.
    package func enumerateSummaries<T: Recipe>(_ descriptor: StoreQuery<T>, _ body: (RecipeSummary) throws -> Bool) throws {
        let fetch = compiled(descriptor, select: Self.summaryColumns)
        guard fetch.plan.isExact else {
            try enumerate(descriptor) { try body(RecipeSummary($0)) }
            return
        }
        try refreshPassedPlans(now: clock())
        try reading {
            // Columns found by name once, not per row: a search may list thousands.
            var columns: [Int32] = []
            try database.forEachRow(fetch.plan.sql, SQLArguments(fetch.plan.parameters), cached: false) { row in
                if columns.isEmpty {
                    columns = try ["id", "kind", "name", "planned", "ingredient_count"].map(row.statement.columnIndex)
                }
                guard let uuid = row.statement.withText(columns[0], UUID.init(storedUTF8:)),
                      let variety = RecipeVariety(sqliteValue: try row[columns[1]]) else {
                    let id: String = try row[columns[0]]
                    throw RecipeStoreError.damaged(path: displayPath, detail: "recipe \(id) has a bad id or kind")
                }
                return try body(RecipeSummary(id: uuid, variety: variety, name: try row[columns[2]], plannedDate: try row[columns[3]],
                                              ingredientCount: try row[columns[4]]))
            }
        }
    }
}
