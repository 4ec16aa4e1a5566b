import FoundationEssentials

// The one description of what a recipe and an ingredient store. Adding a stored field is
// the model property, one entry here and a migration (Schema); the SQL, reading rows, change
// detection, `ModelContext`'s restore and the translator's key paths follow from these lists.

extension RecipeRecord {
    /// Every column of `recipe`, in the order a person's edits are reported (a save conflict
    /// lists fields in this order). Common properties name their key path on `Root`, so the
    /// translator can list `\BakedGood.name` as well as `\Recipe.name`.
    static func columns<Root: Recipe>(for root: Root.Type) -> [StoredColumn<RecipeRecord>] {
        let canonical: (String) -> SQLiteValue = { .text(TextMatching.canonical($0)) }
        return [
            StoredColumn("id", \.id, model: \Root.id, property: nil, json: "id", query: Queried(.identifier)),
            StoredColumn("kind", \.variety, model: \Root.variety, property: nil, json: "kind"),
            StoredColumn("name", \.name, model: \Root.name, property: "name", json: "name",
                         query: Queried(.text, inSearchIndex: true), bind: canonical),
            StoredColumn("summary", \.summary, model: \Root.summary, property: "summary", json: "summary",
                         query: Queried(.text, inSearchIndex: true), bind: canonical),
            StoredColumn("instructions", \.instructions, model: \Root.instructions, property: "instructions", json: "instructions",
                         query: Queried(.text, inSearchIndex: true), bind: canonical),
            StoredColumn("planned", \.plannedDate, model: \Root.plannedDate, property: "plannedDate", json: "planned",
                         query: Queried(.date, nullable: true)),
            StoredColumn("source", \.sourceURL, model: \Root.sourceURL, property: "sourceURL", json: "source",
                         query: Queried(.text, nullable: true)),
            StoredColumn("created", \.createdAt, model: \Root.createdAt, property: nil, json: "created", query: Queried(.date)),
            StoredColumn("updated", \.updatedAt, model: \Root.updatedAt, property: nil, json: "updated", query: Queried(.date)),
            StoredColumn("oven_temperature", \.ovenTemperature, model: \BakedGood.ovenTemperature, property: "ovenTemperature",
                         json: "ovenTemperature", query: Queried(.number, nullable: true), toRecord: { $0 }, toModel: { $0 }),
            StoredColumn("bake_minutes", \.bakeMinutes, model: \BakedGood.bakeMinutes, property: "bakeMinutes",
                         json: "bakeMinutes", query: Queried(.number, nullable: true), toRecord: { $0 }, toModel: { $0 }),
            // NULL for other kinds; a beverage's own value is never nil.
            StoredColumn("alcoholic", \.isAlcoholic, model: \Beverage.isAlcoholic, property: "isAlcoholic",
                         json: "alcoholic", query: Queried(.condition), toRecord: { $0 }, toModel: { $0 ?? false }),
            StoredColumn("served_hot", \.isServedHot, model: \Beverage.isServedHot, property: "isServedHot",
                         json: "servedHot", query: Queried(.condition), toRecord: { $0 }, toModel: { $0 ?? false }),
        ]
    }

    /// The columns as the store reads and writes them. Built once: it is immutable, and only
    /// non-Sendable because key paths and closures are not marked so.
    nonisolated(unsafe) static let columns = columns(for: Recipe.self)

    static let insertSQL = insertStatement(table: "recipe", columns.map(\.name))

    /// Every column but the key, matched by `id`.
    static let updateSQL: String = {
        let names = columns.map(\.name)
        let assignments = names.enumerated().filter { $0.element != "id" }.map { "\($0.element) = ?\($0.offset + 1)" }
        return "UPDATE recipe SET \(assignments.joined(separator: ", ")) WHERE id = ?\(names.firstIndex(of: "id")! + 1)"
    }()

    /// The values for ``insertSQL`` and ``updateSQL``.
    var columnValues: SQLArguments { SQLArguments(Self.columns.map { $0.value(self) }) }

    /// A record with no content, which reading a row or a model fills in.
    static let blank = RecipeRecord(
        id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), variety: .dish, name: "", summary: "", instructions: "",
        plannedDate: nil, createdAt: Date(timeIntervalSinceReferenceDate: 0), updatedAt: Date(timeIntervalSinceReferenceDate: 0),
        ovenTemperature: nil, bakeMinutes: nil, isAlcoholic: nil, isServedHot: nil, sourceURL: nil, ingredients: [])
}

extension RecipeRecord.IngredientRecord {
    /// Every column of `ingredient` but the two that place it: `recipe_id` and `position`.
    nonisolated(unsafe) static let columns: [StoredColumn<Self>] = {
        let canonical: (String) -> SQLiteValue = { .text(TextMatching.canonical($0)) }
        return [
            StoredColumn("id", \.id, model: \Ingredient.id, property: nil, json: "id", query: Queried(.identifier)),
            StoredColumn("name", \.name, model: \Ingredient.name, property: "name", json: "name",
                         query: Queried(.text, inSearchIndex: true), bind: canonical),
            StoredColumn("amount", \.amount, model: \Ingredient.amount, property: "amount", json: "amount",
                         query: Queried(.text, inSearchIndex: true), bind: canonical),
        ]
    }()

    static let insertSQL = insertStatement(table: "ingredient", ["recipe_id", "position"] + columns.map(\.name))

    static let selectSQL = "SELECT \(columns.map(\.name).joined(separator: ", ")) FROM ingredient WHERE recipe_id = ? ORDER BY position"

    static let blank = Self(id: RecipeRecord.blank.id, name: "", amount: "")
}

private func insertStatement(table: String, _ names: [String]) -> String {
    let parameters = names.indices.map { "?\($0 + 1)" }
    return "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(parameters.joined(separator: ", ")))"
}

extension RecipeVariety: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .text(rawValue) }
    public init?(sqliteValue: SQLiteValue) {
        guard case .text(let text) = sqliteValue else { return nil }
        self.init(rawValue: text)
    }
}
