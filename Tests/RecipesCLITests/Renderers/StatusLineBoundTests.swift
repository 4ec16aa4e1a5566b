import Foundation
import Recipes
import Testing

/// A status bar gets a few kB per line however long a recipe's name, summary or ingredients
/// are, cut on a Character boundary (a cut inside a grapheme or an escape would corrupt the
/// line), and a cut is marked with "…".
@Suite struct StatusLineBoundTests {
    static let formats = ["plain", "waybar", "i3blocks", "polybar", "tmux", "i3status-rust"]
    static let lineLimit = 4_096

    func cli(name: String, summary: String, ingredients: [Ingredient]) throws -> RecipesProcess {
        let cli = RecipesProcess()
        try cli.seed([Recipe(name: name, summary: summary, plannedDate: RecipesProcess.date("2026-11-30T18:00:00Z"), ingredients: ingredients)])
        return cli
    }

    @Test(arguments: formats)
    func aMegabyteIngredientNameGivesABoundedLine(format: String) throws {
        // 1 MB in one ingredient name, another 1 MB across many ingredients, markup-heavy
        // text that escaping makes longer, and family emoji (one Character of 7 scalars).
        // The name stays within the 1,000 characters a store keeps.
        let heavy = String(repeating: "&<>\"#%{👨‍👩‍👧", count: 60_000)
        let cli = try cli(name: "Soup " + heavy.prefix(990), summary: heavy,
                          ingredients: [Ingredient(name: String(repeating: "x", count: 1_000_000), amount: "1")]
                            + (0..<5_000).map { Ingredient(name: "item \($0) " + String(repeating: "é", count: 100)) })
        let result = try cli.runOnStore(["next", "--format", format])
        #expect(result.status == 0 && result.stderr == "")
        for line in result.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.utf8.count <= Self.lineLimit, "\(format): a line of \(line.utf8.count) bytes")
            // Whole family emoji or none: a cut between its scalars would leave part of it.
            #expect(!line.contains("\u{200D}…") && !line.contains("👨…") && !line.contains("👩…"))
        }
        #expect(result.stdout.contains("…"), "\(format)")
        if format == "waybar" || format == "i3status-rust" {
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            #expect(object != nil)
            if format == "waybar" {
                let tooltip = try #require(object?["tooltip"] as? String)
                #expect(tooltip.hasPrefix("Soup &amp;&lt;&gt;\"#%{👨‍👩‍👧"))
                #expect(!tooltip.hasSuffix("&") && !tooltip.hasSuffix("&amp"))
            }
        }
    }

    @Test func shortTextIsUntouched() throws {
        let cli = try cli(name: "Soup", summary: "Warm", ingredients: [Ingredient(name: "Leek", amount: "2")])
        #expect(try cli.runOnStore(["next", "--format", "plain"]).stdout == "Soup · 18:00 (in 8h 30m)\n")
    }
}
