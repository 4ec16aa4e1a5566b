import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// What `export --format cooklang` writes reads back as the same recipe, for every field the
/// format can hold: name, summary, kind, ingredient names and amounts, instructions.
@Suite struct CooklangRoundTripTests {
    static func readBack(_ recipe: Recipe) throws -> Recipe {
        let text = CooklangRecipe.text(of: recipe)
        return try CooklangRecipe(parsing: text).makeRecipe(fallbackTitle: "?").makeRecipe(now: Date(), local: .utc)
    }

    static func difference(_ recipe: Recipe, _ again: Recipe) -> String? {
        let fields: [(String, String, String)] = [
            ("name", recipe.name, again.name), ("summary", recipe.summary, again.summary),
            ("kind", recipe.variety.rawValue, again.variety.rawValue), ("instructions", recipe.instructions, again.instructions),
            ("servings", "\(recipe.servings as Int?) \(recipe.yield as String?)", "\(again.servings as Int?) \(again.yield as String?)"),
            ("times", "\([recipe.prepMinutes, recipe.cookMinutes, recipe.totalMinutes])", "\([again.prepMinutes, again.cookMinutes, again.totalMinutes])"),
            ("tags", recipe.tags.description, again.tags.description),
            ("ingredients", recipe.ingredients.map { "\($0.amount)|\($0.name)" }.description,
             again.ingredients.map { "\($0.amount)|\($0.name)" }.description),
        ]
        return fields.first { $0.1 != $0.2 }.map { "\($0.0): \($0.1.debugDescription) came back as \($0.2.debugDescription)" }
    }

    @Test func doubleDashesAreNotReadBackAsComments() throws {
        let recipe = BakedGood(name: "Brownies -- the fudgy ones", summary: "Serves 8--10",
                               instructions: "Bake 20--25 minutes -- until set.\n\nCool -- then cut.",
                               ingredients: [Ingredient(name: "Butter", amount: "1--2 tbsp"), Ingredient(name: "Cocoa -- dark", amount: "50 g"),
                                             Ingredient(name: "Sugar", amount: "200 g")])
        #expect(CooklangRecipe.canWriteExactly(recipe))
        let again = try Self.readBack(recipe)
        #expect(Self.difference(recipe, again) == nil, "\(Self.difference(recipe, again) ?? "")")
    }

    static let words = ["1--2", "20--25", "--", "---", "-", "a-b", "x-", "-y", ":", "title:", "1/2", "½", "125", "g", "tbsp",
                        "2", "Crème", "brûlée", "[-", "-]", ">>", "//", ",", ".", "(", ")", "'", "\"", "0.5", "1.50", "01", "some", "🍰"]

    static func text(_ random: inout PredicateDifferentialTests.Generator, words count: ClosedRange<Int>) -> String {
        (0..<Int.random(in: count, using: &random)).map { _ in words.randomElement(using: &random)! }
            .joined(separator: Bool.random(using: &random) ? " " : "")
    }

    @Test func randomRecipesOfHazardousTextReadBackTheSame() throws {
        var random = PredicateDifferentialTests.Generator(state: 12)
        var checked = 0
        for _ in 0..<400 {
            let name = ("N " + Self.text(&random, words: 0...5)).trimmingCharacters(in: .whitespaces)
            let summary = Self.text(&random, words: 0...5).trimmingCharacters(in: .whitespaces)
            let instructions = (0..<Int.random(in: 0...3, using: &random)).map { _ in ("S " + Self.text(&random, words: 0...8)).trimmingCharacters(in: .whitespaces) }.joined(separator: "\n\n")
            let ingredients = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                Ingredient(name: ("I " + Self.text(&random, words: 0...3)).trimmingCharacters(in: .whitespaces), amount: Self.text(&random, words: 0...3).trimmingCharacters(in: .whitespaces))
            }
            let recipe: Recipe = switch Int.random(in: 0..<3, using: &random) {
            case 0: Recipe(name: name, summary: summary, instructions: instructions, ingredients: ingredients)
            case 1: BakedGood(name: name, summary: summary, instructions: instructions, ingredients: ingredients)
            default: Beverage(name: name, summary: summary, instructions: instructions, ingredients: ingredients)
            }
            guard CooklangRecipe.canWriteExactly(recipe) else { continue }
            checked += 1
            let again = try Self.readBack(recipe)
            if let difference = Self.difference(recipe, again) {
                Issue.record("\(difference)\n\(CooklangRecipe.text(of: recipe))")
                break
            }
        }
        // Most generated recipes are within what the format holds, or the property proves little.
        #expect(checked > 300)
    }

    @Test func whatTheFormatCannotHoldIsSaid() throws {
        #expect(!CooklangRecipe.canWriteExactly(Recipe(name: "Two\nlines")))
        #expect(!CooklangRecipe.canWriteExactly(Recipe(name: "Soup", instructions: "one\ntwo")))
        #expect(!CooklangRecipe.canWriteExactly(Recipe(name: "Soup", ingredients: [Ingredient(name: "Salt {fine}", amount: "5 g")])))
        #expect(!CooklangRecipe.canWriteExactly(Recipe(name: "Soup", ingredients: [Ingredient(name: "Milk", amount: "½ cup")])))
        // Sigils, percent signs and comment openers are escaped: they are held.
        let held = Recipe(name: "A @ sign -- #1", instructions: "one\n\ntwo -- three [- four", ingredients: [Ingredient(name: "Salt", amount: "5%")])
        #expect(CooklangRecipe.canWriteExactly(held))
        #expect(Self.difference(held, try Self.readBack(held)) == nil)
    }
}
