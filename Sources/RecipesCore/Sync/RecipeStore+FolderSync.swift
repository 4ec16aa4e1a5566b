import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// What one sync did.
public struct SyncReport: Sendable, Equatable {
    /// Recipes changed in this store by other replicas' changes.
    public var applied = 0
    /// Changes this store already had, or had something newer than.
    public var superseded = 0
    /// Other replicas' change files read and applied.
    public var filesApplied = 0
    /// Local changes written to the folder, and the file they went to.
    public var exported = 0
    /// The change file this sync wrote, if it wrote one.
    public var fileWritten: String?
    /// Whether that file is a snapshot of everything this store knows, written because the
    /// folder lacked this store's history (a new folder, or its files were deleted).
    public var wroteSnapshot = false
    /// Change files from a newer version of this program: kept, not applied.
    public var newerFiles: [String] = []
    /// Change files that could not be read ("path: reason"): skipped, tried again next time.
    public var damagedFiles: [String] = []
    /// Single changes not applied ("path: recipe <id>: reason"); the rest of their file was.
    public var refusedChanges: [String] = []
    /// Entries of the folder that are not readable replica folders ("path: reason"): skipped.
    public var skippedEntries: [String] = []
    /// Replicas whose change files this store had read and that are gone from the folder
    /// (a machine gone with its folder, a deleted folder): this sync wrote a snapshot of all
    /// it knows, since what they wrote may now be held only by stores that read it.
    public var goneReplicas: [String] = []
    /// The snapshot this sync wrote to replace this store's earlier files in the folder,
    /// once they held much more than their latest versions (see ``RecipeStore/sync(folder:)``).
    public var compactedInto: String?
    /// Set when this store's own replica folder held change files this store never wrote
    /// (it was restored from a backup, or copied): the store took a new replica id and read
    /// those files like any other store's.
    public var replicaChange: ReplicaChange?

    /// An empty report.
    public init() {}
}

/// A store that found files it never wrote in its own replica folder, and its new id.
public struct ReplicaChange: Sendable, Equatable {
    /// The replica id before.
    public var previous: String
    /// The replica id now.
    public var current: String
    /// How many such files there were.
    public var unknownFiles: Int
}

/// What a sync would do now.
public struct SyncStatus: Sendable, Equatable {
    /// This store's replica id.
    public var replica: String
    /// Local changes not yet written to the folder.
    public var pendingLocalChanges: Int
    /// Other replicas' change files not yet applied, by replica.
    public var unappliedFiles: [String: Int]
    /// Change files in a format newer than this library reads, with why; left for a newer version.
    public var newerFiles: [String]
    /// Files that could not be read, with the reason.
    public var damagedFiles: [String]
    /// Whether the folder lacks this store's history, or files of other replicas it read
    /// are gone, so the next sync writes a snapshot.
    public var needsSnapshot = false
    /// Replicas whose change files this store read and that are gone from the folder.
    public var goneReplicas: [String] = []
    /// Change files in this store's own replica folder that it never wrote.
    public var unknownOwnFiles = 0
    /// Entries in the folder that are not replicas' folders.
    public var skippedEntries: [String] = []
}

extension RecipeStore {
    /// Changes applied in one write transaction: big enough that a large file is not slow,
    /// small enough that a writer waiting behind the sync waits a fraction of a second.
    static let applyBatchSize = 500
    /// Microseconds between batches: five tries of a waiting writer.
    static let pauseBetweenBatches: useconds_t = 10_000

    /// Syncs with every other replica through `folder`: applies the change files of other
    /// replicas this store has not applied yet, then writes this store's changes since its
    /// last sync as one new file in `folder/<replica id>/` — or, when the folder lacks this
    /// store's history, a snapshot of everything it knows.
    ///
    /// Nothing in the folder is ever rewritten: each file is written under a temporary name,
    /// flushed and renamed, so a sync tool copies only whole files, and a crash leaves either
    /// the file or nothing. A file is applied in batches of a few hundred changes (each one
    /// transaction, so other writers wait briefly) and counts as applied once all of it is;
    /// applying a change twice is harmless, so a crash in between costs only repeated work.
    /// Running sync twice in a row changes nothing the second time.
    ///
    /// What the folder must hold stays there whatever machines come and go (see
    /// RecipeStore+FolderHistory): when files of another replica this store read are gone
    /// without a snapshot of theirs after them, it writes a snapshot of everything it knows;
    /// when its own files hold half as much again as what only its folder must hold, it
    /// writes that as one snapshot and removes the files it replaces.
    ///
    /// ```swift
    /// let report = try store.sync(folder: "/home/me/Sync/recipes")
    /// ```
    @discardableResult
    public func sync(folder: String) throws -> SyncReport {
        try Self.checkIsFolder(folder)
        // Before anything is made in the folder: a store that cannot take others' changes
        // cannot record what it writes there either.
        guard !isReadOnly else { throw RecipeStoreError.readOnly(path: displayPath) }
        return try holdingSyncLease { try syncHoldingLease(folder: folder) }
    }

    /// How long a sync waits for another sync of the same store to end.
    static let syncLeaseWait: TimeInterval = 30

    /// Runs `body` while this store object is the one syncing the store: two syncs at once
    /// (cron beside `--watch`) each wrote the same changes into files of their own, and one
    /// forgot the other's file, which then stayed in the folder for good. The lease is an
    /// flock(2) on the folder holding the store (not on the store file: opening and closing a
    /// descriptor of it would drop SQLite's locks); the system releases it when the process
    /// ends, kill -9 included, and it costs no write to the store.
    private func holdingSyncLease<R>(_ body: () throws -> R) throws -> R {
        guard let path else { return try body() }
        let descriptor = open(Self.folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        let deadline = Date().addingTimeInterval(Self.syncLeaseWait)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { break }
            guard Date() < deadline else { throw SyncError.anotherSync }
            usleep(50_000)
        }
        return try body()
    }

    private func syncHoldingLease(folder: String) throws -> SyncReport {
        var report = SyncReport()
        var own = try ownHistory(in: folder)
        if !own.unknown.isEmpty {
            report.replicaChange = try takeNewReplicaID(unknownFiles: own.unknown.count)
            own = try ownHistory(in: folder)
        }

        report.goneReplicas = try goneReplicas(in: folder, recording: true)
        // Files a sync killed between writing a snapshot and removing what it replaces.
        try removeFilesReplacedBySnapshot(in: folder)

        let pending = try pendingFiles(in: folder)
        report.skippedEntries = pending.skipped
        for file in pending.files {
            switch ChangeFile.read(file.path, expectedReplica: file.replica) {
            case .changes(let changes, let snapshot):
                let applied = try applyFile(changes, replica: file.replica, name: file.name, snapshot: snapshot)
                report.applied += applied.applied
                report.superseded += applied.superseded
                report.refusedChanges += applied.refused.map { "\(file.path): \($0)" }
                report.filesApplied += 1
            case .newer(let version):
                report.newerFiles.append("\(file.path): format version \(version) is newer than this program reads (\(ChangeFile.currentVersion))")
            case .damaged(let reason):
                report.damagedFiles.append("\(file.path): \(reason)")
            }
        }

        let republish = try republishIsDue
        let snapshot = own.needsSnapshot || republish
        let (changes, token) = snapshot ? try self.snapshot() : try self.changes(since: try syncValue("exported_through").integerValue)
        if !changes.isEmpty {
            report.fileWritten = try writeChangeFile(changes, into: folder, snapshot: snapshot, through: token, named: changes.map(\.stamp).max())
            report.exported = changes.count
            report.wroteSnapshot = snapshot
        }
        if republish { try write { try clearRepublish() } }
        if snapshot {
            try removeFilesReplacedBySnapshot(in: folder)
        } else if report.fileWritten != nil, let compacted = try compactIfDue(folder: folder) {
            report.compactedInto = compacted
        }
        return report
    }

    /// Writes `changes` as a new file of this store's in `folder` and records it; its path.
    /// Named by `stamp` (the newest change's), so names sort in the order the changes were
    /// made; nil names it by a new stamp of this store's, later than every file it wrote.
    func writeChangeFile(_ changes: [RecipeChange], into folder: String, snapshot: Bool, through token: Int64,
                         named stamp: SyncStamp?) throws -> String {
        let replica = try replicaID
        let ownFolder = folder + "/" + replica
        if mkdir(ownFolder, 0o755) != 0, errno != EEXIST { throw SyncError.cannotWrite(path: ownFolder, reason: String(cString: strerror(errno))) }
        try Self.checkIsRealFolder(ownFolder)
        removeStaleTemporaryFiles(in: ownFolder)
        // The name is recorded before the file exists, so a crash right after the rename
        // cannot leave a file this store would later take for someone else's.
        let name = try write {
            let latest = try stamp ?? nextPlanStamp()
            // The random part keeps two syncs of one store from ever choosing the same name.
            let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
            let name = ISO8601.pad(Int(min(latest.wall, 999_999_999_999_999)), 15) + "-" + ISO8601.pad(Int(latest.counter % 1_000_000), 6) + "-"
                + String(repeating: "0", count: 8 - random.count) + random + ChangeFile.fileExtension
            try database.execute("INSERT INTO sync_written (replica, file, snapshot, through, done) VALUES (?, ?, ?, ?, 0)",
                                 [replica, name, snapshot, token])
            return name
        }
        try ChangeFile.writeAtomically(try ChangeFile.encode(changes, replica: replica, snapshot: snapshot), to: ownFolder + "/" + name)
        try write { try markWritten(replica: replica, file: name, through: token) }
        return ownFolder + "/" + name
    }

    /// What `sync(folder:)` would do, without doing it.
    public func syncStatus(folder: String) throws -> SyncStatus {
        try Self.checkIsFolder(folder)
        let own = try ownHistory(in: folder, recording: false)
        let pending = try pendingFiles(in: folder)
        let gone = try goneReplicas(in: folder, recording: false)
        var status = SyncStatus(replica: try replicaID, pendingLocalChanges: 0, unappliedFiles: [:], newerFiles: [], damagedFiles: [],
                                needsSnapshot: try own.needsSnapshot || !gone.isEmpty || republishIsDue, goneReplicas: gone,
                                unknownOwnFiles: own.unknown.count, skippedEntries: pending.skipped)
        let exportedThrough = try syncValue("exported_through").integerValue
        let count = status.needsSnapshot
            ? try database.fetchOne(Int.self, "SELECT count(*) FROM recipe_version WHERE wall > 0")
            : try database.fetchOne(Int.self, "SELECT count(*) FROM recipe_version WHERE local_change > ?", [exportedThrough])
        status.pendingLocalChanges = count ?? 0
        for file in pending.files {
            // Only files a sync would apply: damaged and newer ones are listed apart, so a
            // folder whose only leftovers are those reads as settled.
            switch ChangeFile.read(file.path, expectedReplica: file.replica, decoding: false) {
            case .changes: status.unappliedFiles[file.replica, default: 0] += 1
            case .newer(let version):
                status.newerFiles.append("\(file.path): format version \(version) is newer than this program reads (\(ChangeFile.currentVersion))")
            case .damaged(let reason): status.damagedFiles.append("\(file.path): \(reason)")
            }
        }
        return status
    }

    // MARK: - This store's own folder

    private struct OwnHistory {
        /// Change files in the store's replica folder that it never wrote.
        var unknown: [String] = []
        /// Whether the folder lacks files this store wrote since its last snapshot.
        var needsSnapshot = false
    }

    /// Compares the files this store wrote with what its replica folder holds. With
    /// `recording`, a file whose name was recorded just before a crash is settled: present
    /// means written, absent means never written.
    private func ownHistory(in folder: String, recording: Bool = true) throws -> OwnHistory {
        let replica = try replicaID
        let ownFolder = folder + "/" + replica
        var status = stat()
        var present = Set<String>()
        if lstat(ownFolder, &status) == 0 {
            try Self.checkIsRealFolder(ownFolder)
            present = Set(try Self.entries(of: ownFolder).filter { $0.hasSuffix(ChangeFile.fileExtension) && !$0.hasPrefix(".") })
        }
        let written = try database.fetchAll("SELECT file, snapshot, through, done FROM sync_written WHERE replica = ? ORDER BY rowid",
                                            [replica]) { row -> (file: String, snapshot: Bool, through: Int64, done: Bool) in
            (try row["file"], try row["snapshot"], try row["through"], try row["done"])
        }

        let exportedThrough = try syncValue("exported_through").integerValue
        if recording {
            let unsettled = written.filter { !$0.done }
            if !unsettled.isEmpty {
                try write {
                    for file in unsettled {
                        if present.contains(file.file) {
                            try markWritten(replica: replica, file: file.file, through: file.through)
                        } else {
                            try database.execute("DELETE FROM sync_written WHERE replica = ? AND file = ?", [replica, file.file])
                        }
                    }
                }
                return try ownHistory(in: folder)
            }
            // A store that synced before this version kept no list: its files are adopted.
            if written.isEmpty, exportedThrough > 0, try database.fetchOne(Int.self, "SELECT count(*) FROM sync_written") == 0, !present.isEmpty {
                try write {
                    for file in present.sorted() {
                        try database.execute("INSERT INTO sync_written (replica, file, snapshot, through, done) VALUES (?, ?, 0, ?, 1)",
                                             [replica, file, exportedThrough])
                    }
                }
                return try ownHistory(in: folder)
            }
        }
        var history = OwnHistory()
        let known = Set(written.map(\.file))
        // Only a file with changes this store lacks says it was restored or copied; a sync
        // tool's conflict copy or a half-copied duplicate of its own file says nothing.
        history.unknown = try present.subtracting(known).sorted().filter { try holdsChangesThisStoreLacks(ownFolder + "/" + $0, replica: replica) }
        // Without recording, a name recorded just before a crash counts as written when its
        // file is there, as the next sync will settle it.
        let done = written.filter { $0.done || (!recording && present.contains($0.file)) }
        let sinceSnapshot = done.lastIndex(where: \.snapshot).map { done[$0...] } ?? done[...]
        let hasShared = exportedThrough > 0 || !written.isEmpty
        history.needsSnapshot = hasShared && (sinceSnapshot.isEmpty || sinceSnapshot.contains { !present.contains($0.file) })
        return history
    }

    private func holdsChangesThisStoreLacks(_ path: String, replica: String) throws -> Bool {
        guard case .changes(let changes, _) = ChangeFile.read(path, expectedReplica: replica) else { return false }
        for change in changes {
            guard let current = try version(of: change.id) else { return true }
            if change.stamp > current.stamp { return true }
            // A plan change travels under the recipe's unchanged stamp, with its entries' own.
            if try lacksPlanChanges(of: change) { return true }
        }
        return false
    }

    private func markWritten(replica: String, file: String, through token: Int64) throws {
        try database.execute("UPDATE sync_written SET done = 1 WHERE replica = ? AND file = ?", [replica, file])
        if try syncValue("exported_through").integerValue < token { try setSyncValue("exported_through", token.sqliteValue) }
    }

    /// Gives the store a new replica id. Its old folder is then read like another store's
    /// (applying its own earlier changes again is harmless), and the new folder, empty, gets a
    /// snapshot: nothing is lost, whichever of two copies of a store goes on under which id.
    private func takeNewReplicaID(unknownFiles: Int) throws -> ReplicaChange {
        let previous = try replicaID
        try write {
            try database.execute("UPDATE sync_state SET value = lower(hex(randomblob(16))) WHERE key = 'replica'")
            // Its earlier changes carry the old id, which only a snapshot may hold for another
            // replica: every other store would refuse them in an ordinary file. Recorded with
            // the new id, so a sync killed before writing it still owes it.
            try recordSnapshotDue()
        }
        return ReplicaChange(previous: previous, current: try replicaID, unknownFiles: unknownFiles)
    }

    // MARK: - Other replicas' files

    private struct PendingFile {
        var replica: String
        var name: String
        var path: String
    }

    /// Every other replica's change file that this store has not applied yet, in order, and
    /// the entries that are not readable replica folders (each skipped with its reason).
    private func pendingFiles(in folder: String) throws -> (files: [PendingFile], skipped: [String]) {
        let own = try replicaID
        var files: [PendingFile] = []
        var skipped: [String] = []
        for replica in try Self.entries(of: folder).sorted() where replica != own && Self.isReplicaName(replica) {
            let replicaFolder = folder + "/" + replica
            let names: [String]
            do {
                try Self.checkIsRealFolder(replicaFolder)
                names = try Self.entries(of: replicaFolder)
            } catch let error as SyncError {
                skipped.append("\(replicaFolder): \(Self.reason(error))")
                continue
            }
            let applied = try appliedFiles(of: replica)
            for name in names.sorted() where name.hasSuffix(ChangeFile.fileExtension) && !name.hasPrefix(".") && !applied.contains(name) {
                files.append(PendingFile(replica: replica, name: name, path: replicaFolder + "/" + name))
            }
        }
        return (files, skipped)
    }

    private static func reason(_ error: SyncError) -> String {
        switch error {
        case .notAFolder: "not a folder (a link or a file)"
        case .cannotRead(_, let reason): reason
        default: "\(error)"
        }
    }

    /// Applies one file's changes in batches; the last batch's transaction records the file,
    /// unless a change in it waits for this machine's clock (see ``AppliedChanges/postponed``).
    private func applyFile(_ changes: [RecipeChange], replica: String, name: String, snapshot: Bool) throws -> AppliedChanges {
        var total = AppliedChanges()
        var start = 0
        repeat {
            let end = min(start + Self.applyBatchSize, changes.count)
            let batch = Array(changes[start..<end])
            let isLast = end == changes.count
            let postponedBefore = total.postponed
            let applied = try write {
                let applied = try applyInTransaction(batch, signedBy: snapshot ? nil : replica)
                if isLast, postponedBefore + applied.postponed == 0 {
                    try database.execute("INSERT OR IGNORE INTO sync_applied (replica, file, applied) VALUES (?, ?, ?)",
                                         [replica, name, Date()])
                }
                return applied
            }
            total.applied += applied.applied
            total.superseded += applied.superseded
            total.refused += applied.refused
            total.postponed += applied.postponed
            start = end
            // A moment without the lock, in which a writer waiting behind this sync (trying
            // every 2 ms, see SQLiteConnection) takes its turn.
            if start < changes.count { usleep(Self.pauseBetweenBatches) }
        } while start < changes.count
        return total
    }

    private func appliedFiles(of replica: String) throws -> Set<String> {
        Set(try database.fetchAll("SELECT file FROM sync_applied WHERE replica = ?", [replica]) { try $0["file"] as String })
    }

    // MARK: - The file system

    /// A replica id: 32 lowercase hex digits. Anything else in the folder is not ours.
    static func isReplicaName(_ name: String) -> Bool {
        name.utf8.count == 32 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Whether `path` names a folder (through a link too).
    package static func isFolder(_ path: String) -> Bool {
        (try? checkIsFolder(path)) != nil
    }

    /// Throws ``SyncError/noFolder(path:)`` or ``SyncError/notASyncFolder(path:)`` unless
    /// `folder` is a folder: what `sync(folder:)` checks first.
    package static func checkIsFolder(_ folder: String) throws {
        var status = stat()
        guard stat(folder, &status) == 0 else { throw SyncError.noFolder(path: folder) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw SyncError.notASyncFolder(path: folder) }
    }

    /// A folder inside the sync folder must be a folder, not a link: a link could lead a
    /// sync to write or delete anywhere.
    static func checkIsRealFolder(_ path: String) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw SyncError.cannotRead(path: path, reason: String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw SyncError.notAFolder(path: path) }
    }

    /// The names in `folder`, but `.` and `..` (a sync folder's files; a store's folder).
    static func entries(of folder: String) throws -> [String] {
        guard let directory = opendir(folder) else { throw SyncError.cannotRead(path: folder, reason: String(cString: strerror(errno))) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Temporary files a killed sync left behind (older than ten minutes, so a sync running
    /// alongside keeps its own).
    func removeStaleTemporaryFiles(in folder: String) {
        guard let names = try? Self.entries(of: folder) else { return }
        let cutoff = time(nil) - 600
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            var status = stat()
            let path = folder + "/" + name
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mtim.tv_sec < cutoff { unlink(path) }
        }
    }
}
