import Foundation
import Recipes

/// `recipes plan --fill --week --dry-run` on a copy of the store with a year of cooked
/// history (one dinner a day), against the sqlite3 shell's query that lists the same
/// candidates: the dishes not cooked within the 14 days of no-repeat.
struct FillProbe {
    var recipes: ProcessTimer.Measurement
    var shell: ProcessTimer.Measurement?
    var proposed: Int
    var candidates: Int?
    var cooked: Int
    /// The fill on the corpus's own plan, where repeats take every dinner.
    var crowded: ProcessTimer.Measurement

    static func run(storePath: String, recipesBinary: String, directory: String, environment: [String: String], now: Date,
                    sqlite3: String?, runs: Int) throws -> FillProbe {
        let copy = directory + "/fill.sqlite"
        try? FileManager.default.removeItem(atPath: copy)
        try RecipeStore(url: URL(fileURLWithPath: storePath)).backUp(to: copy)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        // The week open: the corpus plans a tenth of its recipes as repeats, which would take
        // every dinner. A household's plan is a few entries; what the planner reads of a
        // crowded plan is measured by the store the repeats were made in.
        try SQLiteConnection(path: copy).execute("DELETE FROM plan_entry")
        let store = try RecipeStore(url: URL(fileURLWithPath: copy))
        // A year of dinners, one recipe a day drawn over the whole store, in one transaction each.
        let connection = try SQLiteConnection(path: copy, readOnly: true)
        let ids = try connection.fetchAll("SELECT id FROM recipe WHERE kind = 'dish' ORDER BY id") { try $0[0] as UUID }
        var state: UInt64 = 38
        for day in 1...365 where !ids.isEmpty {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let id = ids[Int((state >> 33) % UInt64(ids.count))]
            try store.recordCooked(recipeID: id, at: now.addingTimeInterval(-Double(day) * 86_400 + 3_600), again: true, now: now)
        }
        let arguments = [recipesBinary, "--store", copy, "plan", "--fill", "--week", "--dry-run", "--format", "plain"]
        let outputPath = directory + "/fill-output.txt"
        _ = try ProcessTimer.run(arguments, environment: environment, outputPath: outputPath)
        let proposed = try fileText(outputPath).split(separator: "\n").count
        let cutoff = now.addingTimeInterval(-14 * 86_400).timeIntervalSinceReferenceDate
        let sql = Self.candidatesQuery(cutoff: cutoff)
        var candidates: Int?
        if let sqlite3 {
            _ = try ProcessTimer.run([sqlite3, copy, sql], environment: environment, outputPath: outputPath)
            candidates = try fileText(outputPath).split(separator: "\n").count
        }
        let times = try ProcessTimer.medians(of: [arguments] + (sqlite3.map { [[$0, copy, sql]] } ?? []), environment: environment, runs: runs)
        // The same fill on the store as the corpus left it, every dinner taken by its repeats.
        let crowded = try ProcessTimer.median([recipesBinary, "--store", storePath, "plan", "--fill", "--week", "--dry-run", "--format", "plain"],
                                              environment: environment, runs: runs)
        return FillProbe(recipes: times[0], shell: times.count > 1 ? times[1] : nil, proposed: proposed, candidates: candidates, cooked: 365,
                         crowded: crowded)
    }

    /// The dishes a fill may choose from, with what it weighs of each.
    static func candidatesQuery(cutoff: Double) -> String {
        """
        SELECT id, name, tags, total_minutes, prep_minutes, cook_minutes, servings, last_cooked FROM recipe \
        WHERE kind = 'dish' AND (last_cooked IS NULL OR last_cooked < \(cutoff));
        """
    }

    func markdown() -> [String] {
        func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
        func memory(_ measurement: ProcessTimer.Measurement) -> String {
            measurement.peakKilobytes.map { String(format: ", %.1f MB peak", Double($0) / 1024) } ?? ""
        }
        let ratio = shell.map { String(format: " (**%.2fx**, goal ≤ 2x)", recipes.seconds / $0.seconds) } ?? ""
        return ["", "`recipes plan --fill --week --dry-run` with a year of cooked history (\(cooked) dinners): \(ms(recipes.seconds))\(memory(recipes)), "
                + "\(proposed) meals proposed; sqlite3 listing the same candidates "
                + (shell.map { "\(ms($0.seconds))\(memory($0))" } ?? "missing") + ratio
                + (candidates.map { ", \($0) dishes not cooked within 14 days." } ?? "."),
                "The same fill on the corpus's own plan, whose repeats take every dinner (so it proposes nothing): \(ms(crowded.seconds))\(memory(crowded))."]
    }
}
