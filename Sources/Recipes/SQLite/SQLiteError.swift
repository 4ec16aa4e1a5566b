import CSQLite

/// An error reported by SQLite: the result code, SQLite's message and the SQL that failed.
///
/// ```swift
/// do { try db.execute("INSERT ...") }
/// catch let error as SQLiteError where error.code == SQLITE_CONSTRAINT { ... }
/// ```
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, ...).
    public let code: Int32
    /// The extended result code, when SQLite gave one.
    public let extendedCode: Int32
    public let message: String
    public let sql: String?

    init(code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil) {
        self.code = code & 0xff
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
    }

    init(connection: OpaquePointer?, code: Int32, sql: String? = nil) {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        self.init(code: code, extendedCode: extended, message: message, sql: sql)
    }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " - while executing `\(sql)`" }
        return text
    }
}
