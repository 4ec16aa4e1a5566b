import CSQLite

// Running statements with typed arguments and rows. Every helper resets the statement it
// used, so a cached statement never keeps a read lock or a transaction open.

extension SQLiteConnection {
    /// A prepared statement kept for the life of the connection: inserting thousands of
    /// ingredients would otherwise prepare the same SQL thousands of times. A statement that
    /// is still stepping (a caller reading rows that asks for the same SQL again) is not
    /// shared: that caller gets a statement of its own.
    func cachedStatement(_ sql: String) throws -> SQLiteStatement {
        if let statement = statementCache[sql], !statement.isBusy { return statement }
        let statement = try SQLiteStatement(connection: self, sql: sql, persistent: true)
        if statementCache[sql] == nil { statementCache.keep(statement, for: sql) }
        return statement
    }

    /// Finalizes the cached statements (before the database under them is replaced).
    func clearStatementCache() {
        statementCache.removeAll()
    }

    private func statement(_ sql: String, cached: Bool) throws -> SQLiteStatement {
        try cached ? cachedStatement(sql) : prepare(sql)
    }

    /// Runs one statement with `arguments`, ignoring any rows. `cached` keeps it prepared
    /// for the next call; pass false for SQL built per call.
    package func execute(_ sql: String, _ arguments: SQLArguments, cached: Bool = true) throws {
        try statement(sql, cached: cached).run(arguments.values)
    }

    /// Calls `body` with each row until it returns false.
    package func forEachRow(_ sql: String, _ arguments: SQLArguments = [], cached: Bool = true,
                           _ body: (SQLiteRow) throws -> Bool) throws {
        let statement = try statement(sql, cached: cached)
        try statement.bind(arguments.values)
        defer { statement.reset() }
        let row = SQLiteRow(statement: statement)
        while try statement.step() {
            guard try body(row) else { break }
        }
    }

    /// Every row, each made into a `T` by `transform`.
    package func fetchAll<T>(_ sql: String, _ arguments: SQLArguments = [], cached: Bool = true,
                            _ transform: (SQLiteRow) throws -> T) throws -> [T] {
        var result: [T] = []
        try forEachRow(sql, arguments, cached: cached) { result.append(try transform($0)); return true }
        return result
    }

    /// The first row made into a `T`, or nil when there is no row.
    package func fetchOne<T>(_ sql: String, _ arguments: SQLArguments = [], cached: Bool = true,
                            _ transform: (SQLiteRow) throws -> T) throws -> T? {
        var result: T?
        try forEachRow(sql, arguments, cached: cached) { result = try transform($0); return false }
        return result
    }

    /// The first column of the first row as a `T`, or nil when there is no row.
    package func fetchOne<T: SQLiteValueConvertible>(_ type: T.Type, _ sql: String, _ arguments: SQLArguments = [],
                                                    cached: Bool = true) throws -> T? {
        try fetchOne(sql, arguments, cached: cached) { row -> T in try row[0] }
    }
}

extension SQLiteConnection {
    /// Calls `handler` with the SQL of every statement this connection starts (as written,
    /// parameters unexpanded), or stops when `handler` is nil. Tests use it to see which
    /// queries a call ran. What triggers and virtual tables (the search index) run inside a
    /// statement, which SQLite reports as `-- ...` comments, is left out: it is SQLite's.
    package func trace(_ handler: ((String) -> Void)?) {
        traceHandler = handler
        guard handler != nil else {
            sqlite3_trace_v2(handle, 0, nil, nil)
            return
        }
        sqlite3_trace_v2(handle, UInt32(SQLITE_TRACE_STMT), { _, context, _, sql in
            guard let context, let sql else { return 0 }
            let text = String(cString: sql.assumingMemoryBound(to: CChar.self))
            guard !text.hasPrefix("-- ") else { return 0 }
            Unmanaged<SQLiteConnection>.fromOpaque(context).takeUnretainedValue().traceHandler?(text)
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }
}
