import Foundation
import Recipes

/// What a sync folder holds after rounds of edits on three machines, against the size of one
/// snapshot of the store: a copy of the benchmark's store and two stores that join it, each
/// editing recipes and syncing every round, through the library (as `recipes sync` does).
struct CompactionProbe {
    var rounds: Int
    var editsPerRound: Int
    var snapshotBytes: Int
    var folderBytes: Int
    var files: Int
    var compactions: Int
    var seconds: Double

    static func run(storePath: String, directory: String, rounds: Int, editsPerRound: Int = 10) throws -> CompactionProbe {
        let fileManager = FileManager.default
        let folder = directory + "/compaction-folder"
        try? fileManager.removeItem(atPath: folder)
        try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let paths = ["a", "b", "c"].map { directory + "/compaction-\($0).sqlite" }
        for path in paths { for suffix in ["", "-wal", "-shm"] { try? fileManager.removeItem(atPath: path + suffix) } }
        try RecipeStore(path: storePath).backUp(to: paths[0])
        let stores = try paths.map(RecipeStore.init(path:))

        // The copy writes a snapshot of everything into the new folder: the yardstick.
        let started = Date()
        try stores[0].sync(folder: folder)
        let snapshotBytes = try changeFiles(in: folder).bytes
        for store in stores.dropFirst() { try store.sync(folder: folder) }

        let ids = try ModelContext(stores[0]).fetch(FetchDescriptor<Recipe>()).map(\.id)
        var random = SystemRandomNumberGenerator()
        var compactions = 0
        for round in 0..<rounds {
            for (machine, store) in stores.enumerated() {
                let context = ModelContext(store)
                for _ in 0..<editsPerRound {
                    try context.model(for: ids[Int(random.next() % UInt64(ids.count))])?.summary = "round \(round) on machine \(machine)"
                }
                try context.save()
                if try store.sync(folder: folder).compactedInto != nil { compactions += 1 }
            }
        }
        for _ in 0..<2 { for store in stores { try store.sync(folder: folder) } }
        let (bytes, files) = try changeFiles(in: folder)
        for path in paths { for suffix in ["", "-wal", "-shm"] { try? fileManager.removeItem(atPath: path + suffix) } }
        try? fileManager.removeItem(atPath: folder)
        return CompactionProbe(rounds: rounds, editsPerRound: editsPerRound, snapshotBytes: snapshotBytes, folderBytes: bytes,
                               files: files, compactions: compactions, seconds: Date().timeIntervalSince(started))
    }

    private static func changeFiles(in folder: String) throws -> (bytes: Int, files: Int) {
        var bytes = 0, files = 0
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder) where path.hasSuffix(".changes") {
            bytes += (try FileManager.default.attributesOfItem(atPath: folder + "/" + path)[.size] as? Int) ?? 0
            files += 1
        }
        return (bytes, files)
    }

    func markdown(count: Int) -> [String] {
        func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
        return [
            "",
            "Sync folder after \(rounds) rounds of \(editsPerRound) edits on each of three machines (\(count) recipes, \(String(format: "%.0f s", seconds))):",
            "",
            "| one snapshot | folder | ratio | files | compactions |",
            "| --- | --- | --- | --- | --- |",
            "| \(mb(snapshotBytes)) | \(mb(folderBytes)) | \(String(format: "%.2fx", Double(folderBytes) / Double(max(1, snapshotBytes)))) | \(files) | \(compactions) |",
        ]
    }
}
