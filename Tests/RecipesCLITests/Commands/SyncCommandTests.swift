import Foundation
import Recipes
import Testing

/// `recipes sync` through the real binary: two stores, one folder.
@Suite struct SyncCommandTests {
    let cli = RecipesProcess()
    var laptop: String { cli.home.appendingPathComponent("laptop.sqlite").path }
    var desktop: String { cli.home.appendingPathComponent("desktop.sqlite").path }
    var folder: String { cli.home.appendingPathComponent("Sync").path }

    init() throws {
        try FileManager.default.createDirectory(atPath: cli.home.appendingPathComponent("Sync").path, withIntermediateDirectories: true)
        let context = ModelContext(try RecipeStore(path: cli.home.appendingPathComponent("laptop.sqlite").path))
        context.insert(Recipe(name: "Soup"))
        try context.save()
        _ = try RecipeStore(path: cli.home.appendingPathComponent("desktop.sqlite").path)
    }

    @Test func aPlanOnTheLaptopShowsOnTheDesktop() throws {
        #expect(try cli.run(["--store", laptop, "plan", "soup", "tomorrow"]).status == 0)
        let sent = try cli.run(["--store", laptop, "sync", folder])
        #expect(sent.status == 0 && sent.stdout.hasPrefix("wrote 1 change to \(folder)/") && sent.stderr.isEmpty, "\(sent)")
        let received = try cli.run(["--store", desktop, "sync", folder + "/"])
        #expect(received == .init(stdout: "applied 1 of 1 changes from 1 file\n", stderr: "", status: 0))
        #expect(try cli.run(["--store", desktop, "next"]) == .init(stdout: "Soup · tomorrow 18:00\n", stderr: "", status: 0))

        // Twice in a row: nothing the second time.
        #expect(try cli.run(["--store", desktop, "sync", folder]).stdout == "nothing to sync\n")
        let status = try cli.run(["--store", desktop, "sync", "--status", folder])
        #expect(status.status == 0 && status.stdout.contains("local changes to write: 0\nfiles to apply: 0 from 0 other stores\n"), "\(status)")

        // Unplanned on the desktop, gone from the laptop's next.
        #expect(try cli.run(["--store", desktop, "plan", "soup", "--clear"]).status == 0)
        #expect(try cli.run(["--store", desktop, "sync", "--status", folder]).stdout.contains("local changes to write: 1\n"))
        try cli.run(["--store", desktop, "sync", folder])
        #expect(try cli.run(["--store", laptop, "sync", "--status", folder]).stdout.contains("files to apply: 1 from 1 other store\n"))
        try cli.run(["--store", laptop, "sync", folder])
        #expect(try cli.run(["--store", laptop, "next"]).status == 1)
    }

    @Test(arguments: [
        (["sync"], "recipes: error: missing <dir>; see 'recipes help sync'\n"),
        (["sync", "/nonexistent/folder"], "recipes: error: no sync folder at /nonexistent/folder (create it, or check the path)\n"),
        (["sync", "X", "--interval", "5m"], "recipes: error: --interval needs --watch; see 'recipes help sync'\n"),
        (["sync", "X", "--watch", "--status"], "recipes: error: give either --status or --watch, not both; see 'recipes help sync'\n"),
        (["sync", "X", "--watch", "--interval", "soon"],
         "recipes: error: bad DURATION for --interval 'soon' (such as 30s, 5m or 1h); see 'recipes help sync'\n"),
    ])
    func badInvocationsSayWhy(arguments: [String], message: String) throws {
        let before = try FileContents.read(laptop)
        let result = try cli.run(["--store", laptop] + arguments)
        #expect(result.stderr == message, "\(result)")
        #expect(result.status == 2 || result.status == 64)
        #expect(try FileContents.read(laptop) == before)
    }

    /// `--watch` applies a file as soon as it arrives and stops cleanly on SIGTERM.
    @Test func watchingAppliesWhatArrives() throws {
        let out = Pipe()
        let process = try cli.start(["--store", desktop, "sync", folder, "--watch"], output: out)
        let reader = FollowTests.LineReader(out)
        try cli.run(["--store", laptop, "sync", folder])
        #expect(reader.nextLine(timeout: 10) == "applied 1 of 1 changes from 1 file")
        // A change on the desktop is written out without waiting for the interval.
        try cli.run(["--store", desktop, "add", "Bread"])
        #expect(reader.nextLine(timeout: 10)?.hasPrefix("wrote 1 change to \(folder)/") == true)
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }

    /// kill -9 in the middle of a large sync: the store opens, passes integrity_check, holds
    /// whole batches of the other store's recipes, counts the file as applied only when all of
    /// it is, and the next sync finishes the job.
    @Test func aKilledSyncIsFinishedByTheNext() throws {
        let context = ModelContext(try RecipeStore(path: laptop))
        (0..<3_000).forEach { context.insert(Recipe(name: "Dish \($0)", instructions: String(repeating: "Stir. ", count: 50))) }
        try context.save()
        #expect(try cli.run(["--store", laptop, "sync", folder]).status == 0)
        // The shortest of two syncs into an empty store: a first one, on a cold cache or a busy
        // machine, ran long enough that kills timed by it came after most trials had ended.
        var duration = Double.infinity
        for round in 0..<2 {
            let calibrate = cli.home.appendingPathComponent("calibrate-\(round).sqlite").path
            _ = try RecipeStore(path: calibrate)
            let start = Date()
            #expect(try cli.run(["--store", calibrate, "sync", folder]).status == 0)
            duration = min(duration, Date().timeIntervalSince(start))
        }

        var interrupted = 0
        for trial in 0..<10 {
            let store = cli.home.appendingPathComponent("trial-\(trial).sqlite").path
            _ = try RecipeStore(path: store)
            let process = try cli.start(["--store", store, "sync", folder])
            usleep(UInt32(Double.random(in: 0...(duration * 0.8)) * 1_000_000))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                interrupted += 1
            }
            process.waitUntilExit()
            let connection = try SQLiteConnection(path: store)
            #expect(try connection.scalar("PRAGMA integrity_check") == .text("ok"), "trial \(trial)")
            guard case .integer(let count)? = try connection.scalar("SELECT count(*) FROM recipe"),
                  case .integer(let applied)? = try connection.scalar("SELECT count(*) FROM sync_applied") else {
                Issue.record("trial \(trial): no counts")
                continue
            }
            #expect((0...3_001).contains(count) && applied == (count == 3_001 ? 1 : 0), "trial \(trial): \(count) recipes, \(applied) files")
            #expect(try cli.run(["--store", store, "sync", folder]).status == 0)
            #expect(try SQLiteConnection(path: store).scalar("SELECT count(*) FROM recipe") == .integer(3_001), "trial \(trial)")
        }
        #expect(interrupted >= 3)
    }

    /// kill -9 while a store writes its changes out: the folder never holds a partial file
    /// under a final name, and the next sync writes the changes.
    @Test func aKilledExportLeavesNoPartialFile() throws {
        var interrupted = 0
        for trial in 0..<6 {
            let writer = cli.home.appendingPathComponent("writer-\(trial).sqlite").path
            let context = ModelContext(try RecipeStore(path: writer))
            (0..<2_000).forEach { context.insert(Recipe(name: "Dish \($0)", instructions: String(repeating: "Stir. ", count: 50))) }
            try context.save()
            let process = try cli.start(["--store", writer, "sync", folder])
            usleep(UInt32.random(in: 20_000...300_000))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                interrupted += 1
            }
            process.waitUntilExit()
            #expect(try cli.run(["--store", writer, "sync", folder]).status == 0)
            #expect(try cli.run(["--store", writer, "sync", "--status", folder]).stdout.contains("local changes to write: 0\n"))
        }
        #expect(interrupted >= 2)
        // The desktop reads every writer's files: none is damaged, and all recipes arrive.
        let status = try cli.run(["--store", desktop, "sync", "--status", folder])
        #expect(!status.stdout.contains("damaged"), "\(status)")
        let result = try cli.run(["--store", desktop, "sync", folder])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(try SQLiteConnection(path: desktop).scalar("SELECT count(*) FROM recipe") == .integer(6 * 2_000))
    }
}
