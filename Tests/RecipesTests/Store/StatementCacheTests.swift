import Foundation
@testable import RecipesCore
import Testing

/// A connection keeps its prepared statements in a list while there are few and in a
/// dictionary past that (StatementCache): every statement must be found again, the same
/// prepared one, on either side of the move, and answer as it did.
@Suite struct StatementCacheTests {
    @Test func statementsAreKeptAndFoundAcrossTheMoveToADictionary() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("statements-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try SQLiteConnection(path: directory.appendingPathComponent("cache.sqlite").path)
        try database.execute("CREATE TABLE numbers (n INTEGER)")
        let count = StatementCache.listed * 3
        var kept: [ObjectIdentifier] = []
        for n in 0..<count {
            let sql = "INSERT INTO numbers VALUES (\(n))"
            kept.append(ObjectIdentifier(try database.cachedStatement(sql)))
            // Asked again while still in the list (or already in the dictionary): the same one.
            #expect(ObjectIdentifier(try database.cachedStatement(sql)) == kept[n])
        }
        for n in 0..<count {
            let sql = "INSERT INTO numbers VALUES (\(n))"
            #expect(ObjectIdentifier(try database.cachedStatement(sql)) == kept[n], "statement \(n)")
            try database.execute(sql, [])
        }
        #expect(try database.fetchAll("SELECT n FROM numbers ORDER BY n") { try $0[0] as Int } == Array(0..<count))
    }
}
