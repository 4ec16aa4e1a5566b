import Foundation
// Not @testable: `ingredient.recipe = other` must compile against the public API.
import Recipes
import Testing

/// Appending an ingredient to another recipe moves it, as SwiftData's inverse relationships
/// do, and `ingredient.recipe = other` does the same.
@Suite struct IngredientMoveTests {
    let temporary = TemporaryStore()

    @Test func appendingToAnotherRecipeMovesTheIngredient() throws {
        let context = ModelContext(temporary.store)
        let soup = Recipe(name: "Soup", ingredients: [Ingredient(name: "Leek"), Ingredient(name: "Stock")])
        let stew = Recipe(name: "Stew", ingredients: [Ingredient(name: "Beef")])
        context.insert(soup)
        context.insert(stew)
        try context.save()
        let leek = soup.ingredients[0]
        stew.ingredients.append(leek)
        #expect(soup.ingredients.map(\.name) == ["Stock"])
        #expect(stew.ingredients.map(\.name) == ["Beef", "Leek"])
        #expect(leek.recipe === stew && leek.position == 1)
        try context.save()
        let reread = try ModelContext(temporary.store).fetch(FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.name)]))
        #expect(reread.map { $0.ingredients.map(\.name) } == [["Stock"], ["Beef", "Leek"]])
        #expect(try temporary.count("SELECT count(*) FROM ingredient") == 3)
    }

    @Test func settingTheRecipeMovesTheIngredient() throws {
        let context = ModelContext(temporary.store)
        let soup = Recipe(name: "Soup", ingredients: [Ingredient(name: "Leek")])
        let stew = Recipe(name: "Stew")
        context.insert(soup)
        context.insert(stew)
        try context.save()
        let leek = soup.ingredients[0]
        leek.recipe = stew
        #expect(soup.ingredients.isEmpty && stew.ingredients.map(\.name) == ["Leek"])
        leek.recipe = nil
        #expect(stew.ingredients.isEmpty && leek.recipe == nil)
        leek.recipe = soup
        try context.save()
        let reread = try ModelContext(temporary.store).fetch(FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.name)]))
        #expect(reread.map { $0.ingredients.map(\.name) } == [["Leek"], []])
    }
}
