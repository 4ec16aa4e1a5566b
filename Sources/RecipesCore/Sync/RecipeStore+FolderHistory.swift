import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

// What a sync folder must go on holding, whatever machines come and go, and no more.
//
// A change file other than a snapshot speaks only for its replica, so every version of a
// recipe (and every plan entry, every cooked record) lives in the folder of the replica that
// stamped it. Two things keep that true:
// - A replica whose files this store applied can vanish (a machine gone with its folder, a
//   folder deleted by hand or by a sync tool, which deletes it on every machine). What it
//   wrote then lives only in the stores that read it: each of them, seeing its files gone
//   without a snapshot of its own after them, writes a snapshot of everything it knows.
// - A replica's own files pile up, edit after edit, and a new machine reads them all. When
//   they hold far more than their latest versions, the store replaces them with one
//   snapshot of what only its folder must hold: the versions it stamped, and those stamped
//   by replicas whose folders are gone. Every other version is the latest of its replica and
//   held by that replica's folder.

extension RecipeStore {
    /// Replicas whose change files this store applied and that are gone from `folder`, with
    /// no snapshot of theirs after them (which would replace them). With `recording`, the gone
    /// files are forgotten (were the folder made again, its files would be read again) and,
    /// in the same transaction, a snapshot is recorded as due: a crash before it is written
    /// cannot lose the need for it.
    func goneReplicas(in folder: String, recording: Bool) throws -> [String] {
        let own = try replicaID
        var appliedByReplica: [String: [String]] = [:]
        try database.forEachRow("SELECT replica, file FROM sync_applied", []) { row in
            appliedByReplica[try row["replica"], default: []].append(try row["file"])
            return true
        }
        var goneFiles: [(replica: String, file: String)] = []
        var unreplaced: [String] = []
        for (replica, applied) in appliedByReplica where replica != own {
            let replicaFolder = folder + "/" + replica
            var status = stat()
            let present: Set<String>
            if lstat(replicaFolder, &status) != 0 {
                // Only a folder that is not there is gone; one that cannot be read now is
                // looked at again next time.
                guard errno == ENOENT else { continue }
                present = []
            } else {
                guard let names = try? Self.entries(of: replicaFolder) else { continue }
                present = Set(names)
            }
            let missing = applied.filter { !present.contains($0) }
            guard let latest = missing.map(Self.stampPart).max() else { continue }
            goneFiles += missing.map { (replica, $0) }
            // A snapshot named by a stamp no earlier than theirs holds what they held: a
            // compaction is named by a new stamp, and a snapshot written with nothing new
            // since a file by that file's newest stamp.
            let replaced = present.contains { name in
                Self.stampPart(name) >= latest && Self.isChangeFileName(name)
                    && ChangeFile.header(of: replicaFolder + "/" + name, expectedReplica: replica)?.snapshot == true
            }
            if !replaced { unreplaced.append(replica) }
        }
        if recording, !goneFiles.isEmpty {
            try write {
                for (replica, file) in goneFiles {
                    try database.execute("DELETE FROM sync_applied WHERE replica = ? AND file = ?", [replica, file])
                }
                if !unreplaced.isEmpty { try recordSnapshotDue() }
            }
        }
        return unreplaced.sorted()
    }

    /// Records, in the current write transaction, that the next sync writes a snapshot of
    /// everything this store knows.
    func recordSnapshotDue() throws {
        try setSyncValue("republish", 1.sqliteValue)
    }

    /// Whether a snapshot is due because another replica's files are gone (see
    /// ``goneReplicas(in:recording:)``), or the store took a new replica id on a restore.
    var republishIsDue: Bool {
        get throws { try database.fetchOne(Int.self, "SELECT value FROM sync_state WHERE key = 'republish'") == 1 }
    }

    func clearRepublish() throws {
        try database.execute("DELETE FROM sync_state WHERE key = 'republish'")
    }

    /// The stamp a change file is named by (`<wall>-<counter>`), without its random part;
    /// a name of another shape whole.
    static func stampPart(_ name: String) -> Substring {
        let utf8 = name.utf8
        guard utf8.count > 22, utf8[utf8.index(utf8.startIndex, offsetBy: 15)] == UInt8(ascii: "-"),
              utf8[utf8.index(utf8.startIndex, offsetBy: 22)] == UInt8(ascii: "-") else { return name[...] }
        return name.prefix(22)
    }

    /// A change file's name: visible (a hidden one is still being written) with the extension.
    static func isChangeFileName(_ name: String) -> Bool {
        name.hasSuffix(ChangeFile.fileExtension) && !name.hasPrefix(".")
    }

    // MARK: - Compacting this store's own files

    /// Own files beyond this many are compacted whatever they hold: a new machine opens each.
    static let compactionFileLimit = 256
    /// Below this many bytes of own files nothing is compacted: rewriting them saves nothing.
    static let compactionSlackBytes = 64 * 1024

    /// When this store's files in `folder` hold much more than what only its folder must
    /// hold (half as much again, judged by ``compactedBytes``), or more than
    /// ``compactionFileLimit`` files, writes that as one snapshot and removes the files it
    /// replaces. Safe whenever it runs: a store that had not read the removed files reads the
    /// snapshot, which holds their latest versions or versions newer still.
    /// Returns the snapshot's path when it wrote one.
    func compactIfDue(folder: String) throws -> String? {
        let replica = try replicaID
        let ownFolder = folder + "/" + replica
        let files = try database.fetchAll("SELECT file FROM sync_written WHERE replica = ? AND done = 1 ORDER BY rowid", [replica]) {
            try $0["file"] as String
        }
        guard files.count >= 2 else { return nil }
        var bytes = 0
        for file in files {
            var status = stat()
            if stat(ownFolder + "/" + file, &status) == 0 { bytes += Int(status.st_size) }
        }
        // Counting what a snapshot would hold reads every version: done again only once the
        // files grew by a tenth since the last count, so a sync of one edit stays cheap.
        let counted = try database.fetchOne(Int.self, "SELECT value FROM sync_state WHERE key = 'compaction_counted'") ?? 0
        guard files.count > Self.compactionFileLimit || bytes > counted + counted / 10 + Self.compactionSlackBytes else { return nil }
        let live = try Self.entries(of: folder).filter(Self.isReplicaName)
        let estimate = try database.fetchOne(Int.self, Self.compactedBytes, try compactionArguments(live)) ?? 0
        guard files.count > Self.compactionFileLimit || bytes > estimate + estimate / 2 + Self.compactionSlackBytes else {
            try write { try setSyncValue("compaction_counted", bytes.sqliteValue) }
            return nil
        }

        let (compacted, _) = try readSnapshot {
            var latest: Int64 = 0
            let versions = try versionRows(where: "recipe_id IN (\(Self.compactedRecipes)) ORDER BY wall, counter, recipe_id",
                                           try compactionArguments(live)) { latest = max(latest, $0) }
            return (try versions.map(change(for:)), latest)
        }
        let path = try writeChangeFile(compacted, into: folder, snapshot: true, through: try syncValue("exported_through").integerValue, named: nil)
        try removeFilesReplacedBySnapshot(in: folder)
        return path
    }

    /// The recipes a compacted file holds: those whose version, a plan entry or a cooked
    /// record was stamped by this replica (?1) or by a replica whose folder is gone (not in
    /// the JSON array ?2). Samples nobody changed stay home, as always.
    private static let compactedRecipes = """
        SELECT recipe_id FROM recipe_version WHERE wall > 0 AND (replica = ?1 OR replica NOT IN (SELECT value FROM json_each(?2)))
        UNION SELECT recipe_id FROM plan_entry WHERE wall > 0 AND (replica = ?1 OR replica NOT IN (SELECT value FROM json_each(?2)))
        UNION SELECT recipe_id FROM cooked WHERE wall > 0 AND (replica = ?1 OR replica NOT IN (SELECT value FROM json_each(?2)))
        """

    /// About the bytes a compacted file takes: each recipe's texts, and what a change adds
    /// around them in JSON (keys, ids, dates, stamps: about 350 bytes a recipe and 100 an
    /// ingredient line with its text, measured on the benchmark's corpus). Recipes differ in
    /// size too much for a count of them times an average: one long recipe edited over and
    /// over made a folder ten times its snapshot before compacting.
    private static let compactedBytes = """
        SELECT coalesce(sum(CASE WHEN r.id IS NULL THEN 150 ELSE length(CAST(r.name AS BLOB)) + length(CAST(r.summary AS BLOB))
            + length(CAST(r.instructions AS BLOB)) + length(CAST(r.tags AS BLOB)) + coalesce(length(CAST(r.source AS BLOB)), 0)
            + 350 + 100 * coalesce(r.ingredient_count, 0) END), 0)
        FROM (\(compactedRecipes)) k LEFT JOIN recipe r ON r.id = k.recipe_id
        """

    private func compactionArguments(_ live: [String]) throws -> SQLArguments {
        let list = String(decoding: try JSONEncoder().encode(live), as: UTF8.self)
        return [try replicaID, list]
    }

    /// Removes this store's files that its latest snapshot replaces, and forgets them. Run
    /// after each snapshot and at each sync, so files a killed sync left are removed later.
    func removeFilesReplacedBySnapshot(in folder: String) throws {
        let replica = try replicaID
        let written = try database.fetchAll("SELECT rowid, file, snapshot FROM sync_written WHERE replica = ? AND done = 1 ORDER BY rowid",
                                            [replica]) { row -> (row: Int64, file: String, snapshot: Bool) in
            (try row["rowid"], try row["file"], try row["snapshot"])
        }
        guard let base = written.last(where: \.snapshot), base.row != written.first?.row else { return }
        for file in written where file.row < base.row { unlink(folder + "/" + replica + "/" + file.file) }
        try write { try database.execute("DELETE FROM sync_written WHERE replica = ? AND done = 1 AND rowid < ?", [replica, base.row]) }
    }
}
