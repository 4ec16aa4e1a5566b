import Foundation
import Testing

/// `recipes set` and `recipes rename` for scripts, and texts from files or standard input
/// (issue 15, point 1 in part).
@Suite struct SetAndRenameTests {
    /// A line break in a name or a detail is a space, as `add` keeps a name; spaces alone
    /// are no yield (found by a user trial).
    @Test func setKeepsNamesAndDetailsOnOneLine() throws {
        let cli = RecipesProcess()
        #expect(try cli.runOnStore(["add", "Leek"]).status == 0)
        #expect(try cli.runOnStore(["set", "leek", "--name", "Leek\nsoup", "--yield", "2 l\nmore"]).status == 0)
        let shown = try cli.runOnStore(["show", "leek soup", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        #expect(object?["name"] as? String == "Leek soup" && object?["yield"] as? String == "2 l more", "\(shown)")
        #expect(try cli.runOnStore(["set", "leek soup", "--yield", "   "]).stdout.hasSuffix("): yield\n"))
        #expect(try cli.runOnStore(["show", "leek soup", "--format", "json"]).stdout.contains("\"yield\"") == false)
    }

    @Test func setChangesTheFieldsGivenFromTextFilesOrStandardInput() throws {
        let cli = RecipesProcess()
        #expect(try cli.runOnStore(["add", "Pancakes", "--summary", "Fluffy.", "-i", "2 eggs", "--plan", "tomorrow"]).status == 0)
        let steps = cli.home.appendingPathComponent("steps.txt")
        try Data("Whisk.\n\nFry.\n".utf8).write(to: steps)
        let set = try cli.runOnStore(["set", "pancakes", "--instructions", steps.path, "--name", "Grandma's pancakes"])
        #expect(set.status == 0 && set.stdout.hasPrefix("updated Grandma's pancakes (") && set.stdout.hasSuffix("): name, instructions\n"), "\(set)")
        let fromStdin = try cli.run(["--store", cli.store.path, "set", "grandmas pancakes", "--summary", "-"], input: Data("Thin, with lemon.\n".utf8))
        #expect(fromStdin.stdout.hasSuffix("): summary\n"), "\(fromStdin)")
        let again = try cli.runOnStore(["set", "grandmas pancakes", "--summary", "Thin, with lemon."])
        #expect(again.stdout.hasSuffix("): nothing changed\n"), "\(again)")
        let shown = try cli.runOnStore(["show", "grandmas pancakes", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        #expect(object?["summary"] as? String == "Thin, with lemon.")
        #expect(object?["instructions"] as? String == "Whisk.\n\nFry.")
        #expect(object?["planned"] != nil, "fields not given stay as they were")
        #expect((object?["ingredients"] as? [[String: Any]])?.count == 1)
    }

    @Test(arguments: [
        (["set", "pancakes"], "recipes: error: nothing to set: give --name, --summary, --instructions, --kind, --source, --servings, --yield, --prep, --cook, --total, --tag, --oven or --bake-minutes; see 'recipes help set'\n", Int32(64)),
        (["set", "pancakes", "--name", "  "], "recipes: error: the name is empty; see 'recipes help set'\n", 64),
        (["set", "pancakes", "--oven", "200"], "recipes: error: --oven and --bake-minutes are for baked goods; Pancakes is not one\n", 2),
        (["set", "waffles", "--name", "X"], "recipes: error: no recipe is named 'waffles' (names match ignoring case and accents, or by their first words; ids by a prefix of 4 or more)\n", 1),
        (["rename", "pancakes"], "recipes: error: missing <new>; see 'recipes help rename'\n", 64),
        (["set", "pancakes", "--summary", "-", "--instructions", "-"], "recipes: error: only one of --summary and --instructions can read standard input; see 'recipes help set'\n", 64),
    ])
    func mistakesChangeNothing(arguments: [String], message: String, status: Int32) throws {
        let cli = RecipesProcess()
        #expect(try cli.runOnStore(["add", "Pancakes"]).status == 0)
        let before = try cli.storeBytes()
        let result = try cli.runOnStore(arguments)
        #expect(result.stderr == message && result.status == status, "\(result)")
        #expect(try cli.storeBytes() == before)
    }

    /// A dish becomes a baked good and then a beverage, keeping its id, ingredients and plan;
    /// what only the old kind has is dropped and named.
    @Test func setKindKeepsTheRecipeAndSaysWhatItDrops() throws {
        let cli = RecipesProcess()
        #expect(try cli.runOnStore(["add", "Focaccia", "-i", "500 g flour", "--plan", "fri"]).status == 0)
        let id = try cli.runOnStore(["search", "focaccia", "--format", "plain"]).stdout.split(separator: "\t")[0]
        let baked = try cli.runOnStore(["set", "focaccia", "--kind", "baked", "--oven", "220", "--bake-minutes", "25"])
        #expect(baked.stdout.hasSuffix("): kind, oven, bake minutes\n"), "\(baked)")
        #expect(try cli.runOnStore(["show", "focaccia"]).stdout.contains("kind: baked · planned: Fri 2026-12-04 18:00 · oven: 220 °C · bake: 25 min"))
        let beverage = try cli.runOnStore(["set", "focaccia", "--kind", "beverage"])
        #expect(beverage.stdout.hasSuffix("): kind (dropped oven, bake minutes)\n"), "\(beverage)")
        #expect(try cli.runOnStore(["set", "focaccia", "--kind", "beverage"]).stdout.hasSuffix("): nothing changed\n"))
        let line = try cli.runOnStore(["search", "focaccia", "--format", "plain"]).stdout
        #expect(line == "\(id)\tbeverage\tFocaccia\t2026-12-04T18:00:00Z\t1\n")
        // A mistake changes nothing.
        let before = try cli.storeBytes()
        #expect(try cli.runOnStore(["set", "focaccia", "--kind", "cake"]).status == 64)
        #expect(try cli.runOnStore(["set", "focaccia", "--kind", "dish", "--oven", "200"]).status != 0)
        #expect(try cli.storeBytes() == before)
    }

    @Test func renameAndAddInstructionsFromStandardInput() throws {
        let cli = RecipesProcess()
        let added = try cli.run(["--store", cli.store.path, "add", "Soup", "--instructions", "-"], input: Data("Chop.\nSimmer.\n".utf8))
        #expect(added.status == 0, "\(added)")
        let renamed = try cli.runOnStore(["rename", "soup", "Leek soup"])
        #expect(renamed.status == 0 && renamed.stdout.hasPrefix("renamed Soup to Leek soup ("), "\(renamed)")
        let shown = try cli.runOnStore(["show", "leek soup", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        #expect(object?["instructions"] as? String == "Chop.\nSimmer.")
    }
}

@Suite struct ShowScaleTests {
    @Test func showScalesTheAmounts() throws {
        let cli = RecipesProcess()
        #expect(try cli.runOnStore(["add", "Pancakes", "-i", "2 eggs", "-i", "1 ½ cups flour", "-i", "Salt, to taste"]).status == 0)
        let shown = try cli.runOnStore(["show", "pancakes", "--scale", "1.5"])
        #expect(shown.stdout.contains("Ingredients (amounts × 1½):\n  3        eggs\n  2¼ cups  flour\n           Salt, to taste\n"), "\(shown)")
        let json = try cli.runOnStore(["show", "pancakes", "--scale", "1/2", "--format", "json"])
        #expect(json.stdout.contains(#"{"amount":"1","#) && json.stdout.contains(#"{"amount":"¾ cups","#), "\(json)")
        #expect(try cli.runOnStore(["show", "pancakes", "--scale", "0"]).status == 64)
    }
}
