import Foundation
import Testing

/// `recipes add -i` splits an ingredient line as imports do, so shopping can add 2 eggs and
/// 3 eggs (issue 15, point 2).
@Suite struct AddIngredientLineTests {
    @Test func linesAsWrittenGiveAmountAndName() throws {
        let cli = RecipesProcess()
        let added = try cli.runOnStore(["add", "Pancakes", "-i", "2 eggs", "-i", "1 ½ cups flour", "-i", "200 g di farina",
                                        "-i", "1 medium, diced :: Onion", "-i", "Salt, to taste", "--plan", "tomorrow"])
        #expect(added.status == 0, "\(added)")
        #expect(try cli.runOnStore(["add", "Omelette", "-i", "3 eggs", "--plan", "tomorrow"]).status == 0)
        let shown = try cli.runOnStore(["show", "pancakes", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        let ingredients = (object?["ingredients"] as? [[String: Any]] ?? []).map { "\($0["amount"] as? String ?? "")|\($0["name"] as? String ?? "")" }
        #expect(ingredients == ["2|eggs", "1 ½ cups|flour", "200 g|farina", "1 medium, diced|Onion", "|Salt, to taste"])
        // Both plans' eggs add up.
        let shopping = try cli.runOnStore(["shopping", "--days", "2"]).stdout.split(separator: "\n")
        #expect(shopping.contains { $0.hasPrefix("  eggs ") && $0.hasSuffix(" 5 (Omelette, Pancakes)") }, "\(shopping)")
    }

    /// A heading among the lines ("For the dough:") is a heading, shown as one and not bought.
    @Test func aHeadingLineIsAHeading() throws {
        let cli = RecipesProcess()
        let added = try cli.runOnStore(["add", "Pie", "-i", "For the dough:", "-i", "250 g flour", "-i", "== Filling ==", "-i", "4 apples",
                                        "--plan", "tomorrow"])
        #expect(added.status == 0, "\(added)")
        #expect(try cli.runOnStore(["show", "pie"]).stdout.contains("""
            Ingredients:
             For the dough:
              250 g  flour
             Filling:
              4  apples
            """))
        let json = try cli.runOnStore(["show", "pie", "--format", "json"]).stdout
        #expect(json.contains(#"{"heading":true,"id":"#) || json.contains(#""heading":true"#))
        let shopping = try cli.runOnStore(["shopping"]).stdout
        #expect(!shopping.contains("dough") && !shopping.contains("Filling") && shopping.contains("flour"), "\(shopping)")
        // Two ingredients, however many headings; a status bar's tooltip heads its lines too.
        #expect(try cli.runOnStore(["search", "pie", "--format", "plain"]).stdout.hasSuffix("\t2\n"))
        let tooltip = try cli.runOnStore(["next", "--format", "waybar"]).stdout
        #expect(tooltip.contains(#"For the dough:\n• 250 g flour\nFilling:\n• 4 apples"#), "\(tooltip)")
    }
}
