import Foundation
import Recipes
import Testing

/// A store from before the search index is upgraded by the first command that opens it, even
/// `next`: in batches, so memory stays flat however large the store (it once held every
/// recipe in memory: 185 MB at 60,000 recipes).
@Suite struct MigrationMemoryTests {
    static let canMeasure = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")

    /// 6,000 recipes of 10,000 characters each (60 MB of text) in the version 2 schema.
    func oldStore(at path: String) throws {
        let sql = """
            CREATE TABLE recipe (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE,
                kind TEXT NOT NULL CHECK (kind IN ('dish', 'baked', 'beverage')), name TEXT NOT NULL,
                summary TEXT NOT NULL DEFAULT '', instructions TEXT NOT NULL DEFAULT '', planned REAL,
                created REAL NOT NULL, updated REAL NOT NULL, oven_temperature INTEGER, bake_minutes INTEGER,
                alcoholic INTEGER, served_hot INTEGER);
            CREATE TABLE ingredient (recipe_id TEXT NOT NULL REFERENCES recipe(id) ON DELETE CASCADE,
                position INTEGER NOT NULL, id TEXT NOT NULL, name TEXT NOT NULL, amount TEXT NOT NULL DEFAULT '',
                PRIMARY KEY (recipe_id, position)) WITHOUT ROWID;
            CREATE TABLE migration (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied REAL NOT NULL);
            INSERT INTO migration VALUES (1, 'recipes and ingredients', 0), (2, 'planned date index', 0);
            CREATE INDEX recipe_by_planned ON recipe(planned, id) WHERE planned IS NOT NULL;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 6000)
            INSERT INTO recipe (id, kind, name, instructions, created, updated)
                SELECT upper(printf('%08x-0000-4000-8000-%012x', i, i)), 'dish', 'Recipe ' || i,
                       replace(printf('%.1000c', 'x'), 'x', 'stir well '), 0, 0 FROM n;
            PRAGMA application_id = \(0x5243_5053);
            PRAGMA user_version = 2;
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// The peak resident memory of one `recipes` run, in kB, and its exit status.
    func peakMemory(_ cli: RecipesProcess, _ arguments: [String]) throws -> (kilobytes: Int, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "maxrss %M", RecipesProcess.binary.path] + arguments
        process.environment = cli.environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let kilobytes = text.split(separator: "\n").last { $0.hasPrefix("maxrss ") }.flatMap { Int($0.dropFirst(7)) } ?? -1
        return (kilobytes, process.terminationStatus)
    }

    @Test(.enabled(if: canMeasure))
    func upgradingALargeStoreKeepsMemoryFlat() throws {
        let cli = RecipesProcess()
        try cli.seed([Recipe(name: "Soup")])
        // The same command on a small current store: what the binary itself needs (much more
        // under a sanitizer), so the test measures only what the upgrade adds.
        let baseline = try peakMemory(cli, ["--store", cli.store.path, "next"])
        let old = cli.home.appendingPathComponent("old.sqlite").path
        try oldStore(at: old)
        let upgrade = try peakMemory(cli, ["--store", old, "next"])
        #expect(baseline.kilobytes > 0 && upgrade.status == 1)
        // Flat: a batch, not the 60 MB of text (holding it all added about 62 MB here).
        #expect(upgrade.kilobytes - baseline.kilobytes < 25_000, "\(upgrade.kilobytes) kB, baseline \(baseline.kilobytes) kB")
        let store = try RecipeStore(path: old)
        #expect(try store.schemaVersion == RecipeStore.currentSchemaVersion)
        let found = try ModelContext(store).fetchCount(FetchDescriptor(predicate: RecipePredicates.search("recipe 5999")))
        #expect(found == 1)
    }
}
