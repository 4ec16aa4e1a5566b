import Foundation
import Recipes
import Testing

/// What may be named as the store: an empty path would be SQLite's temporary database (every
/// write silently lost), a FIFO would block forever and a device would get a journal beside it.
@Suite struct StorePathTests {
    let cli = RecipesProcess()

    /// Runs the binary, killing it after `seconds`: a hang must fail the test, not stall it.
    func runWithDeadline(_ arguments: [String], environment extra: [String: String] = [:],
                         seconds: Double = 20) throws -> RecipesProcess.Result {
        let process = Process()
        process.executableURL = RecipesProcess.binary
        process.arguments = arguments
        process.environment = cli.environment.merging(extra) { $1 }
        let errURL = cli.home.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try err.close()
            return RecipesProcess.Result(stdout: "", stderr: "(killed after \(seconds) s)", status: -1)
        }
        process.waitUntilExit()
        try err.close()
        return RecipesProcess.Result(stdout: "", stderr: String(decoding: try FileContents.read(errURL.path), as: UTF8.self),
                                     status: process.terminationStatus)
    }

    @Test(arguments: [["next"], ["add", "Soup"], ["search"], ["import", "-"]])
    func anEmptyStoreOptionIsAUsageError(command: [String]) throws {
        let result = try runWithDeadline(["--store", ""] + command)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr == "recipes: error: --store needs a path, not an empty string; see 'recipes --help'\n")
    }

    @Test(arguments: [["next"], ["add", "Soup"]])
    func anEmptyStoreVariableIsAUsageError(command: [String]) throws {
        let result = try runWithDeadline(command, environment: ["RECIPES_STORE": ""])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr == "recipes: error: RECIPES_STORE is set but empty; name a store or unset it; see 'recipes --help'\n")
        #expect(!FileManager.default.fileExists(atPath: cli.home.path + "/.local/share/recipes"))
    }

    @Test(arguments: [["next"], ["add", "Soup"], ["search", "x"]])
    func aFIFOIsRefusedWithoutHanging(command: [String]) throws {
        let fifo = cli.home.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try runWithDeadline(["--store", fifo] + command)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "recipes: error: \(fifo) is not a regular file, so it cannot be a recipe store\n")
    }

    @Test func aDeviceAndAFolderAreRefused() throws {
        let journalExisted = FileManager.default.fileExists(atPath: "/dev/null-journal")
        for path in ["/dev/null", cli.home.path] {
            let result = try runWithDeadline(["--store", path, "add", "Soup"])
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr == "recipes: error: \(path) is not a regular file, so it cannot be a recipe store\n")
        }
        if !journalExisted { #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal")) }
    }
}
