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
    /// The first search by ingredient after the load, which reads every line into the store's needs.
    var firstSearchSeconds: Double?
    /// `search --can-cook --missing 1` with a pantry of the commonest ingredients, and the shell's query.
    var canCook: (recipes: ProcessTimer.Measurement, shell: ProcessTimer.Measurement?, found: Int, same: Bool?, pantry: Int)?
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
        firstSearchSeconds = try ProcessTimer.run(arguments, environment: environment, outputPath: outputPath).seconds
        let found = Set(try fileText(outputPath).split(separator: "\n").compactMap { $0.split(separator: "\t").first.map(String.init) })
        let sql = Self.shellQuery(identities: vocabulary.identities(ofKind: Self.identity))
        let times = try ProcessTimer.medians(of: [arguments] + (sqlite3.map { [[$0, storePath, sql]] } ?? []), environment: environment, runs: runs)
        search = (times[0], times.count > 1 ? times[1] : nil, found.count, found == expected)
    }

    /// The shell's equivalent of `search --can-cook --missing N`: the pantry's identities and
    /// their general kinds, the lines each recipe lacks, recipes lacking at most N with
    /// the names, fewest first.
    static func canCookQuery(missing: Int) -> String {
        """
        WITH RECURSIVE have(identity) AS (SELECT identity FROM pantry_item WHERE removed = 0 UNION SELECT 'water' UNION SELECT 'ice'
            UNION SELECT k.kind FROM ingredient_kind k JOIN have ON k.identity = have.identity WHERE k.kind IS NOT NULL),
        lacking(recipe, name) AS (
            SELECT recipe, identity FROM ingredient_need WHERE optional = 0 AND either = 0 AND identity NOT IN have GROUP BY recipe, identity
            UNION ALL
            SELECT recipe, group_concat(identity, ' or ') FROM ingredient_need WHERE optional = 0 AND either = 1
            GROUP BY recipe, position HAVING max(identity IN have) = 0),
        counted(recipe, missing, names) AS (SELECT recipe, count(*), group_concat(name, ', ') FROM lacking GROUP BY recipe)
        SELECT r.id, r.kind, r.name, coalesce(c.missing, 0), coalesce(c.names, '') FROM recipe r LEFT JOIN counted c ON c.recipe = r.rowid
        WHERE coalesce(c.missing, 0) <= \(missing) AND EXISTS (SELECT 1 FROM ingredient i WHERE i.recipe = r.rowid AND i.heading = 0)
        ORDER BY coalesce(c.missing, 0), r.name_key;
        """
    }

    /// Fills the pantry with the `size` commonest required ingredients of the store (so most
    /// recipes miss few), then times `search --can-cook --missing 1` against the shell's query.
    mutating func runCanCook(store: RecipeStore, recipesBinary: String, storePath: String, directory: String, environment: [String: String],
                             sqlite3: String?, runs: Int, size: Int = 100) throws {
        let connection = try SQLiteConnection(path: storePath, readOnly: true)
        let common = try connection.fetchAll("""
            SELECT identity FROM ingredient_need WHERE optional = 0 GROUP BY identity ORDER BY count(*) DESC, identity LIMIT ?
            """, [size]) { try $0[0] as String }
        try store.clearPantry()
        try store.addToPantry(common.map { PantryItem(identity: $0, name: $0) })
        let arguments = [recipesBinary, "--store", storePath, "search", "--can-cook", "--missing", "1", "--format", "plain"]
        let outputPath = directory + "/can-cook-output.txt"
        _ = try ProcessTimer.run(arguments, environment: environment, outputPath: outputPath)
        let found = try fileText(outputPath).split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).first.map(String.init) ?? "" }
        var same: Bool?
        let sql = Self.canCookQuery(missing: 1)
        if let sqlite3 {
            let shellOutput = directory + "/can-cook-shell.txt"
            _ = try ProcessTimer.run([sqlite3, storePath, sql], environment: environment, outputPath: shellOutput)
            let shellFound = try fileText(shellOutput).split(separator: "\n").map { $0.split(separator: "|").first.map(String.init) ?? "" }
            same = Set(shellFound) == Set(found)
        }
        let times = try ProcessTimer.medians(of: [arguments] + (sqlite3.map { [[$0, storePath, sql]] } ?? []), environment: environment, runs: runs)
        canCook = (times[0], times.count > 1 ? times[1] : nil, found.count, same, common.count)
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
        if let firstSearchSeconds {
            let share = loadSeconds.map { String(format: " (%.1f%% of the load)", firstSearchSeconds * 100 / max($0, 1e-9)) } ?? ""
            lines.append("The load reads no line: the first search by ingredient after it reads every line into the store's needs, \(ms(firstSearchSeconds))\(share) for that whole search.")
        }
        if let canCook {
            let shell = canCook.shell
            lines.append("`recipes search --can-cook --missing 1` with \(canCook.pantry) pantry items (the commonest required ingredients): \(ms(canCook.recipes.seconds)), sqlite3 the same answer by one query "
                         + (shell.map { "\(ms($0.seconds)) (**\(String(format: "%.2fx", canCook.recipes.seconds / $0.seconds))**, goal ≤ 1.5x)" } ?? "missing")
                         + "; \(canCook.found) recipes" + (canCook.same.map { $0 ? ", the same as the shell's." : ", **not** the same as the shell's." } ?? "."))
        }
        return lines
    }
}
