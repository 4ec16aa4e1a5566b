import CSQLite

/// An error reported by SQLite: the result code, SQLite's message and the SQL that failed.
///
/// ```swift
/// do { try db.execute("INSERT ...") }
/// catch SQLiteError.ResultCode.constraint { ... }
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

    /// A column whose value is not of the type it was read as (NULL read as a `String`).
    static func mismatch<T>(_ value: SQLiteValue, as type: T.Type, column: Int32, in statement: SQLiteStatement) -> SQLiteError {
        let name = sqlite3_column_name(statement.handle, column).map { String(cString: $0) } ?? "\(column)"
        return SQLiteError(code: SQLITE_MISMATCH, message: "column \(name) holds \(value), not \(T.self)", sql: statement.sql)
    }

    /// The primary result code, matchable in `catch` and `switch`.
    public var resultCode: ResultCode { ResultCode(rawValue: code) }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " - while executing `\(sql)`" }
        return text
    }
}

extension SQLiteError {
    /// An SQLite result code. A primary code (`.busy`) matches every extended code of its
    /// kind; an extended one (`.constraintUnique`) matches only itself.
    ///
    /// ```swift
    /// catch SQLiteError.ResultCode.readOnly { ... }
    /// switch error.resultCode { case .busy, .locked: retry() ... }
    /// ```
    public struct ResultCode: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        public static let error = ResultCode(rawValue: SQLITE_ERROR)
        public static let permission = ResultCode(rawValue: SQLITE_PERM)
        public static let busy = ResultCode(rawValue: SQLITE_BUSY)
        public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
        public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
        public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
        public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
        public static let full = ResultCode(rawValue: SQLITE_FULL)
        public static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
        public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
        public static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
        public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
        // The extended codes are function-like macros in sqlite3.h, which Swift cannot import.
        public static let constraintUnique = ResultCode(rawValue: SQLITE_CONSTRAINT | 8 << 8)
        public static let constraintForeignKey = ResultCode(rawValue: SQLITE_CONSTRAINT | 3 << 8)

        var isPrimary: Bool { rawValue & 0xff == rawValue }

        public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
            pattern.isPrimary ? pattern.rawValue == code.rawValue & 0xff : pattern.rawValue == code.rawValue
        }

        /// Lets `catch SQLiteError.ResultCode.busy` catch an ``SQLiteError`` with that code.
        public static func ~= (pattern: ResultCode, error: any Error) -> Bool {
            guard let error = error as? SQLiteError else { return false }
            return pattern ~= ResultCode(rawValue: error.extendedCode)
        }
    }
}
