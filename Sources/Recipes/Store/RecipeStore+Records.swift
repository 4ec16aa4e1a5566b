import Foundation

// Reading and writing rows. Callers hold the transaction.

extension RecipeStore {
    /// Reads the recipes `fetch` selects, one at a time, stopping when `body` returns false.
    func forEachRecord<T>(_ fetch: CompiledFetch<T>, _ body: (RecipeRecord) throws -> Bool) throws {
        try forEachRecord(sql: fetch.plan.sql, parameters: fetch.plan.parameters, body)
    }

    /// Reads rows of `sql`, which selects ``recipeSelection`` from `recipe r`.
    func forEachRecord(sql: String, parameters: [SQLiteValue], _ body: (RecipeRecord) throws -> Bool) throws {
        do {
            let statement = try database.prepare(sql)
            try statement.bind(parameters)
            while try statement.step() {
                guard try body(try record(from: statement)) else { break }
            }
        } catch let error as SQLiteError {
            throw Self.describe(error, path: url?.path ?? ":memory:")
        }
    }

    private func record(from row: SQLiteStatement) throws -> RecipeRecord {
        let id = row.string(0)
        guard let uuid = UUID(uuidString: id), let variety = RecipeVariety(rawValue: row.string(1)) else {
            throw RecipeStoreError.damaged(path: url?.path ?? ":memory:", detail: "recipe \(id) has a bad id or kind")
        }
        return RecipeRecord(
            id: uuid, variety: variety, name: row.string(2), summary: row.string(3), instructions: row.string(4),
            plannedDate: row.optionalDouble(5).map(Date.init(timeIntervalSinceReferenceDate:)),
            createdAt: Date(timeIntervalSinceReferenceDate: row.double(6)),
            updatedAt: Date(timeIntervalSinceReferenceDate: row.double(7)),
            ovenTemperature: row.optionalInt(8), bakeMinutes: row.optionalInt(9),
            isAlcoholic: row.optionalInt(10).map { $0 != 0 }, isServedHot: row.optionalInt(11).map { $0 != 0 },
            ingredients: try ingredients(of: id))
    }

    private func ingredients(of recipeID: String) throws -> [RecipeRecord.IngredientRecord] {
        let statement = try cachedStatement("SELECT id, name, amount FROM ingredient WHERE recipe_id = ? ORDER BY position")
        try statement.bind([.text(recipeID)])
        defer { statement.reset() }
        var result: [RecipeRecord.IngredientRecord] = []
        while try statement.step() {
            guard let id = UUID(uuidString: statement.string(0)) else { continue }
            result.append(.init(id: id, name: statement.string(1), amount: statement.string(2)))
        }
        return result
    }

    func insert(_ record: RecipeRecord) throws {
        try cachedStatement("""
            INSERT INTO recipe (id, kind, name, summary, instructions, planned, created, updated,
                                oven_temperature, bake_minutes, alcoholic, served_hot)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
            """).execute(Self.columnValues(record))
        try writeIngredients(of: record, replacing: nil)
    }

    func update(_ record: RecipeRecord, from previous: RecipeRecord) throws {
        try cachedStatement("""
            UPDATE recipe SET kind = ?2, name = ?3, summary = ?4, instructions = ?5, planned = ?6,
                created = ?7, updated = ?8, oven_temperature = ?9, bake_minutes = ?10,
                alcoholic = ?11, served_hot = ?12
            WHERE id = ?1
            """).execute(Self.columnValues(record))
        if record.ingredients != previous.ingredients {
            try writeIngredients(of: record, replacing: previous)
        }
    }

    /// Deletes the recipe; its ingredients go with it (ON DELETE CASCADE).
    func deleteRecord(id: UUID) throws {
        try cachedStatement("DELETE FROM recipe WHERE id = ?").execute([.text(id.uuidString)])
    }

    private func writeIngredients(of record: RecipeRecord, replacing previous: RecipeRecord?) throws {
        let recipeID = SQLiteValue.text(record.id.uuidString)
        if let previous {
            let kept = Set(record.ingredients.map(\.id))
            let remove = try cachedStatement("DELETE FROM ingredient WHERE id = ? AND recipe_id = ?")
            for ingredient in previous.ingredients where !kept.contains(ingredient.id) {
                try remove.execute([.text(ingredient.id.uuidString), recipeID])
            }
        }
        let upsert = try cachedStatement("""
            INSERT INTO ingredient (id, recipe_id, position, name, amount) VALUES (?1, ?2, ?3, ?4, ?5)
            ON CONFLICT (id) DO UPDATE SET recipe_id = ?2, position = ?3, name = ?4, amount = ?5
            """)
        for (position, ingredient) in record.ingredients.enumerated() {
            try upsert.execute([.text(ingredient.id.uuidString), recipeID, .integer(Int64(position)),
                                .text(TextMatching.canonical(ingredient.name)), .text(TextMatching.canonical(ingredient.amount))])
        }
    }

    private static func columnValues(_ record: RecipeRecord) -> [SQLiteValue] {
        func optional(_ value: Int?) -> SQLiteValue { value.map { .integer(Int64($0)) } ?? .null }
        func optional(_ value: Bool?) -> SQLiteValue { value.map { .integer($0 ? 1 : 0) } ?? .null }
        return [
            .text(record.id.uuidString), .text(record.variety.rawValue), .text(TextMatching.canonical(record.name)),
            .text(TextMatching.canonical(record.summary)), .text(TextMatching.canonical(record.instructions)),
            record.plannedDate.map { .real($0.timeIntervalSinceReferenceDate) } ?? .null,
            .real(record.createdAt.timeIntervalSinceReferenceDate), .real(record.updatedAt.timeIntervalSinceReferenceDate),
            optional(record.ovenTemperature), optional(record.bakeMinutes),
            optional(record.isAlcoholic), optional(record.isServedHot),
        ]
    }
}

extension SQLiteStatement {
    /// Binds, runs to completion, and resets, so a cached statement releases its locks.
    func execute(_ parameters: [SQLiteValue]) throws {
        try bind(parameters)
        defer { reset() }
        while try step() {}
    }
}
