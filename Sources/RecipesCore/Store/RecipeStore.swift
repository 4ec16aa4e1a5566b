import CSQLite
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// One recipe store: an embedded SQLite file, opened, checked and migrated.
///
/// ```swift
/// let store = try RecipeStore(url: URL(fileURLWithPath: "recipes.sqlite"))
/// let context = ModelContext(store)
/// ```
///
/// Opening refuses, without changing a byte, a file that is not a recipe store and a store
/// written by a newer version. An older store is upgraded in one transaction.
public final class RecipeStore {
    /// The store's file path; nil for an in-memory store.
    public let path: String?
    /// Where the store lives; nil for an in-memory store.
    public var url: URL? { path.map { URL(fileURLWithPath: $0) } }
    let database: SQLiteConnection
    /// Set by the first write. A store that only read leaves the WAL for the next process
    /// instead of checkpointing and deleting it on close: status bars open the store every few
    /// seconds, and recreating the -wal and -shm files each time costs more than the query.
    var hasWritten = false {
        didSet { database.setCheckpointOnClose(hasWritten) }
    }
    /// True inside ``write(_:)``.
    private var isWriting = false
    /// False while other replicas' changes are applied: those keep their own stamps.
    var stampsLocalChanges = true
    /// The sync clock as the current write transaction has advanced it.
    var syncClock: SyncClockState?
    /// The moment the store takes as now for the meal plan: which occurrences are upcoming,
    /// and so each recipe's ``Recipe/plannedDate``. Tests and `RECIPES_NOW` pin it.
    public var clock: () -> Date = { Date() }
    /// Words of the documents the current write transaction indexed, listed in `search_word`
    /// before it commits (see ``listSearchWords()``).
    var unlistedSearchWords = SearchWords()
    /// The page cache's size while a bulk save has it larger (see ``bulkCacheKiB``).
    var cacheSizeBeforeBulkSave: Int64?

    /// Opens the store at `url`, creating an empty one when no file is there.
    public convenience init(url: URL) throws {
        try self.init(filePath: url.path)
    }

    /// Opens the store at a file path, creating an empty one when no file is there.
    public convenience init(path: String) throws {
        try self.init(filePath: path)
    }

    /// Opens the store at `url` read-only when `readOnly` (every write then fails with
    /// ``RecipeStoreError/readOnly(path:)``, as for a file this user may not write); a
    /// missing file is then ``RecipeStoreError/noSuchFile(path:)``, not created.
    public convenience init(url: URL, readOnly: Bool) throws {
        if readOnly, access(url.path, F_OK) != 0 { throw RecipeStoreError.noSuchFile(path: url.path) }
        try self.init(filePath: url.path, readOnly: readOnly)
    }

    /// A store that lives in memory until it is released; handy for tests and previews.
    public static func inMemory() throws -> RecipeStore {
        try RecipeStore(filePath: nil)
    }

    private init(filePath: String?, readOnly: Bool = false) throws {
        self.path = filePath
        let path = filePath ?? ":memory:"
        let isWAL = try filePath.map(Self.checkFile) ?? false
        // A store this user may not change (a read-only file, or a folder where SQLite cannot
        // create its -wal and -shm files) is opened read-only: searching and `next` still work,
        // and a write fails with "the store is read-only" instead of at opening.
        let isReadOnly = readOnly || (filePath.map(Self.isUnwritableStore) ?? false)
        self.isReadOnly = isReadOnly
        database = try Self.translatingSQLiteErrors(path: path) {
            try isReadOnly ? Self.openReadOnlyInThisSchema(path) : SQLiteConnection(path: path)
        }
        try Self.translatingSQLiteErrors(path: path) {
            database.setCheckpointOnClose(false)
            if isReadOnly {
                // Its identity was checked as it was opened (openReadOnlyInThisSchema).
                try database.execute("PRAGMA foreign_keys = ON")
                // The copy of an older store (see openReadOnlyInThisSchema), which then, like
                // the file, refuses every write: "the store is read-only".
                try migrate()
                try database.execute("PRAGMA query_only = ON")
            } else {
                let version = try Self.checkIdentity(database, path: path)
                // WAL lets status bars read while a writer works; FULL sync makes each committed
                // transaction survive a power cut. A new file gets pages of `pageSize` (an
                // existing one keeps its own; SQLite changes it only by rewriting the file). A
                // file whose header says WAL has both already: a status bar starting this
                // process every few seconds skips the statements.
                let fileSettings = isWAL ? "" : "PRAGMA page_size = \(Self.pageSize); PRAGMA journal_mode = WAL; "
                try database.execute(fileSettings + "PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
                if version < Schema.latestVersion { try migrate() }
            }
        }
    }

    /// Whether the store was opened read-only because this user cannot write it.
    public let isReadOnly: Bool

    /// The page size of a new store's file. A recipe row is about 1.2 KB (its instructions), so
    /// a 4,096-byte page holds three and left a sixth of the recipe table empty; 8,192-byte
    /// pages leave a ninth, 0.12 KB less per recipe (measured with dbstat on 20,000 recipes).
    /// A commit writes whole pages to the -wal, so an edit writes twice as many bytes; still a
    /// few dozen KB.
    static let pageSize = 8192

    /// The store at `path` read-only, or when an older version wrote it (or none has: an
    /// empty file), a copy in memory that ``migrate()`` upgrades: this version reads rows
    /// through its own schema, and a store this user may not write (shared by its owner, who
    /// has not upgraded yet) could not be read at all. The copy is a snapshot: changes made to
    /// the file meanwhile are seen on the next run, as with an immutable snapshot. It costs
    /// the file's size in memory, and the upgrade's time at every start, until the owner opens
    /// the store with this version.
    private static func openReadOnlyInThisSchema(_ path: String) throws -> SQLiteConnection {
        let file = try openReadOnly(path)
        // Nothing is copied from a file that is not a store, or a newer one.
        try checkIdentity(file, path: path)
        let version = try pragma("user_version", file)
        guard version < Schema.latestVersion else { return file }
        let copy = try SQLiteConnection(path: ":memory:")
        // SQLite copies into memory only pages of the size the copy has.
        try copy.execute("PRAGMA page_size = \(try pragma("page_size", file))")
        try copy.replaceContent(with: file)
        return copy
    }

    /// A read-only connection, or when SQLite cannot make the -shm file a WAL reader needs
    /// and no -wal file holds changes yet, an immutable one (a snapshot of the file).
    static func openReadOnly(_ path: String) throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path, readOnly: true)
        do {
            _ = try connection.scalar("SELECT count(*) FROM sqlite_schema")
            return connection
        } catch let error where SQLiteError.ResultCode.readOnly ~= error || SQLiteError.ResultCode.cannotOpen ~= error {
            guard access(path + "-wal", F_OK) != 0 else {
                // SQLite's own words, "unable to open database file", name no cause.
                guard SQLiteError.ResultCode.cannotOpen ~= error, access(path + "-shm", F_OK) != 0 else { throw error }
                throw SQLiteError(code: SQLITE_CANTOPEN, message: "its -wal holds changes not yet in the file, and reading them needs "
                    + "a -shm file that this user may not create in its folder; the store's owner opening it once merges them")
            }
            // A -journal left by a write that never finished (a backup, not in WAL mode, whose
            // writer was killed): reading may only follow rolling it back, which a read-only
            // connection cannot do, and an immutable one would read the torn pages as they are.
            guard access(path + "-journal", F_OK) != 0 else {
                throw RecipeStoreError.damaged(path: path, detail: "a write to it was cut short and left \(path)-journal; "
                    + "a program that may write the file undoes that write when it opens it (sqlite3 FILE .quit)")
            }
            return try SQLiteConnection(path: path, immutable: true)
        }
    }

    private static func isUnwritableStore(_ path: String) -> Bool {
        guard access(path, F_OK) == 0 else { return false }
        return access(path, W_OK) != 0 || access(folder(of: path), W_OK) != 0
    }

    /// The folder holding the file at `path`, with its trailing slash ("./" for a bare name).
    static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[...$0]) } ?? "./"
    }

    /// The schema version recorded in the file.
    public var schemaVersion: Int {
        get throws { try Self.pragma("user_version", database) }
    }

    /// The newest schema this version of the library writes.
    public static var currentSchemaVersion: Int { Schema.latestVersion }

    // MARK: Opening

    /// Refuses what cannot hold a store before SQLite sees it: SQLite takes an empty path for
    /// a temporary database (every write silently lost), would block forever reading a FIFO,
    /// and writes a journal beside a device. A file that is not SQLite is refused before SQLite
    /// opens it, so nothing is written.
    /// Refuses what is not a store file; true when the file's header says it is in WAL
    /// mode (false when that is not known).
    private static func checkFile(path: String) throws -> Bool {
        guard !path.isEmpty else { throw RecipeStoreError.emptyPath }
        var status = stat()
        guard stat(path, &status) == 0 else {
            // SQLite would say only "unable to open database file".
            let folder = String(folder(of: path).dropLast())
            if errno == ENOENT, !folder.isEmpty, !isFolder(folder) {
                throw RecipeStoreError.noSuchFolder(path: path, folder: folder)
            }
            return false
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw RecipeStoreError.notARegularFile(path: path) }
        // Reading the header with a descriptor of our own is safe only while no connection in
        // this process holds SQLite locks on the file: closing it would drop them. A file with
        // a live connection was checked when that connection's store opened.
        return try ConnectedFiles.withConnectionState(of: path) { isConnected in
            isConnected ? false : try checkHeader(path: path)
        }
    }

    /// Refuses a file that does not start as an SQLite database does; true when its header
    /// says WAL (bytes 18 and 19, the file format versions, are 2).
    private static func checkHeader(path: String) throws -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 20)
        let count = read(descriptor, &header, header.count)
        if count <= 0 { return false }
        if count < 16 || header[..<16] != Array("SQLite format 3\0".utf8)[...] { throw RecipeStoreError.notAStore(path: path) }
        return count == 20 && header[18] == 2 && header[19] == 2
    }

    /// Refuses what is not a store of this version or an older one; the store's schema version.
    @discardableResult
    static func checkIdentity(_ database: SQLiteConnection, path: String) throws -> Int {
        // One statement, so one look at the header: a status bar opens the store every few seconds.
        let (version, application) = try database.fetchOne("""
            SELECT (SELECT user_version FROM pragma_user_version), (SELECT application_id FROM pragma_application_id)
            """) { row -> (Int, Int) in (try row[0], try row[1]) } ?? (0, 0)
        if application != Int(Schema.applicationID) {
            let objects = try database.scalar("SELECT count(*) FROM sqlite_schema")
            if application != 0 || version != 0 || objects != .integer(0) {
                throw RecipeStoreError.notAStore(path: path)
            }
        }
        if version > Schema.latestVersion {
            throw RecipeStoreError.newerVersion(path: path, found: version, supported: Schema.latestVersion)
        }
        return version
    }

    func migrate() throws {
        guard try schemaVersion < Schema.latestVersion else { return }
        hasWritten = true
        try database.transaction {
            // Another process may have migrated while this one waited for the lock.
            let current = try schemaVersion
            let pending = Schema.migrations.enumerated().filter { $0.offset >= current }
            for (index, migration) in pending {
                try database.execute(migration.sql)
                try database.execute("INSERT INTO migration (version, name, applied) VALUES (?, ?, ?)",
                                     [index + 1, migration.name, Date()], cached: false)
            }
            // Swift code reads rows through today's schema, so it runs once every table
            // has its latest columns.
            for (_, migration) in pending { try migration.populate?(self) }
            try database.execute("PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = \(Schema.latestVersion)")
        }
    }

    static func pragma(_ name: String, _ database: SQLiteConnection) throws -> Int {
        guard case .integer(let value)? = try database.scalar("PRAGMA \(name)") else { return 0 }
        return Int(value)
    }

    static func describe(_ error: SQLiteError, path: String) -> RecipeStoreError {
        RecipeStoreError(error, path: path)
    }

    // MARK: Statements

    /// A prepared statement the connection keeps (see ``SQLiteConnection/cachedStatement(_:)``).
    func cachedStatement(_ sql: String) throws -> SQLiteStatement {
        try database.cachedStatement(sql)
    }

    /// Runs `body` in one write transaction, reporting SQLite failures as store errors. The
    /// sync clock that the transaction's changes advanced is written back in it too.
    /// A write inside another (a context's `transaction` saving) joins the outer one.
    func write<R>(_ body: () throws -> R) throws -> R {
        if isWriting { return try body() }
        isWriting = true
        defer { isWriting = false }
        defer { syncClock = nil }
        defer { unlistedSearchWords.removeAll() }
        defer { restoreCacheAfterBulkSave() }
        return try reading {
            let result = try database.transaction {
                let result = try body()
                try listSearchWords()
                try flushSyncClock()
                return result
            }
            // Only a committed write: a command that found nothing to change leaves the WAL
            // and the file as they were.
            if !hasWritten { hasWritten = true }
            return result
        }
    }

    /// Runs `body` in one read transaction: everything it reads is from one moment (inside
    /// a write, the write's own).
    func readSnapshot<R>(_ body: () throws -> R) throws -> R {
        if database.isInTransaction { return try body() }
        return try reading { try database.transaction(immediate: false, body) }
    }

    /// Runs `body`, reporting SQLite failures as store errors: the entry point of reads that
    /// need no snapshot (one statement is one already). ``write(_:)`` and
    /// ``readSnapshot(_:)`` go through it too.
    func reading<R>(_ body: () throws -> R) throws -> R {
        try Self.translatingSQLiteErrors(path: displayPath, body)
    }

    /// The one place where an ``SQLiteError`` becomes a ``RecipeStoreError``; an error already
    /// translated by an inner call passes through.
    static func translatingSQLiteErrors<R>(path: String, _ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw describe(error, path: path)
        }
    }

    /// The path as messages name it.
    var displayPath: String { path ?? ":memory:" }
}

extension RecipeStore {
    /// Changes whenever another connection commits to the store; cheap to poll.
    ///
    /// ```swift
    /// let before = try store.dataVersion
    /// // ... later
    /// if try store.dataVersion != before { /* re-read */ }
    /// ```
    public var dataVersion: Int {
        get throws { try Self.pragma("data_version", database) }
    }
}
