import Foundation
import Testing

/// Runs the real benchmark at a tiny size so it keeps working. No timing is asserted:
/// timings belong to the benchmark's own report.
@Suite struct BenchmarkSmokeTests {
    @Test func tinyRunReportsEveryRowAndAgreesWithMemory() throws {
        let directory = Bundle.main.bundleURL.pathExtension == "xctest"
            ? Bundle.main.bundleURL.deletingLastPathComponent() : Bundle.main.bundleURL
        let bench = directory.appendingPathComponent("recipes-bench")
        let process = Process()
        process.executableURL = bench
        process.arguments = ["--recipes", "300", "--runs", "1", "--compaction-rounds", "3"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let report = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(report.contains("## recipes-bench: 300 recipes"))
        #expect(report.contains("recipes/s"))
        #expect(report.contains("| `recipes next --format waybar` |"))
        // The import of the loaded recipes' export, beside the load.
        #expect(report.contains("Import of the same recipes as one JSON archive"), "\(report)")
        for label in ["rare word", "selective word", "common word", "very common word", "two words", "two-letter fragment",
                      "fragment inside words", "accented word typed without accents", "word in another script"] {
            let row = report.split(separator: "\n").first { $0.hasPrefix("| \(label)") }
            #expect(row != nil, "\(label)")
            // Every query returns the recipes the in-memory predicate selects.
            #expect(row?.contains("| yes |") == true, "\(row ?? "")")
        }
        #expect(report.contains("| head -1`: peak memory"))
        let oneChange = report.split(separator: "\n").first { $0.hasPrefix("| one change from another store") }
        #expect(oneChange?.contains("`applied 1 of 1 changes from 1 file`") == true, "\(oneChange ?? "")")
        #expect(report.contains("| one change made here, written out |"))
        #expect(report.contains("Sync folder after 3 rounds of 10 edits on each of three machines (300 recipes"))
    }
}
