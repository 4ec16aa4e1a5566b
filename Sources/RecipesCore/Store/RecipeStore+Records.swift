import FoundationEssentials

// Reading and writing rows. Callers hold the transaction.

extension RecipeStore {
    /// Reads the recipes `fetch` selects, one at a time, stopping when `body` returns false.
    func forEachRecord<T>(_ fetch: CompiledFetch<T>, _ body: (RecipeRecord) throws -> Bool) throws {
        try forEachRecord(sql: fetch.plan.sql, arguments: SQLArguments(fetch.plan.parameters), body)
    }

    /// Reads rows of `sql`, which selects ``recipeSelection`` from `recipe r`. Planned dates
    /// that have passed move on first (unless `movingPlansOn` is false: the caller did), so
    /// `plannedDate` in a predicate, a sort or a record read is each recipe's next occurrence
    /// now; a read-only store keeps its last.
    func forEachRecord(sql: String, arguments: SQLArguments, movingPlansOn: Bool = true, _ body: (RecipeRecord) throws -> Bool) throws {
        if movingPlansOn { try refreshPassedPlans(now: clock()) }
        try reading {
            let statement = try database.prepare(sql)
            try statement.bind(arguments.values)
            let layout = try ColumnLayout(RecipeRecord.columns, in: statement)
            let rowIDColumn = try statement.columnIndex("rowid")
            while try statement.step() {
                guard try body(try record(from: statement, layout, rowIDColumn: rowIDColumn)) else { break }
            }
        }
    }

    /// The record in the statement's current row, its columns found by `layout`, its
    /// ingredient lines by the rowid in `rowIDColumn`.
    private func record(from row: SQLiteStatement, _ layout: ColumnLayout<RecipeRecord>, rowIDColumn: Int32) throws -> RecipeRecord {
        var record = RecipeRecord.blank
        if let column = layout.read(into: &record, from: row).first {
            let id = row.string(try row.columnIndex("id"))
            let what = column == "id" || column == "kind" ? "id or kind" : column
            throw RecipeStoreError.damaged(path: displayPath, detail: "recipe \(id) has a bad \(what)")
        }
        record.ingredients = try ingredients(ofRow: Int64(row.int(rowIDColumn)), recipe: record.id)
        return record
    }

    private func ingredients(ofRow rowID: Int64, recipe: UUID) throws -> [RecipeRecord.IngredientRecord] {
        var layout: ColumnLayout<RecipeRecord.IngredientRecord>?
        var result: [RecipeRecord.IngredientRecord] = []
        // Built from a value, not an array literal of existentials (see nextPlannedRecipe).
        try database.forEachRow(RecipeRecord.IngredientRecord.selectSQL, SQLArguments([rowID.sqliteValue])) { row in
            let columns = try layout ?? ColumnLayout(RecipeRecord.IngredientRecord.columns, in: row.statement)
            layout = columns
            var ingredient = RecipeRecord.IngredientRecord.blank
            switch columns.read(into: &ingredient, from: row.statement) {
            case []:
                result.append(ingredient)
            case ["id"]:
                // Another program's id: skipping the line hid it from every command, and the
                // next edit of the recipe's lines deleted it. It gets one made from what is
                // stored, the same at every read, which the next edit writes.
                let stored = columns.value(of: "id", from: row.statement) ?? .null
                ingredient.id = UUID(line: result.count, of: recipe, storedAs: stored)
                result.append(ingredient)
            default:
                // A name or amount that is not text: only another program writes one.
                break
            }
            return true
        }
        return result
    }

    /// Inserts `count` records, made by `record` for each index in order, and returns them.
    /// Many at once (a bulk save, an import) are made and prepared on a second thread
    /// meanwhile (see PreparedRecipes): `record` must not need the caller's thread.
    func insert(count: Int, record: @escaping @Sendable (Int) -> RecipeRecord) throws -> [RecipeRecord] {
        guard count >= PreparedRecipes.minimumCount else {
            return try (0..<count).map { index in
                let made = record(index)
                try insert(made)
                return made
            }
        }
        let statements = try RecipeInsertStatements(database)
        try database.execute("INSERT INTO recipe_words (recipe_words, rank) VALUES ('hashsize', \(Self.bulkIndexBuffer))")
        try enlargeCacheForBulkSave()
        let prepared = PreparedRecipes(count: count, record: record)
        var inserted: [RecipeRecord] = []
        inserted.reserveCapacity(count)
        do {
            for index in 0..<count {
                let recipe = prepared.recipe(at: index)
                try insert(recipe, using: statements)
                inserted.append(recipe.record)
            }
        } catch {
            _ = prepared.finish()
            throw error
        }
        unlistedSearchWords.formUnion(prepared.finish())
        return inserted
    }

    /// The bytes of new index entries FTS5 gathers in memory before writing them out as a
    /// segment (its `hashsize`; 1 MiB by default). A bulk save sets it, and the setting stays
    /// with the index: fewer, larger segments to write and merge took a thirteenth off a
    /// 20,000-recipe load's writing thread (instructions counted by callgrind), for at most
    /// this much more memory while a save writes.
    static let bulkIndexBuffer = 16 << 20

    /// The page cache of a bulk save, in KiB (SQLite's default is 2,000). A save of 5,000
    /// recipes dirties more pages than the default holds: SQLite then spills pages to the -wal
    /// mid-transaction, reads them back and writes them again at the commit, and the inserts
    /// into the id and sync-stamp indexes (random ids) keep reading evicted pages back. With
    /// this, a 100,000-recipe load on disk went from 7.4 to 6.0 s. The memory is only taken
    /// as pages are, and given back when the transaction ends (``restoreCacheAfterBulkSave()``).
    static let bulkCacheKiB = 65_536

    /// Makes the page cache ``bulkCacheKiB`` for the rest of the transaction.
    private func enlargeCacheForBulkSave() throws {
        guard cacheSizeBeforeBulkSave == nil, let size = try database.fetchOne(Int64.self, "PRAGMA cache_size") else { return }
        cacheSizeBeforeBulkSave = size
        try database.execute("PRAGMA cache_size = -\(Self.bulkCacheKiB)")
    }

    /// Gives the page cache its size before the bulk save (it frees the pages above it). Called
    /// when a write's transaction has ended, committed or not.
    func restoreCacheAfterBulkSave() {
        guard let size = cacheSizeBeforeBulkSave else { return }
        cacheSizeBeforeBulkSave = nil
        // Cannot fail on an open connection: the pragma only sets a number.
        try? database.execute("PRAGMA cache_size = \(size)")
    }

    func insert(_ record: RecipeRecord) throws {
        let prepared = PreparedRecipe(record, listingWordsIn: &unlistedSearchWords)
        try insert(prepared, using: try RecipeInsertStatements(database))
    }

    /// Inserts the record's row, lines and search entry (whose words the caller lists).
    private func insert(_ prepared: PreparedRecipe, using statements: RecipeInsertStatements) throws {
        let record = prepared.record
        try refuse(record.id, for: prepared.problem)
        try statements.row.run(prepared.values, prepared.rowValues)
        let rowID = database.lastInsertedRowID
        try insertLines(prepared.values, from: prepared.firstLineValue, rowID: rowID, using: statements.line)
        try statements.document.run(prepared.values, prepared.documentValue..<prepared.firstLineValue, after: rowID)
        try stampLocalChange(of: record.id, deleted: false, using: statements.version)
        // A recipe saved with a planned date is planned once then (see Recipe.plannedDate),
        // unless it is one brought back with its plan. Sync and samples write their entries
        // themselves.
        if stampsLocalChanges, let planned = record.plannedDate {
            if try planEntries(of: record.id).isEmpty {
                try insertEntry(PlanEntry(recipeID: record.id, date: planned), stamp: try nextPlanStamp())
            }
            try updateDerivedPlan(of: record.id, now: clock())
        }
    }

    func update(_ record: RecipeRecord, from previous: RecipeRecord) throws {
        try refuse(record.id, for: record.problem)
        try database.execute(RecipeRecord.updateSQL, record.columnValues)
        // Another process (a sync, another terminal) deleted the recipe since it was read:
        // the edit is newer than the deletion, so it brings the recipe back.
        guard database.lastChanges > 0 else { return try insert(record) }
        // The lines and the index entry are keyed by the rowid, looked up only when they change.
        let linesChanged = record.ingredients != previous.ingredients
        let (document, previousDocument) = (SearchDocument(record), SearchDocument(previous))
        let documentChanged = document != previousDocument
        if linesChanged || documentChanged, let rowID = try rowID(of: record.id) {
            if linesChanged {
                try database.execute("DELETE FROM ingredient WHERE recipe = ?", [rowID])
                var lines = PackedArguments()
                PreparedRecipe.appendLines(of: record, to: &lines)
                try insertLines(lines, from: 0, rowID: rowID, using: try database.cachedStatement(RecipeRecord.IngredientRecord.insertSQL))
                // What the old lines needed goes; the new lines are read when next asked.
                try forgetNeeds(ofRecipeRow: rowID)
                // Removing the old lines cleared the row's count (a trigger); the new one, now.
                try database.execute("UPDATE recipe SET ingredient_count = ? WHERE rowid = ?", [record.ingredientCountValue, rowID])
            }
            if documentChanged {
                try unindex(previousDocument, rowID: rowID)
                try index(document, rowID: rowID)
                document.collectWords(into: &unlistedSearchWords)
            }
        }
        try stampLocalChange(of: record.id, deleted: false)
        // Setting plannedDate plans the recipe once, replacing its upcoming entries.
        if stampsLocalChanges, record.plannedDate != previous.plannedDate {
            try replaceUpcomingPlan(of: record.id, with: record.plannedDate.map { PlanEntry(recipeID: record.id, date: $0) }, now: clock())
        }
    }

    /// Throws for a recipe with a problem (``RecipeRecord/problem``).
    private func refuse(_ id: UUID, for problem: String?) throws {
        if let problem { throw RecipeStoreError.invalidRecipe(id: id, reason: problem) }
    }

    /// Deletes the recipe; its ingredients go with it (ON DELETE CASCADE), its search entry here.
    func deleteRecord(id: UUID) throws {
        // The index is contentless: removing an entry needs the words it was given, so the
        // recipe as stored is read first.
        if let rowID = try rowID(of: id), let stored = try record(withID: id) {
            try unindex(SearchDocument(stored), rowID: rowID)
        }
        try database.execute("DELETE FROM recipe WHERE id = ?", [id])
        try stampLocalChange(of: id, deleted: true)
    }

    /// Writes the lines packed in `values` from `start` on (``PreparedRecipe/appendLines(of:to:)``)
    /// under the recipe whose rowid is `rowID`, with `statement` (``RecipeRecord/IngredientRecord/insertSQL``).
    private func insertLines(_ values: PackedArguments, from start: Int, rowID: Int64, using statement: SQLiteStatement) throws {
        for line in stride(from: start, to: values.count, by: PreparedRecipe.lineValueCount) {
            try statement.run(values, line..<line + PreparedRecipe.lineValueCount, after: rowID)
        }
    }

    /// Adds the recipe's entry to the search index. The caller collects its words into
    /// `unlistedSearchWords`: they join `search_word` when the transaction ends, once for all
    /// the recipes it wrote.
    private func index(_ document: SearchDocument, rowID: Int64) throws {
        try database.execute(RecipeInsertStatements.documentSQL, [rowID, document.text])
    }

    /// Lists the words indexed in this transaction in `search_word`. Words of removed entries
    /// stay listed: a listed word no recipe holds only costs a lookup that finds nothing.
    func listSearchWords() throws {
        guard !unlistedSearchWords.isEmpty else { return }
        let statement = try database.cachedStatement("INSERT OR IGNORE INTO search_word (word) VALUES (?)")
        try unlistedSearchWords.forEach { try statement.run([.text($0)]) }
        unlistedSearchWords.removeAll()
    }

    /// Removes the recipe's entry. The index is contentless: FTS5 removes the words of the
    /// document it is given, so this must be the recipe's as stored. Were it not (a row edited
    /// by another SQLite client), words would stay behind, which only lets extra candidates
    /// through to the exact check.
    private func unindex(_ document: SearchDocument, rowID: Int64) throws {
        try database.execute("INSERT INTO recipe_words (recipe_words, rowid, document) VALUES ('delete', ?, ?)",
                             [rowID, document.text])
    }

    private func rowID(of id: UUID) throws -> Int64? {
        try database.fetchOne(Int64.self, "SELECT rowid FROM recipe WHERE id = ?", [id])
    }

    /// Builds the search index from every recipe; used when the index is first created.
    /// Reads a batch of recipes at a time (by rowid), so memory stays flat however large the
    /// store: a store of 60,000 recipes once needed 185 MB to upgrade, even for `next`.
    func rebuildSearchIndex() throws {
        try database.execute("INSERT INTO recipe_words (recipe_words) VALUES ('delete-all')")
        let rows = try database.prepare("SELECT \(recipeSelection) FROM recipe r WHERE r.rowid > ? ORDER BY r.rowid LIMIT 256")
        let layout = try ColumnLayout(RecipeRecord.columns, in: rows)
        let rowIDColumn = try rows.columnIndex("rowid")
        var after = Int64.min
        while true {
            try rows.bind([after.sqliteValue])
            var batch: [(Int64, RecipeRecord)] = []
            while try rows.step() {
                batch.append((Int64(rows.int(rowIDColumn)), try record(from: rows, layout, rowIDColumn: rowIDColumn)))
            }
            guard let last = batch.last else { break }
            for (rowID, record) in batch {
                try index(SearchDocument(record), rowID: rowID)
            }
            after = last.0
        }
        try database.execute("DELETE FROM search_word; INSERT INTO search_word SELECT term FROM recipe_words_terms")
    }
}

/// The statements that insert a recipe, found once for many: finding a cached statement
/// hashes its SQL, which is long (a thirtieth of a bulk load's writing thread, `perf` on
/// 50,000 recipes). Each run resets its statement, so holding them keeps none busy.
struct RecipeInsertStatements {
    static let documentSQL = "INSERT INTO recipe_words (rowid, document) VALUES (?, ?)"

    let row: SQLiteStatement
    let line: SQLiteStatement
    let document: SQLiteStatement
    /// The recipe's version stamp (``RecipeStore/localStampSQL``).
    let version: SQLiteStatement

    init(_ database: SQLiteConnection) throws {
        row = try database.cachedStatement(RecipeRecord.insertSQL)
        line = try database.cachedStatement(RecipeRecord.IngredientRecord.insertSQL)
        document = try database.cachedStatement(Self.documentSQL)
        version = try database.cachedStatement(RecipeStore.localStampSQL)
    }
}
