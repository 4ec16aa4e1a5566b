import Foundation
import Recipes
import Testing

/// `recipes sync --watch` as a user service runs it: files landing while it applies another,
/// a folder that is not there yet, or is deleted and made again (as a sync tool does on every
/// machine when one deletes it). Each waits five minutes between timed syncs, so anything
/// applied within seconds was seen by watching.
@Suite struct SyncWatchTests {
    let cli = RecipesProcess()
    var laptop: String { cli.home.appendingPathComponent("laptop.sqlite").path }
    var desktop: String { cli.home.appendingPathComponent("desktop.sqlite").path }
    var folder: String { cli.home.appendingPathComponent("Sync").path }

    var said: URL { cli.home.appendingPathComponent("watch-output") }

    /// Starts `sync --watch` on the desktop store; its standard output and error go to files.
    private func startWatching() throws -> (Process, errors: URL) {
        _ = try RecipeStore(path: desktop)
        let errors = cli.home.appendingPathComponent("watch-errors")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        _ = FileManager.default.createFile(atPath: said.path, contents: nil)
        let process = Process()
        process.executableURL = RecipesProcess.binary
        process.arguments = ["--store", desktop, "sync", folder, "--watch", "--interval", "5m"]
        process.environment = cli.environment
        process.standardOutput = try FileHandle(forWritingTo: said)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        return (process, errors)
    }

    private func stop(_ process: Process) {
        process.terminate()
        process.waitUntilExit()
    }

    /// Whether the watch has said `line` `times` times within `seconds`. Its output is read,
    /// not the store: a command opening the store could itself wake the watch.
    private func watchSays(_ line: String, times: Int = 1, within seconds: TimeInterval) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            let lines = String(decoding: try FileContents.read(said.path), as: UTF8.self).split(separator: "\n")
            if lines.filter({ $0 == line }).count >= times { return true }
            usleep(100_000)
        } while Date() < deadline
        return false
    }

    @Test func aFileLandingWhileAnotherIsAppliedIsAppliedToo() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(try cli.run(["--store", laptop, "add", "First"]).status == 0)
        #expect(try cli.run(["--store", laptop, "sync", folder]).status == 0)
        let (watch, _) = try startWatching()
        defer { stop(watch) }
        #expect(try watchSays("applied 1 of 1 changes from 1 file", within: 15))
        let context = ModelContext(try RecipeStore(path: laptop))
        (0..<3_000).forEach { context.insert(Recipe(name: "Dish \($0)", instructions: String(repeating: "Stir. ", count: 50))) }
        try context.save()
        #expect(try cli.run(["--store", laptop, "sync", folder]).status == 0)
        usleep(300_000)
        #expect(try cli.run(["--store", laptop, "add", "Late one"]).status == 0)
        #expect(try cli.run(["--store", laptop, "sync", folder]).status == 0)
        #expect(try watchSays("applied 3000 of 3000 changes from 1 file", within: 30))
        #expect(try watchSays("applied 1 of 1 changes from 1 file", times: 2, within: 20))
    }

    @Test func aFolderThatAppearsLaterIsWatched() throws {
        let (watch, errors) = try startWatching()
        defer { stop(watch) }
        usleep(1_500_000)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(try cli.run(["--store", laptop, "add", "Soup"]).status == 0)
        #expect(try cli.run(["--store", laptop, "sync", folder]).status == 0)
        #expect(try watchSays("applied 1 of 1 changes from 1 file", within: 15))
        let errorsSaid = String(decoding: try FileContents.read(errors.path), as: UTF8.self)
        #expect(errorsSaid == "recipes: waiting for the sync folder \(folder) to appear\n", "\(errorsSaid)")
    }

    @Test func aFolderDeletedAndMadeAgainIsWatched() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let (watch, errors) = try startWatching()
        defer { stop(watch) }
        #expect(try cli.run(["--store", laptop, "add", "Soup"]).status == 0)
        #expect(try cli.run(["--store", laptop, "sync", folder]).status == 0)
        #expect(try watchSays("applied 1 of 1 changes from 1 file", within: 15))

        try FileManager.default.removeItem(atPath: folder)
        usleep(500_000)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(try cli.run(["--store", laptop, "add", "Bread"]).status == 0)
        #expect(try cli.run(["--store", laptop, "sync", folder]).status == 0)
        // Said once, without an error for the folder deleted under it.
        #expect(String(decoding: try FileContents.read(errors.path), as: UTF8.self).split(separator: "\n").allSatisfy { $0.contains("waiting for the sync folder") })
        // The laptop's history went with the folder: it wrote a snapshot of both recipes.
        let applied = try watchSays("applied 1 of 2 changes from 1 file", within: 15)
        let output = String(decoding: try FileContents.read(said.path), as: UTF8.self)
        #expect(applied, "\(output)")
    }
}
