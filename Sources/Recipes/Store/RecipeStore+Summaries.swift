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
    /// How many ingredients it lists.
    public let ingredientCount: Int

    /// The summary of `recipe`.
    public init(_ recipe: Recipe) {
        id = recipe.id
        variety = recipe.variety
        name = recipe.name
        plannedDate = recipe.plannedDate
        ingredientCount = recipe.ingredients.count
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
    /// Streams summaries of the recipes `descriptor` selects, in order. When SQL does all the
    /// work this reads one row per recipe; otherwise it summarizes full recipes.
    ///
    /// ```swift
    /// try store.enumerateSummaries(FetchDescriptor<Recipe>()) { print($0.name); return true }
    /// ```
    public func enumerateSummaries<T: Recipe>(_ descriptor: FetchDescriptor<T>, _ body: (RecipeSummary) throws -> Bool) throws {
        let fetch = CompiledFetch(descriptor, select: "r.id, r.kind, r.name, r.planned, (SELECT count(*) FROM ingredient WHERE recipe_id = r.id)")
        guard fetch.plan.isExact else {
            try enumerate(descriptor) { try body(RecipeSummary($0)) }
            return
        }
        do {
            let statement = try database.prepare(fetch.plan.sql)
            try statement.bind(fetch.plan.parameters)
            while try statement.step() {
                let id = statement.string(0)
                guard let uuid = UUID(storedText: id), let variety = RecipeVariety(rawValue: statement.string(1)) else {
                    throw RecipeStoreError.damaged(path: path ?? ":memory:", detail: "recipe \(id) has a bad id or kind")
                }
                let summary = RecipeSummary(id: uuid, variety: variety, name: statement.string(2),
                                            plannedDate: statement.optionalDouble(3).map(Date.init(timeIntervalSinceReferenceDate:)),
                                            ingredientCount: statement.int(4))
                guard try body(summary) else { break }
            }
        } catch let error as SQLiteError {
            throw Self.describe(error, path: path ?? ":memory:")
        }
    }
}
