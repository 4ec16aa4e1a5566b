import Foundation
import Recipes
import Testing

/// `recipes export` and `recipes import` through the real binary.
@Suite struct InterchangeTests {
    let cli = RecipesProcess()

    init() throws {
        try cli.seed([
            BakedGood(id: UUID(uuidString: "00000000-0000-4000-8000-00000000000A")!, name: "Crème brûlée", summary: "Custard",
                      instructions: "Bake.\nChill.", plannedDate: RecipesProcess.date("2026-12-01T19:00:00Z"),
                      ingredients: ["Cream", "Yolks", "Sugar", "Vanilla"].map { Ingredient(name: $0, amount: "some") },
                      ovenTemperature: 150, bakeMinutes: 40),
            Beverage(name: "Mojito", ingredients: [Ingredient(name: "Rum", amount: "50 ml")], isAlcoholic: true),
            Recipe(name: "Soup"),
        ])
    }

    /// The export without the times a save sets, which are not part of a recipe's content.
    static func content(_ json: String) throws -> [[String: AnyHashable]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let recipes = try #require(object["recipes"] as? [[String: Any]])
        return recipes.map { recipe in
            var copy = recipe
            copy["created"] = nil
            copy["updated"] = nil
            return copy.mapValues { value in
                (value as? [[String: Any]]).map { $0.map { $0.mapValues { $0 as! AnyHashable } } as AnyHashable } ?? value as! AnyHashable
            }
        }
    }

    @Test func exportThenImportIntoAnEmptyStoreGivesTheSameRecipes() throws {
        let exported = try cli.runOnStore(["export"])
        #expect(exported.status == 0)
        #expect(exported.stdout.contains(#""format" : "recipes""#))
        let backup = cli.home.appendingPathComponent("backup.json")
        try Data(exported.stdout.utf8).write(to: backup)
        let other = cli.home.appendingPathComponent("other.sqlite").path
        let imported = try cli.run(["--store", other, "import", backup.path])
        #expect(imported == .init(stdout: "imported 3 recipes\n", stderr: "", status: 0))
        let again = try cli.run(["--store", other, "export"])
        #expect(try Self.content(again.stdout) == Self.content(exported.stdout))
    }

    @Test func importingTwiceAddsNothingAndReplaceOverwrites() throws {
        let archive = try cli.runOnStore(["export", "soup", "creme brulee"]).stdout
        let file = cli.home.appendingPathComponent("two.json")
        try Data(archive.replacingOccurrences(of: #""summary" : "Custard""#, with: #""summary" : "Silky custard""#).utf8).write(to: file)
        #expect(try cli.runOnStore(["import", file.path]).stdout
            == "imported 0 recipes, skipped 2 already in the store (Soup, Crème brûlée; --replace overwrites)\n")
        #expect(try cli.runOnStore(["import", "--replace", file.path]).stdout == "imported 0 recipes, replaced 2\n")
        #expect(try cli.runOnStore(["show", "creme brulee"]).stdout.contains("Silky custard"))
        #expect(try cli.runOnStore(["search", "--format", "plain"]).stdout.split(separator: "\n").count == 3)
    }

    @Test func theSameNameAndKindCountsAsTheSameRecipe() throws {
        let json = #"{"format": "recipes", "version": 1, "recipes": [{"name": "SOUP"}, {"name": "Soup", "kind": "beverage"}]}"#
        let result = try cli.run(["--store", cli.store.path, "import", "-"], input: Data(json.utf8))
        #expect(result.stdout == "imported 1 recipe, skipped 1 already in the store (SOUP; --replace overwrites)\n")
    }

    @Test(arguments: [
        ("{\"format\": \"recipes\", \"version\": 1, \"recipes\": [", "standard input: not valid JSON (line 1: an array is not closed)"),
        ("{\"format\": \"cooklang\", \"version\": 1, \"recipes\": []}", "standard input: format is 'cooklang', expected 'recipes'"),
        ("{\"format\": \"recipes\", \"version\": 9, \"recipes\": []}", "standard input: version 9 is newer than this program reads (2)"),
        ("{\"format\": \"recipes\", \"version\": 1, \"recipes\": [{\"name\": \"Good\"}, {\"name\": \"  \"}]}",
         "standard input: a recipe has no name; nothing was imported"),
        ("{\"format\": \"recipes\", \"version\": 1, \"recipes\": [{\"name\": \"Good\"}, {\"name\": \"Bad\", \"planned\": \"2026-02-30T00:00:00Z\"}]}",
         "standard input: recipes[1].planned: '2026-02-30T00:00:00Z' is not an ISO 8601 date and time"),
        ("{\"format\": \"recipes\", \"version\": 1, \"recipes\": [{\"name\": \"Good\", \"kind\": \"cake\"}]}",
         "standard input: recipes[0].kind: 'cake' is not a kind (dish, baked, beverage)"),
        // Each with its place and in words, where JSONDecoder said "not valid JSON" or named
        // Swift's types (found by a user trial).
        ("{\"format\": \"recipes\", \"version\": 2, \"recipes\": [{\"name\": \"Good\"}, {\"name\": \"Soup\", \"servings\": 2.5}]}",
         "standard input: recipes[1].servings: 2.5 is not a whole number"),
        ("{\"format\": \"recipes\", \"version\": 2.5, \"recipes\": []}", "standard input: version: 2.5 is not a whole number"),
        ("{\"format\": \"recipes\", \"version\": 2, \"recipes\": [{\"name\": \"Soup\", \"servings\": 99999999999999999999999}]}",
         "standard input: recipes[0].servings: 99999999999999999999999 is too large a number"),
        ("{\"format\": \"recipes\", \"version\": 2, \"recipes\": [{\"name\": \"Soup\", \"id\": \"not-a-uuid\"}]}",
         "standard input: recipes[0].id: 'not-a-uuid' is not an id (a UUID such as 00000000-0000-0000-0000-000000000000)"),
        ("{\"format\": \"recipes\", \"version\": 2, \"recipes\": [{\"name\": \"Soup\", \"tags\": \"a, b\"}]}",
         "standard input: recipes[0].tags: expected a list"),
        ("{\"format\": \"recipes\", \"version\": 2, \"recipes\": [{\"name\": \"Soup\", \"servings\": \"4\"}]}",
         "standard input: recipes[0].servings: expected a whole number"),
    ])
    func badArchivesImportNothing(json: String, message: String) throws {
        let before = try cli.storeBytes()
        let result = try cli.run(["--store", cli.store.path, "import", "-"], input: Data(json.utf8))
        #expect(result == .init(stdout: "", stderr: "recipes: error: \(message)\n", status: 2))
        #expect(try cli.storeBytes() == before)
    }

    @Test func aMissingFileIsReported() throws {
        let result = try cli.runOnStore(["import", cli.home.path + "/nope.json"])
        #expect(result == .init(stdout: "", stderr: "recipes: error: cannot read \(cli.home.path)/nope.json: No such file or directory\n", status: 2))
    }
}

@Suite struct CalendarCommandTests {
    @Test func planICSPrintsACalendarOfTheWindow() throws {
        let cli = RecipesProcess()
        try cli.seed([Recipe(name: "Soup", plannedDate: RecipesProcess.date("2026-12-01T18:00:00Z")),
                      Recipe(name: "Stew", plannedDate: RecipesProcess.date("2027-03-01T18:00:00Z"))])
        let week = try cli.runOnStore(["plan", "--ics"])
        #expect(week.status == 0)
        #expect(week.stdout.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(week.stdout.components(separatedBy: "SUMMARY:").count == 2)
        let all = try cli.runOnStore(["plan", "--ics", "--all"])
        #expect(all.stdout.components(separatedBy: "SUMMARY:").count == 3)
        // Two days, today and tomorrow (Dec 1), still have the soup; an empty window is an empty calendar.
        #expect(try cli.runOnStore(["plan", "--ics", "--days", "2"]).stdout.components(separatedBy: "SUMMARY:").count == 2)
        let empty = RecipesProcess()
        try empty.seed([Recipe(name: "Unplanned")])
        let nothing = try empty.runOnStore(["plan", "--ics"])
        #expect(nothing.status == 0 && !nothing.stdout.contains("BEGIN:VEVENT") && nothing.stdout.hasSuffix("END:VCALENDAR\r\n"))
        #expect(try cli.runOnStore(["plan", "--ics", "--format", "json"]).status == 64)
    }
}

@Suite struct ShoppingCommandTests {
    @Test func listsWhatThePlannedRecipesNeed() throws {
        let cli = RecipesProcess()
        try cli.seed([
            Recipe(name: "Soup", plannedDate: RecipesProcess.date("2026-12-01T18:00:00Z"),
                   ingredients: [Ingredient(name: "Leeks", amount: "2"), Ingredient(name: "Salt", amount: "a pinch")]),
            Recipe(name: "Gratin", plannedDate: RecipesProcess.date("2026-12-02T18:00:00Z"),
                   ingredients: [Ingredient(name: "leeks", amount: "1 1/2"), Ingredient(name: "Cream", amount: "200 ml")]),
            Recipe(name: "Later", plannedDate: RecipesProcess.date("2027-01-20T18:00:00Z"), ingredients: [Ingredient(name: "Rice", amount: "1 cup")]),
        ])
        let text = try cli.runOnStore(["shopping"])
        #expect(text == .init(stdout: "Produce\n  Leeks  3½ (Soup, Gratin)\nDairy and eggs\n  Cream  200 ml (Gratin)\nSpices\n  Salt   a pinch (Soup)\n",
                              stderr: "", status: 0))
        let json = try cli.runOnStore(["shopping", "--format", "json", "--days", "2"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["Leeks", "Salt"])
        let leeks = try #require((items[0]["amounts"] as? [[String: Any]])?.first)
        #expect(leeks["quantity"] as? Double == 2 && leeks["text"] as? String == "2")
        let empty = RecipesProcess()
        try empty.seed([Recipe(name: "Unplanned", ingredients: [Ingredient(name: "Rice")])])
        #expect(try empty.runOnStore(["shopping"]) == .init(stdout: "", stderr: "", status: 1))
    }
}

@Suite struct CooklangCommandTests {
    @Test func importsAFolderOfCookFilesAndExportsOneBack() throws {
        let cli = RecipesProcess()
        let book = cli.home.appendingPathComponent("book/sweet", isDirectory: true)
        try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
        try Data("""
            ---
            title: Pancakes
            servings: 4
            tags: breakfast
            ---

            Whisk @flour{125%g}, @eggs{2} and @milk{1/4%l} in a #bowl{}.

            Fry in #pan for ~{2%minutes} per side. -- flip once
            """.utf8).write(to: cli.home.appendingPathComponent("book/pancakes.cook"))
        try Data("Mix @sugar{100%g} with @butter{50%g} and bake.\n".utf8).write(to: book.appendingPathComponent("cookies.cook"))
        try Data("not a recipe".utf8).write(to: book.appendingPathComponent("notes.txt"))
        let folder = cli.home.appendingPathComponent("book").path
        #expect(try cli.runOnStore(["import", folder]) == .init(stdout: "imported 2 recipes\n", stderr: "", status: 0))
        #expect(try cli.runOnStore(["import", folder]).stdout.hasPrefix("imported 0 recipes, skipped 2"))
        let pancakes = try cli.runOnStore(["show", "pancakes"]).stdout
        let json = try cli.runOnStore(["show", "pancakes", "--format", "json"]).stdout
        #expect(json.contains(#""servings":4"#) && json.contains(#""tags":["breakfast"]"#), "\(json)")
        // Amounts as written: a fraction stays a fraction.
        #expect(pancakes.contains("  125 g  flour\n  2      eggs\n  1/4 l  milk\n"))
        #expect(pancakes.contains("Whisk flour, eggs and milk in a bowl.\n\nFry in pan for 2 minutes per side. \n") || pancakes.contains("Fry in pan for 2 minutes per side."))

        let exported = try cli.runOnStore(["export", "pancakes", "--format", "cooklang"])
        #expect(exported.stdout.hasPrefix("---\ntitle: Pancakes\n"))
        #expect(exported.stdout.contains("Whisk @flour{125%g}, @eggs{2} and @milk{1/4%l} in a"))
        let parsed = CooklangRecipe(parsing: exported.stdout).makeRecipe(fallbackTitle: "x")
        #expect(parsed.name == "Pancakes")
        #expect(parsed.ingredients?.map { "\($0.amount ?? "") \($0.name)" } == ["125 g flour", "2 eggs", "1/4 l milk"])
        #expect(try cli.runOnStore(["export", "--format", "cooklang"]).status == 64)
    }

    @Test func aFolderWithoutCookFilesIsReported() throws {
        let cli = RecipesProcess()
        try cli.seed([Recipe(name: "Soup")])
        let empty = cli.home.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(try cli.runOnStore(["import", empty.path]) == .init(stdout: "", stderr: "recipes: error: \(empty.path) holds no .cook files\n", status: 2))
    }
}

/// `recipes import` of a web page and `recipes export --format schema.org`, through the binary.
@Suite struct SchemaOrgCommandTests {
    let cli = RecipesProcess()

    static let page = """
        <html><head><link rel="canonical" href="https://pies.example/apple-pie">
        <script type="application/ld+json">{"@context": "https://schema.org", "@graph": [
          {"@type": "WebPage", "name": "Apple pie"},
          {"@type": ["Recipe"], "name": "Apple Pie &amp;amp; Cream", "recipeCategory": "Dessert",
           "recipeIngredient": ["6 apples", "1 cup sugar"], "recipeInstructions": [{"@type": "HowToStep", "text": "Bake at 200 °C."}],
           "cookTime": "PTNaNM"}]}</script></head></html>
        """

    init() throws {
        try cli.seed([Recipe(name: "Soup")])
    }

    @Test func aPageImportsOnceSaysWhatItSkippedAndExportsBack() throws {
        let first = try cli.run(["--store", cli.store.path, "import", "-"], input: Data(Self.page.utf8))
        #expect(first == .init(stdout: "imported 1 recipe\n",
                               stderr: "recipes: skipped: standard input: 'Apple Pie & Cream': cookTime 'PTNaNM' is not an ISO 8601 duration; it was left out\n",
                               status: 0))
        let shown = try cli.runOnStore(["show", "apple pie & cream"]).stdout
        #expect(shown.contains("kind: baked · oven: 200 °C") && shown.contains("  6      apples\n  1 cup  sugar\n"))
        let before = try cli.storeBytes()
        let again = try cli.run(["--store", cli.store.path, "import", "-"], input: Data(Self.page.utf8))
        #expect(again.stdout == "imported 0 recipes, skipped 1 already in the store (Apple Pie & Cream; --replace overwrites)\n")
        #expect(try cli.storeBytes() == before)

        let exported = try cli.runOnStore(["export", "apple pie & cream", "--format", "schema.org"])
        #expect(exported.status == 0)
        let node = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [String: Any])
        #expect(node["@type"] as? String == "Recipe" && node["name"] as? String == "Apple Pie & Cream")
        #expect(node["url"] as? String == "https://pies.example/apple-pie")
        #expect(node["recipeIngredient"] as? [String] == ["6 apples", "1 cup sugar"])
        let all = try cli.runOnStore(["export", "--format", "schema.org"]).stdout
        let graph = try #require(try JSONSerialization.jsonObject(with: Data(all.utf8)) as? [String: Any])
        #expect((graph["@graph"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Apple Pie & Cream", "Soup"])
    }

    @Test(arguments: [
        ("<html><body>No data</body></html>", "standard input: the page has no schema.org data (no <script type=\"application/ld+json\"> block, no Recipe microdata)"),
        (#"<script type="application/ld+json">{"@type": "WebSite"}</script>"#, "standard input: no schema.org Recipe found"),
        (#"{"@type": "Recipe", "description": "nameless"}"#, "standard input: no usable schema.org Recipe: a Recipe without a name was skipped"),
        ("Just some words", "standard input: not a recipes archive, a schema.org JSON file, an HTML page or a .cook file"),
    ])
    func pagesWithoutARecipeImportNothing(input: String, message: String) throws {
        let before = try cli.storeBytes()
        let result = try cli.run(["--store", cli.store.path, "import", "-"], input: Data(input.utf8))
        #expect(result == .init(stdout: "", stderr: "recipes: error: \(message)\n", status: 2))
        #expect(try cli.storeBytes() == before)
    }
}
