import Foundation
import Recipes

/// Reading ingredient lines: every line of the corpus read as the vocabulary reads it, timed
/// against the store's load (which reads them too, on its second thread, and keeps what each
/// needs), and `recipes search --ingredient` against the sqlite3 shell's query on the same
/// stored needs (`ingredient_need` by its identity index), with the recipes whose lines read as
/// the ingredient, in memory, as the expected answer.
struct IngredientProbe {
    /// The ingredient searched.
    static let identity = "egg"

    var lines = 0
    var seconds = 0.0
    /// Ids of the recipes with a line read as the ingredient (or a kind of it).
    var expected: Set<String> = []
    var search: (recipes: ProcessTimer.Measurement, shell: ProcessTimer.Measurement?, found: Int, same: Bool)?
    let vocabulary = IngredientVocabulary.builtIn

    /// Reads each ingredient line of `recipe`, timing only the reading.
    mutating func read(_ recipe: Recipe) {
        let names = recipe.ingredients.map(\.name)
        let start = DispatchTime.now().uptimeNanoseconds
        var identities: [String] = []
        for name in names { identities += vocabulary.reading(of: name).identities }
        seconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        lines += names.count
        if identities.contains(where: { vocabulary.isKind($0, of: Self.identity) }) { expected.insert(recipe.id.uuidString) }
    }

    /// The shell's equivalent: the recipes with a stored need of the ingredient or a kind
    /// of it, listed as `search` lists them.
    static func shellQuery(identities: [String]) -> String {
        let list = identities.map { "'\($0.replacing("'", with: "''"))'" }.joined(separator: ", ")
        return "SELECT \(BenchmarkReport.listColumns) FROM recipe r WHERE r.rowid IN (SELECT recipe FROM ingredient_need WHERE identity IN (\(list)))"
            + " ORDER BY r.name_key, r.planned;"
    }

    mutating func runSearch(recipesBinary: String, storePath: String, directory: String, environment: [String: String],
                            sqlite3: String?, runs: Int) throws {
        let arguments = [recipesBinary, "--store", storePath, "search", "--ingredient", Self.identity, "--format", "plain"]
        let outputPath = directory + "/ingredient-output.txt"
        _ = try ProcessTimer.run(arguments, environment: environment, outputPath: outputPath)
        let found = Set(try fileText(outputPath).split(separator: "\n").compactMap { $0.split(separator: "\t").first.map(String.init) })
        let sql = Self.shellQuery(identities: vocabulary.identities(ofKind: Self.identity))
        let times = try ProcessTimer.medians(of: [arguments] + (sqlite3.map { [[$0, storePath, sql]] } ?? []), environment: environment, runs: runs)
        search = (times[0], times.count > 1 ? times[1] : nil, found.count, found == expected)
    }

    func markdown(count: Int, loadSeconds: Double?) -> [String] {
        func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
        var lines = [""]
        let share = loadSeconds.map { String(format: ", **%.1f%%** of the load's %.2f s", seconds * 100 / max($0, 1e-9), $0) } ?? ""
        lines.append(String(format: "Reading ingredient lines: %d lines in %.2f s = **%.0f lines/s**", self.lines, seconds, Double(self.lines) / max(seconds, 1e-9)) + share + ".")
        if let search {
            let shell = search.shell
            lines.append("`recipes search --ingredient \(Self.identity)`: \(ms(search.recipes.seconds)), sqlite3 the same query on the stored needs "
                         + (shell.map { "\(ms($0.seconds)) (**\(String(format: "%.2fx", search.recipes.seconds / $0.seconds))**, goal ≤ 1.3x)" } ?? "missing")
                         + "; \(search.found) recipes (\(String(format: "%.1f%%", Double(search.found) * 100 / Double(max(count, 1))))), "
                         + (search.same ? "the same as reading every line in memory." : "**not** the same as reading every line in memory (\(expected.count))."))
        }
        return lines
    }
}
