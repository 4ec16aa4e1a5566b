import Foundation
import Recipes

/// Runs the built `recipes` binary as a user would: its own process, a temporary HOME and
/// store, a pinned clock and time zone.
final class RecipesProcess {
    struct Result: Equatable, CustomStringConvertible {
        let stdout: String
        let stderr: String
        let status: Int32

        var description: String { "status \(status)\nstdout: \(stdout.debugDescription)\nstderr: \(stderr.debugDescription)" }
    }

    /// The binary SwiftPM built next to the test bundle.
    static var binary: URL {
        let directory = Bundle.main.bundleURL.pathExtension == "xctest"
            ? Bundle.main.bundleURL.deletingLastPathComponent() : Bundle.main.bundleURL
        let candidates = [directory, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        return candidates.map { $0.appendingPathComponent("recipes") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0].appendingPathComponent("recipes")
    }

    let home: URL
    var environment: [String: String]

    /// The store tests name with --store (created by `seed` or `add`).
    var store: URL { home.appendingPathComponent("store.sqlite") }

    init(now: String = "2026-11-30T09:30:00Z", timeZone: String = "UTC") {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("recipes-cli-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        environment = ["HOME": home.path, "TZ": timeZone, "RECIPES_NOW": now, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
    }

    deinit {
        try? FileManager.default.removeItem(at: home)
    }

    /// Runs as the user `nobody` when the tests run as root (for whom file permissions do
    /// not apply), through setpriv(1); as the current user otherwise.
    static let unprivilegedPrefix: [String]? = {
        guard getuid() == 0 else { return [] }
        return FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
            ? ["/usr/bin/setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups"] : nil
    }()

    @discardableResult
    func run(_ arguments: [String], input: Data? = nil, unprivileged: Bool = false) throws -> Result {
        let process = Process()
        let prefix = unprivileged ? Self.unprivilegedPrefix ?? [] : []
        process.executableURL = prefix.isEmpty ? Self.binary : URL(fileURLWithPath: prefix[0])
        process.arguments = prefix.isEmpty ? arguments : Array(prefix.dropFirst()) + [Self.binary.path] + arguments
        process.environment = environment
        // Output goes to files, so neither stream can fill a pipe and block the child.
        let outURL = home.appendingPathComponent("stdout-\(UUID().uuidString)")
        let errURL = home.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
                      status: process.terminationStatus)
    }

    /// Starts the binary without waiting for it, for tests that signal or kill it; standard
    /// error is discarded, standard output too unless `output` is given.
    func start(_ arguments: [String], output: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs with `--store` pointing at this test's store.
    @discardableResult
    func runOnStore(_ arguments: [String]) throws -> Result {
        try run(["--store", store.path] + arguments)
    }

    /// Writes recipes straight through the library, for tests that need exact content.
    func seed(_ recipes: [Recipe]) throws {
        let context = ModelContext(try RecipeStore(url: store))
        recipes.forEach(context.insert)
        try context.save()
    }

    /// The store's files, to prove a failed command changed nothing.
    func storeBytes() throws -> [Data] {
        try [store.path, store.path + "-wal"].map { path in
            FileManager.default.fileExists(atPath: path) ? try Data(contentsOf: URL(fileURLWithPath: path)) : Data()
        }
    }

    static func date(_ iso: String) -> Date { RecipeJSON.parseISODate(iso)! }
}
