import CSQLite
import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// A save of many new recipes prepares their rows, lines and search documents on a second
/// thread while it writes (PreparedRecipes). The store must end up holding exactly what saving
/// the same recipes one at a time gives, and a bulk save that fails must write nothing.
@Suite(.timeLimit(.minutes(2))) struct BulkInsertTests {
    /// Enough recipes for many chunks and more than the worker may prepare ahead of the writer.
    static let count = PreparedRecipes.chunkSize * (PreparedRecipes.lookahead + 5) + 7

    /// Recipes of every kind with accents, other scripts, headings, no lines and planned
    /// dates, their ids drawn from their number so two stores can be compared row by row.
    static func recipes(_ count: Int = count) -> [Recipe] {
        let words = ["Crème brûlée", "garlic", "Пельмени", "餃子", "saffron", "Straße", "naïve", "1/2 cup", "ﬁsh", "q\u{0301}uiche"]
        return (0..<count).map { number in
            let word = words[number % words.count], other = words[(number / words.count) % words.count]
            let id = UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))!
            let lines = (0..<(number % 13)).map { line in
                Ingredient(id: UUID(uuidString: String(format: "00000000-0000-4000-9000-%06d%06d", number, line))!,
                           name: line == 0 && number % 3 == 0 ? "For the \(other)" : "\(word) \(line)", amount: "\(line + 1) g",
                           isHeading: line == 0 && number % 3 == 0)
            }
            let name = "\(word) \(other) \(number)", planned = number % 7 == 0 ? Date(timeIntervalSince1970: 2_000_000_000 + Double(number) * 86_400) : nil
            switch number % 3 {
            case 0: return BakedGood(id: id, name: name, instructions: "Bake the \(other).", plannedDate: planned, ingredients: lines, ovenTemperature: 180 + number % 40)
            case 1: return Beverage(id: id, name: name, summary: other, plannedDate: planned, ingredients: lines, isAlcoholic: number % 2 == 0)
            default: return Recipe(id: id, name: name, summary: String(repeating: "\(word) ", count: number % 50), plannedDate: planned, ingredients: lines)
            }
        }
    }

    /// What a store holds, as text: rows, lines (by their recipe's id, not rowid), the search
    /// index's words with how many recipes hold each, the listed words and the plan.
    static func contents(of temporary: TemporaryStore) throws -> [String] {
        let connection = try temporary.rawConnection()
        return try [
            """
            SELECT quote(id) || quote(kind) || quote(name) || quote(summary) || quote(instructions) || quote(planned)
                || quote(oven_temperature) || quote(alcoholic) || quote(ingredient_count) AS line FROM recipe ORDER BY id
            """,
            """
            SELECT quote(r.id) || quote(i.position) || quote(i.id) || quote(i.name) || quote(i.amount) || quote(i.heading) AS line
                FROM ingredient i JOIN recipe r ON r.rowid = i.recipe ORDER BY r.id, i.position
            """,
            "SELECT quote(term) || quote(doc) AS line FROM recipe_words_terms ORDER BY term",
            "SELECT quote(word) AS line FROM search_word ORDER BY word",
            "SELECT quote(recipe_id) || quote(date) AS line FROM plan_entry ORDER BY recipe_id, date",
        ].map { query in
            guard case .text(let text)? = try connection.scalar("SELECT group_concat(line, char(10)) FROM (\(query))") else { return "" }
            return text
        }
    }

    @Test func aBulkSaveStoresWhatSavingOneAtATimeStores() throws {
        let bulk = TemporaryStore(), single = TemporaryStore()
        let context = ModelContext(bulk.store)
        Self.recipes().forEach(context.insert)
        try context.save()
        for recipe in Self.recipes() {
            let context = ModelContext(single.store)
            context.insert(recipe)
            try context.save()
        }
        let (bulkContents, singleContents) = (try Self.contents(of: bulk), try Self.contents(of: single))
        #expect(bulkContents.allSatisfy { !$0.isEmpty })
        for (bulkTable, singleTable) in zip(bulkContents, singleContents) {
            #expect(bulkTable == singleTable)
        }
        // Searches through the index find what the predicate finds in memory.
        for needle in ["garlic", "creme", "пельмени", "ffron", "strasse", "fish", "quiche", "1/2", "heading", "for the"] {
            let predicate = RecipePredicates.search(needle)!
            let expected = Set(try Self.recipes().filter { try predicate.evaluate($0) }.map(\.id))
            let found = Set(try ModelContext(bulk.store).fetch(FetchDescriptor<Recipe>(predicate: predicate)).map(\.id))
            #expect(found == expected, "\(needle)")
        }
        #expect(try bulk.rawConnection().scalar("PRAGMA integrity_check") == .text("ok"))
        // The index gathers a bulk save's entries in a larger buffer (RecipeStore.bulkIndexBuffer).
        #expect(try bulk.rawConnection().scalar("SELECT v FROM recipe_words_config WHERE k = 'hashsize'") == .integer(16 << 20))
    }

    @Test(arguments: [3, count / 2, count - 1])
    func aBulkSaveThatFailsWritesNothing(failingAt position: Int) throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        let recipes = Self.recipes()
        recipes.forEach(context.insert)
        recipes[position].name = "  "
        let cacheSize = try temporary.store.database.scalar("PRAGMA cache_size")
        #expect(throws: RecipeStoreError.self) { try context.save() }
        // The save's larger page cache (RecipeStore.bulkCacheKiB) ended with it.
        #expect(try temporary.store.database.scalar("PRAGMA cache_size") == cacheSize)
        #expect(try temporary.count("SELECT count(*) FROM recipe") == 0)
        #expect(try temporary.count("SELECT count(*) FROM ingredient") == 0)
        #expect(try temporary.count("SELECT count(*) FROM search_word") == 0)
        #expect(try temporary.count("SELECT count(*) FROM recipe_words_terms") == 0)
        // The context keeps its inserts: fixed, they save, the index whole.
        recipes[position].name = "Fixed"
        try context.save()
        #expect(try temporary.count("SELECT count(*) FROM recipe") == Self.count)
        let predicate = RecipePredicates.search("brulee")!
        let found = try ModelContext(temporary.store).fetch(FetchDescriptor<Recipe>(predicate: predicate))
        #expect(found.count == (try recipes.filter { try predicate.evaluate($0) }.count))
    }

    /// The models are read on the worker and their records come back to the context: after
    /// the save each recipe holds its saved dates and the context sees nothing changed (a
    /// record paired with the wrong recipe would show as a change), and an edit afterwards
    /// writes that recipe alone. From the main actor, as an app saves.
    @MainActor @Test func aBulkSaveLeavesEveryRecipeSavedAndTracked() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        let recipes = Self.recipes()
        recipes.forEach(context.insert)
        try context.save()
        #expect(!context.hasChanges)
        #expect(Set(recipes.map(\.createdAt)).count == 1)
        #expect(recipes.allSatisfy { $0.createdAt > Date(timeIntervalSinceReferenceDate: 0) && $0.updatedAt == $0.createdAt })
        recipes[Self.count / 2].name = "Edited"
        #expect(context.hasChanges)
        try context.save()
        #expect(try temporary.count("SELECT count(*) FROM recipe WHERE name = 'Edited'") == 1)
        #expect(try temporary.count("SELECT count(*) FROM recipe WHERE updated > created") == 1)
    }

    /// A bulk save writes more pages than SQLite's default page cache holds (2 MB): with it,
    /// dirty pages were spilled to the -wal mid-transaction and read back, often to be written
    /// again. The save's cache holds them all, and gives the memory back when it ends.
    @Test func aBulkSaveKeepsItsPagesInMemoryAndThenReturnsIt() throws {
        let temporary = TemporaryStore()
        let store = temporary.store
        guard case .integer(let defaultCache)? = try store.database.scalar("PRAGMA cache_size") else { return #expect(Bool(false)) }
        let context = ModelContext(store)
        Self.recipes(6_000).forEach(context.insert)
        try context.save()
        // What the save wrote is larger than the default cache, so this test can tell.
        let writtenKiB = try temporary.count("SELECT sum(pgsize) / 1024 FROM dbstat")
        #expect(writtenKiB > Int(-defaultCache))
        var spills: Int32 = 0, highest: Int32 = 0
        #expect(sqlite3_db_status(store.database.handle, SQLITE_DBSTATUS_CACHE_SPILL, &spills, &highest, 0) == SQLITE_OK)
        #expect(spills == 0)
        #expect(try store.database.scalar("PRAGMA cache_size") == .integer(defaultCache))
    }

    /// SQLite's memory statistics take a process-wide mutex on every allocation (7% of a
    /// bulk save's writing thread); the first connection turns them off, so none are counted.
    @Test func sqliteCountsNoMemory() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        Self.recipes(100).forEach(context.insert)
        try context.save()
        #expect(sqlite3_memory_used() == 0)
    }

    /// Several stores in one process saving in bulk at once, from more tasks than there are
    /// cores: each save's worker starts though every pool thread waits for one, and each store
    /// gets its own recipes and words (a worker shares nothing with another).
    @Test func bulkSavesOnEveryPoolThreadFinish() async throws {
        let stores = (0..<(ProcessInfo.processInfo.activeProcessorCount * 4)).map { _ in TemporaryStore() }
        let count = PreparedRecipes.minimumCount * 4
        let saved = await withTaskGroup(of: Bool.self) { group in
            for url in stores.map(\.url) {
                group.addTask {
                    guard let store = try? RecipeStore(url: url) else { return false }
                    let context = ModelContext(store)
                    Self.recipes(count).forEach(context.insert)
                    return (try? context.save()) != nil
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(saved == stores.count)
        for temporary in stores {
            #expect(try temporary.count("SELECT count(*) FROM recipe") == count)
            #expect(try Self.contents(of: temporary) == Self.contents(of: stores[0]))
        }
    }
}
