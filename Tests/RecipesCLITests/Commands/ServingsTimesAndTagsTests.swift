import Foundation
import Testing

/// Servings, yield, times and tags through the binary: `add`, `set`, `show` (and
/// `--servings`), `search --tag/--max-time` and `recipes tags` (issue 15, points 3 to 5).
@Suite struct ServingsTimesAndTagsTests {
    let cli = RecipesProcess()

    func addPancakesAndStew() throws {
        #expect(try cli.runOnStore(["add", "Pancakes", "-i", "200 g flour", "-i", "2 eggs", "-i", "Salt, to taste",
                                    "--servings", "4", "--tag", "Breakfast", "--tag", "sweet"]).status == 0)
        #expect(try cli.runOnStore(["add", "Stew", "-i", "1 kg beef", "--tag", "dinner", "-t", "winter"]).status == 0)
        #expect(try cli.runOnStore(["add", "Toast", "--tag", "breakfast"]).status == 0)
    }

    @Test func setChangesServingsYieldTimesAndTagsAndShowPrintsThem() throws {
        try addPancakesAndStew()
        let set = try cli.runOnStore(["set", "pancakes", "--prep", "10", "--cook", "20m", "--tag", "-sweet", "--tag", "+quick",
                                      "--yield", "12 pancakes", "--servings", "4"])
        #expect(set.status == 0 && set.stdout.hasSuffix("): yield, prep, cook, tags\n"), "\(set)")
        let shown = try cli.runOnStore(["show", "pancakes"])
        #expect(shown.stdout.contains("\nserves 4 · makes 12 pancakes · prep: 10 min · cook: 20 min\ntags: breakfast, quick\n"), "\(shown)")
        // Scaled, the yield is said as that many times what it makes (found by a user trial:
        // "serves 8 · makes 12 pancakes" contradicted itself).
        #expect(try cli.runOnStore(["show", "pancakes", "--servings", "8"]).stdout.contains("\nserves 8 · makes 12 pancakes × 2 · prep: 10 min"))
        #expect(try cli.runOnStore(["set", "stew", "--total", "1h30m", "--yield", ""]).stdout.hasSuffix("): total\n"))
        #expect(try cli.runOnStore(["show", "stew"]).stdout.contains("\ntotal: 1 h 30 min\ntags: dinner, winter\n"))
        let cleared = try cli.runOnStore(["set", "pancakes", "--prep", "", "--yield", ""])
        #expect(cleared.stdout.hasSuffix("): yield, prep\n"), "\(cleared)")
        let json = try cli.runOnStore(["show", "pancakes", "--format", "json"]).stdout
        #expect(json.contains(#""cookMinutes":20"#) && !json.contains("prepMinutes") && json.contains(#""tags":["breakfast","quick"]"#), "\(json)")
    }

    @Test func showServingsScalesByTheRecipesOwnServings() throws {
        try addPancakesAndStew()
        let shown = try cli.runOnStore(["show", "pancakes", "--servings", "6"])
        #expect(shown.stdout.contains("serves 6\n"), "\(shown)")
        #expect(shown.stdout.contains("Ingredients (amounts × 1½):\n  300 g  flour\n  3      eggs\n         Salt, to taste\n"), "\(shown)")
        let json = try cli.runOnStore(["show", "pancakes", "--servings", "2", "--format", "json"]).stdout
        #expect(json.contains(#"{"amount":"100 g","#) && json.contains(#""servings":2"#), "\(json)")
        let stew = try cli.runOnStore(["show", "stew", "--servings", "2"])
        #expect(stew.stderr.hasPrefix("recipes: error: Stew does not say how many it serves; set it with 'recipes set ") && stew.status == 2, "\(stew)")
    }

    @Test func searchByTagAndTimeWithWordsAndKind() throws {
        try addPancakesAndStew()
        try cli.runOnStore(["set", "pancakes", "--prep", "10m", "--cook", "15m"])
        try cli.runOnStore(["set", "stew", "--prep", "5m", "--total", "3h"])
        func names(_ arguments: [String]) throws -> [String] {
            try cli.runOnStore(["search"] + arguments + ["--format", "plain"]).stdout.split(separator: "\n").map { String($0.split(separator: "\t")[2]) }
        }
        #expect(try names(["--tag", "breakfast"]) == ["Pancakes", "Toast"])
        #expect(try names(["--tag", "BREAKFAST", "--tag", "sweet"]) == ["Pancakes"])
        #expect(try names(["--tag", "breakfast", "flour"]) == ["Pancakes"])
        #expect(try names(["--tag", "breakfast", "--kind", "baked"]) == [])
        // The total when given (the stew's 3 h, not its 5 min of preparation), else prep + cook;
        // a recipe without times (toast) is not known to be quick.
        #expect(try names(["--max-time", "30m"]) == ["Pancakes"])
        #expect(try names(["--max-time", "24m"]) == [])
        #expect(try names(["--max-time", "3h"]) == ["Pancakes", "Stew"])
        #expect(try names(["--max-time", "3h", "--tag", "winter"]) == ["Stew"])
        // A bare number is minutes, as `show` prints times and the edit text reads them.
        #expect(try names(["--max-time", "25"]) == ["Pancakes"])
        #expect(try names(["--max-time", "24"]) == [])
        let json = try cli.runOnStore(["search", "--tag", "winter", "--format", "json"]).stdout
        #expect(json.contains(#""tags":["dinner","winter"]"#) && json.contains(#""totalMinutes":180"#), "\(json)")
    }

    @Test func tagsListsEachTagWithItsCount() throws {
        #expect(try cli.runOnStore(["add", "Soup"]).status == 0)
        #expect(try cli.runOnStore(["tags"]) == .init(stdout: "", stderr: "", status: 1))
        try addPancakesAndStew()
        #expect(try cli.runOnStore(["tags"]) == .init(stdout: "breakfast\t2\ndinner\t1\nsweet\t1\nwinter\t1\n", stderr: "", status: 0))
    }

    @Test(arguments: [
        (["add", "Soup", "--tag", "-vegan"], "recipes: error: --tag -vegan removes a tag, and a new recipe has none; see 'recipes help add'\n"),
        (["add", "Soup", "--servings", "0"], "recipes: error: --servings: '0' is not a whole number of servings from 1 to 9999; see 'recipes help add'\n"),
        (["set", "pancakes", "--tag", "+ "], "recipes: error: --tag needs a name (+tag adds it, -tag removes it); see 'recipes help set'\n"),
        (["set", "pancakes", "--cook", "soon"], "recipes: error: --cook: 'soon' is not a time such as 20m, 1h30m or 45 (minutes), at most 30 days; see 'recipes help set'\n"),
        (["set", "pancakes", "--prep", "-5"], "recipes: error: --prep: '-5' is not a time such as 20m, 1h30m or 45 (minutes), at most 30 days; see 'recipes help set'\n"),
        (["set", "pancakes", "--total", "50000"], "recipes: error: --total: '50000' is not a time such as 20m, 1h30m or 45 (minutes), at most 30 days; see 'recipes help set'\n"),
        (["set", "pancakes", "--total", "40d"], "recipes: error: --total: '40d' is not a time such as 20m, 1h30m or 45 (minutes), at most 30 days; see 'recipes help set'\n"),
        (["search", "--max-time", "fast"], "recipes: error: bad DURATION for --max-time 'fast' (such as 30 minutes, 30m or 1h); see 'recipes help search'\n"),
        (["show", "pancakes", "--servings", "2", "--scale", "2"], "recipes: error: give either --servings or --scale, not both; see 'recipes help show'\n"),
    ])
    func mistakesAreUsageErrorsThatChangeNothing(arguments: [String], message: String) throws {
        #expect(try cli.runOnStore(["add", "Pancakes", "--servings", "4"]).status == 0)
        let before = try cli.storeBytes()
        let result = try cli.runOnStore(arguments)
        #expect(result == .init(stdout: "", stderr: message, status: 64), "\(result)")
        #expect(try cli.storeBytes() == before)
    }
}
