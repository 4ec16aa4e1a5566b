import Foundation
import Recipes
import Testing

/// A bar started before its store exists (RECIPES_STORE naming a file not created yet) must
/// keep running: waybar never restarts a module that exited with an error.
@Suite struct MissingStoreTests {
    static let emptyUpdates: [(String, String)] = [
        ("waybar", "\n"),
        ("i3blocks", "\n"),
        ("polybar", "\n"),
        ("tmux", "\n"),
        ("i3status-rust", #"{"icon":"","state":"Idle","text":"","short_text":""}"# + "\n"),
    ]

    @Test(arguments: emptyUpdates)
    func barFormatsPrintAnEmptyUpdateForAStoreNotCreatedYet(format: String, expected: String) throws {
        let cli = RecipesProcess()
        cli.environment["RECIPES_STORE"] = cli.home.path + "/later/recipes.sqlite"
        #expect(try cli.run(["next", "--format", format]) == .init(stdout: expected, stderr: "", status: 0))
        #expect(!FileManager.default.fileExists(atPath: cli.home.path + "/later"))
    }

    /// Scripts still learn that the store is missing.
    @Test(arguments: ["plain", "json"])
    func scriptFormatsStillReportAMissingStore(format: String) throws {
        let cli = RecipesProcess()
        let path = cli.home.path + "/later.sqlite"
        cli.environment["RECIPES_STORE"] = path
        #expect(try cli.run(["next", "--format", format])
            == .init(stdout: "", stderr: "recipes: error: no recipe store at \(path)\n", status: 2))
    }

    /// The follower prints the empty update, then the recipe once the store appears: woken
    /// by inotify when the folder exists, by looking again when even the folder is missing.
    @Test(arguments: ["store.sqlite", "later/store.sqlite"])
    func followWaitsForTheStoreToAppear(relativePath: String) throws {
        let cli = RecipesProcess()
        let path = cli.home.path + "/" + relativePath
        cli.environment["RECIPES_STORE"] = path
        let out = Pipe()
        let process = try cli.start(["next", "--format", "waybar", "--follow"], output: out)
        defer { if process.isRunning { process.terminate() } }
        let reader = FollowTests.LineReader(out)
        #expect(reader.nextLine(timeout: 10) == "")
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(try cli.run(["add", "Soup", "--plan", "today 10:00"]).status == 0)
        #expect(reader.nextLine(timeout: 15)?.contains(#""text":"Soup · 10:00 (in 30m)""#) == true)
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }
}
