import Foundation
import Testing
@testable import Recipes
@testable import RecipesCore

/// Sync through a folder between real store files: the merge rule, files that are damaged,
/// newer or repeated, and convergence of three replicas under random exchanges.
@Suite struct SyncTests {
    /// Several stores and sync folders in one temporary directory.
    final class Replicas {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("recipes-sync-\(UUID().uuidString)")
        private(set) var stores: [RecipeStore] = []

        init(_ count: Int) throws {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            for index in 0..<count {
                stores.append(try RecipeStore(url: root.appendingPathComponent("store-\(index).sqlite")))
                try FileManager.default.createDirectory(at: root.appendingPathComponent("folder-\(index)"), withIntermediateDirectories: true)
            }
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        /// A folder of its own for store `index` (sync tools copy between them), or the shared one.
        func folder(_ index: Int) -> String { root.appendingPathComponent("folder-\(index)").path }

        /// Each recipe as JSON at millisecond precision (what travels), sorted by id.
        func dump(_ index: Int) throws -> [String] {
            try stores[index].exportArchive().recipes.map { String(decoding: try $0.encoded(), as: UTF8.self) }.sorted()
        }
    }

    @Test func aChangeTravelsAndASecondSyncChangesNothing() throws {
        let replicas = try Replicas(2)
        let (laptop, desktop) = (replicas.stores[0], replicas.stores[1])
        let shared = replicas.folder(0)
        let soup = Recipe(name: "Soup", plannedDate: Date(timeIntervalSince1970: 1_800_000_000),
                          ingredients: [Ingredient(name: "Leek", amount: "2")])
        let context = ModelContext(laptop)
        context.insert(soup)
        try context.save()

        let written = try laptop.sync(folder: shared)
        #expect(written.exported == 1 && written.fileWritten != nil)
        let received = try desktop.sync(folder: shared)
        #expect(received.applied == 1 && received.filesApplied == 1)
        #expect(try replicas.dump(0) == replicas.dump(1))
        #expect(try ModelContext(desktop).model(for: soup.id)?.ingredients.map(\.name) == ["Leek"])

        let files = try FileManager.default.subpathsOfDirectory(atPath: shared).sorted()
        let bytes = try desktop.path.map { try FileContents.read($0) }
        #expect(try laptop.sync(folder: shared) == SyncReport())
        #expect(try desktop.sync(folder: shared) == SyncReport())
        #expect(try FileManager.default.subpathsOfDirectory(atPath: shared).sorted() == files)
        #expect(try desktop.path.map { try FileContents.read($0) } == bytes)
        #expect(try desktop.syncStatus(folder: shared).pendingLocalChanges == 0)
    }

    @Test func servingsTimesAndTagsTravelAndAChangedTagSyncs() throws {
        let replicas = try Replicas(2)
        let (laptop, desktop) = (replicas.stores[0], replicas.stores[1])
        let shared = replicas.folder(0)
        let bread = BakedGood(name: "Bread")
        (bread.servings, bread.yield, bread.prepMinutes, bread.cookMinutes, bread.totalMinutes) = (8, "1 loaf", 20, 40, 180)
        bread.tags = ["bread", "italian"]
        let context = ModelContext(laptop)
        context.insert(bread)
        try context.save()
        try laptop.sync(folder: shared)
        try desktop.sync(folder: shared)
        let received = try #require(try ModelContext(desktop).model(for: bread.id))
        #expect(received.servings == 8 && received.yield == "1 loaf" && received.tags == ["bread", "italian"])
        #expect(received.prepMinutes == 20 && received.cookMinutes == 40 && received.totalMinutes == 180)

        bread.tags = ["bread"]
        try context.save()
        try laptop.sync(folder: shared)
        #expect(try desktop.sync(folder: shared).applied == 1)
        #expect(try ModelContext(desktop).model(for: bread.id)?.tags == ["bread"])
        #expect(try replicas.dump(0) == replicas.dump(1))
    }

    @Test func theLaterChangeWinsOnEveryReplicaAndADeletionIsATombstone() throws {
        let replicas = try Replicas(2)
        let shared = replicas.folder(0)
        let stew = Recipe(name: "Stew")
        let first = ModelContext(replicas.stores[0])
        first.insert(stew)
        try first.save()
        try replicas.stores[0].sync(folder: shared)
        try replicas.stores[1].sync(folder: shared)

        // Both edit offline; the second edit is later, so it wins on both.
        let second = ModelContext(replicas.stores[1])
        try #require(try first.model(for: stew.id)).name = "Beef stew"
        try first.save()
        // Within one millisecond "later" is up to the counter and the replica id.
        usleep(5_000)
        try #require(try second.model(for: stew.id)).name = "Lentil stew"
        try second.save()
        for _ in 0..<2 { for store in replicas.stores { try store.sync(folder: shared) } }
        #expect(try replicas.stores.map { try ModelContext($0).model(for: stew.id)?.name } == ["Lentil stew", "Lentil stew"])

        // A deletion after the edit removes it everywhere; an edit made after seeing the
        // deletion brings it back.
        second.delete(try #require(try second.model(for: stew.id)))
        try second.save()
        for _ in 0..<2 { for store in replicas.stores { try store.sync(folder: shared) } }
        #expect(try ModelContext(replicas.stores[0]).model(for: stew.id) == nil)
        #expect(try replicas.dump(0) == replicas.dump(1))
        // An older edit arriving after the tombstone does not resurrect the recipe.
        let stale = RecipeChange(id: stew.id, stamp: SyncStamp(wall: 1, counter: 0, replica: "0"), deleted: false,
                                 recipe: RecipeJSON(Recipe(id: stew.id, name: "Old stew")))
        #expect(try replicas.stores[0].apply([stale]) == AppliedChanges(applied: 0, superseded: 1))
        #expect(try ModelContext(replicas.stores[0]).model(for: stew.id) == nil)
    }

    @Test func damagedAndNewerFilesAreReportedAndNeverHalfApplied() throws {
        let replicas = try Replicas(2)
        let shared = replicas.folder(0)
        let context = ModelContext(replicas.stores[0])
        (0..<20).forEach { context.insert(Recipe(name: "Dish \($0)")) }
        try context.save()
        let file = try #require(try replicas.stores[0].sync(folder: shared).fileWritten)
        let whole = try FileContents.read(file)

        // A copy cut short (a sync tool still copying): skipped, nothing applied, tried again.
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: file))
        let cut = try replicas.stores[1].sync(folder: shared)
        #expect(cut.applied == 0 && cut.damagedFiles.count == 1 && cut.damagedFiles[0].contains("still being copied, or cut short"))
        #expect(try ModelContext(replicas.stores[1]).fetchCount(FetchDescriptor<Recipe>()) == 0)
        // A flipped byte in the body.
        var flipped = whole
        flipped[flipped.count - 10] ^= 0x01
        try flipped.write(to: URL(fileURLWithPath: file))
        #expect(try replicas.stores[1].sync(folder: shared).damagedFiles.first?.contains("checksum") == true)
        // The whole file arrives: applied.
        try whole.write(to: URL(fileURLWithPath: file))
        #expect(try replicas.stores[1].sync(folder: shared).applied == 20)

        // A file from a newer format version is kept and not applied.
        let replicaFolder = URL(fileURLWithPath: file).deletingLastPathComponent()
        let newer = replicaFolder.appendingPathComponent("999999999999999-000000-00000000.changes")
        try Data(#"{"format":"recipes-changes","version":2,"replica":"x","layout":"new"}"#.utf8 + [0x0A] + Data("[]".utf8)).write(to: newer)
        let report = try replicas.stores[1].sync(folder: shared)
        #expect(report.newerFiles.count == 1 && report.newerFiles[0].contains("format version 2 is newer"))
        #expect(FileManager.default.fileExists(atPath: newer.path))
        #expect(try replicas.stores[1].syncStatus(folder: shared).newerFiles.count == 1)
    }

    /// A well-formed file with a recipe that cannot be stored: that recipe is skipped and
    /// reported alone, the rest of the file is applied, and the file is not read again.
    @Test func anUnstorableRecipeIsSkippedAloneAndTheRestOfItsFileApplied() throws {
        let replicas = try Replicas(2)
        let shared = replicas.folder(0)
        let replica = String(repeating: "b", count: 32)
        try FileManager.default.createDirectory(atPath: shared + "/" + replica, withIntermediateDirectories: true)
        func change(_ name: String, wall: Int64) -> RecipeChange {
            RecipeChange(id: UUID(), stamp: SyncStamp(wall: wall, counter: 0, replica: replica), deleted: false,
                         recipe: RecipeJSON(id: nil, kind: .dish, name: name, summary: "", instructions: "", ingredients: []))
        }
        let nameless = change("  ", wall: 5), tooLong = change(String(repeating: "x", count: 1_001), wall: 6)
        let good = change("Stew", wall: 7)
        try ChangeFile.encode([nameless, good, tooLong], replica: replica).write(to: URL(fileURLWithPath: shared + "/\(replica)/1.changes"))
        let report = try replicas.stores[1].sync(folder: shared)
        #expect(report.damagedFiles.isEmpty && report.filesApplied == 1 && report.applied == 1)
        #expect(report.refusedChanges == [
            "\(shared)/\(replica)/1.changes: recipe \(nameless.id.uuidString) cannot be stored (a recipe has no name)",
            "\(shared)/\(replica)/1.changes: recipe \(tooLong.id.uuidString) cannot be stored (a recipe's name is longer than 1000 characters)",
        ])
        #expect(try ModelContext(replicas.stores[1]).model(for: good.id)?.name == "Stew")
        #expect(try replicas.stores[1].sync(folder: shared) == SyncReport())
    }

    /// The library refuses at save() what the command line refuses, so no store ever holds a
    /// recipe another store would refuse.
    @Test(arguments: ["", "   ", String(repeating: "é", count: 1_001), String(repeating: "e\u{301}", count: 1_001), " \u{301}"])
    func saveRefusesARecipeOtherStoresWouldRefuse(name: String) throws {
        let replicas = try Replicas(1)
        let context = ModelContext(replicas.stores[0])
        let recipe = Recipe(name: name)
        context.insert(recipe)
        #expect(throws: RecipeStoreError.self) { try context.save() }
        do {
            try context.save()
        } catch let RecipeStoreError.invalidRecipe(id, reason) {
            #expect(id == recipe.id && reason.hasPrefix("a recipe"))
        }
        #expect(try replicas.stores[0].changes(since: 0).changes.isEmpty)
        // An existing recipe renamed to nothing is refused the same way.
        let soup = Recipe(name: "Soup")
        let other = ModelContext(replicas.stores[0])
        other.insert(soup)
        try other.save()
        soup.name = name
        #expect(throws: RecipeStoreError.self) { try other.save() }
        #expect(try ModelContext(replicas.stores[0]).model(for: soup.id)?.name == "Soup")
    }

    /// The limit counts characters, not bytes: a name of the longest length written with
    /// accents (two or three bytes each) is kept, alone and in a bulk save.
    @Test(arguments: [String(repeating: "é", count: 1_000), String(repeating: "e\u{301}", count: 1_000), String(repeating: "😀", count: 1_000)])
    func aNameOfTheLongestLengthIsKept(name: String) throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        context.insert(Recipe(name: name))
        try context.save()
        (0..<PreparedRecipes.minimumCount).forEach { _ in context.insert(Recipe(name: name)) }
        try context.save()
        #expect(try temporary.count("SELECT count(*) FROM recipe") == PreparedRecipes.minimumCount + 1)
    }

    @Test func aMissingFolderIsAnError() throws {
        let replicas = try Replicas(1)
        #expect(throws: SyncError.noFolder(path: replicas.root.path + "/nope")) {
            try replicas.stores[0].sync(folder: replicas.root.path + "/nope")
        }
    }

    @Test func existingRecipesAreSharedByTheFirstSyncAfterTheUpgrade() throws {
        let replicas = try Replicas(2)
        let context = ModelContext(replicas.stores[0])
        context.insert(Recipe(name: "Old"))
        try context.save()
        // As migration 5 leaves a store that already had recipes: pending, never exported.
        try replicas.stores[0].write { try replicas.stores[0].setSyncValue("exported_through", .integer(0)) }
        try replicas.stores[0].sync(folder: replicas.folder(0))
        try replicas.stores[1].sync(folder: replicas.folder(0))
        #expect(try replicas.dump(1).count == 1)
    }

    /// Syncing one edit into a large store reads one file and writes one row's worth.
    @Test func theCostFollowsTheChangeNotTheStore() throws {
        let replicas = try Replicas(2)
        let shared = replicas.folder(0)
        let big = ModelContext(replicas.stores[0])
        (0..<3_000).forEach { big.insert(Recipe(name: "Recipe \($0)", ingredients: [Ingredient(name: "Salt", amount: "1 g")])) }
        try big.save()
        try replicas.stores[0].sync(folder: shared)
        try replicas.stores[1].sync(folder: shared)
        let edit = ModelContext(replicas.stores[1])
        let one = try #require(try edit.fetch(FetchDescriptor<Recipe>(predicate: #Predicate { $0.name == "Recipe 7" })).first)
        one.plannedDate = Date(timeIntervalSince1970: 1_800_000_000)
        try edit.save()
        let sent = try replicas.stores[1].sync(folder: shared)
        #expect(sent.exported == 1)
        let before = sqlite3TotalChanges(replicas.stores[0])
        let received = try replicas.stores[0].sync(folder: shared)
        #expect(received.applied == 1 && received.filesApplied == 1)
        // The recipe row, its version stamp, its plan entry and dates, the file's record and
        // the clocks: a handful, whatever the store holds.
        #expect(sqlite3TotalChanges(replicas.stores[0]) - before < 16)
    }

    private func sqlite3TotalChanges(_ store: RecipeStore) -> Int {
        Int(store.database.totalChanges)
    }

    /// What the merge rule predicts from the change files alone: for each recipe the version
    /// with the greatest stamp (equal stamps: a deletion, else the greater content hash), or
    /// nothing if that is a deletion. Each recipe as JSON, sorted.
    /// `files` are paths, or "path|relative path in the folder" for copies kept elsewhere.
    static func prediction(from files: [String], untouched samples: [Recipe] = []) throws -> [String] {
        var winners: [UUID: (change: RecipeChange, record: RecipeRecord?)] = [:]
        // Plan entries merge one by one: the greatest stamp wins (a removal at an equal
        // stamp), skipped occurrences are united.
        var entries: [UUID: (recipe: UUID, json: PlanEntryJSON)] = [:]
        for entry in files {
            let parts = entry.split(separator: "|").map(String.init)
            let path = parts[0]
            let replica = URL(fileURLWithPath: parts.last!).deletingLastPathComponent().lastPathComponent
            guard case .changes(let changes, let snapshot) = ChangeFile.read(path, expectedReplica: replica) else {
                Issue.record("\(path) is not readable")
                continue
            }
            for change in changes where change.stamp.problem(now: Date()) == nil {
                for incoming in change.recipe?.plan ?? [] {
                    guard let id = incoming.id, let stamp = incoming.stamp, snapshot || stamp.replica == replica else { continue }
                    var merged = incoming
                    if let current = entries[id]?.json, let currentStamp = current.stamp {
                        let incomingWins = stamp != currentStamp ? stamp > currentStamp : (incoming.removed ?? false) && current.removed != true
                        merged = incomingWins ? incoming : current
                        let skipped = Array(Set((incoming.skipped ?? []) + (current.skipped ?? []))).sorted()
                        merged.skipped = skipped.isEmpty ? nil : skipped
                    }
                    entries[id] = (change.id, merged)
                }
                // The recipe itself only from the replica that stamped it.
                guard snapshot || change.stamp.replica == replica else { continue }
                let record = change.deleted ? nil : try change.recipe.map { json in
                    var record = try json.makeRecord(now: Date(), local: .utc)
                    record.id = change.id
                    return record
                }
                if let current = winners[change.id],
                   !RecipeStore.wins(record, change.stamp, over: current.record, (current.change.stamp, current.record == nil)) { continue }
                winners[change.id] = (change, record)
            }
        }
        // Samples keep the entry they were installed with, which never travels, until a
        // change to the plan replaces it.
        for sample in samples {
            guard let date = sample.plannedDate, entries[sample.id] == nil else { continue }
            entries[sample.id] = (sample.id, PlanEntryJSON(PlanEntry(id: sample.id, recipeID: sample.id, date: date)))
        }
        let records = winners.values.compactMap(\.record) + samples.filter { winners[$0.id] == nil }.map(RecipeRecord.init)
        return try records.map { record in
            var record = record
            let plan = try entries.values.filter { $0.recipe == record.id && $0.json.removed != true }
                .map { try $0.json.makeEntry(recipeID: record.id) }
                .sorted { ($0.date, $0.id.uuidString) < ($1.date, $1.id.uuidString) }
            record.plannedDate = RecipeStore.plannedDates(plan, now: Date(), local: .system).planned
            var json = RecipeJSON(record: record)
            json.plan = plan.map { PlanEntryJSON($0) }
            json.cooked = []
            return String(decoding: try json.encoded(), as: UTF8.self)
        }.sorted()
    }
}

/// Three replicas make random adds, edits, plans and deletes; their change files travel
/// between their folders in random order, late, twice, and once damaged first. All three start
/// with the same samples; midway all move to new folders (each writes a snapshot there); later
/// one is restored from a backup taken early on; a stranger's file of impossible stamps lies
/// in every folder. Afterwards all three hold the same recipes, and those are what the merge
/// rule predicts from every file written: for each recipe the version with the greatest stamp,
/// or nothing if that is a deletion, plus the samples nobody changed.
@Suite struct SyncConvergenceTests {
    @Test(arguments: 1...12)
    func threeReplicasConverge(seed: UInt64) throws {
        var random = PredicateDifferentialTests.Generator(state: seed)
        let replicas = try SyncTests.Replicas(3)
        var stores = replicas.stores
        var generation = 0
        func folder(_ index: Int) -> String { replicas.folder(index) + (generation == 0 ? "" : "-moved") }
        let samples = (0..<3).map { index in
            let sample = Recipe(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000\(index)")!, name: "Sample \(index)",
                                plannedDate: Date(timeIntervalSince1970: 1_800_000_000))
            sample.createdAt = Date(timeIntervalSinceReferenceDate: 800_000_000)
            sample.updatedAt = sample.createdAt
            return sample
        }
        for store in stores { try store.insertSamples(samples.map { RecipeRecord($0).makeRecipe() }) }
        var ids: [UUID] = samples.map(\.id)
        // Files written by each replica, waiting to be copied to each other replica's folder.
        var inFlight: [(from: Int, to: Int, relative: String, path: String)] = []
        var written: [String] = []
        let backup = replicas.root.appendingPathComponent("backup-1.sqlite").path

        func deliver(_ item: (from: Int, to: Int, relative: String, path: String), damagedFirst: Bool) throws {
            let target = folder(item.to) + item.relative
            try FileManager.default.createDirectory(atPath: String(target[..<target.lastIndex(of: "/")!]), withIntermediateDirectories: true)
            let data = try FileContents.read(item.path)
            try (damagedFirst ? data.prefix(data.count / 3) : data).write(to: URL(fileURLWithPath: target))
        }
        func syncAndSend(_ index: Int) throws {
            let report = try stores[index].sync(folder: folder(index))
            guard let file = report.fileWritten else { return }
            // Kept apart from the folders, which a restore or a move leaves behind.
            let kept = replicas.root.appendingPathComponent("written-\(written.count).changes").path
            let relative = String(file.dropFirst(folder(index).count))
            try FileManager.default.copyItem(atPath: file, toPath: kept)
            written.append(kept + "|" + relative)
            for other in 0..<3 where other != index { inFlight.append((index, other, relative, kept)) }
        }

        for step in 0..<120 {
            if step == 30 { try stores[1].database.execute("VACUUM INTO '\(backup)'") }
            // Everyone moves to a new, empty folder; what was in flight goes there.
            if step == 60 {
                generation = 1
                for index in 0..<3 { try FileManager.default.createDirectory(atPath: folder(index), withIntermediateDirectories: true) }
            }
            if step == 90 { stores[1] = try RecipeStore(path: backup) }
            let actor = Int(random.next() % 3)
            // A context per step, as each `recipes` command has: a context kept across syncs
            // would hold recipes as they were before the sync, and its save would conflict.
            let context = ModelContext(stores[actor])
            switch random.next() % 10 {
            case 0...2:
                let recipe = random.next() % 3 == 0
                    ? BakedGood(name: "Bake \(random.next() % 1000)", bakeMinutes: Int(random.next() % 90))
                    : Recipe(name: "Dish \(random.next() % 1000)", ingredients: [Ingredient(name: "Salt", amount: "\(random.next() % 9) g")])
                context.insert(recipe)
                ids.append(recipe.id)
            case 3...4:
                if let id = ids.randomElement(using: &random), let recipe = try context.model(for: id) {
                    recipe.name += "!"
                    recipe.ingredients.append(Ingredient(name: "Pepper \(random.next() % 5)", amount: ""))
                }
            case 5...6:
                if let id = ids.randomElement(using: &random), let recipe = try context.model(for: id) {
                    recipe.plannedDate = Date(timeIntervalSince1970: 1_800_000_000 + Double(random.next() % 100) * 3_600)
                }
            case 7:
                if let id = ids.randomElement(using: &random), let recipe = try context.model(for: id) { context.delete(recipe) }
            default:
                // A sync: apply what has arrived, write what is new.
                try syncAndSend(actor)
            }
            try context.save()
            // Some files arrive now, in random order, some damaged first, some twice.
            inFlight.shuffle(using: &random)
            while let item = inFlight.last, random.next() % 3 != 0 {
                inFlight.removeLast()
                let damaged = random.next() % 5 == 0
                try deliver(item, damagedFirst: damaged)
                // A damaged copy is followed by the whole file later; some files come twice.
                if damaged || random.next() % 4 == 0 { inFlight.insert(item, at: 0) }
            }
        }
        // A file that is damaged for good, and one of impossible stamps, from replicas nobody
        // knows, which every sync skips or refuses.
        for index in 0..<3 {
            let stranger = folder(index) + "/" + String(repeating: "a", count: 32)
            try FileManager.default.createDirectory(atPath: stranger, withIntermediateDirectories: true)
            try Data("garbage".utf8).write(to: URL(fileURLWithPath: stranger + "/000000000000001-000000-00000000.changes"))
            let extreme = String(repeating: "b", count: 32)
            try FileManager.default.createDirectory(atPath: folder(index) + "/" + extreme, withIntermediateDirectories: true)
            let poison = [Int64.max, -1].map {
                RecipeChange(id: samples[0].id, stamp: SyncStamp(wall: $0 == -1 ? -1 : 1_000_000_000_000_000, counter: $0, replica: extreme),
                             deleted: true, recipe: nil)
            }
            try ChangeFile.encode(poison, replica: extreme).write(to: URL(fileURLWithPath: folder(index) + "/\(extreme)/1.changes"))
        }

        // Then everything settles: every replica writes what is left, every file arrives whole.
        for _ in 0..<2 {
            for index in 0..<3 { try syncAndSend(index) }
            for item in inFlight { try deliver(item, damagedFirst: false) }
            inFlight.removeAll()
            for index in 0..<3 { _ = try stores[index].sync(folder: folder(index)) }
        }

        let dumps = try (0..<3).map { try stores[$0].exportArchive().recipes.map { String(decoding: try $0.encoded(), as: UTF8.self) }.sorted() }
        let converged = dumps[0] == dumps[1] && dumps[1] == dumps[2]
        #expect(converged, "seed \(seed): \(Set(dumps[0]).symmetricDifference(dumps[1]).count) and \(Set(dumps[1]).symmetricDifference(dumps[2]).count) differ")

        // The prediction, from the files alone, and the samples that no file mentions.
        let predicted = try SyncTests.prediction(from: written, untouched: samples)
        let asPredicted = dumps[0] == predicted
        #expect(asPredicted, "seed \(seed): \(Set(dumps[0]).symmetricDifference(predicted).count) recipes differ from the prediction")
        #expect(written.contains { $0.contains("-moved") == false } && written.count > 3)
        #expect(!predicted.isEmpty)
    }
}
