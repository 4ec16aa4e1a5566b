import Foundation
import Testing

/// `search --ingredient` and `show --units` through the binary (issue 36, points 2 and 5).
@Suite struct IngredientCommandsTests {
    @Test func searchFindsRecipesByWhatTheyUseInAnyLanguage() throws {
        let cli = RecipesProcess()
        for (name, line) in [("Omelette", "2 large eggs, beaten"), ("Kuchen", "3 Eier"), ("Moussaka", "1 eggplant"), ("Mac", "200 g cheddar"),
                             ("Crêpes", "2 œufs"), ("Pesto", "Parmigiano 50 g"), ("Satay", "2 tbsp peanut butter"), ("Toast", "butter"),
                             ("Chili", "400g can chopped tomatoes"), ("Ragù", "2 tbsp tomato purée"), ("Salad", "西红柿 2个")] {
            #expect(try cli.runOnStore(["add", name, "-i", line]).status == 0)
        }
        func found(_ arguments: [String]) throws -> [String] {
            try cli.runOnStore(["search"] + arguments + ["--format", "plain"]).stdout.split(separator: "\n")
                .map { String($0.split(separator: "\t")[2]) }
        }
        #expect(try found(["--ingredient", "egg"]) == ["Crêpes", "Kuchen", "Omelette"])
        #expect(try found(["--ingredient", "Eier"]) == ["Crêpes", "Kuchen", "Omelette"])
        #expect(try found(["--ingredient", "cheese"]) == ["Mac", "Pesto"])
        #expect(try found(["--ingredient", "butter"]) == ["Toast"])
        // Tinned tomatoes are tomatoes; tomato purée is not (found by a user trial).
        #expect(try found(["--ingredient", "tomato"]) == ["Chili", "Salad"])
        #expect(try found(["--ingredient", "egg", "--ingredient", "flour"]) == [])
        // Words and filters apply together.
        #expect(try found(["--ingredient", "egg", "kuchen"]) == ["Kuchen"])
        let none = try cli.runOnStore(["search", "--ingredient", "saffron"])
        #expect(none.status == 1 && none.stdout.isEmpty)
        let empty = try cli.runOnStore(["search", "--ingredient", "  "])
        #expect(empty.status == 64 && empty.stderr.contains("--ingredient needs an ingredient's name"), "\(empty)")
    }

    /// A config's own ingredient is searched for once its lines say so: the store reads its
    /// lines again with that vocabulary; a config line that cannot be read stops the search,
    /// naming the line, and changes nothing.
    @Test func aConfiguredIngredientIsSearchedAndABadLineStopsTheSearch() throws {
        let cli = RecipesProcess()
        #expect(try cli.runOnStore(["add", "Tteokbokki", "-i", "2 tbsp red pepper paste", "-i", "rice cakes"]).status == 0)
        #expect(try cli.runOnStore(["search", "--ingredient", "house chili paste", "--format", "plain"]).stdout.isEmpty)
        let config = cli.home.appending(path: ".config/recipes")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "ingredient.house chili paste = aisle tins and jars; en red pepper paste\n".write(to: config.appending(path: "config"), atomically: true, encoding: .utf8)
        let found = try cli.runOnStore(["search", "--ingredient", "house chili paste", "--format", "plain"])
        #expect(found.stdout.contains("\tTteokbokki\t"), "\(found)")
        // An identity of its own is found without reading any line again.
        #expect(try cli.runOnStore(["search", "--ingredient", "House Chili Paste", "--format", "plain"]).stdout.contains("\tTteokbokki\t"))
        try "ingredient.house chili paste = colour red\n".write(to: config.appending(path: "config"), atomically: true, encoding: .utf8)
        let before = try cli.storeBytes()
        let refused = try cli.runOnStore(["search", "--ingredient", "rice", "--format", "plain"])
        #expect(refused.status == 2 && refused.stderr.contains("config:1: unknown field 'colour'"), "\(refused)")
        #expect(try cli.storeBytes() == before)
    }

    @Test func showConvertsAmountsAndOvenTemperatures() throws {
        let cli = RecipesProcess()
        #expect(try cli.runOnStore(["add", "Brownies", "--kind", "baked", "--oven", "180", "-i", "1 cup sugar", "-i", "8 oz chocolate",
                                    "-i", "2 tbsp cocoa", "-i", "3 eggs", "--instructions", "Bake at 350°F for 25 minutes."]).status == 0)
        let metric = try cli.runOnStore(["show", "brownies", "--units", "metric"]).stdout
        // Sugar is weighed in metric; spoons stay spoons.
        #expect(metric.contains("  205 g   sugar\n  225 g   chocolate\n  2 tbsp  cocoa\n  3       eggs\n"), "\(metric)")
        #expect(metric.contains("Bake at 175 °C for 25 minutes."), "\(metric)")
        let us = try cli.runOnStore(["show", "brownies", "--units", "us"]).stdout
        #expect(us.contains("oven: 350 °F") && us.contains("  1 cup   sugar\n"), "\(us)")
        // The config's units line is the default; the option wins over it.
        let config = cli.home.appending(path: ".config/recipes")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "units = metric\n".write(to: config.appending(path: "config"), atomically: true, encoding: .utf8)
        #expect(try cli.runOnStore(["show", "brownies"]).stdout.contains("Bake at 175 °C"))
        #expect(try cli.runOnStore(["show", "brownies", "--units", "us"]).stdout.contains("Bake at 350°F"))
        let json = try cli.runOnStore(["show", "brownies", "--format", "json"]).stdout
        #expect(json.contains(#""amount":"205 g""#) && json.contains("175 °C"), "\(json)")
        try "units = imperial\n".write(to: config.appending(path: "config"), atomically: true, encoding: .utf8)
        let refused = try cli.runOnStore(["show", "brownies"])
        #expect(refused.status != 0 && refused.stderr.contains("config:1: 'imperial' is not a system of units (metric or us)"), "\(refused)")
    }
}
