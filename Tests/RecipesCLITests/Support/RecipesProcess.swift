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
    /// With `shellPrefix`, the binary is exec'd by `/bin/sh` after that shell text (limits,
    /// signal dispositions the process then inherits).
    func run(_ arguments: [String], input: Data? = nil, unprivileged: Bool = false, timeout: TimeInterval? = nil,
             shellPrefix: String? = nil) throws -> Result {
        let process = Process()
        var prefix = unprivileged ? Self.unprivilegedPrefix ?? [] : []
        if let shellPrefix { prefix += ["/bin/sh", "-c", shellPrefix + " exec \"$0\" \"$@\""] }
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
        if let timeout {
            // A command that hangs is killed, so the test fails instead of hanging too.
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(stdout: String(decoding: try FileContents.read(outURL.path), as: UTF8.self),
                      stderr: String(decoding: try FileContents.read(errURL.path), as: UTF8.self),
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

    /// Runs a program with no signal blocked and waits for it, returning its standard output
    /// when `capturing` (a program that leaves a daemon behind must not: the daemon would
    /// hold the pipe open).
    /// Foundation's Process starts children with signals blocked, which daemons such as the
    /// tmux server inherit: with SIGCHLD blocked it never sees its status jobs finish.
    static func runWithSignals(_ arguments: [String], environment: [String: String], capturing: Bool) throws -> String {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw CocoaError(.fileWriteUnknown) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if capturing {
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        guard spawned == 0 else { throw CocoaError(.executableLoad) }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(pipeEnds[0], &buffer, buffer.count)
            if count <= 0 { break }
            output.append(contentsOf: buffer[0..<count])
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return String(decoding: output, as: UTF8.self)
    }

    /// Writes an executable script (a stand-in such as notify-send) from a child shell: a
    /// descriptor this process held open for writing could leak into a child that a parallel
    /// test is spawning, and running the script would then fail with "text file busy".
    static func writeScript(_ text: String, to url: URL) throws {
        _ = try runWithSignals(["/bin/sh", "-c", "printf '%s' \"$1\" > \"$2\" && chmod 755 \"$2\"", "sh", text, url.path],
                               environment: ["PATH": "/usr/bin:/bin"], capturing: false)
    }

    /// Runs with `--store` pointing at this test's store.
    @discardableResult
    func runOnStore(_ arguments: [String]) throws -> Result {
        try run(["--store", store.path] + arguments)
    }

    /// Writes recipes straight through the library, for tests that need exact content.
    func seed(_ recipes: [Recipe]) throws {
        let context = ModelContext(try openStore())
        recipes.forEach(context.insert)
        try context.save()
    }

    /// The store through the library, on the same pinned clock as the binary: the plan's dates
    /// the library works out are then the ones the binary would.
    func openStore() throws -> RecipeStore {
        let store = try RecipeStore(url: store)
        if let pinned = environment["RECIPES_NOW"].flatMap(RecipeJSON.parseISODate) { store.clock = { pinned } }
        return store
    }

    /// The store's files, to prove a failed command changed nothing.
    func storeBytes() throws -> [Data] {
        try [store.path, store.path + "-wal"].map { path in
            FileManager.default.fileExists(atPath: path) ? try FileContents.read(path) : Data()
        }
    }

    static func date(_ iso: String) -> Date { RecipeJSON.parseISODate(iso)! }
}
