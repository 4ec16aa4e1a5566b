import Foundation
import Recipes

/// Sync costs at the benchmark's size, through the real binary: the first sync of the whole
/// store (every recipe is a local change), a sync with nothing to do, and the one that matters
/// day to day: another store's single change applied to the big one.
struct SyncProbe {
    var firstSync: ProcessTimer.Measurement
    var firstFileBytes: Int
    var idleSync: ProcessTimer.Measurement
    var oneChange: ProcessTimer.Measurement
    /// Database pages the one-change sync wrote (frames appended to the WAL).
    var pagesWritten: Int
    /// One change made in the big store, written out by its next sync, and the pages that
    /// sync wrote.
    var oneLocalChange: ProcessTimer.Measurement
    var localPagesWritten: Int
    /// A full scan of the recipe table by the sqlite3 shell, for scale.
    var fullScan: ProcessTimer.Measurement?
    var appliedLine: String

    static func run(recipesBinary: String, storePath: String, directory: String, sqlite3: String?,
                    environment: [String: String]) throws -> SyncProbe {
        let folder = directory + "/sync-folder"
        let laptop = directory + "/laptop.sqlite"
        try? FileManager.default.removeItem(atPath: folder)
        try? FileManager.default.removeItem(atPath: laptop)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let big = [recipesBinary, "--store", storePath, "sync", folder]

        let first = try ProcessTimer.run(big, environment: environment)
        let firstBytes = try FileManager.default.subpathsOfDirectory(atPath: folder).reduce(0) { total, path in
            total + ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + path)[.size] as? Int) ?? 0)
        }
        let idle = try ProcessTimer.run(big, environment: environment)

        // One change on another machine: a store of its own adds and plans one recipe.
        for arguments in [["add", "Bench soup", "--plan", "tomorrow"], ["sync", folder]] {
            guard try ProcessTimer.run([recipesBinary, "--store", laptop] + arguments, environment: environment).status == 0 else {
                throw BenchError("recipes \(arguments.joined(separator: " ")) failed on the small store")
            }
        }
        let output = directory + "/sync-output.txt"
        let (one, pages) = try measuringPages(storePath, sqlite3: sqlite3, environment: environment) {
            try ProcessTimer.run(big, environment: environment, outputPath: output)
        }
        // One change made here: the sync that writes it out.
        guard try ProcessTimer.run([recipesBinary, "--store", storePath, "add", "Bench stew"], environment: environment).status == 0 else {
            throw BenchError("recipes add failed on the big store")
        }
        let (local, localPages) = try measuringPages(storePath, sqlite3: sqlite3, environment: environment) {
            try ProcessTimer.run(big, environment: environment)
        }
        let scan = try sqlite3.map { try ProcessTimer.run([$0, storePath, "SELECT count(*), sum(length(instructions)) FROM recipe;"], environment: environment) }
        return SyncProbe(firstSync: first, firstFileBytes: firstBytes, idleSync: idle, oneChange: one, pagesWritten: pages,
                         oneLocalChange: local, localPagesWritten: localPages,
                         fullScan: scan, appliedLine: (try? fileText(output))?.trimmingCharacters(in: .newlines) ?? "")
    }

    /// Runs `body` after a checkpoint (so the WAL holds only what it writes), and counts the
    /// pages it appended to the WAL.
    private static func measuringPages(_ storePath: String, sqlite3: String?, environment: [String: String],
                                       _ body: () throws -> ProcessTimer.Measurement) throws -> (ProcessTimer.Measurement, Int) {
        var pageSize = 8_192
        if let sqlite3 {
            _ = try ProcessTimer.run([sqlite3, storePath, "PRAGMA wal_checkpoint(TRUNCATE);"], environment: environment)
            let sizeFile = storePath + ".page-size"
            _ = try ProcessTimer.run([sqlite3, storePath, "PRAGMA page_size;"], environment: environment, outputPath: sizeFile)
            pageSize = Int((try? fileText(sizeFile))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? pageSize
            try? FileManager.default.removeItem(atPath: sizeFile)
        }
        let measured = try body()
        let walBytes = (try? FileManager.default.attributesOfItem(atPath: storePath + "-wal")[.size] as? Int) ?? 0
        // A WAL frame is a 24-byte header plus one page; the file starts with a 32-byte header.
        return (measured, walBytes > 32 ? (walBytes - 32) / (pageSize + 24) : 0)
    }

    func markdown(count: Int) -> [String] {
        func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
        return [
            "| sync | time | notes |",
            "| --- | --- | --- |",
            "| first sync of the \(count) recipes | \(ms(firstSync.seconds)) | one change file of \(String(format: "%.1f MB", Double(firstFileBytes) / 1_048_576)) |",
            "| sync with nothing to do | \(ms(idleSync.seconds)) | |",
            "| one change from another store | \(ms(oneChange.seconds)) | `\(appliedLine)`; \(pagesWritten) pages written; a full scan of the recipe table by sqlite3 takes \(fullScan.map { ms($0.seconds) } ?? "n/a") |",
            "| one change made here, written out | \(ms(oneLocalChange.seconds)) | \(localPagesWritten) pages written |",
        ]
    }
}
