import CSQLite
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A value as SQLite stores it, used to bind parameters.
package enum SQLiteValue: Sendable, Equatable {
    /// SQL NULL.
    case null
    /// A 64-bit integer (SQLite's INTEGER).
    case integer(Int64)
    /// A floating-point number (SQLite's REAL).
    case real(Double)
    /// UTF-8 text (SQLite's TEXT).
    case text(String)
    /// Bytes (SQLite's BLOB), such as an ingredient's 16-byte id.
    case blob([UInt8])
}

/// One open SQLite connection. It owns the `sqlite3*` handle and closes it when released.
///
/// ```swift
/// let db = try SQLiteConnection(path: "/tmp/x.sqlite")
/// try db.execute("CREATE TABLE t(x)")
/// try db.transaction { try db.run("INSERT INTO t VALUES (?)", [.integer(1)]) }
/// ```
package final class SQLiteConnection {
    let handle: OpaquePointer
    /// The file this connection opened (`:memory:` for an in-memory database).
    package let path: String
    /// The file this connection holds, while it is open (see ConnectedFiles).
    private let file: ConnectedFiles.Identity?
    /// Prepared statements kept by SQL text (see ``cachedStatement(_:)``).
    var statementCache = StatementCache()
    /// Receives the SQL of each statement while a trace is on (see ``trace(_:)``).
    var traceHandler: ((String) -> Void)?

    /// How long a writer waits for another process's lock before giving up, in milliseconds.
    package static let busyTimeoutMilliseconds: Int32 = 15_000
    /// How often a waiting writer tries again.
    static let busyRetryMilliseconds: Int32 = 2

    /// SQLite's process-wide settings, made once before the first connection opens.
    private static let configured: Void = {
        _ = csqlite_disable_memory_statistics()
    }()

    /// Opens (and with `create`, creates) the file at `path`. `readOnly` never writes the file.
    /// `immutable` (read-only too) tells SQLite the file cannot change while open, so it takes
    /// no locks and needs no -wal or -shm file: the only way to read a WAL store in a folder
    /// this user cannot write.
    package init(path: String, readOnly: Bool = false, create: Bool = true, immutable: Bool = false) throws {
        _ = Self.configured
        var db: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        var name = path
        if immutable {
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            let escaped = path.unicodeScalars.map { "?#%".unicodeScalars.contains($0) ? "%" + String($0.value, radix: 16, uppercase: true) : String($0) }
            name = "file:" + escaped.joined() + "?immutable=1"
        } else if readOnly {
            flags |= SQLITE_OPEN_READONLY
        } else {
            flags |= SQLITE_OPEN_READWRITE
            if create { flags |= SQLITE_OPEN_CREATE }
        }
        let code = sqlite3_open_v2(name, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let error = SQLiteError(connection: db, code: code)
            sqlite3_close_v2(db)
            throw error
        }
        self.handle = db
        self.path = path
        // SQLite takes no lock before the first statement, so registering after opening is
        // early enough; ":memory:" and "" (a temporary database) name no file.
        file = path == ":memory:" || path.isEmpty ? nil : ConnectedFiles.register(path)
        // SQLite's own busy timeout sleeps up to 100 ms between tries, so a writer waiting
        // behind a long sync that commits in batches would never see the short gaps between
        // them. Trying every 2 ms does, at no measurable cost while waiting.
        sqlite3_busy_handler(db, { _, tries in
            guard tries < SQLiteConnection.busyTimeoutMilliseconds / SQLiteConnection.busyRetryMilliseconds else { return 0 }
            usleep(useconds_t(SQLiteConnection.busyRetryMilliseconds) * 1_000)
            return 1
        }, nil)
        sqlite3_extended_result_codes(db, 1)
        try SQLFunctions.register(on: db)
    }

    /// Whether closing checkpoints the WAL into the database and deletes the -wal and -shm
    /// files (SQLite's default).
    package func setCheckpointOnClose(_ enabled: Bool) {
        _ = csqlite_set_checkpoint_on_close(handle, enabled ? 1 : 0)
    }

    private var isClosed = false

    /// Closes the connection now (SQLite finishes once its last statement is finalized);
    /// any later use fails.
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        // Cached statements do not keep the connection alive; they are finalized first.
        statementCache.removeAll()
        sqlite3_close_v2(handle)
        if let file { ConnectedFiles.unregister(file) }
    }

    deinit {
        close()
    }

    /// Rows the last INSERT, UPDATE or DELETE changed.
    package var lastChanges: Int64 { sqlite3_changes64(handle) }

    /// Rows inserted, updated or deleted through this connection since it opened.
    package var totalChanges: Int64 { sqlite3_total_changes64(handle) }

    /// Runs one or more statements that take no parameters.
    package func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw SQLiteError(code: code, extendedCode: sqlite3_extended_errcode(handle), message: text, sql: sql)
        }
    }

    /// Prepares one statement.
    package func prepare(_ sql: String) throws -> SQLiteStatement {
        try SQLiteStatement(connection: self, sql: sql)
    }

    /// Runs one statement with parameters, ignoring any rows.
    package func run(_ sql: String, _ parameters: [SQLiteValue] = []) throws {
        let statement = try prepare(sql)
        try statement.bind(parameters)
        while try statement.step() {}
    }

    /// The first column of the first row, or nil when there is no row.
    package func scalar(_ sql: String, _ parameters: [SQLiteValue] = []) throws -> SQLiteValue? {
        let statement = try prepare(sql)
        try statement.bind(parameters)
        guard try statement.step() else { return nil }
        return statement.value(at: 0)
    }

    /// The rowid of the last row inserted on this connection.
    package var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Whether a transaction is open on this connection (SQLite is not in autocommit mode).
    package var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs `body` inside one transaction: committed when it returns, rolled back when it throws.
    /// Writers use `BEGIN IMMEDIATE` so that the write lock is taken up front, where the busy
    /// timeout applies, rather than failing half-way on a lock upgrade.
    package func transaction<T>(immediate: Bool = true, _ body: () throws -> T) throws -> T {
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
    }
}
