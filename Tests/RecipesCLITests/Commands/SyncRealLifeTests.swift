import Foundation
import Recipes
import Testing

/// Sync as households run it (issue: sync in real life): samples edited, days skipped on two
/// machines offline, machines and folders that go away, restored stores, older exports.
/// Every test runs the real binary on plain folders and ends with the machines agreeing.
@Suite struct SyncRealLifeTests {
    let laptop = RecipesProcess()
    let desktop = RecipesProcess()
    var folder: String { laptop.home.appendingPathComponent("Sync").path }

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    private func sync(_ machines: RecipesProcess...) throws {
        for machine in machines {
            let result = try machine.run(["sync", folder])
            #expect(result.status == 0, "\(result)")
        }
    }

    /// What a machine holds, as a script reads it: every recipe with its plan and cooked days.
    private func export(_ machine: RecipesProcess) throws -> String {
        let result = try machine.run(["export"])
        #expect(result.status == 0, "\(result)")
        return result.stdout
    }

    private func planLines(_ machine: RecipesProcess, _ name: String) throws -> [Substring] {
        try machine.run(["plan", "--all", "--format", "plain"]).stdout.split(separator: "\n").filter { $0.contains(name) }
    }

    private func replicaFolders() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.count == 32 }
    }

    /// A sample's plan entry nobody changed stays home; once the sample is edited, the
    /// recipe travels and its plan must travel with it.
    @Test func anEditedSamplesPlanTravelsWithIt() throws {
        #expect(try laptop.run(["next"]).status == 0)
        #expect(try laptop.run(["set", "shakshuka", "--summary", "x"]).status == 0)
        try sync(laptop, desktop, laptop)
        let planned = try planLines(laptop, "Shakshuka")
        #expect(!planned.isEmpty)
        #expect(try planLines(desktop, "Shakshuka") == planned)
        #expect(try desktop.run(["next"]).stdout.contains("Shakshuka"))
    }

    /// Days skipped (or cooked) on two machines, one of them offline, are all kept: a
    /// repeat's skipped and cooked days only grow.
    @Test(arguments: ["skip", "cooked"])
    func daysSkippedOnTwoMachinesAreAllKept(what: String) throws {
        #expect(try laptop.run(["init"]).status == 0)
        #expect(try laptop.run(["add", "Pizza", "--plan", "every day"]).status == 0)
        try sync(laptop, desktop)
        let mark: (RecipesProcess, String) throws -> Void = { machine, day in
            let result = what == "skip" ? try machine.run(["plan", "pizza", "--skip", day])
                : try machine.run(["cooked", "pizza", day + " 18:00"])
            #expect(result.status == 0, "\(result)")
        }
        try mark(desktop, what == "skip" ? "sat" : "2026-11-28")
        try mark(laptop, what == "skip" ? "fri" : "2026-11-27")
        try sync(laptop, desktop, laptop, desktop)
        #expect(try export(laptop) == export(desktop))
        let days = try laptop.run(["plan", "--days", "7", "--format", "plain"]).stdout
        if what == "skip" {
            #expect(!days.contains("2026-12-04") && !days.contains("2026-12-05"), "\(days)")
            #expect(days.contains("2026-12-03") && days.contains("2026-12-06"), "\(days)")
        } else {
            let json = try export(laptop)
            #expect(json.contains("2026-11-27T18:00:00") && json.contains("2026-11-28T18:00:00"), "\(json)")
        }
        #expect(try laptop.run(["sync", folder]).stdout == "nothing to sync\n")
        #expect(try desktop.run(["sync", folder]).stdout == "nothing to sync\n")
    }

    /// A machine that is gone with its folder: what it wrote lives on in the stores that
    /// read it, and a new machine gets it from them.
    @Test func aGoneMachinesRecipesReachANewOne() throws {
        #expect(try laptop.run(["init"]).status == 0)
        #expect(try desktop.run(["add", "Desktop soup"]).status == 0)
        #expect(try laptop.run(["add", "Laptop salad"]).status == 0)
        try sync(desktop, laptop)
        let desktopReplica = try desktop.run(["sync", "--status", folder]).stdout.split(separator: "\n")[0].dropFirst("replica ".count)
        try FileManager.default.removeItem(atPath: folder + "/" + desktopReplica)

        try sync(laptop)
        let newcomer = RecipesProcess()
        let joined = try newcomer.run(["sync", folder])
        #expect(joined.status == 0, "\(joined)")
        #expect(try export(newcomer) == export(laptop))
        #expect(try newcomer.run(["show", "desktop soup"]).status == 0)
    }

    /// A machine whose folder was deleted and whose store was restored from a backup gets
    /// back what the others hold of its later changes.
    @Test func aRestoredMachineGetsBackWhatOthersHold() throws {
        #expect(try laptop.run(["init"]).status == 0)
        #expect(try laptop.run(["add", "Early stew"]).status == 0)
        try sync(laptop, desktop)
        let backup = laptop.home.appendingPathComponent("backup.sqlite").path
        #expect(try laptop.run(["backup", backup]).status == 0)
        #expect(try laptop.run(["add", "Late pie"]).status == 0)
        try sync(laptop, desktop)

        for replica in try replicaFolders() where try !desktop.run(["sync", "--status", folder]).stdout.contains(replica) {
            try FileManager.default.removeItem(atPath: folder + "/" + replica)
        }
        #expect(try laptop.run(["restore", backup]).status == 0)
        #expect(try laptop.run(["show", "late pie"]).status != 0)
        try sync(laptop, desktop, laptop)
        #expect(try laptop.run(["show", "late pie"]).status == 0)
        #expect(try export(laptop) == export(desktop))
    }

    /// A store restored from a backup never issues a stamp it may have issued before: a
    /// change made after the restore wins over the one made before it, on every machine,
    /// even when the store's clock had moved ahead of the machine's (a fast clock elsewhere).
    /// A store's own files are compacted into one snapshot once they hold much more than
    /// their latest versions: the folder follows the store's size, not its history. A store
    /// that had read the removed files takes the snapshot for what it is (no snapshot of its
    /// own follows), and a new machine reads one file and gets the latest of everything.
    @Test func ownFilesAreCompactedIntoOneSnapshot() throws {
        #expect(try laptop.run(["init"]).status == 0)
        let long = String(repeating: "Stir slowly and taste. ", count: 1_000)
        #expect(try laptop.run(["add", "Risotto", "--instructions", long]).status == 0)
        #expect(try laptop.run(["add", "Bread"]).status == 0)
        try sync(laptop, desktop)
        let replica = try laptop.run(["sync", "--status", folder]).stdout.split(separator: "\n")[0].dropFirst("replica ".count)
        var compacted: String?
        for round in 1...8 {
            #expect(try laptop.run(["set", "risotto", "--summary", "round \(round)"]).status == 0)
            let synced = try laptop.run(["sync", folder])
            if synced.stdout.contains("replaced this store's earlier files with one snapshot") { compacted = synced.stdout }
            #expect(try desktop.run(["sync", folder]).stdout.hasPrefix("applied"))
        }
        #expect(compacted != nil)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/" + replica).filter { $0.hasSuffix(".changes") }
        #expect(files.count <= 4, "\(files)")  // nine without compaction
        #expect(try desktop.run(["sync", folder]).stdout == "nothing to sync\n")

        let newcomer = RecipesProcess()
        #expect(try newcomer.run(["sync", folder]).status == 0)
        #expect(try export(newcomer) == export(laptop))
        #expect(try export(desktop) == export(laptop))
        #expect(try newcomer.run(["show", "risotto"]).stdout.contains("round 8"))
    }

    /// A store restored before it ever wrote to the folder (found by the randomized test):
    /// its recipes carry its old replica id, so its first file must be a snapshot, or every
    /// other store refuses them as another replica's.
    @Test func aStoreRestoredBeforeItEverSyncedOutSharesItsRecipes() throws {
        #expect(try laptop.run(["init"]).status == 0)
        try sync(laptop)
        #expect(try laptop.run(["add", "Soup"]).status == 0)
        let backup = laptop.home.appendingPathComponent("backup.sqlite").path
        #expect(try laptop.run(["backup", backup]).status == 0)
        #expect(try laptop.run(["restore", backup]).status == 0)
        let synced = try laptop.run(["sync", folder])
        #expect(synced.stdout.contains("wrote a snapshot of all it knows"), "\(synced)")
        let joined = try desktop.run(["sync", folder])
        #expect(joined.status == 0 && joined.stderr.contains("created an empty store") && !joined.stderr.contains("skipped"), "\(joined)")
        #expect(try desktop.run(["show", "soup"]).status == 0)
    }

    /// A change from a machine whose clock runs three days fast (found by the new-user
    /// trial): refused for now, but its file is not counted as applied, so the status says
    /// so and every sync tries it again, instead of this store lacking it for good while a
    /// store that reads it later takes it.
    @Test func aChangeFromAFastClockIsTriedAgainUntilTheClockGetsThere() throws {
        #expect(try desktop.run(["init"]).status == 0)
        let fast = String(repeating: "7", count: 32)
        let id = UUID()
        let wall = Int64((Date().timeIntervalSince1970 + 3 * 86_400) * 1000)
        let recipe = String(decoding: try RecipeJSON(Recipe(id: id, name: "Cassoulet")).encoded(), as: UTF8.self)
        try HandWrittenChangeFile.write(#"[{"deleted":false,"id":"\#(id.uuidString)","recipe":\#(recipe),"stamp":{"counter":0,"replica":"\#(fast)","wall":\#(wall)}}]"#,
                                        replica: fast, into: folder)
        for _ in 0..<2 {
            let synced = try desktop.run(["sync", folder])
            #expect(synced.status == 0 && synced.stderr.contains("tried again at each sync until the clock gets there"), "\(synced)")
            #expect(try desktop.run(["sync", "--status", folder]).stdout.contains("files to apply: 1 from 1 other store\n"))
        }
        #expect(try desktop.run(["show", "cassoulet"]).status != 0)
    }

    /// Syncs of one store started together (cron beside `--watch`; found by the new-user
    /// trial) take turns: one change goes into one file, and no file is left behind that
    /// the store forgot.
    @Test func syncsOfOneStoreStartedTogetherTakeTurns() throws {
        #expect(try laptop.run(["init"]).status == 0)
        #expect(try laptop.run(["add", "Soup"]).status == 0)
        let syncs = try (0..<5).map { _ in try laptop.start(["sync", folder]) }
        for process in syncs { process.waitUntilExit() }
        #expect(syncs.allSatisfy { $0.terminationStatus == 0 })
        let replica = try laptop.run(["sync", "--status", folder]).stdout.split(separator: "\n")[0].dropFirst("replica ".count)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/" + replica).filter { $0.hasSuffix(".changes") }
        #expect(files.count == 1, "\(files)")
        #expect(try laptop.run(["sync", folder]).stdout == "nothing to sync\n")
    }

    /// Found by the new-user trial: a file given as the folder is named as a file (and
    /// `--watch` does not wait for it for ever); `--status` for a store in a missing folder
    /// does not promise that sync will start one; damaged files are not files to apply.
    @Test func misgivenFoldersAndLeftoversAreNamedForWhatTheyAre() throws {
        // On a machine without a store, a folder that is not there makes no store; an empty
        // name (an unset variable) is a usage error.
        let missing = laptop.home.path + "/Sink"
        #expect(try laptop.run(["sync", missing]) == .init(stdout: "", stderr: "recipes: error: no sync folder at \(missing) (create it, or check the path)\n", status: 2))
        #expect(try laptop.run(["sync", ""]) == .init(stdout: "", stderr: "recipes: error: DIR is empty: give the folder your sync tool shares; see 'recipes help sync'\n", status: 64))
        #expect(!FileManager.default.fileExists(atPath: laptop.home.path + "/.local"))
        #expect(try laptop.run(["init"]).status == 0)
        let file = laptop.home.appendingPathComponent("notes.txt").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        for arguments in [["sync", file], ["sync", file, "--watch"], ["sync", "--status", file]] {
            let result = try laptop.run(arguments, timeout: 10)
            #expect(result == .init(stdout: "", stderr: "recipes: error: \(file) is not a folder; give sync the folder your sync tool shares\n", status: 2),
                    "\(arguments)")
        }
        let store = laptop.home.path + "/nope/store.sqlite"
        let status = try laptop.run(["--store", store, "sync", "--status", folder])
        #expect(status == .init(stdout: "", stderr: "recipes: error: no recipe store at \(store), and its folder \(laptop.home.path)/nope does not exist\n", status: 2))

        let replica = String(repeating: "5", count: 32)
        try FileManager.default.createDirectory(atPath: folder + "/" + replica, withIntermediateDirectories: true)
        try Data("{not a header}\n[]".utf8).write(to: URL(fileURLWithPath: folder + "/\(replica)/1.changes"))
        let settled = try laptop.run(["sync", "--status", folder]).stdout
        #expect(settled.contains("files to apply: 0 from 0 other stores\n") && settled.contains("skipped, damaged: \(folder)/\(replica)/1.changes"), "\(settled)")
    }

    /// Two pairs of summaries: with an equal stamp, a tie-break by content keeps one of each
    /// pair's versions, and it is not the same one in both.
    @Test(arguments: [("version 1", "version 2"), ("version one", "version two")])
    func aRestoredStoreNeverReusesAStamp(before: String, after: String) throws {
        #expect(try laptop.run(["init"]).status == 0)
        let fast = String(repeating: "7", count: 32)
        // A fixed id and the pinned clock make both versions' content, and so which one an
        // equal stamp would keep, the same in every run.
        let id = UUID(uuidString: "0DDC0FFE-0000-4000-8000-000000000001")!
        let future = Int64((Date().timeIntervalSince1970 + 3_600) * 1000)
        let recipe = String(decoding: try RecipeJSON(Recipe(id: id, name: "Stew")).encoded(), as: UTF8.self)
        try HandWrittenChangeFile.write(#"[{"deleted":false,"id":"\#(id.uuidString)","recipe":\#(recipe),"stamp":{"counter":5,"replica":"\#(fast)","wall":\#(future)}}]"#,
                                        replica: fast, into: folder)
        try sync(laptop, desktop)
        let backup = laptop.home.appendingPathComponent("backup.sqlite").path
        #expect(try laptop.run(["backup", backup]).status == 0)
        #expect(try laptop.run(["set", "stew", "--summary", before]).status == 0)
        try sync(laptop, desktop)
        for replica in try replicaFolders() where try replica != fast && !desktop.run(["sync", "--status", folder]).stdout.contains(replica) {
            try FileManager.default.removeItem(atPath: folder + "/" + replica)
        }
        #expect(try laptop.run(["restore", backup]).status == 0)
        #expect(try laptop.run(["set", "stew", "--summary", after]).status == 0)
        try sync(laptop, desktop, laptop)
        for machine in [laptop, desktop] {
            let shown = try machine.run(["show", "stew"]).stdout
            #expect(shown.contains(after), "\(shown)")
        }
        #expect(try export(laptop) == export(desktop))
    }

    /// `import --replace` of an export made before the recipe was planned: the recipe is the
    /// file's, and its plan and planned date still agree, here and on another machine.
    @Test func replacingFromAnOlderExportKeepsPlanAndDateTogether() throws {
        #expect(try laptop.run(["init"]).status == 0)
        #expect(try laptop.run(["add", "Curry"]).status == 0)
        let old = laptop.home.appendingPathComponent("old.json")
        try Data(try laptop.run(["export"]).stdout.utf8).write(to: old)
        #expect(try laptop.run(["plan", "curry", "2026-12-03 18:00"]).status == 0)
        #expect(try laptop.run(["import", "--replace", old.path]).status == 0)

        let next = try laptop.run(["next"])
        let listed = try planLines(laptop, "Curry")
        #expect(next.stdout.contains("Curry") == !listed.isEmpty, "next: \(next), plan: \(listed)")
        let exported = try export(laptop)
        #expect(exported.contains("\"planned\" : \"2026-12-03T18:00:00Z\"") == !listed.isEmpty, "\(exported)")
        try sync(laptop, desktop)
        #expect(try desktop.run(["next"]).stdout == next.stdout)
    }

    /// A store in a folder that does not exist is named with its cause, not SQLite's words.
    @Test func aStoreInAMissingFolderSaysSo() throws {
        let path = laptop.home.path + "/no/such/folder/store.sqlite"
        let missing = "the folder \(laptop.home.path)/no/such/folder does not exist"
        for arguments in [["add", "Soup"], ["next"], ["sync", folder]] {
            let result = try laptop.run(["--store", path] + arguments)
            let expected = arguments == ["next"] ? "no recipe store at \(path) (\(missing))" : "cannot make a store at \(path): \(missing)"
            #expect(result.stderr == "recipes: error: \(expected)\n", "\(result)")
            #expect(result.status == 2)
        }
        #expect(!FileManager.default.fileExists(atPath: laptop.home.path + "/no"))
    }
}
