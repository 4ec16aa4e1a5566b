import CSQLite

/// Arguments for many runs of a few statements (a bulk insert's rows and lines), packed so
/// that binding them costs little: numbers are held inline and text and blobs as ranges of
/// one byte buffer, which SQLite reads in place instead of copying. Binding `SQLiteValue`s
/// retained and released each string and had SQLite copy its bytes, a fifth of the writing
/// thread of a bulk load (`perf` on 50,000 recipes); packing happens on the thread that
/// prepares the records.
struct PackedArguments: Sendable {
    enum Value: Sendable {
        case null
        case integer(Int64)
        case real(Double)
        /// `count` bytes of the buffer from `start`.
        case text(start: Int, count: Int)
        case blob(start: Int, count: Int)
    }

    private(set) var values: [Value] = []
    private(set) var bytes: [UInt8] = []

    init() {}

    /// Reserves room for `values` values holding about `bytes` bytes of text.
    init(reservingValues values: Int, bytes: Int) {
        self.values.reserveCapacity(values)
        self.bytes.reserveCapacity(bytes)
    }

    var count: Int { values.count }

    mutating func append(_ value: SQLiteValue) {
        switch value {
        case .null: values.append(.null)
        case .integer(let number): values.append(.integer(number))
        case .real(let number): values.append(.real(number))
        case .text(let text):
            let start = bytes.count
            bytes.append(contentsOf: text.utf8)
            values.append(.text(start: start, count: bytes.count - start))
        case .blob(let blob):
            values.append(.blob(start: bytes.count, count: blob.count))
            bytes.append(contentsOf: blob)
        }
    }

    mutating func append(contentsOf arguments: SQLArguments) {
        for value in arguments.values { append(value) }
    }
}

extension SQLiteStatement {
    /// Runs the statement once with `leading` (if any) as `?1` and the packed values in
    /// `range` after it, ignoring any rows. SQLite reads the text where it is packed, so the
    /// bindings are cleared before this returns: none may outlive the buffer (a later
    /// `sqlite3_expanded_sql` or step would read freed memory).
    func run(_ arguments: PackedArguments, _ range: Range<Int>, after leading: Int64? = nil) throws {
        sqlite3_reset(handle)
        try arguments.bytes.withUnsafeBufferPointer { buffer in
            defer {
                sqlite3_reset(handle)
                sqlite3_clear_bindings(handle)
            }
            var index: Int32 = 1
            if let leading {
                try check(sqlite3_bind_int64(handle, index, leading))
                index += 1
            }
            for value in arguments.values[range] {
                try check(bind(value, at: index, in: buffer))
                index += 1
            }
            while try step() {}
        }
    }

    private func bind(_ value: PackedArguments.Value, at index: Int32, in buffer: UnsafeBufferPointer<UInt8>) -> Int32 {
        switch value {
        case .null: return sqlite3_bind_null(handle, index)
        case .integer(let number): return sqlite3_bind_int64(handle, index, number)
        case .real(let number): return sqlite3_bind_double(handle, index, number)
        case .text(let start, let count):
            // A null pointer would bind NULL, and an empty buffer has none: empty text is
            // bound from a literal, which SQLite copies (the pointer lasts only for the call).
            guard count > 0, let base = buffer.baseAddress else { return sqlite3_bind_text(handle, index, "", 0, csqlite_transient()) }
            // nil is SQLITE_STATIC: SQLite reads the bytes in place until the bindings change.
            return (base + start).withMemoryRebound(to: CChar.self, capacity: count) {
                sqlite3_bind_text(handle, index, $0, Int32(count), nil)
            }
        case .blob(let start, let count):
            // A zero-length blob is still a blob, not NULL: zeroblob(0) says so.
            guard count > 0, let base = buffer.baseAddress else { return sqlite3_bind_zeroblob(handle, index, 0) }
            return sqlite3_bind_blob(handle, index, base + start, Int32(count), nil)
        }
    }
}
