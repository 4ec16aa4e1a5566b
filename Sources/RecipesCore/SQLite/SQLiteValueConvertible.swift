import FoundationEssentials

/// A Swift type that is stored as one SQLite value and read back from one.
///
/// ```swift
/// let name: String = try row["name"]
/// let planned: Date? = try row["planned"]
/// try db.execute("UPDATE recipe SET planned = ? WHERE id = ?", [planned, id])
/// ```
///
/// Reading coerces as SQLite's own `sqlite3_column_*` functions do (an INTEGER column read
/// as `Double`, say); NULL reads only into an optional.
package protocol SQLiteValueConvertible {
    /// The value as SQLite stores it.
    var sqliteValue: SQLiteValue { get }
    /// The value `sqliteValue` holds, or nil when it cannot be one of these.
    init?(sqliteValue: SQLiteValue)
}

extension SQLiteValue: SQLiteValueConvertible {
    /// The value as SQLite stores it.
    package var sqliteValue: SQLiteValue { self }
    package init?(sqliteValue: SQLiteValue) { self = sqliteValue }
}

extension String: SQLiteValueConvertible {
    /// The value as SQLite stores it.
    package var sqliteValue: SQLiteValue { .text(self) }
    package init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .text(let text): self = text
        case .integer(let number): self = String(number)
        case .real(let number): self = String(number)
        // As SQLite reads a blob as text: its bytes.
        case .blob(let bytes): self = String(decoding: bytes, as: UTF8.self)
        case .null: return nil
        }
    }
}

extension Int64: SQLiteValueConvertible {
    /// The value as SQLite stores it.
    package var sqliteValue: SQLiteValue { .integer(self) }
    package init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .integer(let number): self = number
        case .real(let number): self = Int64(exactly: number.rounded(.towardZero)) ?? (number < 0 ? .min : .max)
        case .text(let text): self = Int64(text) ?? 0
        case .blob(let bytes): self = Int64(String(decoding: bytes, as: UTF8.self)) ?? 0
        case .null: return nil
        }
    }
}

extension Int: SQLiteValueConvertible {
    /// The value as SQLite stores it.
    package var sqliteValue: SQLiteValue { .integer(Int64(self)) }
    package init?(sqliteValue: SQLiteValue) {
        guard let number = Int64(sqliteValue: sqliteValue) else { return nil }
        self = Int(truncatingIfNeeded: number)
    }
}

extension Bool: SQLiteValueConvertible {
    /// The value as SQLite stores it.
    package var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) }
    package init?(sqliteValue: SQLiteValue) {
        guard let number = Int64(sqliteValue: sqliteValue) else { return nil }
        self = number != 0
    }
}

extension Double: SQLiteValueConvertible {
    /// The value as SQLite stores it.
    package var sqliteValue: SQLiteValue { .real(self) }
    package init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .real(let number): self = number
        case .integer(let number): self = Double(number)
        case .text(let text): self = Double(text) ?? 0
        case .blob(let bytes): self = Double(String(decoding: bytes, as: UTF8.self)) ?? 0
        case .null: return nil
        }
    }
}

/// Seconds since 2001-01-01 UTC as REAL, so that a `Date` reads back bit for bit (see Schema).
extension Date: SQLiteValueConvertible {
    /// The value as SQLite stores it.
    package var sqliteValue: SQLiteValue { .real(timeIntervalSinceReferenceDate) }
    package init?(sqliteValue: SQLiteValue) {
        guard let seconds = Double(sqliteValue: sqliteValue) else { return nil }
        self.init(timeIntervalSinceReferenceDate: seconds)
    }
}

/// The canonical 36-character uppercase text, as `uuidString` writes it. Reads the 16 bytes
/// of ``storedBytes`` too, as the store keeps an ingredient's id.
extension UUID: SQLiteValueConvertible {
    /// The value as SQLite stores it.
    package var sqliteValue: SQLiteValue { .text(storedText) }
    package init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .text(let text):
            guard let id = UUID(storedText: text) else { return nil }
            self = id
        case .blob(let bytes):
            guard let id = UUID(storedBytes: bytes) else { return nil }
            self = id
        default:
            return nil
        }
    }
}

extension Optional: SQLiteValueConvertible where Wrapped: SQLiteValueConvertible {
    /// The value as SQLite stores it.
    package var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }
    package init?(sqliteValue: SQLiteValue) {
        if case .null = sqliteValue {
            self = .none
            return
        }
        guard let value = Wrapped(sqliteValue: sqliteValue) else { return nil }
        self = .some(value)
    }
}

/// The values bound to a statement's `?1 ... ?n`, written as an array literal of Swift
/// values: `[id, name, nil, 3]`.
package struct SQLArguments: ExpressibleByArrayLiteral, Sendable, Equatable {
    /// The values, in the order of the parameters.
    package var values: [SQLiteValue]

    /// Arguments from values already converted.
    package init(_ values: [SQLiteValue]) {
        self.values = values
    }

    package init(arrayLiteral elements: (any SQLiteValueConvertible)?...) {
        values = elements.map { $0?.sqliteValue ?? .null }
    }
}

/// The current row of a statement, read by column name.
///
/// ```swift
/// try db.forEachRow("SELECT id, name FROM recipe") { row in
///     let id: UUID = try row["id"]
///     return true
/// }
/// ```
package struct SQLiteRow {
    let statement: SQLiteStatement

    /// The value in the column called `name`, as `T`.
    package subscript<T: SQLiteValueConvertible>(_ name: String) -> T {
        get throws { try self[statement.columnIndex(name)] }
    }

    /// The value in column `index` (resolve it once with ``SQLiteStatement/columnIndex(_:)``
    /// when reading many rows).
    package subscript<T: SQLiteValueConvertible>(_ index: Int32) -> T {
        get throws {
            let value = statement.value(at: index)
            guard let converted = T(sqliteValue: value) else {
                throw SQLiteError.mismatch(value, as: T.self, column: index, in: statement)
            }
            return converted
        }
    }
}
