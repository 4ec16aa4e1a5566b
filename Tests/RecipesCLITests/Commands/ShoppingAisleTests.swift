import Foundation
import Testing

/// `recipes shopping` by ingredient and aisle, through the binary, with a config file as a
/// user writes one (issue 36, points 2 to 4).
@Suite struct ShoppingAisleTests {
    /// Two recipes planned in two languages: one list, merged, converted, by aisle.
    static func plannedWeek() throws -> RecipesProcess {
        let cli = RecipesProcess()
        #expect(try cli.runOnStore(["add", "Pancakes", "-i", "2 large eggs, beaten", "-i", "1 cup milk", "-i", "1-2 tbsp sugar",
                                    "-i", "1 cup flour", "-i", "Salt and pepper", "--plan", "tomorrow"]).status == 0)
        #expect(try cli.runOnStore(["add", "Kuchen", "-i", "3 Eier", "-i", "250 ml Vollmilch", "-i", "1 EL Zucker", "-i", "200 g Mehl",
                                    "-i", "1 Dose Tomaten", "-i", "Petersilie nach Belieben", "--plan", "fri"]).status == 0)
        return cli
    }

    @Test func theListIsWalkedAisleByAisle() throws {
        let cli = try Self.plannedWeek()
        let shopping = try cli.runOnStore(["shopping"])
        #expect(shopping.status == 0, "\(shopping)")
        #expect(shopping.stdout == """
            Produce
              Petersilie (optional) (Kuchen)
              Tomaten  1 Dose (Kuchen)
            Dairy and eggs
              eggs     5 (Pancakes, Kuchen)
              milk     490 ml (Pancakes, Kuchen)
            Baking
              flour    325 g (Pancakes, Kuchen)
              sugar    2-3 tbsp (Pancakes, Kuchen)
            Spices
              pepper (Pancakes)
              Salt (Pancakes)

            """, "\(shopping.stdout)")
    }

    @Test func markdownIsAChecklistAndJSONNamesTheAisle() throws {
        let cli = try Self.plannedWeek()
        let markdown = try cli.runOnStore(["shopping", "--format", "markdown", "--units", "us"]).stdout
        #expect(markdown.contains("## Dairy and eggs\n\n- [ ] 5 eggs\n- [ ] 2 cups milk\n"), "\(markdown)")
        #expect(markdown.contains("## Produce\n\n- [ ] Petersilie (optional)\n- [ ] 1 Dose Tomaten\n"), "\(markdown)")
        let json = try cli.runOnStore(["shopping", "--format", "json"]).stdout
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let eggs = try #require(items.first { $0["identity"] as? String == "egg" })
        #expect(eggs["aisle"] as? String == "dairy and eggs" && eggs["optional"] as? Bool == false)
        let tomatoes = try #require(items.first { $0["name"] as? String == "Tomaten" })
        #expect((tomatoes["amounts"] as? [[String: Any]])?.first?["measured"] as? Bool == false)
    }

    @Test func theConfigMovesIngredientsOrdersAislesAndSetsUnits() throws {
        let cli = try Self.plannedWeek()
        let config = cli.home.appending(path: ".config/recipes")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "units = us\naisle.frozen =\naisle.bakery = flour\ningredient.tomato = aisle tins and jars\n"
            .write(to: config.appending(path: "config"), atomically: true, encoding: .utf8)
        let shopping = try cli.runOnStore(["shopping"]).stdout
        let headings = shopping.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(headings == ["Bakery", "Produce", "Dairy and eggs", "Baking", "Spices", "Tins and jars"], "\(shopping)")
        #expect(shopping.contains("  milk     2 cups (Pancakes, Kuchen)\n"), "\(shopping)")
        #expect(shopping.contains("Bakery\n  flour    12 oz (Pancakes, Kuchen)\n"), "\(shopping)")
        // A line that cannot be read stops the command and names its line.
        try "units = us\ningredient.tomato = shelf produce\n".write(to: config.appending(path: "config"), atomically: true, encoding: .utf8)
        let refused = try cli.runOnStore(["shopping"])
        #expect(refused.status != 0 && refused.stdout.isEmpty)
        #expect(refused.stderr.contains("config:2: unknown field 'shelf'"), "\(refused.stderr)")
    }

    @Test func unknownUnitsAreNamedAsLeftApart() throws {
        let cli = RecipesProcess()
        #expect(try cli.runOnStore(["add", "Chili", "-i", "1 can tomatoes", "-i", "400 g tomatoes", "-i", "a pinch :: salt",
                                    "-i", "1 tsp salt", "--plan", "tomorrow"]).status == 0)
        let shopping = try cli.runOnStore(["shopping"]).stdout
        #expect(shopping.hasSuffix("Not added up (no number, or a unit recipes cannot convert): tomatoes: 1 can; salt: a pinch\n"), "\(shopping)")
    }
}
