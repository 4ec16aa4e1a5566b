import Foundation
import Recipes
#if canImport(Glibc)
import Glibc
#endif

/// The numbers of one benchmark run and their Markdown table.
struct BenchmarkReport {
    struct NextRow {
        let recipes: ProcessTimer.Measurement
        let sqlite3: ProcessTimer.Measurement?
        let sql: String
    }

    struct SearchRow {
        let query: SearchQuery
        let recipes: ProcessTimer.Measurement
        let found: Int
        let sameAsMemory: Bool
        let expected: Int
        let sqlite3: (ProcessTimer.Measurement, Int)?
        let scan: (ProcessTimer.Measurement, Int)?
        let ripgrep: (ProcessTimer.Measurement, Int)?
        let sql: String
    }

    let count: Int
    let runs: Int
    /// Nil when the corpus was reused rather than loaded in this run.
    let loadSeconds: Double?
    let storeBytes: Int
    /// The size of the `recipes` binary timed, as found on disk.
    var binaryBytes: Int?
    /// `recipes import` of the loaded store's export into an empty store: the median time of
    /// the whole process, and the archive's size.
    var importRun: (seconds: Double, archiveBytes: Int)?
    var next: NextRow?
    /// How many recipes repeat (one in ten), when the corpus was loaded in this run.
    var repeating: Int?
    /// `next` a week after the load: the first run, which moves the passed repeats on, and
    /// the median of the runs after it.
    var nextWeekLater: (first: ProcessTimer.Measurement, after: ProcessTimer.Measurement, shell: ProcessTimer.Measurement?)?
    /// How many runs `next` was timed over (more than the searches: it takes milliseconds).
    var nextRuns: Int?
    var searches: [SearchRow] = []
    var headOne: ProcessTimer.Measurement?
    var fullCommon: ProcessTimer.Measurement?
    var ingredients: IngredientProbe?
    var fill: FillProbe?
    var sync: SyncProbe?
    var compaction: CompactionProbe?

    static let listColumns = RecipeStore.summaryColumns

    /// What the sqlite3 shell runs for a search: the same word-index lookup the library
    /// starts from, the vocabulary scan that turns each word into the indexed words holding it
    /// included (single letters have no index; the library checks them row by row).
    static func indexQuery(for words: String) -> String {
        let pieces = words.split(separator: " ").map { TextMatching.fold(String($0)) }.filter { $0.unicodeScalars.count > 1 }
        let match = pieces.map { piece in
            "(SELECT '(' || group_concat('\"' || word || '\"', ' OR ') || ')' FROM search_word WHERE instr(word, '\(piece)') > 0)"
        }.joined(separator: " || ' AND ' || ")
        return "SELECT \(listColumns) FROM recipe r WHERE r.rowid IN (SELECT rowid FROM recipe_words WHERE recipe_words MATCH \(match))"
            + " ORDER BY r.name_key, r.planned;"
    }

    /// The same search without an index: sqlite3 reading every row with instr() (lower() folds
    /// ASCII case only, so accented text is not folded and counts may differ).
    static func scanQuery(for words: String) -> String {
        let conditions = words.split(separator: " ").map { word in
            let w = word.lowercased()
            return "(instr(lower(r.name), '\(w)') OR instr(lower(r.summary), '\(w)') OR instr(lower(r.instructions), '\(w)')"
                + " OR EXISTS (SELECT 1 FROM ingredient i WHERE i.recipe = r.rowid AND (instr(lower(i.name), '\(w)') OR instr(lower(i.amount), '\(w)'))))"
        }
        return "SELECT \(listColumns) FROM recipe r WHERE " + conditions.joined(separator: " AND ") + " ORDER BY r.name_key, r.planned;"
    }

    static func machine() -> String {
        let cpu = (try? fileText("/proc/cpuinfo"))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
        let memory = ProcessInfo.processInfo.physicalMemory / 1_073_741_824
        return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory) GiB"
    }

    func markdown(machine: String, missing: [String]) -> String {
        func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
        func mb(_ kilobytes: Int?) -> String { kilobytes.map { String(format: "%.1f MB", Double($0) / 1024) } ?? "n/a" }
        func ratio(_ value: Double) -> String { String(format: "%.2fx", value) }
        var lines = ["## recipes-bench: \(count) recipes, median of \(runs) runs", "", "Machine: \(machine)", ""]
        if let loadSeconds {
            lines.append(String(format: "Load through the library: %d recipes in %.2f s = **%.0f recipes/s** (store with all indexes: %.1f MB, **%.2f KB per recipe**)",
                                count, loadSeconds, Double(count) / max(loadSeconds, 1e-9), Double(storeBytes) / 1_048_576, Double(storeBytes) / 1024 / Double(max(count, 1))))
        } else {
            lines.append(String(format: "Corpus reused from an earlier run (store with all indexes: %.1f MB); load not measured.",
                                Double(storeBytes) / 1_048_576))
        }
        if let importRun, let loadSeconds {
            lines.append(String(format: "Import of the same recipes as one JSON archive (%.1f MB; `recipes import`, the whole process, one transaction): %.2f s = **%.0f recipes/s**, **%.2fx** the load's time (goal ≤ 1.3x).",
                                Double(importRun.archiveBytes) / 1_048_576, importRun.seconds, Double(count) / max(importRun.seconds, 1e-9),
                                importRun.seconds / max(loadSeconds, 1e-9)))
        }
        if let binaryBytes { lines.append(String(format: "The `recipes` binary timed: %.1f MB.", Double(binaryBytes) / 1_048_576)) }
        lines.append("")
        if let next {
            lines += ["| `recipes next --format waybar` | sqlite3 same query | ratio (≤ 1.5x) | peak memory recipes / sqlite3 |",
                      "| --- | --- | --- | --- |"]
            let shell = next.sqlite3
            lines.append("| \(ms(next.recipes.seconds)) | \(shell.map { ms($0.seconds) } ?? "missing") | "
                         + "\(shell.map { ratio(next.recipes.seconds / $0.seconds) } ?? "-") | \(mb(next.recipes.peakKilobytes)) / \(shell.map { mb($0.peakKilobytes) } ?? "-") |")
            if let nextRuns { lines.append("`next` and the shell's query: median of \(nextRuns) runs each, alternating.") }
            lines.append("")
            if let repeating {
                lines.append("\(repeating) recipes (\(String(format: "%.1f%%", Double(repeating) * 100 / Double(max(count, 1))))) repeat daily, weekly or monthly, started up to 60 days before.")
            }
            if let (first, after, laterShell) = nextWeekLater {
                lines.append("A week later: the first `next` moves the passed repeats on in \(ms(first.seconds)); "
                             + "the next ones take \(ms(after.seconds))"
                             + (laterShell.map { " (\(ratio(after.seconds / $0.seconds)) of the shell's query then, \(ms($0.seconds)))" } ?? "") + ".")
            }
            lines.append("")
        }
        lines += ["| search | found | `recipes search` | sqlite3 index query | recipes / index (≤ 1.3x) | sqlite3 instr scan | scan / recipes (> 1x) | `rg -i -l` | rg / recipes (goal) | results: recipes / in memory / index / scan / rg | same as in memory | peak memory recipes / sqlite3 / rg |",
                  "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
        for row in searches {
            let shell = row.sqlite3, scan = row.scan, grep = row.ripgrep
            let share = String(format: "%.2f%%", Double(row.expected) * 100 / Double(max(count, 1)))
            lines.append("| \(row.query.label) (`\(row.query.words)`) | \(share) | \(ms(row.recipes.seconds)) | \(shell.map { ms($0.0.seconds) } ?? "missing") | "
                + "\(shell.map { ratio(row.recipes.seconds / $0.0.seconds) } ?? "-") | \(scan.map { ms($0.0.seconds) } ?? "missing") | "
                + "\(scan.map { ratio($0.0.seconds / row.recipes.seconds) } ?? "-") | \(grep.map { ms($0.0.seconds) } ?? "missing") | "
                + "\(grep.map { ratio($0.0.seconds / row.recipes.seconds) } ?? "-") (≥ \(String(format: "%g", row.query.goal))x) | "
                + "\(row.found) / \(row.expected) / \(shell.map { String($0.1) } ?? "-") / \(scan.map { String($0.1) } ?? "-") / \(grep.map { String($0.1) } ?? "-") | "
                + "\(row.sameAsMemory ? "yes" : "**NO**") | \(mb(row.recipes.peakKilobytes)) / \(shell.map { mb($0.0.peakKilobytes) } ?? "-") / \(grep.map { mb($0.0.peakKilobytes) } ?? "-") |")
        }
        if ProcessTimer.gnuTime == nil {
            lines.append("")
            lines.append("Peak memory is n/a: it is read with GNU time (/usr/bin/time), which is not installed.")
        }
        if let headOne, let fullCommon {
            lines.append("")
            lines.append("`recipes search salt | head -1`: peak memory \(mb(headOne.peakKilobytes)), against \(mb(fullCommon.peakKilobytes)) for the whole output (results stream).")
        }
        if let ingredients { lines += ingredients.markdown(count: count, loadSeconds: loadSeconds) }
        if let fill { lines += fill.markdown() }
        if let sync {
            lines.append("")
            lines += sync.markdown(count: count)
        }
        if let compaction { lines += compaction.markdown(count: count) }
        if !missing.isEmpty {
            lines.append("")
            lines.append("Baselines not installed, reported as missing: \(missing.joined(separator: ", ")).")
        }
        lines.append("")
        lines.append("sqlite3 runs the word-index lookup the library starts from (vocabulary scan and MATCH); the library runs the same query (a list reads one row per recipe, its ingredient count kept on the row), and checks a candidate exactly (case- and accent-insensitive) only where the index does not decide alone (a word with punctuation, a single character). The instr scan reads every row without an index. rg searches one text file per recipe for the first word only; it does not fold accents, so its counts differ for accented words.")
        return lines.joined(separator: "\n")
    }
}

/// Measures a process whose reader takes one line and goes away, as `| head -1` does.
enum HeadOneProbe {
    static func run(_ arguments: [String], environment: [String: String]) throws -> ProcessTimer.Measurement {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("recipes-bench-head-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let command = ProcessTimer.gnuTime.map { [$0, "-f", "%M", "-o", report] + arguments } ?? arguments
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw BenchError("pipe failed") }
        let start = DispatchTime.now().uptimeNanoseconds
        let pid = try ProcessTimer.spawn(command, environment: environment) { actions in
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
            posix_spawn_file_actions_addclose(&actions, ends[0])
        }
        close(ends[1])
        var byte: UInt8 = 0
        while read(ends[0], &byte, 1) == 1 && byte != 0x0A {}
        close(ends[0])
        let status = ProcessTimer.wait(for: pid)
        let peak = (try? fileText(report))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last ?? "") }
        return ProcessTimer.Measurement(seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9,
                                        peakKilobytes: peak, status: status)
    }
}
