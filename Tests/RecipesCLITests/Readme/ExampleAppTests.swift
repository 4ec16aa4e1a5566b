import Foundation
import Testing

/// The example app (Sources/RecipesExample) runs to the end: its importers, planner, live
/// query and change stream all finish, and the plan it prints is the whole week.
@Suite struct ExampleAppTests {
    @Test func theExampleAppPlansAWeekAndFinishes() throws {
        let binary = RecipesProcess.binary.deletingLastPathComponent().appendingPathComponent("RecipesExample")
        let cli = RecipesProcess()
        let process = Process()
        process.executableURL = binary
        process.arguments = [cli.home.appendingPathComponent("example.sqlite").path]
        let output = cli.home.appendingPathComponent("example.out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        try process.run()
        // A lost change would leave the live query waiting forever: give up after 60 s.
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try handle.close()
        let lines = String(decoding: try Data(contentsOf: output), as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(process.terminationStatus == 0)
        #expect(lines.filter { $0.hasSuffix("day: ") == false && $0.contains("day: ") }.count == 7)
        #expect(lines.contains("Monday: Leek soup (dish)"))
        #expect(lines.contains("Tuesday: Focaccia (baked)"))
        #expect(lines.contains("change stream: 7 recipes touched") == false)
        #expect(lines.contains { $0.hasPrefix("change stream: 7 recipes touched") })
        #expect(lines.last == "strict mode: the fetch needs work SQL cannot do (KeyPath \\String.count); nothing was read")
    }
}
