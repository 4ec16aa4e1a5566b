import FoundationEssentials

// Reading and writing rows. Callers hold the transaction.

extension RecipeStore {
    /// Reads the recipes `fetch` selects, one at a time, stopping when `body` returns false.
    func forEachRecord<T>(_ fetch: CompiledFetch<T>, _ body: (RecipeRecord) throws -> Bool) throws {
        try forEachRecord(sql: fetch.plan.sql, arguments: SQLArguments(fetch.plan.parameters), body)
    }

    /// Reads rows of `sql`, which selects ``recipeSelection`` from `recipe r`.
    func forEachRecord(sql: String, arguments: SQLArguments, _ body: (RecipeRecord) throws -> Bool) throws {
        try reading {
            let statement = try database.prepare(sql)
            try statement.bind(arguments.values)
            let layout = try ColumnLayout(RecipeRecord.columns, in: statement)
            while try statement.step() {
                guard try body(try record(from: statement, layout)) else { break }
            }
        }
    }

    /// The record in the statement's current row, its columns found by `layout`.
    private func record(from row: SQLiteStatement, _ layout: ColumnLayout<RecipeRecord>) throws -> RecipeRecord {
        var record = RecipeRecord.blank
        if let column = layout.read(into: &record, from: row) {
            let id = row.string(try row.columnIndex("id"))
            let what = column == "id" || column == "kind" ? "id or kind" : column
            throw RecipeStoreError.damaged(path: displayPath, detail: "recipe \(id) has a bad \(what)")
        }
        record.ingredients = try ingredients(of: record.id)
        return record
    }

    private func ingredients(of recipeID: UUID) throws -> [RecipeRecord.IngredientRecord] {
        var layout: ColumnLayout<RecipeRecord.IngredientRecord>?
        var result: [RecipeRecord.IngredientRecord] = []
        // Built from a value, not an array literal of existentials (see nextPlannedRecipe).
        try database.forEachRow(RecipeRecord.IngredientRecord.selectSQL, SQLArguments([recipeID.sqliteValue])) { row in
            let columns = try layout ?? ColumnLayout(RecipeRecord.IngredientRecord.columns, in: row.statement)
            layout = columns
            var ingredient = RecipeRecord.IngredientRecord.blank
            // A row with an unreadable id is skipped, as it always was.
            if columns.read(into: &ingredient, from: row.statement) == nil { result.append(ingredient) }
            return true
        }
        return result
    }

    func insert(_ record: RecipeRecord) throws {
        try check(record)
        try database.execute(RecipeRecord.insertSQL, record.columnValues)
        let rowID = database.lastInsertedRowID
        try insertIngredients(of: record)
        try index(record, rowID: rowID)
        try stampLocalChange(of: record.id, deleted: false)
    }

    func update(_ record: RecipeRecord, from previous: RecipeRecord) throws {
        try check(record)
        try database.execute(RecipeRecord.updateSQL, record.columnValues)
        // Another process (a sync, another terminal) deleted the recipe since it was read:
        // the edit is newer than the deletion, so it brings the recipe back.
        guard database.lastChanges > 0 else { return try insert(record) }
        if record.ingredients != previous.ingredients {
            try database.execute("DELETE FROM ingredient WHERE recipe_id = ?", [record.id])
            try insertIngredients(of: record)
        }
        if SearchDocument(record) != SearchDocument(previous), let rowID = try rowID(of: record.id) {
            try index(record, rowID: rowID)
        }
        try stampLocalChange(of: record.id, deleted: false)
    }

    private func check(_ record: RecipeRecord) throws {
        if let problem = record.problem { throw RecipeStoreError.invalidRecipe(id: record.id, reason: problem) }
    }

    /// Deletes the recipe; its ingredients go with it (ON DELETE CASCADE), its search entry here.
    func deleteRecord(id: UUID) throws {
        if let rowID = try rowID(of: id) {
            try database.execute("DELETE FROM recipe_search WHERE rowid = ?", [rowID])
        }
        try database.execute("DELETE FROM recipe WHERE id = ?", [id])
        try stampLocalChange(of: id, deleted: true)
    }

    private func insertIngredients(of record: RecipeRecord) throws {
        let recipeID = record.id.sqliteValue
        let columns = RecipeRecord.IngredientRecord.columns
        for (position, ingredient) in record.ingredients.enumerated() {
            try database.execute(RecipeRecord.IngredientRecord.insertSQL,
                                 SQLArguments([recipeID, position.sqliteValue] + columns.map { $0.value(ingredient) }))
        }
    }

    /// Replaces the recipe's entry in the search index. Deleting first also clears an entry
    /// left behind if someone deleted the recipe row with another SQLite client.
    private func index(_ record: RecipeRecord, rowID: Int64) throws {
        try database.execute("DELETE FROM recipe_search WHERE rowid = ?", [rowID])
        try database.execute("INSERT INTO recipe_search (rowid, document) VALUES (?, ?)", [rowID, SearchDocument(record).text])
    }

    private func rowID(of id: UUID) throws -> Int64? {
        try database.fetchOne(Int64.self, "SELECT rowid FROM recipe WHERE id = ?", [id])
    }

    /// Builds the search index from every recipe; used when the index is first created.
    /// Reads a batch of recipes at a time (by rowid), so memory stays flat however large the
    /// store: a store of 60,000 recipes once needed 185 MB to upgrade, even for `next`.
    func rebuildSearchIndex() throws {
        try database.execute("DELETE FROM recipe_search")
        let rows = try database.prepare("SELECT r.rowid AS row_id, \(recipeSelection) FROM recipe r WHERE r.rowid > ? ORDER BY r.rowid LIMIT 256")
        let layout = try ColumnLayout(RecipeRecord.columns, in: rows)
        let rowIDColumn = try rows.columnIndex("row_id")
        var after = Int64.min
        while true {
            try rows.bind([after.sqliteValue])
            var batch: [(Int64, RecipeRecord)] = []
            while try rows.step() {
                batch.append((Int64(rows.int(rowIDColumn)), try record(from: rows, layout)))
            }
            guard let last = batch.last else { return }
            for (rowID, record) in batch {
                try database.execute("INSERT INTO recipe_search (rowid, document) VALUES (?, ?)", [rowID, SearchDocument(record).text])
            }
            after = last.0
        }
    }
}
