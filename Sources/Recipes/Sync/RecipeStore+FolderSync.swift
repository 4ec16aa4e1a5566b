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
    public var fileWritten: String?
    /// Change files from a newer version of this program: kept, not applied.
    public var newerFiles: [String] = []
    /// Change files that could not be read ("path: reason"): skipped, tried again next time.
    public var damagedFiles: [String] = []
}

/// What a sync would do now.
public struct SyncStatus: Sendable, Equatable {
    public var replica: String
    /// Local changes not yet written to the folder.
    public var pendingLocalChanges: Int
    /// Other replicas' change files not yet applied, by replica.
    public var unappliedFiles: [String: Int]
    public var newerFiles: [String]
    public var damagedFiles: [String]
}

extension RecipeStore {
    /// Syncs with every other replica through `folder`: applies the change files of other
    /// replicas this store has not applied yet (all in one transaction), then writes this
    /// store's changes since its last sync as one new file in `folder/<replica id>/`.
    ///
    /// Nothing in the folder is ever rewritten: each file is written under a temporary name,
    /// flushed and renamed, so a sync tool copies only whole files, and a crash leaves either
    /// the file or nothing. Running sync twice in a row changes nothing the second time.
    ///
    /// ```swift
    /// let report = try store.sync(folder: "/home/me/Sync/recipes")
    /// ```
    @discardableResult
    public func sync(folder: String) throws -> SyncReport {
        var report = SyncReport()
        let scan = try scanFolder(folder)
        report.newerFiles = scan.newer
        report.damagedFiles = scan.damaged
        if !scan.readable.isEmpty {
            let applied = try write {
                let result = try applyInTransaction(scan.readable.flatMap(\.changes))
                let record = try cachedStatement("INSERT OR IGNORE INTO sync_applied (replica, file, applied) VALUES (?, ?, ?)")
                for file in scan.readable {
                    try record.execute([.text(file.replica), .text(file.name), .real(Date().timeIntervalSinceReferenceDate)])
                }
                return result
            }
            report.applied = applied.applied
            report.superseded = applied.superseded
            report.filesApplied = scan.readable.count
        }

        let exportedThrough = try syncValue("exported_through").integerValue
        let (changes, token) = try self.changes(since: exportedThrough)
        guard !changes.isEmpty, let latest = changes.map(\.stamp).max() else { return report }
        let replica = try replicaID
        let own = folder + "/" + replica
        if mkdir(own, 0o755) != 0, errno != EEXIST { throw SyncError.cannotWrite(path: own, reason: String(cString: strerror(errno))) }
        removeStaleTemporaryFiles(in: own)
        // Named by the newest stamp, so names sort in the order the changes were made; the
        // random part keeps two syncs of one store from ever choosing the same name.
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let name = ISO8601.pad(Int(latest.wall), 15) + "-" + ISO8601.pad(Int(latest.counter), 6) + "-"
            + String(repeating: "0", count: 8 - random.count) + random + ChangeFile.fileExtension
        try ChangeFile.writeAtomically(try ChangeFile.encode(changes, replica: replica), to: own + "/" + name)
        // Only after the file is in place: a crash in between writes the same changes again
        // next time, which applying twice makes harmless.
        try write {
            if try syncValue("exported_through").integerValue < token { try setSyncValue("exported_through", .integer(token)) }
        }
        report.exported = changes.count
        report.fileWritten = own + "/" + name
        return report
    }

    /// What `sync(folder:)` would do, without doing it.
    public func syncStatus(folder: String) throws -> SyncStatus {
        let scan = try scanFolder(folder)
        let exportedThrough = try syncValue("exported_through").integerValue
        let pending = try database.scalar("SELECT count(*) FROM recipe_version WHERE local_change > ?", [.integer(exportedThrough)])
        return SyncStatus(replica: try replicaID, pendingLocalChanges: Int(pending?.integerValue ?? 0),
                          unappliedFiles: Dictionary(grouping: scan.readable, by: \.replica).mapValues(\.count).merging(
                              scan.unreadableByReplica, uniquingKeysWith: +),
                          newerFiles: scan.newer, damagedFiles: scan.damaged)
    }

    // MARK: - Reading the folder

    private struct FolderScan {
        var readable: [(replica: String, name: String, changes: [RecipeChange])] = []
        var newer: [String] = []
        var damaged: [String] = []
        var unreadableByReplica: [String: Int] = [:]
    }

    /// Every other replica's change files that this store has not applied yet, read and checked.
    private func scanFolder(_ folder: String) throws -> FolderScan {
        var status = stat()
        guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { throw SyncError.noFolder(path: folder) }
        let own = try replicaID
        var scan = FolderScan()
        for replica in try Self.entries(of: folder).sorted() where replica != own && Self.isReplicaName(replica) {
            let applied = try appliedFiles(of: replica)
            let replicaFolder = folder + "/" + replica
            for name in try Self.entries(of: replicaFolder).sorted()
            where name.hasSuffix(ChangeFile.fileExtension) && !name.hasPrefix(".") && !applied.contains(name) {
                let path = replicaFolder + "/" + name
                let data: Data
                do {
                    data = try FileContents.read(path)
                } catch {
                    scan.damaged.append("\(path): \(error)")
                    scan.unreadableByReplica[replica, default: 0] += 1
                    continue
                }
                switch ChangeFile.decode(data, expectedReplica: replica) {
                case .changes(let changes):
                    // A whole file with a recipe this program cannot store (no name, say)
                    // would fail every sync's transaction; it is skipped like a damaged one.
                    if let bad = Self.firstUnstorable(changes) {
                        scan.damaged.append("\(path): \(bad)")
                        scan.unreadableByReplica[replica, default: 0] += 1
                    } else {
                        scan.readable.append((replica, name, changes))
                    }
                case .newer(let version):
                    scan.newer.append("\(path): format version \(version) is newer than this program reads (\(ChangeFile.currentVersion))")
                    scan.unreadableByReplica[replica, default: 0] += 1
                case .damaged(let reason):
                    scan.damaged.append("\(path): \(reason)")
                    scan.unreadableByReplica[replica, default: 0] += 1
                }
            }
        }
        return scan
    }

    private static func firstUnstorable(_ changes: [RecipeChange]) -> String? {
        for change in changes where !change.deleted {
            guard let recipe = change.recipe else { continue }
            do {
                _ = try recipe.makeRecipe()
            } catch let error as RecipeFormatError {
                return "recipe \(change.id.uuidString) cannot be stored (\(error.reason))"
            } catch {
                return "recipe \(change.id.uuidString) cannot be stored"
            }
        }
        return nil
    }

    private func appliedFiles(of replica: String) throws -> Set<String> {
        let statement = try cachedStatement("SELECT file FROM sync_applied WHERE replica = ?")
        try statement.bind([.text(replica)])
        defer { statement.reset() }
        var names = Set<String>()
        while try statement.step() { names.insert(statement.string(0)) }
        return names
    }

    /// A replica id: 32 lowercase hex digits. Anything else in the folder is not ours.
    static func isReplicaName(_ name: String) -> Bool {
        name.utf8.count == 32 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    private static func entries(of folder: String) throws -> [String] {
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
    private func removeStaleTemporaryFiles(in folder: String) {
        guard let names = try? Self.entries(of: folder) else { return }
        let cutoff = time(nil) - 600
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            var status = stat()
            let path = folder + "/" + name
            if stat(path, &status) == 0, status.st_mtim.tv_sec < cutoff { unlink(path) }
        }
    }
}
