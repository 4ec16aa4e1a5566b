import Foundation
import Testing
@testable import Recipes
@testable import RecipesCore

/// The text `recipes edit` shows reads back as the same recipe, and a broken one says where.
@Suite struct RecipeEditTextTests {
    @Test func whatIsShownReadsBackUnchanged() throws {
        let recipes: [Recipe] = [
            Recipe(name: "Soup", summary: "Hot.\nCheap.", instructions: "Chop.\n\nSimmer.\n# not a comment here",
                   ingredients: [Ingredient(name: "leeks", amount: "2"), Ingredient(name: "3 eggs"), Ingredient(name: "Salt, to taste")],
                   sourceURL: "https://example.com/soup"),
            BakedGood(name: "Bread", ingredients: [Ingredient(name: "flour", amount: "500 g")], ovenTemperature: 230, bakeMinutes: 40),
            Beverage(name: "Toddy", isAlcoholic: true, isServedHot: true),
        ]
        for recipe in recipes {
            let shown = RecipeEditText(recipe)
            let back = try RecipeEditText(parsing: shown.text(comments: ["a comment"]))
            #expect(back == shown, "\(recipe.name)")
            #expect(back.apply(to: recipe).isEmpty)
        }
    }

    @Test(arguments: [
        ("Name: X\nKind: soup\n", "line 2: the kind is one of dish, baked, beverage, not 'soup'"),
        ("Name: X\nColour: red\n", "line 2: unknown field 'Colour'"),
        ("Kind: dish\n", "line 1: the name is empty"),
        ("Name: X\nOven: 200\n", "line 2: 'oven' is for baked goods, not a dish"),
        ("Name: X\nServings: 0\n", "line 2: '0' is not a whole number of servings from 1 to 9999"),
        ("Name: X\nPrep: soon\n", "line 2: 'soon' is not a time such as 20m, 1h30m or 45 (minutes), at most 30 days"),
        ("Name: X\nTotal: 40d\n", "line 2: '40d' is not a time such as 20m, 1h30m or 45 (minutes), at most 30 days"),
        ("Name: X\nKind: baked\nOven: hot\n", "line 3: 'hot' is not a whole number of °C from 0 to 999"),
        ("Name: X\nKind: beverage\nAlcoholic: maybe\n", "line 3: 'maybe' is not yes or no"),
        ("Name: X\nnonsense\n", "line 2: expected 'Field: value' (Name, Kind, Source, Servings, Yield, Prep, Cook, Total, Tags, Image, Nutrition, Oven, Bake minutes, Alcoholic, Served hot) or a heading"),
        ("Name: X\n\nIngredients:\n2 :: \n", "line 4: an ingredient has no name"),
    ])
    func brokenTextsSayWhere(text: String, problem: String) {
        #expect(throws: RecipeEditText.Problem.self) { try RecipeEditText(parsing: text) }
        do {
            _ = try RecipeEditText(parsing: text)
        } catch {
            #expect(error.description == problem)
        }
    }
}
