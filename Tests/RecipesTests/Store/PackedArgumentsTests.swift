import CSQLite
import Foundation
@testable import RecipesCore
import Testing

/// A bulk insert binds its values where they are packed, without SQLite copying them
/// (PackedArguments). What lands in the file must be exactly what binding each value on its
/// own stores, and the statement must hold no pointer into the buffer once a run is over.
@Suite struct PackedArgumentsTests {
    static let insert = "INSERT INTO value_kinds (rowid, t, empty_text, empty_blob, blob, missing, number, real) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"

    /// Calls `body` with a real file holding a table that takes one value of every kind.
    static func withDatabase(_ body: (SQLiteConnection) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("packed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try SQLiteConnection(path: directory.appendingPathComponent("packed.sqlite").path)
        try database.execute("CREATE TABLE value_kinds (rowid INTEGER PRIMARY KEY, t TEXT NOT NULL, empty_text TEXT NOT NULL, empty_blob BLOB NOT NULL, blob BLOB, missing, number INTEGER, real REAL)")
        try body(database)
    }

    static func values(_ text: String, _ number: Int64) -> [SQLiteValue] {
        [.text(text), .text(""), .blob([]), .blob([0, 1, 255]), .null, .integer(number), .real(Double(number) / 4)]
    }

    @Test func everyKindOfValueIsStoredAsBindingItAloneStoresIt() throws {
        try Self.withDatabase { database in
            // Two rows from one buffer: the second's ranges start past the first's bytes.
            var packed = PackedArguments()
            let rows = [Self.values("Crème brûlée\u{0}with a NUL", -5), Self.values("Пельмени 餃子", 9)]
            for row in rows { for value in row { packed.append(value) } }
            let statement = try database.prepare(Self.insert)
            try statement.run(packed, 0..<7, after: 1)
            try statement.run(packed, 7..<14, after: 2)
            // The same rows bound value by value, the way every other statement binds them.
            for (offset, row) in rows.enumerated() {
                try database.execute(Self.insert, SQLArguments([.integer(Int64(offset + 11))] + row))
            }
            let stored = try database.fetchAll("SELECT rowid, quote(t), typeof(empty_text), quote(empty_text), typeof(empty_blob), length(empty_blob), quote(blob), typeof(missing), number, real FROM value_kinds ORDER BY rowid") { row in
                (0..<10).map { row.statement.string(Int32($0)) }
            }
            #expect(stored.count == 4)
            #expect(stored[0].dropFirst() == stored[2].dropFirst())
            #expect(stored[1].dropFirst() == stored[3].dropFirst())
            #expect(stored[0][2...5] == ["text", "''", "blob", "0"])
            #expect(stored[0][6...9] == ["X'0001FF'", "null", "-5", "-1.25"])
            let text = try database.fetchOne(String.self, "SELECT t FROM value_kinds WHERE rowid = 1")
            #expect(text == "Crème brûlée\u{0}with a NUL")
            // SQLite read the text in place: no binding may outlive the run.
            let expanded = try #require(sqlite3_expanded_sql(statement.handle))
            defer { sqlite3_free(expanded) }
            #expect(String(cString: expanded) == "INSERT INTO value_kinds (rowid, t, empty_text, empty_blob, blob, missing, number, real) VALUES (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)")
        }
    }

    @Test func aRunThatFailsLeavesNoBindingAndTheStatementReusable() throws {
        try Self.withDatabase { database in
            var packed = PackedArguments()
            for value in Self.values("first", 1) { packed.append(value) }
            let statement = try database.prepare(Self.insert)
            try statement.run(packed, 0..<7, after: 1)
            // The same rowid again breaks the primary key.
            #expect(throws: SQLiteError.self) { try statement.run(packed, 0..<7, after: 1) }
            let expanded = try #require(sqlite3_expanded_sql(statement.handle))
            defer { sqlite3_free(expanded) }
            #expect(!String(cString: expanded).contains("first"))
            try statement.run(packed, 0..<7, after: 2)
            #expect(try database.fetchOne(Int.self, "SELECT count(*) FROM value_kinds WHERE t = 'first'") == 2)
        }
    }
}
