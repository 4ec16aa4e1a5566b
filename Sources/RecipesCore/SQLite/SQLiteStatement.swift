import CSQLite
import FoundationEssentials

/// A prepared statement. It owns the `sqlite3_stmt*` and finalizes it when released.
package final class SQLiteStatement {
    let handle: OpaquePointer
    /// Kept alive so the connection outlives its statements; nil for a statement in the
    /// connection's own cache, which the connection finalizes before it closes (a strong
    /// reference both ways would keep both forever).
    private let retainedConnection: SQLiteConnection?
    unowned let connection: SQLiteConnection
    /// The statement's SQL text.
    package let sql: String
    /// The result columns' names, read on first use.
    private var columnNames: [String]?

    init(connection: SQLiteConnection, sql: String, persistent: Bool = false) throws {
        var statement: OpaquePointer?
        // PERSISTENT tells SQLite the statement is kept and reused, so it allocates it
        // outside the lookaside memory meant for short-lived ones.
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = sqlite3_prepare_v3(connection.handle, sql, -1, flags, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw SQLiteError(connection: connection.handle, code: code, sql: sql)
        }
        self.handle = statement
        self.connection = connection
        self.retainedConnection = persistent ? nil : connection
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `parameters`, steps past every row and resets: a statement run for its effect.
    func run(_ parameters: [SQLiteValue]) throws {
        try bind(parameters)
        defer { reset() }
        while try step() {}
    }

    /// Binds `parameters` to `?1 ... ?n` after resetting the statement.
    package func bind(_ parameters: [SQLiteValue]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        // Parameters past the last one the SQL names are unused (a translated predicate may
        // drop a part it had bound); binding them would fail with SQLITE_RANGE.
        let named = Int(sqlite3_bind_parameter_count(handle))
        for (offset, value) in parameters.prefix(named).enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    private func bind(_ value: SQLiteValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
        case .real(let number): code = sqlite3_bind_double(handle, index, number)
        case .text(let text):
            // An explicit byte count keeps interior NUL bytes; SQLite copies the text.
            code = text.withCString { sqlite3_bind_text(handle, index, $0, Int32(text.utf8.count), csqlite_transient()) }
        case .blob(let bytes):
            // A zero-length blob is still a blob, not NULL: zeroblob(0) says so.
            code = bytes.isEmpty ? sqlite3_bind_zeroblob(handle, index, 0)
                : bytes.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), csqlite_transient()) }
        }
        try check(code)
    }

    /// Throws the connection's error unless a binding's result `code` is SQLITE_OK.
    func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw SQLiteError(connection: connection.handle, code: code, sql: sql) }
    }

    /// Advances to the next row: true when a row is ready, false when the statement is done.
    package func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError(connection: connection.handle, code: code, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Resets the statement so it can run again (its bindings stay); releases its read locks.
    package func reset() { sqlite3_reset(handle) }

    /// True between the first step and the reset: a cached statement in use cannot serve a
    /// second caller at the same time.
    var isBusy: Bool { sqlite3_stmt_busy(handle) != 0 }

    /// The index of the result column called `name` (its alias, or its name in the table).
    /// A scan of a dozen names, not a dictionary: callers that read many rows look an index
    /// up once (see ColumnLayout), and a dictionary's setup costs `recipes next` more.
    package func columnIndex(_ name: String) throws -> Int32 {
        let names = columnNames ?? (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
        columnNames = names
        guard let index = names.firstIndex(of: name) else {
            throw SQLiteError(code: SQLITE_ERROR, message: "no result column named \(name)", sql: sql)
        }
        return Int32(index)
    }

    /// Whether the current row's column holds NULL.
    package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    /// The column's value as text ("" for NULL).
    package func string(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Calls `body` with the column's text as UTF-8 bytes, valid only during the call: no
    /// String is made (empty for NULL).
    package func withText<R>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let text = sqlite3_column_text(handle, column)
        return try body(UnsafeBufferPointer(start: text, count: text == nil ? 0 : Int(sqlite3_column_bytes(handle, column))))
    }

    /// The column's value as bytes (text as its UTF-8; none for NULL).
    package func bytes(_ column: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))))
    }

    /// The column's value as an integer (0 for NULL).
    package func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

    /// The column's value as an integer, or nil for NULL.
    package func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }

    /// The column's value as a floating-point number (0 for NULL).
    package func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    /// The column's value as a floating-point number, or nil for NULL.
    package func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }

    /// The column's value as SQLite stores it.
    package func value(at column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: .real(sqlite3_column_double(handle, column))
        case SQLITE_NULL: .null
        case SQLITE_BLOB: .blob(bytes(column))
        default: .text(string(column))
        }
    }
}
