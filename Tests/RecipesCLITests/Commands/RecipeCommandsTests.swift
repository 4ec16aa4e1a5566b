import Foundation
import Recipes
import Testing

/// search, show, add, delete and plan through the real binary, with exact output.
@Suite struct RecipeCommandsTests {
    let cli = RecipesProcess()
    static let ids = (1...4).map { UUID(uuidString: "00000000-0000-4000-8000-00000000000\($0)")! }

    init() throws {
        try cli.seed([
            Recipe(id: Self.ids[0], name: "Mom's Spaghetti", summary: "Family classic", instructions: "Boil.\nSimmer.",
                   plannedDate: RecipesProcess.date("2026-12-01T18:00:00Z"),
                   ingredients: [Ingredient(name: "Spaghetti", amount: "1 box"), Ingredient(name: "Onion", amount: "1 medium, diced")]),
            BakedGood(id: Self.ids[1], name: "Crème brûlée", instructions: "Bake in a water bath.",
                      plannedDate: RecipesProcess.date("2026-11-30T20:00:00Z"),
                      ingredients: [Ingredient(name: "Cream", amount: "500 ml")], ovenTemperature: 150, bakeMinutes: 40),
            Beverage(id: Self.ids[2], name: "Hot Cocoa", instructions: "Whisk into hot milk.",
                     ingredients: [Ingredient(name: "Milk", amount: "250 ml")], isServedHot: true),
            Beverage(id: Self.ids[3], name: "Iced tea", instructions: "Brew, chill.", plannedDate: RecipesProcess.date("2026-11-29T12:00:00Z")),
        ])
    }

    func line(_ index: Int, _ kind: String, _ name: String, _ planned: String, _ count: Int) -> String {
        "\(Self.ids[index].uuidString)\t\(kind)\t\(name)\t\(planned)\t\(count)"
    }

    @Test func searchPlainIsTabSeparatedSortedByName() throws {
        let result = try cli.runOnStore(["search", "--format", "plain"])
        #expect(result.stdout == [
            line(1, "baked", "Crème brûlée", "2026-11-30T20:00:00Z", 1),
            line(2, "beverage", "Hot Cocoa", "", 1),
            line(3, "beverage", "Iced tea", "2026-11-29T12:00:00Z", 0),
            line(0, "dish", "Mom's Spaghetti", "2026-12-01T18:00:00Z", 2),
        ].map { $0 + "\n" }.joined())
        #expect(result.status == 0 && result.stderr == "")
    }

    @Test func searchMatchesEveryWordAcrossFieldsIgnoringCaseAndAccents() throws {
        #expect(try cli.runOnStore(["search", "CREME"]).stdout == line(1, "baked", "Crème brûlée", "2026-11-30T20:00:00Z", 1) + "\n")
        #expect(try cli.runOnStore(["search", "milk", "whisk"]).stdout == line(2, "beverage", "Hot Cocoa", "", 1) + "\n")
        #expect(try cli.runOnStore(["search", "diced"]).stdout.hasPrefix(Self.ids[0].uuidString))
        #expect(try cli.runOnStore(["search", "milk", "bake"]) == .init(stdout: "", stderr: "", status: 1))
    }

    @Test func searchKindUpcomingSortAndLimit() throws {
        let beverages = try cli.runOnStore(["search", "--kind", "beverage"]).stdout
        #expect(beverages.split(separator: "\n").map { $0.split(separator: "\t")[2] } == ["Hot Cocoa", "Iced tea"])
        let upcoming = try cli.runOnStore(["search", "--upcoming", "--sort", "planned"]).stdout
        #expect(upcoming.split(separator: "\n").map { $0.split(separator: "\t")[2] } == ["Crème brûlée", "Mom's Spaghetti"])
        let planned = try cli.runOnStore(["search", "--sort", "planned", "--limit", "2"]).stdout
        #expect(planned.split(separator: "\n").map { $0.split(separator: "\t")[2] } == ["Hot Cocoa", "Iced tea"])
    }

    @Test func searchTableAndJSON() throws {
        let table = try cli.runOnStore(["search", "--format", "table", "--kind", "baked"]).stdout
        #expect(table == """
            KIND   NAME          PLANNED             INGREDIENTS
            baked  Crème brûlée  20:00 (in 10h 30m)  1

            """)
        let json = try cli.runOnStore(["search", "--format", "json", "cocoa"]).stdout
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(array.count == 1)
        #expect(array[0]["servedHot"] as? Bool == true)
        #expect(array[0]["kind"] as? String == "beverage")
        #expect(try cli.runOnStore(["search", "nothing-like-this", "--format", "json"]) == .init(stdout: "[]\n", stderr: "", status: 1))
    }

    @Test func searchStopsQuietlyWhenThePipeCloses() throws {
        try cli.seed((0..<3_000).map { Recipe(name: "Filler \($0)", instructions: String(repeating: "stir ", count: 50)) })
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "\"$0\" --store \"$1\" search filler --format plain | head -1; echo \"status ${PIPESTATUS[0]}\"",
                             RecipesProcess.binary.path, cli.store.path]
        process.environment = cli.environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\tFiller 0\t") == true)
        // A closed pipe is not an error: no message, exit 0.
        #expect(lines.last == "status 0")
        #expect(errors == "")
    }

    @Test func showTextAndJSON() throws {
        let text = try cli.runOnStore(["show", "creme", "brulee"])
        #expect(text.stdout == """
            Crème brûlée
            kind: baked · planned: Mon 2026-11-30 20:00 · oven: 150 °C · bake: 40 min · id: \(Self.ids[1].uuidString)

            Ingredients:
              500 ml  Cream

            Instructions:
            Bake in a water bath.

            """)
        let byID = try cli.runOnStore(["show", "00000000-0000-4000-8000-000000000003", "--format", "json"])
        #expect(byID.stdout.contains(#""name":"Hot Cocoa""#))
        #expect(try cli.runOnStore(["show", "moms", "spaghetti"]).stdout.hasPrefix("Mom's Spaghetti\n"))
    }

    @Test func showReportsNoneAndSeveralMatches() throws {
        let none = try cli.runOnStore(["show", "pizza"])
        #expect(none.status == 1)
        #expect(none.stderr == "recipes: error: no recipe is named 'pizza' (names match ignoring case and accents, or by their first words; ids by a prefix of 4 or more)\n")
        let several = try cli.runOnStore(["show", "0000"])
        #expect(several.status == 2)
        #expect(several.stderr == "recipes: error: '0000' matches 4 recipes: Crème brûlée (00000000), Hot Cocoa (00000000), Iced tea (00000000), Mom's Spaghetti (00000000); name one by its id\n")
    }

    @Test func addThenDeleteCascades() throws {
        let added = try cli.runOnStore(["add", "Focaccia", "--kind", "baked", "--oven", "230", "--bake-minutes", "25",
                                        "-i", "500 g :: Bread flour", "--ingredient", "Salt", "--plan", "tomorrow 7pm"])
        #expect(added.status == 0)
        #expect(added.stdout.hasPrefix("added Focaccia ("))
        #expect(added.stdout.hasSuffix("), planned Tue 2026-12-01 19:00\n"))
        let json = try cli.runOnStore(["show", "focaccia", "--format", "json"]).stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["ovenTemperature"] as? Int == 230)
        #expect((object["ingredients"] as? [[String: String]])?.map { [$0["amount"]!, $0["name"]!] } == [["500 g", "Bread flour"], ["", "Salt"]])
        let store = try cli.openStore()
        let before = try Self.ingredientCount(store)
        let deleted = try cli.runOnStore(["delete", "Focaccia"])
        #expect(deleted.stdout.hasPrefix("deleted Focaccia ("))
        #expect(try Self.ingredientCount(store) == before - 2)
        #expect(try cli.runOnStore(["show", "focaccia"]).status == 1)
    }

    static func ingredientCount(_ store: RecipeStore) throws -> Int {
        try ModelContext(store).fetch(FetchDescriptor<Recipe>()).reduce(0) { $0 + $1.ingredients.count }
    }

    @Test func planAddsReplacesClearsAndLists() throws {
        #expect(try cli.runOnStore(["plan", "hot cocoa", "fri", "7:30pm"]).stdout == "planned Hot Cocoa for Fri 2026-12-04 19:30\n")
        // A second plan adds an entry and says where the recipe already is.
        #expect(try cli.runOnStore(["plan", "Hot Cocoa", "+2w"]).stdout
            == "planned Hot Cocoa for Mon 2026-12-14 18:00\nalso planned: Fri 2026-12-04 19:30\n")
        // --replace moves the upcoming plan, which is what planning did before entries.
        #expect(try cli.runOnStore(["plan", "Hot Cocoa", "2026-12-24", "noon", "--replace"]).stdout
            == "planned Hot Cocoa for Thu 2026-12-24 12:00\nno longer planned: Fri 2026-12-04 19:30, Mon 2026-12-14 18:00\n")
        #expect(try cli.runOnStore(["plan", "Hot Cocoa", "8:00"]).stdout
            == "planned Hot Cocoa for Tue 2026-12-01 08:00\nalso planned: Thu 2026-12-24 12:00\n")
        let list = try cli.runOnStore(["plan", "--format", "plain"])
        #expect(list.stdout.split(separator: "\n").map { $0.split(separator: "\t")[2] } == ["Crème brûlée", "Hot Cocoa", "Mom's Spaghetti"])
        let table = try cli.runOnStore(["plan", "--format", "table", "--days", "2"])
        #expect(table.stdout == """
            Mon 2026-11-30  today
              20:00  Crème brûlée     baked

            Tue 2026-12-01
              08:00  Hot Cocoa        beverage
              18:00  Mom's Spaghetti

            """)
        #expect(try cli.runOnStore(["plan", "--all", "--format", "plain"]).stdout.contains("Iced tea"))
        #expect(try cli.runOnStore(["plan", "Hot Cocoa", "--clear"]).stdout == "cleared the plan for Hot Cocoa\n")
        #expect(try cli.runOnStore(["search", "cocoa"]).stdout == line(2, "beverage", "Hot Cocoa", "", 1) + "\n")
    }

    @Test func planWithNothingPlannedExitsOne() throws {
        let empty = RecipesProcess()
        try empty.seed([Recipe(name: "Unplanned")])
        #expect(try empty.runOnStore(["plan"]) == .init(stdout: "", stderr: "", status: 1))
    }

    /// Lists order names as Finder does (case and accents aside, numbers by value); they
    /// used to order by character code: "Apple 1169" before "Apple 672", "Éclair" after "Zucchini".
    @Test func searchListsNamesInFindersOrder() throws {
        let cli = RecipesProcess()
        for name in ["Zucchini", "Apple 1169", "Éclair", "banana", "Apple 672", "apple 7", "eggs"] {
            #expect(try cli.runOnStore(["add", name]).status == 0)
        }
        let names = try cli.runOnStore(["search", "--format", "plain"]).stdout.split(separator: "\n").map { $0.split(separator: "\t")[2] }
        #expect(names == ["apple 7", "Apple 672", "Apple 1169", "banana", "Éclair", "eggs", "Zucchini"])
    }
}
