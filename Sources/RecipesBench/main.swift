import Foundation
import Recipes

// recipes-bench: builds a synthetic corpus, loads it through the library, and times whole
// `recipes` processes against the sqlite3 shell and ripgrep in one run. See README.

struct Options {
    var count = 10_000
    var runs = 5
    var directory: String?
    var recipesBinary: String?
    var keep = false
    var reuse = false
    var compactionRounds = 0
    var compactionEdits = 10

    static let usage = "usage: recipes-bench [--recipes N] [--runs N] [--directory DIR] [--recipes-binary PATH] [--keep] [--reuse] [--compaction-rounds N [--compaction-edits N]]"

    init(_ arguments: [String]) throws {
        var index = 0
        func value() throws -> String {
            index += 1
            guard index < arguments.count else { throw BenchError("\(arguments[index - 1]) needs a value\n\(Self.usage)") }
            return arguments[index]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--recipes": count = try Int(value()).flatMap { $0 > 0 ? $0 : nil } ?? { throw BenchError("--recipes takes a positive number") }()
            case "--runs": runs = try Int(value()).flatMap { $0 > 0 ? $0 : nil } ?? { throw BenchError("--runs takes a positive number") }()
            case "--directory": directory = try value()
            case "--recipes-binary": recipesBinary = try value()
            case "--keep": keep = true
            // Also edit on three machines for N rounds and report the sync folder's size.
            case "--compaction-rounds":
                compactionRounds = try Int(value()).flatMap { $0 >= 0 ? $0 : nil } ?? { throw BenchError("--compaction-rounds takes a number") }()
            // Edits each machine makes per round (default 10).
            case "--compaction-edits":
                compactionEdits = try Int(value()).flatMap { $0 > 0 ? $0 : nil } ?? { throw BenchError("--compaction-edits takes a positive number") }()
            // Time again a corpus a previous run left in --directory (same seed and size):
            // the corpus is generated in memory for the expected results but not written.
            case "--reuse": reuse = true
            case "-h", "--help":
                print(Self.usage)
                exit(0)
            default: throw BenchError("unknown option '\(arguments[index])'\n\(Self.usage)")
            }
            index += 1
        }
    }
}

/// One search the table reports, with the speed-up over ripgrep the issue asks of its class.
struct SearchQuery {
    let label: String
    let words: String
    let goal: Double
}

// One query of each class the issue names, by how many recipes it finds (the corpus plants
// the words at these rates; the report shows the counts).
let queries = [
    SearchQuery(label: "rare word", words: "saffron", goal: 20),
    SearchQuery(label: "selective word", words: "cardamom", goal: 20),
    SearchQuery(label: "common word", words: "garlic", goal: 5),
    SearchQuery(label: "very common word", words: "salt", goal: 1),
    SearchQuery(label: "two words", words: "garlic lemon", goal: 5),
    SearchQuery(label: "two-letter fragment", words: "zu", goal: 5),
    SearchQuery(label: "fragment inside words", words: "ffron", goal: 5),
    SearchQuery(label: "accented word typed without accents", words: "souffle", goal: 5),
    SearchQuery(label: "word in another script", words: "пельмени", goal: 20),
]

func runBenchmark(_ options: Options) throws {
    let fileManager = FileManager.default
    let directory = options.directory ?? fileManager.temporaryDirectory.appendingPathComponent("recipes-bench-\(getpid())").path
    let storePath = directory + "/recipes.sqlite"
    let textDirectory = directory + "/texts"
    let reusing = options.reuse && fileManager.fileExists(atPath: storePath)
    if !reusing {
        try? fileManager.removeItem(atPath: directory)
        try fileManager.createDirectory(atPath: textDirectory, withIntermediateDirectories: true)
    }
    defer { if !options.keep && options.directory == nil { try? fileManager.removeItem(atPath: directory) } }

    let environmentPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let recipesBinary = options.recipesBinary
        ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("recipes").path
    guard fileManager.isExecutableFile(atPath: recipesBinary) else { throw BenchError("no recipes binary at \(recipesBinary) (build it, or pass --recipes-binary)") }
    let sqlite3 = ProcessTimer.find("sqlite3", path: environmentPath)
    let ripgrep = ProcessTimer.find("rg", path: environmentPath)

    // The clock is pinned so every process sees the same "now".
    let now = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60)
    let nowText = RecipeJSON.isoString(now)
    let environment = ["PATH": environmentPath, "HOME": directory, "TZ": "UTC", "RECIPES_NOW": nowText, "LANG": "C.UTF-8"]

    // Generate, load and write texts in batches, so memory stays bounded at any size.
    var generator = CorpusGenerator(seed: 42, now: now)
    let store = try RecipeStore(url: URL(fileURLWithPath: storePath))
    let predicates = queries.map { RecipePredicates.search($0.words)! }
    // Ids are drawn from the seed, so results compare by id, also for a reused corpus.
    var expected = Array(repeating: Set<String>(), count: queries.count)
    var loadSeconds = 0.0
    var ingredients = IngredientProbe()
    var repeating = 0
    let batchSize = 5_000
    var made = 0
    while made < options.count {
        let context = ModelContext(store)
        var batch: [Recipe] = []
        var repeats: [PlanEntry] = []
        for _ in 0..<min(batchSize, options.count - made) {
            made += 1
            let recipe = generator.recipe()
            batch.append(recipe)
            if let entry = generator.repeatingPlan(for: recipe) { repeats.append(entry) }
            if !reusing { context.insert(recipe) }
        }
        if !reusing {
            let start = DispatchTime.now().uptimeNanoseconds
            try context.save()
            loadSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            try store.plan(repeats, now: now)
            repeating += repeats.count
        }
        for recipe in batch {
            if !reusing {
                let folder = textDirectory + "/" + String(recipe.id.uuidString.prefix(2))
                if !fileManager.fileExists(atPath: folder) { try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                try Data(CorpusGenerator.text(of: recipe).utf8).write(to: URL(fileURLWithPath: "\(folder)/\(recipe.id.uuidString).txt"))
            }
            for (index, predicate) in predicates.enumerated() where try predicate.evaluate(recipe) {
                expected[index].insert(recipe.id.uuidString)
            }
            ingredients.read(recipe)
        }
    }
    // The size of the data, not of a write-ahead log waiting for its checkpoint.
    if let sqlite3 = ProcessTimer.find("sqlite3", path: ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") {
        _ = try ProcessTimer.run([sqlite3, storePath, "PRAGMA wal_checkpoint(TRUNCATE);"], environment: [:])
    }
    let storeBytes = ([storePath, storePath + "-wal"].compactMap { try? fileManager.attributesOfItem(atPath: $0)[.size] as? Int }).reduce(0, +)

    var report = BenchmarkReport(count: options.count, runs: options.runs, loadSeconds: reusing ? nil : loadSeconds, storeBytes: storeBytes)
    report.binaryBytes = try? fileManager.attributesOfItem(atPath: recipesBinary)[.size] as? Int
    // The same recipes through `recipes import`: the store exported as one JSON archive, then
    // imported into an empty store by the binary, against the load above.
    if !reusing {
        let archive = directory + "/archive.json", imported = directory + "/imported.sqlite"
        _ = try ProcessTimer.run([recipesBinary, "--store", storePath, "export"], environment: environment, outputPath: archive)
        var times: [Double] = []
        for _ in 0..<min(options.runs, 3) {
            for suffix in ["", "-wal", "-shm"] { try? fileManager.removeItem(atPath: imported + suffix) }
            let run = try ProcessTimer.run([recipesBinary, "--store", imported, "import", archive], environment: environment)
            guard run.status == 0 else { throw BenchError("recipes import of the exported archive failed (status \(run.status))") }
            times.append(run.seconds)
        }
        let archiveBytes = (try? fileManager.attributesOfItem(atPath: archive)[.size] as? Int) ?? 0
        report.importRun = (times.sorted()[times.count / 2], archiveBytes)
        for path in [archive, imported, imported + "-wal", imported + "-shm"] { try? fileManager.removeItem(atPath: path) }
    }

    // next: the limit-1 query, by the binary and by the sqlite3 shell.
    // The recipe whose cooking starts first, from the same start index `next` reads (a start
    // is at most 30 days before its meal), with its lines.
    let nowReference = now.timeIntervalSinceReferenceDate
    let start = RecipeStore.startSQL(alias: "recipe")
    let earliestStart = nowReference - Double(Recipe.longestMinutes * 60)
    let nextSQL = """
        SELECT r.name, r.planned, i.name, i.amount FROM (SELECT rowid, name, planned FROM recipe \
        WHERE planned IS NOT NULL AND \(start) >= \(earliestStart) AND planned > \(nowReference) ORDER BY \(start), planned, id LIMIT 1) r \
        LEFT JOIN ingredient i ON i.recipe = r.rowid ORDER BY i.position;
        """
    // Each against the sqlite3 shell: the two alternate run by run (ProcessTimer.medians).
    func againstShell(_ arguments: [String], _ sql: String, store: String = storePath, environment: [String: String] = environment,
                      runs: Int = options.runs) throws -> (ProcessTimer.Measurement, ProcessTimer.Measurement?) {
        let times = try ProcessTimer.medians(of: [arguments] + (sqlite3.map { [[$0, store, sql]] } ?? []),
                                             environment: environment, runs: runs)
        return (times[0], times.count > 1 ? times[1] : nil)
    }
    // `next` takes milliseconds, so it runs many more times than the searches: 15 medians of
    // a few milliseconds each on a shared machine swung its ratio by a third between runs.
    let nextRuns = max(options.runs, 101)
    let (nextRecipes, nextShell) = try againstShell([recipesBinary, "--store", storePath, "next", "--format", "waybar"], nextSQL, runs: nextRuns)
    report.next = .init(recipes: nextRecipes, sqlite3: nextShell, sql: nextSQL)
    report.nextRuns = nextRuns
    report.repeating = reusing ? nil : repeating
    // A week later every daily and weekly repeat has passed an occurrence: the first `next`
    // moves those recipes on (one write), and the ones after it read the index again.
    if !reusing {
        var weekLater = environment
        weekLater["RECIPES_NOW"] = RecipeJSON.isoString(now.addingTimeInterval(7 * 86_400))
        let copy = directory + "/week-later.sqlite"
        try? fileManager.removeItem(atPath: copy)
        try store.backUp(to: copy)
        let first = try ProcessTimer.run([recipesBinary, "--store", copy, "next", "--format", "waybar"], environment: weekLater)
        // Against the shell's query on the same copy at the same moment, alternating.
        let later = now.addingTimeInterval(7 * 86_400).timeIntervalSinceReferenceDate
        let (after, shell) = try againstShell([recipesBinary, "--store", copy, "next", "--format", "waybar"],
                                              nextSQL.replacingOccurrences(of: "\(earliestStart)", with: "\(later - Double(Recipe.longestMinutes * 60))")
                                                .replacingOccurrences(of: "\(nowReference)", with: "\(later)"),
                                              store: copy, environment: weekLater, runs: nextRuns)
        report.nextWeekLater = (first, after, shell)
        try? fileManager.removeItem(atPath: copy)
    }

    for (index, query) in queries.enumerated() {
        let outputPath = directory + "/search-output.txt"
        let arguments = [recipesBinary, "--store", storePath, "search"] + query.words.split(separator: " ").map(String.init) + ["--format", "plain"]
        _ = try ProcessTimer.run(arguments, environment: environment, outputPath: outputPath)
        let found = Set(try fileText(outputPath).split(separator: "\n").compactMap { line in
            line.split(separator: "\t", omittingEmptySubsequences: false).first.map(String.init)
        })
        let shellSQL = BenchmarkReport.indexQuery(for: query.words)
        let shellLines = try sqlite3.map { tool in
            _ = try ProcessTimer.run([tool, storePath, shellSQL], environment: environment, outputPath: outputPath)
            return try fileText(outputPath).split(separator: "\n").count
        }
        let (timed, shellTime) = try againstShell(arguments, shellSQL)
        let shell = shellTime.flatMap { time in shellLines.map { (time, $0) } }
        let scanSQL = BenchmarkReport.scanQuery(for: query.words)
        let scan = try sqlite3.map { tool in
            _ = try ProcessTimer.run([tool, storePath, scanSQL], environment: environment, outputPath: outputPath)
            let lines = try fileText(outputPath).split(separator: "\n").count
            return (try ProcessTimer.median([tool, storePath, scanSQL], environment: environment, runs: options.runs), lines)
        }
        // rg takes one pattern; for two words it lists files with the first, as a person would start.
        let grep = try ripgrep.map { tool in
            let rgArguments = [tool, "-i", "-l", String(query.words.split(separator: " ")[0]), textDirectory]
            _ = try ProcessTimer.run(rgArguments, environment: environment, outputPath: outputPath)
            let lines = try fileText(outputPath).split(separator: "\n").count
            return (try ProcessTimer.median(rgArguments, environment: environment, runs: options.runs), lines)
        }
        report.searches.append(.init(query: query, recipes: timed, found: found.count, sameAsMemory: found == expected[index],
                                     expected: expected[index].count, sqlite3: shell, scan: scan, ripgrep: grep, sql: shellSQL))
    }

    try ingredients.runSearch(recipesBinary: recipesBinary, storePath: storePath, directory: directory, environment: environment,
                              sqlite3: sqlite3, runs: options.runs)
    try ingredients.runCanCook(store: store, recipesBinary: recipesBinary, storePath: storePath, directory: directory, environment: environment,
                               sqlite3: sqlite3, runs: options.runs)
    report.ingredients = ingredients
    report.fill = try FillProbe.run(storePath: storePath, recipesBinary: recipesBinary, directory: directory, environment: environment, now: now,
                                    sqlite3: sqlite3, runs: options.runs)

    // Streaming: the first line of the commonest search, then the reader goes away.
    let common = [recipesBinary, "--store", storePath, "search", "salt", "--format", "plain"]
    report.headOne = try HeadOneProbe.run(common, environment: environment)
    report.fullCommon = report.searches.first { $0.query.words == "salt" }?.recipes

    report.sync = try SyncProbe.run(recipesBinary: recipesBinary, storePath: storePath, directory: directory, sqlite3: sqlite3,
                                    environment: environment)
    if options.compactionRounds > 0 {
        report.compaction = try CompactionProbe.run(storePath: storePath, directory: directory, rounds: options.compactionRounds,
                                                       editsPerRound: options.compactionEdits)
    }

    print(report.markdown(machine: BenchmarkReport.machine(), missing: [sqlite3 == nil ? "sqlite3" : nil, ripgrep == nil ? "rg" : nil].compactMap { $0 }))
}

do {
    try runBenchmark(try Options(Array(CommandLine.arguments.dropFirst())))
} catch {
    FileHandle.standardError.write(Data("recipes-bench: error: \(error)\n".utf8))
    exit(2)
}
