import Foundation
import Recipes
import Testing

/// Mistakes get one line on stderr, exit 64 (usage) or 2 (store), and change nothing.
@Suite struct UsageErrorTests {
    static let cases: [([String], String)] = [
        (["serch"], "recipes: error: unknown command 'serch' (did you mean 'search'?); see 'recipes --help'"),
        (["search", "--sortt", "name"], "recipes: error: unknown option '--sortt' for 'search' (did you mean '--sort'?); see 'recipes help search'"),
        (["search", "--sort", "nmae"], "recipes: error: 'nmae' is not a valid --sort (one of: name, planned, cooked) (did you mean 'name'?); see 'recipes help search'"),
        (["search", "--limit", "0"], "recipes: error: --limit expects a whole number of at least 1, got '0'; see 'recipes help search'"),
        (["search", "--limit"], "recipes: error: --limit needs a value <count>; see 'recipes help search'"),
        (["show"], "recipes: error: missing <recipe>; see 'recipes help show'"),
        (["plan", "Soup"], "recipes: error: missing <when> (or --clear or --skip) after the recipe; see 'recipes help plan'"),
        (["plan", "Soup", "2026-02-30"], "recipes: error: bad WHEN '2026-02-30': February 2026 has 28 days; see 'recipes help plan'"),
        (["plan", "Soup", "25:00"], "recipes: error: bad WHEN '25:00': hour 25 is not 00-23; see 'recipes help plan'"),
        (["plan", "Soup", "24:61"], "recipes: error: bad WHEN '24:61': minute 61 is not 00-59; see 'recipes help plan'"),
        (["plan", "Soup", "+99999999d"], "recipes: error: bad WHEN '+99999999d': more than 3660 days ahead; see 'recipes help plan'"),
        (["plan", "Soup", "tomorow"], "recipes: error: bad WHEN 'tomorow': not a day, a time or a meal (try today, tonight, fri, next fri, mon-fri, dec 24, +3d, 2026-12-24, 18:30, 7 pm, breakfast, lunch, dinner, every fri) (did you mean 'tomorrow'?); see 'recipes help plan'"),
        (["plan", "Soup", "2026-13-01"], "recipes: error: bad WHEN '2026-13-01': month 13 is not 01-12; see 'recipes help plan'"),
        (["plan", "Soup", "13pm"], "recipes: error: bad WHEN '13pm': hour 13 is not 1-12 with am/pm; see 'recipes help plan'"),
        (["plan", "Soup", "--clear", "--replace"], "recipes: error: give either --clear or --replace, not both; see 'recipes help plan'"),
        (["plan", "Soup", "fri", "--until", "dec 24"], "recipes: error: --until ends a repeat: give WHEN as one, such as 'every fri' or 'weekdays lunch'; see 'recipes help plan'"),
        (["plan", "Soup", "--skip", "fri", "sat"], "recipes: error: bad DATE for --skip 'sat': a day was already given (fri); see 'recipes help plan'"),
        (["plan", "Soup", "fri", "--meal", "two words"], "recipes: error: --meal expects one word of letters, digits and -, such as brunch, got 'two words'; see 'recipes help plan'"),
        (["plan", "--week", "--all"], "recipes: error: give either --week or --all; see 'recipes help plan'"),
        (["next", "--within", "5x"], "recipes: error: bad DURATION for --within '5x': expected a duration such as 30m, 2h, 1h30m or '10 minutes' (units s, m, h, d, w); see 'recipes help next'"),
        (["next", "--within", "30"], "recipes: error: bad DURATION for --within '30': a unit must follow the number (s, m, h, d or w), such as 30m; see 'recipes help next'"),
        (["next", "--format", "waybars"], "recipes: error: 'waybars' is not a valid --format (one of: plain, notify, waybar, i3blocks, polybar, tmux, i3status-rust, json) (did you mean 'waybar'?); see 'recipes help next'"),
        (["next", "extra"], "recipes: error: unexpected argument 'extra'; see 'recipes help next'"),
        (["add", "Soup", "--oven", "200"], "recipes: error: --oven and --bake-minutes are for --kind baked; see 'recipes help add'"),
        (["add", "Soup", "--plan", "someday"], "recipes: error: bad WHEN 'someday': not a day, a time or a meal (try today, tonight, fri, next fri, mon-fri, dec 24, +3d, 2026-12-24, 18:30, 7 pm, breakfast, lunch, dinner, every fri); see 'recipes help add'"),
        (["delete"], "recipes: error: missing <recipe>; see 'recipes help delete'"),
        (["completions", "tcsh"], "recipes: error: unknown shell 'tcsh' (bash, zsh or fish); see 'recipes help completions'"),
        (["--stor", "x", "next"], "recipes: error: unknown option '--stor' (did you mean '--store'?); see 'recipes --help'"),
    ]

    @Test(arguments: cases)
    func usageErrorsExit64WithOneLineAndChangeNothing(arguments: [String], message: String) throws {
        let cli = RecipesProcess()
        try cli.seed([Recipe(name: "Soup", plannedDate: RecipesProcess.date("2026-12-01T18:00:00Z"))])
        let before = try cli.storeBytes()
        let result = try cli.runOnStore(arguments)
        #expect(result == .init(stdout: "", stderr: message + "\n", status: 64))
        #expect(try cli.storeBytes() == before)
    }

    @Test func storeErrorsExit2AndLeaveTheFileAlone() throws {
        let cli = RecipesProcess()
        let path = cli.home.appendingPathComponent("notes.txt")
        try Data("not a store\n".utf8).write(to: path)
        let result = try cli.run(["--store", path.path, "search"])
        #expect(result == .init(stdout: "", stderr: "recipes: error: \(path.path) is not a recipe store\n", status: 2))
        #expect(try FileContents.read(path.path) == Data("not a store\n".utf8))
        let missing = try cli.run(["--store", cli.home.path + "/missing.sqlite", "next"])
        #expect(missing == .init(stdout: "", stderr: "recipes: error: no recipe store at \(cli.home.path)/missing.sqlite\n", status: 2))
        #expect(!FileManager.default.fileExists(atPath: cli.home.path + "/missing.sqlite"))
    }

    @Test func anUnknownRecipeChangesNothing() throws {
        let cli = RecipesProcess()
        try cli.seed([Recipe(name: "Soup")])
        let before = try cli.storeBytes()
        #expect(try cli.runOnStore(["plan", "Stew", "tomorrow"]).status == 1)
        #expect(try cli.runOnStore(["delete", "Stew"]).status == 1)
        #expect(try cli.storeBytes() == before)
    }

    @Test func badRecipesNowIsReported() throws {
        let cli = RecipesProcess(now: "yesterday")
        try cli.seed([Recipe(name: "Soup")])
        let result = try cli.runOnStore(["next"])
        #expect(result == .init(stdout: "", stderr: "recipes: error: RECIPES_NOW='yesterday' is not an ISO 8601 date and time such as 2026-12-24T17:00:00Z\n", status: 2))
    }
}
