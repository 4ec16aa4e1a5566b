import Foundation
import Testing
@testable import Recipes
@testable import RecipesCore

/// Export then import gives the same recipe, for every field Cooklang holds, on recipes made
/// of the characters that mean something in Cooklang.
@Suite struct CooklangExportPropertyTests {
    static let alphabet = Array("ab cé@#~%{}()[]-=>:,/½1 2\\\"'.")

    /// What an ingredient's name can hold in Cooklang: anything but braces (the export writes
    /// those as parentheses; sigils, backslashes and comment openers it escapes).
    static let nameAlphabet = alphabet.filter { !"{}".contains($0) }

    static func text(_ random: inout PredicateDifferentialTests.Generator, _ length: Int, from characters: [Character] = alphabet) -> String {
        String((0..<Int.random(in: 0...length, using: &random)).map { _ in characters.randomElement(using: &random)! })
    }

    @Test(arguments: 1...300)
    func exportThenImportGivesTheSameRecipe(seed: UInt64) throws {
        var random = PredicateDifferentialTests.Generator(state: seed)
        let name = "R" + Self.text(&random, 12).trimmingCharacters(in: .whitespacesAndNewlines)
        let ingredients = (0..<Int.random(in: 0...4, using: &random)).map { _ in
            Ingredient(name: "i" + Self.text(&random, 8, from: Self.nameAlphabet).trimmingCharacters(in: .whitespacesAndNewlines),
                       amount: Self.text(&random, 10).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let recipe = Recipe(name: name, summary: Self.text(&random, 20).trimmingCharacters(in: .whitespacesAndNewlines),
                            instructions: Self.text(&random, 40).trimmingCharacters(in: .whitespacesAndNewlines), ingredients: ingredients)
        let text = CooklangRecipe.text(of: recipe)
        let back = try CooklangRecipe(parsing: text).makeRecipe(fallbackTitle: "x").makeRecipe()
        #expect(back.name == recipe.name, "\(text)")
        #expect(back.summary == recipe.summary, "\(text)")
        #expect(back.ingredients.map(\.name) == recipe.ingredients.map(\.name), "\(text)")
        // A leading Unicode fraction is written the specification's way ("½ cup" as "1/2 cup").
        let fractions: [Character: String] = ["½": "1/2", "¼": "1/4", "¾": "3/4"]
        let expected = recipe.ingredients.map { ingredient -> String in
            let words = ingredient.amount.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let first = words.first, let last = first.last, let fraction = fractions[last],
                  first.dropLast().allSatisfy(\.isNumber) else { return ingredient.amount }
            return ([first.dropLast().isEmpty ? fraction : first.dropLast() + " " + fraction] + words.dropFirst()).joined(separator: " ")
        }
        #expect(back.ingredients.map(\.amount) == expected, "\(text)")
        #expect(CooklangRecipe.text(of: back) == CooklangRecipe.text(of: try CooklangRecipe(parsing: CooklangRecipe.text(of: back))
            .makeRecipe(fallbackTitle: "x").makeRecipe()), "a second round changes the file: \(text)")
    }
}
