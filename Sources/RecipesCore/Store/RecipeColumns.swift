import FoundationEssentials

// What a recipe and an ingredient store. A recipe's details (servings, times, tags ...)
// are described in RecipeDetails.swift, and their columns come from there: a new detail is
// the model property, one entry in RecipeDetails.fields and a migration (Schema). The
// columns here are the recipe's own (name, texts, dates, the kinds' fields); the SQL,
// reading rows, change detection, `ModelContext`'s restore and the translator's key paths
// follow from these lists, and a test checks the JSON archive's keys against them.

extension RecipeRecord {
    /// Every column of `recipe`, in the order a person's edits are reported (a save conflict
    /// lists fields in this order). Common properties name their key path on `Root`, so the
    /// translator can list `\BakedGood.name` as well as `\Recipe.name`. Each entry names its
    /// property in the record, the model (to read, to write) and a key path: closures for the
    /// first two, because building key paths at run time is what `recipes next` cannot afford.
    static func columns<Root: Recipe>(for root: Root.Type) -> [StoredColumn<RecipeRecord>] {
        let canonical: (String) -> SQLiteValue = { .text(TextMatching.canonical($0)) }
        let common: [StoredColumn<RecipeRecord>] = [
            StoredColumn("id", { $1(&$0.id) }, model: nil, modelValue: { $0.id }, keyPath: \Root.id,
                         property: nil, json: "id", query: Queried(.identifier)),
            StoredColumn("kind", { $1(&$0.variety) }, model: nil, modelValue: { $0.variety }, keyPath: \Root.variety,
                         property: nil, json: "kind"),
            StoredColumn("name", { $1(&$0.name) }, model: ({ $0.name }, { $0.name = $1 }), keyPath: \Root.name,
                         property: "name", json: "name", query: Queried(.text, inSearchIndex: true), bind: canonical),
            StoredColumn("summary", { $1(&$0.summary) }, model: ({ $0.summary }, { $0.summary = $1 }), keyPath: \Root.summary,
                         property: "summary", json: "summary", query: Queried(.text, inSearchIndex: true), bind: canonical),
            StoredColumn("instructions", { $1(&$0.instructions) }, model: ({ $0.instructions }, { $0.instructions = $1 }), keyPath: \Root.instructions,
                         property: "instructions", json: "instructions", query: Queried(.text, inSearchIndex: true), bind: canonical),
            StoredColumn("planned", { $1(&$0.plannedDate) }, model: ({ $0.plannedDate }, { $0.plannedDate = $1 }), keyPath: \Root.plannedDate,
                         property: "plannedDate", json: "planned", query: Queried(.date, nullable: true)),
        ]
        // The details (source, servings, what it makes, times, tags, picture, nutrition), as
        // RecipeDetails describes them, then what the store keeps of its own.
        return common + RecipeDetails.fields(for: root).map(\.storedColumn) + [
            StoredColumn("last_cooked", { $1(&$0.lastCooked) }, model: ({ $0.lastCooked }, { $0.lastCooked = $1 }), keyPath: \Root.lastCooked,
                         property: nil, json: "lastCooked", query: Queried(.date, nullable: true)),
            StoredColumn("times_cooked", { $1(&$0.timesCooked) }, model: ({ $0.timesCooked }, { $0.timesCooked = $1 }), keyPath: \Root.timesCooked,
                         property: nil, json: "timesCooked", query: Queried(.number)),
            StoredColumn("created", { $1(&$0.createdAt) }, model: ({ $0.createdAt }, { $0.createdAt = $1 }), keyPath: \Root.createdAt,
                         property: nil, json: "created", query: Queried(.date)),
            StoredColumn("updated", { $1(&$0.updatedAt) }, model: ({ $0.updatedAt }, { $0.updatedAt = $1 }), keyPath: \Root.updatedAt,
                         property: nil, json: "updated", query: Queried(.date)),
            StoredColumn("oven_temperature", { $1(&$0.ovenTemperature) }, model: ({ (baked: BakedGood) in baked.ovenTemperature }, { baked, value in baked.ovenTemperature = value }),
                         keyPath: \BakedGood.ovenTemperature, property: "ovenTemperature", json: "ovenTemperature",
                         query: Queried(.number, nullable: true), toRecord: { $0 }, toModel: { $0 }),
            StoredColumn("bake_minutes", { $1(&$0.bakeMinutes) }, model: ({ (baked: BakedGood) in baked.bakeMinutes }, { baked, value in baked.bakeMinutes = value }),
                         keyPath: \BakedGood.bakeMinutes, property: "bakeMinutes", json: "bakeMinutes",
                         query: Queried(.number, nullable: true), toRecord: { $0 }, toModel: { $0 }),
            // NULL for other kinds; a beverage's own value is never nil.
            StoredColumn("alcoholic", { $1(&$0.isAlcoholic) }, model: ({ (beverage: Beverage) in beverage.isAlcoholic }, { beverage, value in beverage.isAlcoholic = value }),
                         keyPath: \Beverage.isAlcoholic, property: "isAlcoholic", json: "alcoholic",
                         query: Queried(.condition), toRecord: { $0 }, toModel: { $0 ?? false }),
            StoredColumn("served_hot", { $1(&$0.isServedHot) }, model: ({ (beverage: Beverage) in beverage.isServedHot }, { beverage, value in beverage.isServedHot = value }),
                         keyPath: \Beverage.isServedHot, property: "isServedHot", json: "servedHot",
                         query: Queried(.condition), toRecord: { $0 }, toModel: { $0 ?? false }),
        ]
    }

    /// The columns as the store reads and writes them. Built once: it is immutable, and only
    /// non-Sendable because key paths and closures are not marked so.
    nonisolated(unsafe) static let columns = columns(for: Recipe.self)

    /// Columns the store derives from the record as it writes the row, never read back into
    /// one: `ingredient_count` lets a list show each recipe from its row alone, and
    /// `name_key` sort it as Finder does.
    static let derivedColumnNames = ["ingredient_count", "name_key"]

    /// A recipe's ingredient count in SQL: the row's, or counted from its lines when a writer
    /// that knows nothing of the column left it NULL (see Schema's "ingredient count").
    static func ingredientCountSQL(alias: String) -> String {
        "coalesce(\(alias).ingredient_count, (SELECT count(*) FROM ingredient WHERE recipe = \(alias).rowid AND heading = 0))"
    }

    /// The `ingredient_count` the row is written with. No lines is NULL, not 0: a writer that
    /// knows nothing of the count adds lines to such a recipe without removing any, which no
    /// trigger sees, and a NULL count is counted from the lines when read.
    var ingredientCountValue: SQLiteValue {
        let count = ingredients.count { !$0.isHeading }
        return count == 0 ? .null : count.sqliteValue
    }

    static let insertSQL = insertStatement(table: "recipe", columns.map { $0.name } + derivedColumnNames)

    /// Every column but the key, matched by `id`.
    static let updateSQL: String = {
        let names = columns.map { $0.name } + derivedColumnNames
        let assignments = names.enumerated().filter { $0.element != "id" }.map { "\($0.element) = ?\($0.offset + 1)" }
        return "UPDATE recipe SET \(assignments.joined(separator: ", ")) WHERE id = ?\(names.firstIndex(of: "id")! + 1)"
    }()

    /// The values for ``insertSQL`` and ``updateSQL``.
    var columnValues: SQLArguments {
        SQLArguments(Self.columns.map { $0.value(self) } + [ingredientCountValue, .text(TextMatching.standardSortKey(name))])
    }

    /// A record with no content, which reading a row or a model fills in.
    static let blank = RecipeRecord()
}

extension RecipeRecord.IngredientRecord {
    /// Every column of `ingredient` but the two that place it: `recipe` (the recipe's rowid)
    /// and `position`.
    nonisolated(unsafe) static let columns: [StoredColumn<Self>] = {
        let canonical: (String) -> SQLiteValue = { .text(TextMatching.canonical($0)) }
        return [
            // 16 bytes, not the recipe's 36 characters of text: a recipe has about ten lines.
            // A predicate compares its text (`recipes_id_text`).
            StoredColumn("id", { $1(&$0.id) }, model: nil, modelValue: { $0.id }, keyPath: \Ingredient.id,
                         property: nil, json: "id", query: Queried(.identifier, function: "recipes_id_text"),
                         bind: { $0.storedBytes }),
            StoredColumn("name", { $1(&$0.name) }, model: ({ $0.name }, { $0.name = $1 }), keyPath: \Ingredient.name,
                         property: "name", json: "name", query: Queried(.text, inSearchIndex: true), bind: canonical),
            StoredColumn("amount", { $1(&$0.amount) }, model: ({ $0.amount }, { $0.amount = $1 }), keyPath: \Ingredient.amount,
                         property: "amount", json: "amount", query: Queried(.text, inSearchIndex: true), bind: canonical),
            StoredColumn("heading", { $1(&$0.isHeading) }, model: ({ $0.isHeading }, { $0.isHeading = $1 }), keyPath: \Ingredient.isHeading,
                         property: "isHeading", json: "heading", query: Queried(.condition)),
        ]
    }()

    static let insertSQL = insertStatement(table: "ingredient", ["recipe", "position"] + columns.map { $0.name })

    /// The lines of the recipe whose rowid is `?1`, in order.
    static let selectSQL = "SELECT \(columns.map { $0.name }.joinedText(separator: ", ")) FROM ingredient WHERE recipe = ? ORDER BY position"

    static let blank = Self()
}

private func insertStatement(table: String, _ names: [String]) -> String {
    let parameters = names.indices.map { "?\($0 + 1)" }
    return "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(parameters.joined(separator: ", ")))"
}

extension Array: SQLiteValueConvertible where Element == String {
    /// The lines joined by line breaks: how the `tags` column stores a recipe's tags.
    package var sqliteValue: SQLiteValue { .text(joined(separator: "\n")) }
    package init?(sqliteValue: SQLiteValue) {
        guard let text = String(sqliteValue: sqliteValue) else { return nil }
        self = text.split(separator: "\n").map(String.init)
    }
}

extension RecipeVariety {
    /// The kind the `kind` column's bytes name, read without making a String.
    static func stored(_ bytes: UnsafeBufferPointer<UInt8>) -> RecipeVariety? {
        allCases.first { $0.rawValue.utf8.elementsEqual(bytes) }
    }
}

extension RecipeVariety: SQLiteValueConvertible {
    /// The kind as the `kind` column stores it.
    package var sqliteValue: SQLiteValue { .text(rawValue) }
    package init?(sqliteValue: SQLiteValue) {
        guard case .text(let text) = sqliteValue else { return nil }
        self.init(rawValue: text)
    }
}
