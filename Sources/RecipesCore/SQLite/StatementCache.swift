/// A connection's prepared statements, kept by their SQL text: in a list while there are
/// few, in a dictionary past ``listed``. A process that runs a handful of statements (a
/// status bar's `recipes next`) then makes no dictionary, whose storage type the runtime
/// builds on first use from its name, checking `String: Hashable` by scanning every
/// conformance in the binary: a twentieth of `next` (`perf`).
struct StatementCache {
    /// Statements kept in the list at most.
    static let listed = 16

    private var few: [(sql: String, statement: SQLiteStatement)] = []
    private var many: [String: SQLiteStatement] = [:]

    subscript(sql: String) -> SQLiteStatement? {
        if many.isEmpty { return few.first { $0.sql == sql }?.statement }
        return many[sql]
    }

    /// Keeps `statement` for `sql`, which has none yet.
    mutating func keep(_ statement: SQLiteStatement, for sql: String) {
        if many.isEmpty, few.count < Self.listed {
            few.append((sql, statement))
            return
        }
        for (sql, statement) in few { many[sql] = statement }
        few.removeAll()
        many[sql] = statement
    }

    /// Lets every statement go (finalized when nothing else holds it).
    mutating func removeAll() {
        few.removeAll()
        many.removeAll()
    }
}
