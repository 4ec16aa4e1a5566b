import Foundation
import Testing
@testable import Recipes
@testable import RecipesCore

/// Sync as machines live it: samples on every machine, a new folder, a restored or copied
/// store, equal stamps, and a shared folder holding crafted entries.
@Suite struct SyncTrustTests {
    typealias Replicas = SyncTests.Replicas

    static func samples() -> [Recipe] {
        // Fixed ids, as every machine's samples have.
        [Recipe(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!, name: "Banana bread"),
         Recipe(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!, name: "Mojito"),
         Recipe(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000C")!, name: "Pad Thai")]
    }

    static func save(_ store: RecipeStore, _ change: (ModelContext) throws -> Void) throws {
        let context = ModelContext(store)
        try change(context)
        try context.save()
    }

    @Test func samplesNeverBeatWhatCameFromAnotherMachine() throws {
        let replicas = try Replicas(3)
        let (a, b, c) = (replicas.stores[0], replicas.stores[1], replicas.stores[2])
        let shared = replicas.folder(0)
        let friday = Date(timeIntervalSince1970: 1_800_000_000)
        try a.insertSamples(Self.samples())
        try Self.save(a) { context in
            try #require(try context.model(for: Self.samples()[0].id)).plannedDate = friday
            context.delete(try #require(try context.model(for: Self.samples()[1].id)))
        }
        try a.sync(folder: shared)

        // Later, a second machine starts with fresh samples (another plan, made later) and syncs.
        usleep(5_000)
        try b.insertSamples(Self.samples().map { $0.plannedDate = friday.addingTimeInterval(86_400); return $0 })
        let first = try b.sync(folder: shared)
        #expect(first.fileWritten == nil, "untouched samples are not changes to share")
        try a.sync(folder: shared)
        for store in [a, b] {
            let context = ModelContext(store)
            #expect(try context.model(for: Self.samples()[0].id)?.plannedDate == friday)
            #expect(try context.model(for: Self.samples()[1].id) == nil)
        }

        // Deleting the samples on the second machine keeps the one the first machine edited,
        // and deletes nothing anywhere else.
        let (deleted, kept) = try b.deleteUntouchedSamples(ids: Self.samples().map(\.id))
        #expect(deleted.map(\.name) == ["Pad Thai"] && kept.map(\.name) == ["Banana bread"])
        #expect(try b.sync(folder: shared).fileWritten == nil)
        try a.sync(folder: shared)
        #expect(try ModelContext(a).model(for: Self.samples()[2].id)?.name == "Pad Thai")
        #expect(try ModelContext(a).model(for: Self.samples()[0].id)?.plannedDate == friday)

        // A third machine that starts empty gets what was changed, not anyone's samples.
        try c.sync(folder: shared)
        #expect(try replicas.dump(2).count == 1)
        // An untouched sample deleted here comes back when its edited version arrives.
        try Self.save(a) { try #require(try $0.model(for: Self.samples()[2].id)).name = "Pad Thai (less sugar)" }
        try a.sync(folder: shared)
        try b.sync(folder: shared)
        #expect(try ModelContext(b).model(for: Self.samples()[2].id)?.name == "Pad Thai (less sugar)")
    }

    @Test func aNewFolderGetsASnapshotOfEverything() throws {
        let replicas = try Replicas(3)
        let (a, b, fresh) = (replicas.stores[0], replicas.stores[1], replicas.stores[2])
        let old = replicas.folder(0), new = replicas.folder(1)
        try Self.save(a) { context in (0..<10).forEach { context.insert(Recipe(name: "A \($0)")) } }
        try Self.save(b) { context in (0..<8).forEach { context.insert(Recipe(name: "B \($0)")) } }
        for _ in 0..<2 { for store in [a, b] { try store.sync(folder: old) } }
        try Self.save(a) { context in
            context.delete(try #require(try context.fetch(FetchDescriptor<Recipe>(predicate: #Predicate { $0.name == "B 0" })).first))
        }
        try a.sync(folder: old)
        #expect(try a.syncStatus(folder: new).needsSnapshot)

        let moved = try a.sync(folder: new)
        #expect(moved.wroteSnapshot && moved.exported == 18, "17 recipes and a deletion")
        try fresh.sync(folder: new)
        #expect(try replicas.dump(2) == replicas.dump(0))
        #expect(try replicas.dump(2).count == 17)
        #expect(try a.sync(folder: new) == SyncReport())

        // Its own files deleted from a folder: the next sync there writes a snapshot again.
        let ownFolder = new + "/" + (try a.replicaID)
        for file in try FileManager.default.contentsOfDirectory(atPath: ownFolder) {
            try FileManager.default.removeItem(atPath: ownFolder + "/" + file)
        }
        #expect(try a.sync(folder: new).wroteSnapshot)
    }

    /// A store restored from a backup finds the files it wrote after the backup in its own
    /// folder, says so, and reads them under a new replica id.
    @Test func aRestoredStoreReadsWhatItWroteAfterTheBackup() throws {
        let replicas = try Replicas(2)
        let store = replicas.stores[0]
        let shared = replicas.folder(0)
        try Self.save(store) { $0.insert(Recipe(name: "Soup")) }
        try store.sync(folder: shared)
        let backup = replicas.root.appendingPathComponent("backup.sqlite").path
        try store.database.execute("VACUUM INTO '\(backup)'")
        try Self.save(store) { $0.insert(Recipe(name: "Bread")) }
        try store.sync(folder: shared)

        let restored = try RecipeStore(path: backup)
        let oldReplica = try restored.replicaID
        // An edit made on the restored store before it syncs travels too.
        try Self.save(restored) { try #require(try $0.fetch(FetchDescriptor<Recipe>()).first).name = "Leek soup" }
        #expect(try restored.syncStatus(folder: shared).unknownOwnFiles == 1)
        let report = try restored.sync(folder: shared)
        #expect(report.replicaChange?.previous == oldReplica && report.replicaChange?.unknownFiles == 1)
        #expect(try restored.replicaID != oldReplica)
        #expect(try ModelContext(restored).fetch(FetchDescriptor<Recipe>()).map(\.name).sorted() == ["Bread", "Leek soup"])
        // It wrote everything it knows under its new id, so no machine misses anything.
        #expect(report.wroteSnapshot)
        #expect(try restored.sync(folder: shared) == SyncReport())
        let other = replicas.stores[1]
        try other.sync(folder: shared)
        #expect(try replicas.dump(1) == restored.exportArchive().recipes.map { String(decoding: try $0.encoded(), as: UTF8.self) }.sorted())
    }

    /// Two copies of one store both go on: one notices and takes a new id; both converge.
    @Test func aCopiedStoreTakesANewIDAndBothConverge() throws {
        let replicas = try Replicas(1)
        let original = replicas.stores[0]
        let shared = replicas.folder(0)
        try Self.save(original) { $0.insert(Recipe(name: "Soup")) }
        try original.sync(folder: shared)
        let copyPath = replicas.root.appendingPathComponent("copy.sqlite").path
        try original.database.execute("VACUUM INTO '\(copyPath)'")
        let copy = try RecipeStore(path: copyPath)
        #expect(try copy.replicaID == original.replicaID)
        try Self.save(original) { $0.insert(Recipe(name: "Bread")) }
        try Self.save(copy) { $0.insert(Recipe(name: "Cake")) }
        try original.sync(folder: shared)
        let noticed = try copy.sync(folder: shared)
        #expect(noticed.replicaChange != nil)
        try original.sync(folder: shared)
        try copy.sync(folder: shared)
        #expect(try original.replicaID != copy.replicaID)
        let names = { (store: RecipeStore) in try ModelContext(store).fetch(FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.name)])).map(\.name) }
        #expect(try names(original) == ["Bread", "Cake", "Soup"])
        #expect(try names(copy) == names(original))
    }

    /// Two different versions with one stamp end the same on every machine, whatever order
    /// they arrive in; a change signed by another replica than its file's is refused.
    @Test func equalStampsEndTheSameEverywhere() throws {
        let replicas = try Replicas(2)
        let id = UUID()
        let stamp = SyncStamp(wall: 1_700_000_000_000, counter: 3, replica: String(repeating: "c", count: 32))
        let versions = ["Lentil stew", "Beef stew"].map {
            RecipeChange(id: id, stamp: stamp, deleted: false, recipe: RecipeJSON(Recipe(id: id, name: $0)))
        }
        try replicas.stores[0].apply([versions[0]])
        try replicas.stores[0].apply([versions[1]])
        try replicas.stores[1].apply([versions[1]])
        try replicas.stores[1].apply([versions[0]])
        #expect(try replicas.dump(0) == replicas.dump(1))
        // A deletion with the same stamp wins on both, in either order.
        let deletion = RecipeChange(id: id, stamp: stamp, deleted: true, recipe: nil)
        try replicas.stores[0].apply([deletion])
        try replicas.stores[1].apply([deletion, versions[0]])
        #expect(try replicas.dump(0).isEmpty && replicas.dump(1).isEmpty)

        let shared = replicas.folder(0)
        let replica = String(repeating: "d", count: 32)
        try FileManager.default.createDirectory(atPath: shared + "/" + replica, withIntermediateDirectories: true)
        let forged = RecipeChange(id: UUID(), stamp: SyncStamp(wall: 1_700_000_000_000, counter: 0, replica: String(repeating: "e", count: 32)),
                                  deleted: false, recipe: RecipeJSON(Recipe(name: "Forged")))
        try ChangeFile.encode([forged], replica: replica).write(to: URL(fileURLWithPath: shared + "/\(replica)/1.changes"))
        let report = try replicas.stores[0].sync(folder: shared)
        #expect(report.applied == 0 && report.refusedChanges.count == 1 && report.refusedChanges[0].contains("in a file of replica \(replica)"))
    }

    /// A change from a machine whose clock runs days fast is refused until this machine's
    /// clock gets there, and counted as postponed (its file is read again at each sync); then
    /// it is taken, as every store that reads it later takes it.
    @Test func aChangeDaysAheadWaitsForTheClock() throws {
        let store = try Replicas(1).stores[0]
        let now = Date()
        let ahead = SyncStamp(wall: HybridLogicalClock.milliseconds(now) + 3 * 86_400_000, counter: 0, replica: "fast")
        let change = RecipeChange(id: UUID(), stamp: ahead, deleted: false, recipe: RecipeJSON(Recipe(name: "Cassoulet")))
        let early = try store.write { try store.applyInTransaction([change], signedBy: nil, now: now) }
        #expect(early.applied == 0 && early.postponed == 1 && early.refused.first?.contains("tried again at each sync") == true)
        let later = try store.write { try store.applyInTransaction([change], signedBy: nil, now: now.addingTimeInterval(3 * 86_400)) }
        #expect(later.applied == 1 && later.postponed == 0)
    }

    /// A stamp from the far future is refused and never moves the clock; a clock that
    /// adopted one before goes back, and nothing in the clock can overflow.
    @Test func extremeStampsAreRefusedAndNeverTrap() throws {
        let replicas = try Replicas(1)
        let store = replicas.stores[0]
        func change(wall: Int64, counter: Int64) -> RecipeChange {
            RecipeChange(id: UUID(), stamp: SyncStamp(wall: wall, counter: counter, replica: "x"), deleted: false,
                         recipe: RecipeJSON(Recipe(name: "Stamped \(wall)")))
        }
        let applied = try store.apply([change(wall: 1_000_000_000_000_000, counter: 0), change(wall: -5, counter: -1),
                                       change(wall: 1_700_000_000_000, counter: .max)])
        #expect(applied.applied == 0 && applied.refused.count == 3)
        #expect(applied.refused[0].contains("impossible stamp") && applied.refused[1].contains("impossible stamp")
                && applied.refused[2].contains("more than a year ahead"))
        try Self.save(store) { $0.insert(Recipe(name: "Soup")) }
        let stamp = try #require(try store.changes(since: 0).changes.first?.stamp)
        #expect(stamp.wall <= Int64(Date().timeIntervalSince1970 * 1000) + 1_000)

        // A store whose clock adopted such a stamp under an earlier version.
        try store.write {
            try store.setSyncValue("wall", .integer(1_000_000_000_000_000))
            try store.setSyncValue("counter", .integer(.max))
        }
        try Self.save(store) { try #require(try $0.fetch(FetchDescriptor<Recipe>()).first).name = "Leek soup" }
        let later = try #require(try store.changes(since: 0).changes.first?.stamp)
        #expect(later > stamp && later.wall < 1_000_000_000_000_000)
        var clock = HybridLogicalClock(wall: 5, counter: SyncStamp.maximumCounter, replica: "x")
        #expect(clock.tick(now: Date(timeIntervalSince1970: 0)) == SyncStamp(wall: 6, counter: 0, replica: "x"))
    }

    /// Entries a sync cannot use — a file named like a replica, a folder it cannot read, a
    /// link to a device, a FIFO — are skipped with a line each; the rest is synced.
    @Test func craftedEntriesAreSkippedAndTheRestSynced() throws {
        let replicas = try Replicas(2)
        let shared = replicas.folder(0)
        try Self.save(replicas.stores[0]) { $0.insert(Recipe(name: "Soup")) }
        let good = try #require(try replicas.stores[0].sync(folder: shared).fileWritten)
        let ownFolder = URL(fileURLWithPath: good).deletingLastPathComponent().path

        let plainFile = shared + "/" + String(repeating: "1", count: 32)
        try Data("x".utf8).write(to: URL(fileURLWithPath: plainFile))
        let linked = shared + "/" + String(repeating: "2", count: 32)
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(atPath: ownFolder + "/000000000000002-000000-00000000.changes", withDestinationPath: "/dev/zero")
        #expect(mkfifo(ownFolder + "/000000000000003-000000-00000000.changes", 0o644) == 0)

        let report = try replicas.stores[1].sync(folder: shared)
        #expect(report.applied == 1 && report.filesApplied == 1)
        #expect(Set(report.skippedEntries) == ["\(plainFile): not a folder (a link or a file)",
                                                "\(linked): not a folder (a link or a file)"])
        #expect(report.damagedFiles.sorted() == [
            ownFolder + "/000000000000002-000000-00000000.changes: not a regular file",
            ownFolder + "/000000000000003-000000-00000000.changes: not a regular file",
        ])
        #expect(try replicas.stores[1].syncStatus(folder: shared).skippedEntries.count == 2)
    }

    /// A change file is encoded a part at a time (ChangeFile.encodingPart) to bound memory:
    /// its body is byte for byte the whole array encoded at once, so its header and checksum
    /// are those of files written before, and it reads back whole.
    @Test(arguments: [0, 1, ChangeFile.encodingPart, ChangeFile.encodingPart + 1, 2 * ChangeFile.encodingPart + 3])
    func aFileEncodedInPartsHoldsTheWholeArray(count: Int) throws {
        let replica = String(repeating: "a", count: 32)
        let changes = (0..<count).map { number in
            let recipe = Recipe(name: "Soupe \(number) à l'oignon, \"gratinée\"", instructions: "Slice /\n\tsimmer",
                                ingredients: number % 3 == 0 ? [] : [Ingredient(name: "Onion", amount: "\(number) g")])
            return RecipeChange(id: recipe.id, stamp: SyncStamp(wall: 1_700_000_000_000 + Int64(number), counter: Int64(number % 7), replica: replica),
                                deleted: number % 5 == 4, recipe: number % 5 == 4 ? nil : RecipeJSON(recipe))
        }
        let file = try ChangeFile.encode(changes, replica: replica)
        let newline = try #require(file.firstIndex(of: 0x0A))
        #expect(file[(newline + 1)...] == (try RecipeJSON.encoder.encode(changes)))
        guard case .changes(let read, snapshot: false) = ChangeFile.decode(file, expectedReplica: replica) else {
            return #expect(Bool(false), "the file does not read back")
        }
        #expect(read.map(\.id) == changes.map(\.id))
        #expect(try RecipeJSON.encoder.encode(read) == RecipeJSON.encoder.encode(changes))
    }

    /// A change file's body is split into its elements by following strings and brackets,
    /// then decoded a part at a time: brackets, commas and escaped quotes inside strings stay
    /// in their element, white space is allowed where JSON allows it, and a body that is not
    /// exactly one array of changes is refused, as decoding the whole array refuses it.
    @Test func aBodyIsSplitIntoItsElementsAsJSONReadsIt() throws {
        let replica = String(repeating: "a", count: 32)
        let tricky = ["],[{\"x\":1}", "\\", "\\\"", "a\"]}", "{", "]", "\u{0}"]
        let changes = tricky.enumerated().map { number, name in
            let recipe = Recipe(name: name, instructions: "[\(name)]")
            return RecipeChange(id: recipe.id, stamp: SyncStamp(wall: 1_700_000_000_000, counter: Int64(number), replica: replica),
                                deleted: false, recipe: RecipeJSON(recipe))
        }
        let body = try RecipeJSON.encoder.encode(changes)
        let elements = try #require(ChangeFile.arrayElements(body))
        #expect(elements.count == changes.count)
        let read = try #require(ChangeFile.decodeChanges(body))
        #expect(try RecipeJSON.encoder.encode(read) == body)
        // The same with white space around every element and the array, and in a slice.
        let element = String(decoding: body[elements[0]], as: UTF8.self)
        let spaced = "\n [ \t" + elements.map { String(decoding: body[$0], as: UTF8.self) }.joined(separator: " ,\r\n ") + " ] \n"
        #expect(ChangeFile.decodeChanges(Data(spaced.utf8))?.map(\.id) == changes.map(\.id))
        let framed = Data(("xx" + spaced).utf8)
        #expect(ChangeFile.decodeChanges(framed[(framed.startIndex + 2)...])?.map(\.id) == changes.map(\.id))
        #expect(ChangeFile.decodeChanges(Data("[]".utf8))?.isEmpty == true)
        #expect(ChangeFile.decodeChanges(Data(" [ ] ".utf8))?.isEmpty == true)
        // A comma after the last element, which decoding the whole array accepted.
        #expect(ChangeFile.decodeChanges(Data("[\(element), ]".utf8))?.count == 1)
        for refused in ["", "[", "]", "{}", "[,]", "[\(element),,]", "[,\(element)]", "[\(element)", "[\(element)]x", "[\(element)]]",
                        "[\(element)}", "[\(element) \(element)]", "[1]", "[\"\(element)]", "[\(element)][]"] {
            #expect(ChangeFile.decodeChanges(Data(refused.utf8)) == nil, "\(refused.prefix(40))")
            // Decoding the whole array refuses each too.
            #expect((try? RecipeJSON.decoder.decode([RecipeChange].self, from: Data(refused.utf8))) == nil, "whole: \(refused.prefix(12)) \(refused.suffix(12))")
        }
    }

    /// A header claiming more bytes than the file holds, or a file longer than its header
    /// says, is damaged; nothing past the announced length is read.
    @Test func theHeaderBoundsWhatIsRead() throws {
        let replicas = try Replicas(1)
        let shared = replicas.folder(0)
        let replica = String(repeating: "f", count: 32)
        try FileManager.default.createDirectory(atPath: shared + "/" + replica, withIntermediateDirectories: true)
        var data = try ChangeFile.encode([], replica: replica)
        data.append(Data(repeating: 0x20, count: 1_000))
        try data.write(to: URL(fileURLWithPath: shared + "/\(replica)/1.changes"))
        let huge = #"{"bytes":999999999999,"count":0,"crc32":"0","format":"recipes-changes","replica":"\#(replica)","version":1}"#
        try Data((huge + "\n[]").utf8).write(to: URL(fileURLWithPath: shared + "/\(replica)/2.changes"))
        let report = try replicas.stores[0].sync(folder: shared)
        #expect(report.damagedFiles == [
            "\(shared)/\(replica)/1.changes: it holds 1002 bytes where its header announces 2",
            "\(shared)/\(replica)/2.changes: its header announces 999999999999 bytes, more than this version reads in one file (1073741824)",
        ])
    }

    /// `DIR/<own replica id>` as a link: refused in one line, nothing written or deleted
    /// where it points.
    @Test func aLinkedOwnFolderIsRefused() throws {
        let replicas = try Replicas(1)
        let store = replicas.stores[0]
        let shared = replicas.folder(0)
        let outside = replicas.root.appendingPathComponent("outside").path
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let stale = outside + "/.old.changes.tmp"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: stale))
        var old = utimbuf(actime: 0, modtime: 0)
        utime(stale, &old)
        try FileManager.default.createSymbolicLink(atPath: shared + "/" + (try store.replicaID), withDestinationPath: outside)
        try Self.save(store) { $0.insert(Recipe(name: "Soup")) }
        #expect(throws: SyncError.notAFolder(path: shared + "/" + (try store.replicaID))) { try store.sync(folder: shared) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == [".old.changes.tmp"])
    }

    /// A big file is applied in batches: another writer gets in between them, and the file
    /// counts as applied only with its last batch.
    @Test func aLongApplyLetsOtherWritersIn() throws {
        let replicas = try Replicas(2)
        let shared = replicas.folder(0)
        try Self.save(replicas.stores[0]) { context in
            (0..<(RecipeStore.applyBatchSize * 12)).forEach { context.insert(Recipe(name: "Dish \($0)", instructions: String(repeating: "Stir. ", count: 30))) }
        }
        try replicas.stores[0].sync(folder: shared)
        let path = try #require(replicas.stores[1].path)
        let reader = try SQLiteConnection(path: path)
        let finished = Atomic()
        // The store is used by that thread alone until `finished` is set.
        nonisolated(unsafe) let desktop = replicas.stores[1]
        let syncing = Thread {
            _ = try? desktop.sync(folder: shared)
            finished.set()
        }
        syncing.start()
        // Wait until the first batch is visible, then write as another writer would.
        while try reader.scalar("SELECT count(*) FROM recipe") == .integer(0), !finished.value { usleep(1_000) }
        try reader.execute("BEGIN IMMEDIATE; INSERT INTO migration (version, name, applied) VALUES (1000, 'probe', 0); COMMIT")
        let appliedWhenIWrote = try reader.scalar("SELECT count(*) FROM sync_applied")
        while !finished.value { usleep(1_000) }
        #expect(appliedWhenIWrote == .integer(0), "the writer waited for the whole file")
        #expect(try reader.scalar("SELECT count(*) FROM recipe") == .integer(Int64(RecipeStore.applyBatchSize * 12)))
        #expect(try reader.scalar("SELECT count(*) FROM sync_applied") == .integer(1))
    }
}

/// A flag set by one thread and read by another.
final class Atomic: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    var value: Bool { lock.withLock { flag } }
    func set() { lock.withLock { flag = true } }
}
