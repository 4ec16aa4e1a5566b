import FoundationEssentials

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
            throw Self.describe(error, path: path ?? ":memory:")
        }
    }

    /// The record in the row's columns `offset ..< offset + 13`, in ``recipeSelection`` order.
    private func record(from row: SQLiteStatement, offset: Int32 = 0) throws -> RecipeRecord {
        let id = row.string(offset)
        guard let uuid = UUID(storedText: id), let variety = RecipeVariety(rawValue: row.string(offset + 1)) else {
            throw RecipeStoreError.damaged(path: path ?? ":memory:", detail: "recipe \(id) has a bad id or kind")
        }
        return RecipeRecord(
            id: uuid, variety: variety, name: row.string(offset + 2), summary: row.string(offset + 3),
            instructions: row.string(offset + 4),
            plannedDate: row.optionalDouble(offset + 5).map(Date.init(timeIntervalSinceReferenceDate:)),
            createdAt: Date(timeIntervalSinceReferenceDate: row.double(offset + 6)),
            updatedAt: Date(timeIntervalSinceReferenceDate: row.double(offset + 7)),
            ovenTemperature: row.optionalInt(offset + 8), bakeMinutes: row.optionalInt(offset + 9),
            isAlcoholic: row.optionalInt(offset + 10).map { $0 != 0 }, isServedHot: row.optionalInt(offset + 11).map { $0 != 0 },
            sourceURL: row.isNull(offset + 12) ? nil : row.string(offset + 12),
            ingredients: try ingredients(of: id))
    }

    private func ingredients(of recipeID: String) throws -> [RecipeRecord.IngredientRecord] {
        let statement = try cachedStatement("SELECT id, name, amount FROM ingredient WHERE recipe_id = ? ORDER BY position")
        try statement.bind([.text(recipeID)])
        defer { statement.reset() }
        var result: [RecipeRecord.IngredientRecord] = []
        while try statement.step() {
            guard let id = UUID(storedText: statement.string(0)) else { continue }
            result.append(.init(id: id, name: statement.string(1), amount: statement.string(2)))
        }
        return result
    }

    func insert(_ record: RecipeRecord) throws {
        try check(record)
        try cachedStatement("""
            INSERT INTO recipe (id, kind, name, summary, instructions, planned, created, updated,
                                oven_temperature, bake_minutes, alcoholic, served_hot, source)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
            """).execute(Self.columnValues(record))
        let rowID = database.lastInsertedRowID
        try insertIngredients(of: record)
        try index(record, rowID: rowID)
        try stampLocalChange(of: record.id, deleted: false)
    }

    func update(_ record: RecipeRecord, from previous: RecipeRecord) throws {
        try check(record)
        try cachedStatement("""
            UPDATE recipe SET kind = ?2, name = ?3, summary = ?4, instructions = ?5, planned = ?6,
                created = ?7, updated = ?8, oven_temperature = ?9, bake_minutes = ?10,
                alcoholic = ?11, served_hot = ?12, source = ?13
            WHERE id = ?1
            """).execute(Self.columnValues(record))
        // Another process (a sync, another terminal) deleted the recipe since it was read:
        // the edit is newer than the deletion, so it brings the recipe back.
        guard database.lastChanges > 0 else { return try insert(record) }
        if record.ingredients != previous.ingredients {
            try cachedStatement("DELETE FROM ingredient WHERE recipe_id = ?").execute([.text(record.id.uuidString)])
            try insertIngredients(of: record)
        }
        if SearchDocument(record) != SearchDocument(previous), let rowID = try rowID(of: record.id) {
            try unindex(previous, rowID: rowID)
            try index(record, rowID: rowID)
        }
        try stampLocalChange(of: record.id, deleted: false)
    }

    private func check(_ record: RecipeRecord) throws {
        if let problem = record.problem { throw RecipeStoreError.invalidRecipe(id: record.id, reason: problem) }
    }

    /// Deletes the recipe; its ingredients go with it (ON DELETE CASCADE), its search entry here.
    func deleteRecord(id: UUID) throws {
        let row = try database.prepare("SELECT r.rowid, \(recipeSelection) FROM recipe r WHERE r.id = ?")
        try row.bind([.text(id.uuidString)])
        if try row.step() { try unindex(try record(from: row, offset: 1), rowID: Int64(row.int(0))) }
        try cachedStatement("DELETE FROM recipe WHERE id = ?").execute([.text(id.uuidString)])
        try stampLocalChange(of: id, deleted: true)
    }

    private func insertIngredients(of record: RecipeRecord) throws {
        let recipeID = SQLiteValue.text(record.id.uuidString)
        let insert = try cachedStatement("INSERT INTO ingredient (recipe_id, position, id, name, amount) VALUES (?, ?, ?, ?, ?)")
        for (position, ingredient) in record.ingredients.enumerated() {
            try insert.execute([recipeID, .integer(Int64(position)), .text(ingredient.id.uuidString),
                                .text(TextMatching.canonical(ingredient.name)), .text(TextMatching.canonical(ingredient.amount))])
        }
    }

    /// Adds the recipe's entry to the search index; its words join `search_word` when the
    /// transaction ends, once for all the recipes it wrote.
    private func index(_ record: RecipeRecord, rowID: Int64) throws {
        let document = SearchDocument(record)
        try cachedStatement("INSERT INTO recipe_words (rowid, document) VALUES (?, ?)")
            .execute([.integer(rowID), .text(document.text)])
        document.collectWords(into: &unlistedSearchWords)
    }

    /// Lists the words indexed in this transaction in `search_word`. Words of removed entries
    /// stay listed: a listed word no recipe holds only costs a lookup that finds nothing.
    func listSearchWords() throws {
        guard !unlistedSearchWords.isEmpty else { return }
        let insert = try cachedStatement("INSERT OR IGNORE INTO search_word (word) VALUES (?)")
        try unlistedSearchWords.forEach { try insert.execute([.text($0)]) }
        unlistedSearchWords.removeAll()
    }

    /// Removes the recipe's entry. The index is contentless: FTS5 removes the words of the
    /// document it is given, so this must be the recipe as stored. Were it not (a row edited by
    /// another SQLite client), words would stay behind, which only lets extra candidates
    /// through to the exact check.
    private func unindex(_ record: RecipeRecord, rowID: Int64) throws {
        try cachedStatement("INSERT INTO recipe_words (recipe_words, rowid, document) VALUES ('delete', ?, ?)")
            .execute([.integer(rowID), .text(SearchDocument(record).text)])
    }

    private func rowID(of id: UUID) throws -> Int64? {
        let statement = try cachedStatement("SELECT rowid FROM recipe WHERE id = ?")
        try statement.bind([.text(id.uuidString)])
        defer { statement.reset() }
        return try statement.step() ? Int64(statement.int(0)) : nil
    }

    /// Builds the search index from every recipe; used when the index is first created.
    /// Reads a batch of recipes at a time (by rowid), so memory stays flat however large the
    /// store: a store of 60,000 recipes once needed 185 MB to upgrade, even for `next`.
    func rebuildSearchIndex() throws {
        try database.execute("INSERT INTO recipe_words (recipe_words) VALUES ('delete-all')")
        let rows = try database.prepare("SELECT r.rowid, \(recipeSelection) FROM recipe r WHERE r.rowid > ? ORDER BY r.rowid LIMIT 256")
        let insert = try cachedStatement("INSERT INTO recipe_words (rowid, document) VALUES (?, ?)")
        var after = Int64.min
        while true {
            try rows.bind([.integer(after)])
            var batch: [(Int64, RecipeRecord)] = []
            while try rows.step() {
                // Column 0 is the rowid; the record's columns follow it.
                batch.append((Int64(rows.int(0)), try record(from: rows, offset: 1)))
            }
            guard let last = batch.last else { break }
            for (rowID, record) in batch {
                try insert.execute([.integer(rowID), .text(SearchDocument(record).text)])
            }
            after = last.0
        }
        try database.execute("DELETE FROM search_word; INSERT INTO search_word SELECT term FROM recipe_words_terms")
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
            record.sourceURL.map { .text($0) } ?? .null,
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
