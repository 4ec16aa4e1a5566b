import Foundation
import Recipes
#if canImport(Glibc)
import Glibc
#endif

/// Runs a whole process and measures its wall time and its peak memory.
///
/// Peak memory comes from GNU time (`/usr/bin/time -f %M`), not from this process's own
/// wait4: Linux carries a parent's resident-set high-water mark into a child it spawns, so
/// a child of this (large) benchmark would report the benchmark's peak, not its own.
enum ProcessTimer {
    struct Measurement {
        let seconds: Double
        /// Nil when GNU time is not installed.
        var peakKilobytes: Int?
        let status: Int32
    }

    static let gnuTime = FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time" : nil

    /// Runs `arguments` with stdout to `outputPath` (default /dev/null) and stderr discarded.
    static func run(_ arguments: [String], environment: [String: String], outputPath: String = "/dev/null") throws -> Measurement {
        let start = DispatchTime.now().uptimeNanoseconds
        let pid = try spawn(arguments, environment: environment) { actions in
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        let status = wait(for: pid)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Measurement(seconds: elapsed, peakKilobytes: nil, status: status)
    }

    /// Starts `arguments` with stderr discarded and the file actions `configure` adds.
    static func spawn(_ arguments: [String], environment: [String: String],
                      configure: (inout posix_spawn_file_actions_t) -> Void) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        configure(&actions)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        guard spawned == 0 else { throw BenchError("cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }
        return pid
    }

    /// Waits for `pid` and returns its exit status (128 + the signal when killed).
    static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// The median of `runs` runs, after one warm-up run that fills the page cache, with the
    /// peak memory of one more run under GNU time.
    static func median(_ arguments: [String], environment: [String: String], runs: Int) throws -> Measurement {
        try medians(of: [arguments], environment: environment, runs: runs)[0]
    }

    /// The median of each command over `runs` rounds in which every command runs once, in
    /// turn, after a warm-up round; with each one's peak memory. A ratio of two commands timed
    /// this way compares runs made moments apart: this machine's speed drifts by a third over
    /// minutes, and timing one command's runs and then the other's put that drift into ratios.
    static func medians(of commands: [[String]], environment: [String: String], runs: Int) throws -> [Measurement] {
        for command in commands { _ = try run(command, environment: environment) }
        var measurements = Array(repeating: [Measurement](), count: commands.count)
        for _ in 0..<runs {
            for (index, command) in commands.enumerated() { measurements[index].append(try run(command, environment: environment)) }
        }
        return try zip(commands, measurements).map { command, runs in
            let times = runs.map(\.seconds).sorted()
            return Measurement(seconds: times[times.count / 2], peakKilobytes: try peakMemory(command, environment: environment),
                               status: runs.last?.status ?? -1)
        }
    }

    /// The peak resident memory of one run, in kilobytes, or nil without GNU time.
    static func peakMemory(_ arguments: [String], environment: [String: String]) throws -> Int? {
        guard let gnuTime else { return nil }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("recipes-bench-rss-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        _ = try run([gnuTime, "-f", "%M", "-o", report] + arguments, environment: environment)
        return (try? fileText(report))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last ?? "") }
    }

    /// The full path of `tool` on PATH, or nil when it is not installed.
    static func find(_ tool: String, path: String) -> String? {
        if tool.contains("/") { return FileManager.default.isExecutableFile(atPath: tool) ? tool : nil }
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// A file's text, read with POSIX calls (see FileContents).
func fileText(_ path: String) throws -> String {
    String(decoding: try FileContents.read(path), as: UTF8.self)
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
