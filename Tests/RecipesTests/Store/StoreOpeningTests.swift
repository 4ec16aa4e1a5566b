import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

@Suite struct StoreOpeningTests {
    let temporary = TemporaryStore()

    func bytes() throws -> Data { try FileContents.read(temporary.url.path) }

    /// The first released schema, written here as raw SQL so the test pins the old format
    /// rather than whatever the code now calls version 1.
    @Test func aVersionOneStoreIsUpgradedWithEveryRowIntact() throws {
        let raw = try SQLiteConnection(path: temporary.url.path)
        try raw.execute("""
            DROP INDEX IF EXISTS recipe_by_start;
            CREATE TABLE recipe (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE,
                kind TEXT NOT NULL CHECK (kind IN ('dish', 'baked', 'beverage')), name TEXT NOT NULL,
                summary TEXT NOT NULL DEFAULT '', instructions TEXT NOT NULL DEFAULT '', planned REAL,
                created REAL NOT NULL, updated REAL NOT NULL, oven_temperature INTEGER, bake_minutes INTEGER,
                alcoholic INTEGER, served_hot INTEGER);
            CREATE TABLE ingredient (recipe_id TEXT NOT NULL REFERENCES recipe(id) ON DELETE CASCADE,
                position INTEGER NOT NULL, id TEXT NOT NULL, name TEXT NOT NULL, amount TEXT NOT NULL DEFAULT '',
                PRIMARY KEY (recipe_id, position)) WITHOUT ROWID;
            CREATE TABLE migration (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied REAL NOT NULL);
            INSERT INTO migration VALUES (1, 'recipes and ingredients', 0);
            INSERT INTO recipe VALUES (1, '11111111-1111-1111-1111-111111111111', 'baked', 'Old bread', 's', 'i',
                800000000, 1, 2, 200, 45, NULL, NULL);
            INSERT INTO recipe VALUES (2, '22222222-2222-2222-2222-222222222222', 'beverage', 'Old tea', '', '',
                NULL, 1, 2, NULL, NULL, 0, 1);
            INSERT INTO ingredient VALUES ('11111111-1111-1111-1111-111111111111', 0, '33333333-3333-3333-3333-333333333333', 'Flour', '500 g');
            INSERT INTO ingredient VALUES ('11111111-1111-1111-1111-111111111111', 1, '44444444-4444-4444-4444-444444444444', 'Wäter', '350 ml');
            PRAGMA application_id = \(Schema.applicationID);
            PRAGMA user_version = 1;
            """)
        let store = try RecipeStore(url: temporary.url)
        #expect(try store.schemaVersion == RecipeStore.currentSchemaVersion)
        let recipes = try ModelContext(store).fetch(FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.name)]))
        #expect(recipes.map(\.name) == ["Old bread", "Old tea"])
        let bread = try #require(recipes.first as? BakedGood)
        #expect(bread.ovenTemperature == 200 && bread.bakeMinutes == 45)
        #expect(bread.plannedDate == Date(timeIntervalSinceReferenceDate: 800_000_000))
        // Its plan is one entry now (migration 10), which keeps that date.
        #expect(try store.planEntries(of: bread.id).map(\.date) == [Date(timeIntervalSinceReferenceDate: 800_000_000)])
        #expect(bread.ingredients.map(\.amount) == ["500 g", "350 ml"])
        #expect(bread.ingredients.map(\.id.uuidString) == ["33333333-3333-3333-3333-333333333333", "44444444-4444-4444-4444-444444444444"])
        #expect((recipes.last as? Beverage)?.isServedHot == true)
        #expect(try temporary.count("SELECT count(*) FROM migration") == RecipeStore.currentSchemaVersion)
        #expect(try temporary.count("SELECT count(*) FROM sqlite_schema WHERE name = 'recipe_by_planned'") == 1)
        // The search index created by the upgrade covers the rows that were already there.
        #expect(try temporary.count("SELECT doc FROM recipe_words_terms WHERE term = 'old'") == 2)
        let context = ModelContext(store)
        let found = try context.fetch(FetchDescriptor(predicate: RecipePredicates.search("water")))
        #expect(found.map(\.name) == ["Old bread"])
        // The recipes that were there count as local changes for the first sync, stamped
        // with their update time.
        let (changes, token) = try store.changes(since: 0)
        #expect(changes.compactMap(\.recipe?.name).sorted() == ["Old bread", "Old tea"] && token == 2)
        #expect(changes.allSatisfy { $0.stamp.wall == 978_307_202_000 && $0.stamp.replica == (try? store.replicaID) })
        #expect(context.queryPlan(for: FetchDescriptor(predicate: RecipePredicates.search("water"))).sql.contains("recipe_words MATCH"))
        // Servings, times and tags (migration 9) start empty and are kept from then on.
        #expect(bread.servings == nil && bread.yield == nil && bread.totalMinutes == nil && bread.tags.isEmpty)
        let editing = ModelContext(store)
        let saved = try #require(try editing.fetch(FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.name)])).first)
        (saved.servings, saved.yield, saved.prepMinutes, saved.cookMinutes, saved.totalMinutes) = (8, "1 loaf", 20, 45, 180)
        saved.tags = ["bread", "Italian"]
        try editing.save()
        let reread = try #require(try ModelContext(RecipeStore(url: temporary.url)).fetch(FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.name)])).first)
        #expect(reread.servings == 8 && reread.yield == "1 loaf" && reread.prepMinutes == 20 && reread.cookMinutes == 45)
        #expect(reread.totalMinutes == 180 && reread.tags == ["bread", "italian"])
    }

    @Test func aStoreFromANewerVersionIsRefusedUntouched() throws {
        _ = try RecipeStore(url: temporary.url)
        try temporary.rawConnection().execute("PRAGMA user_version = 99; PRAGMA journal_mode = DELETE")
        let before = try bytes()
        #expect(throws: RecipeStoreError.newerVersion(path: temporary.url.path, found: 99, supported: Schema.latestVersion)) {
            try RecipeStore(url: temporary.url)
        }
        #expect(try bytes() == before)
    }

    @Test(arguments: [
        Data("name,amount\nflour,1 cup\n".utf8),
        Data(repeating: 0xFF, count: 4096),
        Data("SQLite format 2\0 and more bytes".utf8),
    ])
    func aFileThatIsNotSQLiteIsRefusedUntouched(content: Data) throws {
        try content.write(to: temporary.url)
        #expect(throws: RecipeStoreError.notAStore(path: temporary.url.path)) { try RecipeStore(url: temporary.url) }
        #expect(try bytes() == content)
        #expect(!FileManager.default.fileExists(atPath: temporary.url.path + "-wal"))
    }

    @Test func anotherProgramsSQLiteFileIsRefusedUntouched() throws {
        try SQLiteConnection(path: temporary.url.path).execute("CREATE TABLE notes(body TEXT); INSERT INTO notes VALUES ('hi')")
        let before = try bytes()
        #expect(throws: RecipeStoreError.notAStore(path: temporary.url.path)) { try RecipeStore(url: temporary.url) }
        #expect(try bytes() == before)
    }

    @Test func aTruncatedStoreIsRefusedUntouched() throws {
        do {
            let context = ModelContext(try RecipeStore(url: temporary.url))
            for index in 0..<300 { context.insert(Recipe(name: "Recipe \(index)", instructions: String(repeating: "stir ", count: 40))) }
            try context.save()
        }
        try temporary.rawConnection().execute("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE")
        let whole = try bytes()
        let truncated = whole.prefix(whole.count / 2)
        try truncated.write(to: temporary.url)
        #expect(throws: RecipeStoreError.self) {
            let store = try RecipeStore(url: temporary.url)
            _ = try ModelContext(store).fetch(FetchDescriptor<Recipe>())
        }
        #expect(try bytes() == truncated)
    }

    @Test func anEmptyFileBecomesAStore() throws {
        try Data().write(to: temporary.url)
        let store = try RecipeStore(url: temporary.url)
        #expect(try store.schemaVersion == RecipeStore.currentSchemaVersion)
    }

    @Test func reopeningAStoreKeepsItsData() throws {
        let context = ModelContext(temporary.store)
        context.insert(Recipe(name: "Kept"))
        try context.save()
        let reopened = try RecipeStore(url: temporary.url)
        #expect(try ModelContext(reopened).fetch(FetchDescriptor<Recipe>()).map(\.name) == ["Kept"])
    }
}

@Suite struct StoredUUIDTests {
    @Test func parsesWhatUUIDStringWritesAndNothingElse() {
        for _ in 0..<1_000 {
            let id = UUID()
            #expect(UUID(storedText: id.uuidString) == id)
            #expect(UUID(storedText: id.uuidString.lowercased()) == id)
            #expect(id.storedText == id.uuidString)
            var line: [UInt8] = [0x09]
            id.appendStoredText(to: &line)
            #expect(line == [0x09] + Array(id.uuidString.utf8))
        }
        let edges = [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                     UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255)),
                     UUID(uuid: (0x09, 0x0A, 0x90, 0xA0, 0x9F, 0xF9, 0x10, 0x01, 0xAB, 0xCD, 0xEF, 0x12, 0x34, 0x56, 0x78, 0x9A))]
        for id in edges {
            #expect(id.storedText == id.uuidString)
            #expect(UUID(storedText: id.uuidString) == id)
            guard case .blob(let bytes) = id.storedBytes else { Issue.record("not a blob"); continue }
            #expect(bytes.count == 16 && UUID(storedBytes: bytes) == id)
        }
        for bad in ["", "not-a-uuid", "00000000-0000-0000-0000-00000000000", "00000000-0000-0000-0000-0000000000000",
                    "00000000_0000-0000-0000-000000000000", "0000000g-0000-0000-0000-000000000000",
                    "000000000-000-0000-0000-000000000000", "00000000-0000-0000-0000-00000000000:",
                    "00000000-0000-0000-0000-00000000000/", "00000000-0000-0000-0000-00000000000@",
                    "00000000-0000-0000-0000-00000000000G", "00000000-0000-0000-0000-00000000000`",
                    "00000000-0000-0000-0000-0000000000é"] {
            #expect(UUID(storedText: bad) == nil, "\(bad)")
        }
    }
}
