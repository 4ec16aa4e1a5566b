import CSQLite

/// An error reported by SQLite: the result code, SQLite's message and the SQL that failed.
///
/// ```swift
/// do { try db.execute("INSERT ...") }
/// catch SQLiteError.ResultCode.constraint { ... }
/// ```
package struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, ...).
    package let code: Int32
    /// The extended result code, when SQLite gave one.
    package let extendedCode: Int32
    /// SQLite's message for the failure (`sqlite3_errmsg`).
    package let message: String
    /// The statement that failed, when there was one.
    package let sql: String?

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
    package var resultCode: ResultCode { ResultCode(rawValue: code) }

    package var description: String {
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
    package struct ResultCode: RawRepresentable, Hashable, Sendable {
        package let rawValue: Int32
        package init(rawValue: Int32) { self.rawValue = rawValue }

        /// `SQLITE_ERROR`: a generic error (bad SQL, a missing table).
        package static let error = ResultCode(rawValue: SQLITE_ERROR)
        /// `SQLITE_PERM`: access permission denied.
        package static let permission = ResultCode(rawValue: SQLITE_PERM)
        /// `SQLITE_BUSY`: another connection holds the lock longer than the busy timeout.
        package static let busy = ResultCode(rawValue: SQLITE_BUSY)
        /// `SQLITE_LOCKED`: a conflict within the same connection or shared cache.
        package static let locked = ResultCode(rawValue: SQLITE_LOCKED)
        /// `SQLITE_READONLY`: the database cannot be written.
        package static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
        /// `SQLITE_IOERR`: the operating system reported an I/O error (a full disk, a size limit).
        package static let ioError = ResultCode(rawValue: SQLITE_IOERR)
        /// `SQLITE_CORRUPT`: the file is damaged.
        package static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
        /// `SQLITE_FULL`: the disk is full.
        package static let full = ResultCode(rawValue: SQLITE_FULL)
        /// `SQLITE_CANTOPEN`: the file could not be opened.
        package static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
        /// `SQLITE_CONSTRAINT`: a constraint was violated (any kind).
        package static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
        /// `SQLITE_MISMATCH`: a value of the wrong type.
        package static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
        /// `SQLITE_NOTADB`: the file is not an SQLite database.
        package static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
        // The extended codes are function-like macros in sqlite3.h, which Swift cannot import.
        /// `SQLITE_CONSTRAINT_UNIQUE`: a UNIQUE or PRIMARY KEY constraint.
        package static let constraintUnique = ResultCode(rawValue: SQLITE_CONSTRAINT | 8 << 8)
        /// `SQLITE_CONSTRAINT_FOREIGNKEY`: a foreign key constraint.
        package static let constraintForeignKey = ResultCode(rawValue: SQLITE_CONSTRAINT | 3 << 8)

        var isPrimary: Bool { rawValue & 0xff == rawValue }

        /// Matches a code against a pattern in `switch` and `catch`: a primary code matches every
        /// extended code of its kind (`.constraint` matches `.constraintUnique`).
        package static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
            pattern.isPrimary ? pattern.rawValue == code.rawValue & 0xff : pattern.rawValue == code.rawValue
        }

        /// Lets `catch SQLiteError.ResultCode.busy` catch an ``SQLiteError`` with that code.
        package static func ~= (pattern: ResultCode, error: any Error) -> Bool {
            guard let error = error as? SQLiteError else { return false }
            return pattern ~= ResultCode(rawValue: error.extendedCode)
        }
    }
}
