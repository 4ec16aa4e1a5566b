import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

extension RecipeStore {
    /// Writes a consistent copy of the store to `path` (which must not exist), while other
    /// processes go on reading and writing it: SQLite's `VACUUM INTO`.
    ///
    /// ```swift
    /// try store.backUp(to: "/backups/recipes-2026-12-01.sqlite")
    /// ```
    public func backUp(to path: String) throws {
        // SQLite takes an empty name for a temporary file, deleted once written.
        guard !path.isEmpty else { throw RecipeStoreError.cannotWrite(path: "''", detail: "no file name was given") }
        guard !FileManager.default.fileExists(atPath: path) else {
            throw RecipeStoreError.cannotWrite(path: path, detail: "a file is already there")
        }
        let folder = Self.folder(of: path)
        var status = stat()
        guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw RecipeStoreError.cannotWrite(path: path, detail: "there is no folder \(folder)")
        }
        do {
            try Self.translatingSQLiteErrors(path: path) {
                // A store opened read-only refuses writes with `query_only`, which refuses
                // VACUUM INTO too, although it writes only the new file.
                if isReadOnly { try database.execute("PRAGMA query_only = OFF") }
                defer { if isReadOnly { try? database.execute("PRAGMA query_only = ON") } }
                try database.execute("VACUUM INTO ?", [path], cached: false)
            }
        } catch {
            // What a failed VACUUM INTO made (it was checked above that nothing was there):
            // left, the file would stand in the way of the next try.
            for file in [path, path + "-journal"] { unlink(file) }
            throw error
        }
    }

    /// Replaces the store's recipes with those of the backup at `path`, in one transaction
    /// that other processes see whole, keeping the store's file (a running `next --follow` or
    /// `sync --watch` simply sees a change). The backup is checked first — a recipe store, not
    /// from a newer version, intact — and left as it is; an older one is upgraded in the store
    /// afterwards. With `keeping`, the store as it was is first backed up there. A sync
    /// afterwards finds the changes this store wrote after the backup in its folder and reads
    /// them back (see ``sync(folder:)``).
    public func restore(fromBackup path: String, keepingCurrentAt keeping: String? = nil) throws {
        guard !isReadOnly else { throw RecipeStoreError.readOnly(path: displayPath) }
        try Self.readingBackup(at: path) { source in
            // Converted first: when that fails (a full disk), nothing is left behind, not even
            // the copy of the store as it was.
            let (pages, copy) = try inPageSizeOfStore(source, from: path)
            defer {
                if let copy {
                    pages.close()
                    Self.removeCopy(copy)
                }
            }
            if let keeping { try backUp(to: keeping) }
            do {
                let clock = try reading { (wall: try syncValue("wall").integerValue, counter: try syncValue("counter").integerValue) }
                try reading {
                    database.clearStatementCache()
                    hasWritten = true
                    try database.replaceContent(with: pages)
                    try migrate()
                }
                try continueAsNewReplica(clockAtLeast: clock)
            } catch {
                // Nothing was changed (the store busy, say): the store as it was is the store.
                if let keeping { unlink(keeping) }
                throw error
            }
        }
    }

    /// After a restore the store is a new replica whose clock is no earlier than the replaced
    /// store's: the backup's clock and id had stamped changes made after the backup, which
    /// other machines hold, and stamping new changes with them again would give two versions
    /// one stamp (other machines would keep either). Its old folder is then read like another
    /// store's, which brings back what it wrote after the backup.
    private func continueAsNewReplica(clockAtLeast replaced: (wall: Int64, counter: Int64)) throws {
        try write {
            syncClock = nil
            let restored = (wall: try syncValue("wall").integerValue, counter: try syncValue("counter").integerValue)
            let floor = (replaced.wall, replaced.counter) > (restored.wall, restored.counter) ? replaced : restored
            try setSyncValue("wall", floor.wall.sqliteValue)
            try setSyncValue("counter", floor.counter.sqliteValue)
            try database.execute("UPDATE sync_state SET value = lower(hex(randomblob(16))) WHERE key = 'replica'")
            // Its changes carry the old id, which only a snapshot may hold for another replica:
            // an ordinary file of the new id would have them refused everywhere.
            try recordSnapshotDue()
        }
    }

    /// Throws what ``restore(fromBackup:keepingCurrentAt:)`` would throw for the backup at
    /// `path` itself (no such file, not a recipe store, damaged, from a newer version), with no
    /// store: `recipes restore` on a machine without a store makes one only for a backup it
    /// can restore.
    public static func checkBackup(at path: String) throws {
        try readingBackup(at: path) { _ in }
    }

    /// Opens the backup at `path` read-only and checked, for `body`; then closes it and removes
    /// the -wal and -shm that reading made beside it (see ``removeLogsMadeByReading(_:)``).
    private static func readingBackup(at path: String, _ body: (SQLiteConnection) throws -> Void) throws {
        let logsBeside = logFiles(of: path).filter { access($0, F_OK) == 0 }
        var opened: SQLiteConnection?
        defer {
            opened?.close()
            if logsBeside.isEmpty { removeLogsMadeByReading(path) }
        }
        let source = try translatingSQLiteErrors(path: path) {
            var status = stat()
            guard stat(path, &status) == 0 else {
                throw errno == ENOENT ? RecipeStoreError.noSuchFile(path: path) : RecipeStoreError.notAStore(path: path)
            }
            guard status.st_mode & S_IFMT == S_IFREG else { throw RecipeStoreError.notARegularFile(path: path) }
            // As a store this user cannot write is opened: a backup in WAL mode in a folder
            // this user cannot write (no -shm can be made) is still read.
            let source = try openReadOnly(path)
            try checkIdentity(source, path: path)
            guard try pragma("user_version", source) > 0 else { throw RecipeStoreError.notAStore(path: path) }
            guard try source.scalar("PRAGMA quick_check") == .text("ok") else {
                throw RecipeStoreError.damaged(path: path, detail: "PRAGMA quick_check found errors")
            }
            return source
        }
        opened = source
        try body(source)
    }

    /// The backup, or when its pages differ in size from the store's, a copy of it with the
    /// store's, and that copy's path: SQLite's backup API cannot copy pages of another size
    /// into a database in WAL mode (a backup of a store from before ``pageSize`` into a new
    /// store, or the reverse). The copy (`VACUUM INTO`) is written beside the store.
    private func inPageSizeOfStore(_ source: SQLiteConnection, from path: String) throws -> (SQLiteConnection, copy: String?) {
        let (size, backupSize) = try Self.translatingSQLiteErrors(path: path) {
            (try Self.pragma("page_size", database), try Self.pragma("page_size", source))
        }
        guard let storePath = self.path, backupSize != size else { return (source, nil) }
        let folder = Self.folder(of: storePath)
        let name = String(storePath.split(separator: "/").last!)
        Self.removeAbandonedCopies(in: folder, of: name)
        let copy = folder + ".restoring-\(getpid())-\(UUID().uuidString.prefix(8))-" + name
        // A failure here (a full disk) is about the copy, so the message names it.
        return try Self.translatingSQLiteErrors(path: copy) {
            do {
                // The copy first, then its page size: `PRAGMA page_size` before `VACUUM INTO`
                // is ignored for a backup opened as immutable (read-only, in WAL mode, in a
                // folder this user cannot write), and the pages would still differ.
                try source.execute("VACUUM INTO ?", [copy], cached: false)
                let converted = try SQLiteConnection(path: copy)
                try converted.execute("PRAGMA journal_mode = DELETE; PRAGMA page_size = \(size); VACUUM")
                return (converted, copy)
            } catch {
                Self.removeCopy(copy)
                throw error
            }
        }
    }

    /// The files SQLite keeps beside a database in WAL mode while it is open.
    private static func logFiles(of path: String) -> [String] { [path + "-wal", path + "-shm"] }

    /// Removes the -wal and -shm that reading the backup at `path` (a copied store file is in
    /// WAL mode) made beside it. A read-only connection leaves them when it closes; one that
    /// may write removes them as it closes, when SQLite finds no other connection has the file
    /// open, so none is taken from under another program. A log made by reading holds no
    /// pages, so closing writes nothing into the backup.
    private static func removeLogsMadeByReading(_ path: String) {
        guard logFiles(of: path).contains(where: { access($0, F_OK) == 0 }),
              let connection = try? SQLiteConnection(path: path, create: false) else { return }
        // SQLite opens the log with the first read.
        _ = try? connection.scalar("SELECT count(*) FROM sqlite_schema")
        connection.close()
    }

    /// The converted copy and the files SQLite may have made beside it.
    private static func removeCopy(_ copy: String) {
        for file in [copy, copy + "-journal", copy + "-wal", copy + "-shm"] { unlink(file) }
    }

    /// Removes converted copies of the store `name` in `folder` that a restore killed before
    /// it finished left behind (`.restoring-PID-…-name`, PID no longer running): a copy is as
    /// large as the backup.
    private static func removeAbandonedCopies(in folder: String, of name: String) {
        guard let files = try? entries(of: folder) else { return }
        var abandoned: [String] = []
        for file in files {
            let parts = file.split(separator: "-", maxSplits: 3)
            guard parts.count == 4, parts[0] == ".restoring", let pid = pid_t(parts[1]),
                  ["", "-journal", "-wal", "-shm"].contains(where: { String(parts[3]) == name + $0 }),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            abandoned.append(folder + parts[0...2].joined(separator: "-") + "-" + name)
        }
        Set(abandoned).forEach(removeCopy)
    }

    /// Closes a store whose file was replaced under it (a backup moved over it while this
    /// process had it open). SQLite will not checkpoint into a moved file, so the old file's
    /// -wal and -shm would stay beside the new one, and the next connection would read the
    /// old database's log into the new: this removes them when they are still the ones this
    /// process had open (not a log that came with the new file). Afterwards the store cannot
    /// be used; open the path again.
    public func closeReplacedFile() {
        guard let path else { return }
        let stale = Self.logFiles(of: path).filter(Self.isOpenInThisProcess)
        database.clearStatementCache()
        database.close()
        for file in stale { unlink(file) }
    }

    /// Whether the file now at `path` is one this process has open (through SQLite).
    private static func isOpenInThisProcess(_ path: String) -> Bool {
        var atPath = stat()
        guard stat(path, &atPath) == 0, let folder = opendir("/proc/self/fd") else { return false }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let descriptor = Int32(name) else { continue }
            var open = stat()
            if fstat(descriptor, &open) == 0, open.st_dev == atPath.st_dev, open.st_ino == atPath.st_ino { return true }
        }
        return false
    }
}
