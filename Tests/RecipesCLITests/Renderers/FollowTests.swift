import Foundation
import Recipes
import Testing

/// `recipes next --follow`: a long-running process that prints a line per change.
@Suite struct FollowTests {
    /// Reads lines from a pipe, giving up after a deadline instead of hanging the suite.
    final class LineReader {
        let descriptor: Int32
        var buffer = Data()

        init(_ pipe: Pipe) { descriptor = pipe.fileHandleForReading.fileDescriptor }

        func nextLine(timeout: TimeInterval) -> String? {
            let deadline = Date().addingTimeInterval(timeout)
            while true {
                if let newline = buffer.firstIndex(of: 0x0A) {
                    let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                    buffer.removeSubrange(buffer.startIndex...newline)
                    return line
                }
                let remaining = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
                guard remaining > 0 else { return nil }
                var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
                guard poll(&descriptors, 1, remaining) > 0 else { return nil }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = read(descriptor, &chunk, chunk.count)
                guard count > 0 else { return nil }
                buffer.append(contentsOf: chunk[0..<count])
            }
        }
    }

    func startFollowing(_ cli: RecipesProcess, format: String) throws -> (Process, LineReader) {
        let process = Process()
        process.executableURL = RecipesProcess.binary
        process.arguments = ["--store", cli.store.path, "next", "--format", format, "--follow"]
        process.environment = cli.environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, LineReader(out))
    }

    @Test func printsAnUpdateWhenAnotherProcessPlansAndStopsOnSIGTERM() throws {
        let cli = RecipesProcess()
        try cli.seed([Recipe(name: "Soup"), Recipe(name: "Stew", plannedDate: RecipesProcess.date("2026-12-03T18:00:00Z"))])
        let (process, reader) = try startFollowing(cli, format: "waybar")
        let first = reader.nextLine(timeout: 10)
        #expect(first?.contains(#""text":"Stew · Thu 18:00""#) == true)
        let planned = try cli.runOnStore(["plan", "Soup", "tomorrow"])
        #expect(planned.status == 0)
        let second = reader.nextLine(timeout: 10)
        #expect(second?.contains(#""text":"Soup · tomorrow 18:00""#) == true)
        // A write that does not change the text prints nothing.
        try cli.runOnStore(["add", "Bread"])
        #expect(reader.nextLine(timeout: 1.5) == nil)
        try cli.runOnStore(["plan", "Soup", "--clear"])
        #expect(reader.nextLine(timeout: 10)?.contains(#""text":"Stew · Thu 18:00""#) == true)
        // Nothing planned: an empty line, which hides the module on every waybar version.
        try cli.runOnStore(["plan", "Stew", "--clear"])
        #expect(reader.nextLine(timeout: 10) == "")
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }

    /// A follower reads after every write but holds no snapshot in between, so the writers'
    /// automatic checkpoints can restart the WAL: it stays near SQLite's 1,000-page threshold
    /// instead of growing with every write. (The bound is in pages: with 8 KiB pages the
    /// threshold alone is 8.2 MB, and a fixed 8 MiB bound failed whenever a sample caught
    /// the WAL just past it.)
    @Test func aLongFollowDoesNotGrowTheWAL() throws {
        let cli = RecipesProcess()
        try cli.seed([Recipe(name: "Soup", plannedDate: RecipesProcess.date("2026-12-03T18:00:00Z"))])
        let (process, reader) = try startFollowing(cli, format: "plain")
        #expect(reader.nextLine(timeout: 10) != nil)
        let context = ModelContext(try cli.openStore())
        let soup = try #require(try context.fetch(FetchDescriptor<Recipe>()).first)
        var largestWAL = 0
        // About 3 pages a commit: 3,000 commits would leave 9,000 pages without checkpoints.
        for round in 0..<3_000 {
            soup.instructions = String(repeating: "Stir \(round). ", count: 600)
            soup.plannedDate = RecipesProcess.date("2026-12-03T18:00:00Z").addingTimeInterval(Double(round % 50) * 60)
            try context.save()
            if round % 100 == 0 {
                let size = (try? FileManager.default.attributesOfItem(atPath: cli.store.path + "-wal")[.size] as? Int) ?? 0
                largestWAL = max(largestWAL, size)
            }
        }
        #expect(reader.nextLine(timeout: 10) != nil, "the follower stopped printing")
        process.terminate()
        process.waitUntilExit()
        guard case .integer(let pageSize)? = try SQLiteConnection(path: cli.store.path, readOnly: true).scalar("PRAGMA page_size") else {
            Issue.record("no page size")
            return
        }
        // A frame is a page and a 24-byte header; twice the threshold still tells a WAL that
        // restarts from one that grows by a fifth of the loop's writes.
        let frames = largestWAL / (Int(pageSize) + 24)
        #expect(largestWAL > 0 && frames < 2_000, "WAL reached \(largestWAL) bytes, \(frames) frames")
    }

    @Test func i3blocksPersistGetsOneFullTextLinePerUpdateAndSIGINTStops() throws {
        let cli = RecipesProcess()
        try cli.seed([Recipe(name: "Soup")])
        let (process, reader) = try startFollowing(cli, format: "i3blocks")
        // A space, not an empty line, which i3blocks 1.4 takes for a closed pipe.
        #expect(reader.nextLine(timeout: 10) == " ")
        try cli.runOnStore(["plan", "Soup", "today", "10:00"])
        #expect(reader.nextLine(timeout: 10) == "Soup · 10:00 (in 30m)")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }

    @Test func stopsWhenTheReaderGoesAway() throws {
        let cli = RecipesProcess()
        try cli.seed([Recipe(name: "Soup", plannedDate: RecipesProcess.date("2026-12-01T18:00:00Z"))])
        let process = Process()
        process.executableURL = RecipesProcess.binary
        process.arguments = ["--store", cli.store.path, "next", "--follow"]
        process.environment = cli.environment
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        #expect(LineReader(out).nextLine(timeout: 10) == "Soup · tomorrow 18:00")
        try out.fileHandleForReading.close()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        #expect(!process.isRunning)
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
