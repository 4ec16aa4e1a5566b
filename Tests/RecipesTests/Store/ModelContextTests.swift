import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

@Suite struct ModelContextTests {
    let temporary = TemporaryStore()

    @Test func deletingARecipeDeletesItsIngredientsInSQL() throws {
        let context = ModelContext(temporary.store)
        let soup = Recipe(name: "Soup", ingredients: [Ingredient(name: "Leek", amount: "2"), Ingredient(name: "Stock", amount: "1 l")])
        let tea = Beverage(name: "Tea", ingredients: [Ingredient(name: "Leaves", amount: "1 tsp")])
        context.insert(soup)
        context.insert(tea)
        try context.save()
        #expect(try temporary.count("SELECT count(*) FROM ingredient") == 3)
        context.delete(soup)
        try context.save()
        #expect(try temporary.count("SELECT count(*) FROM ingredient") == 1)
        #expect(try temporary.count("SELECT count(*) FROM ingredient WHERE recipe NOT IN (SELECT rowid FROM recipe)") == 0)
        #expect(try temporary.count("SELECT count(*) FROM recipe") == 1)
    }

    @Test func foreignKeysCascadeEvenForDeletesWrittenInRawSQL() throws {
        let context = ModelContext(temporary.store)
        context.insert(Recipe(name: "Soup", ingredients: [Ingredient(name: "Leek")]))
        try context.save()
        try temporary.store.database.execute("DELETE FROM recipe")
        #expect(try temporary.count("SELECT count(*) FROM ingredient") == 0)
    }

    @Test func ingredientRecipeIsSetAfterAppendAndAfterFetch() throws {
        let context = ModelContext(temporary.store)
        let recipe = Recipe(name: "Pancakes")
        let flour = Ingredient(name: "Flour", amount: "200 g")
        recipe.ingredients.append(flour)
        #expect(flour.recipe === recipe)
        #expect(flour.position == 0)
        context.insert(recipe)
        try context.save()
        let fetched = try ModelContext(temporary.store).fetch(FetchDescriptor<Recipe>())
        #expect(fetched.count == 1)
        #expect(fetched[0] !== recipe)
        #expect(fetched[0].ingredients.map(\.name) == ["Flour"])
        #expect(fetched[0].ingredients[0].recipe === fetched[0])
    }

    @Test func saveWritesChangesToFetchedRecipesIngredientOrderIncluded() throws {
        let context = ModelContext(temporary.store)
        let recipe = BakedGood(name: "Bread", ingredients: ["Flour", "Water", "Salt", "Yeast"].map { Ingredient(name: $0) },
                               ovenTemperature: 220)
        context.insert(recipe)
        try context.save()
        let created = recipe.createdAt

        let second = ModelContext(temporary.store)
        let bread = try #require(try second.fetch(FetchDescriptor<BakedGood>()).first)
        #expect(!second.hasChanges)
        bread.name = "Country bread"
        bread.ovenTemperature = 230
        bread.plannedDate = Date(timeIntervalSinceReferenceDate: 812_345_678.901_234)
        bread.ingredients.swapAt(0, 3)
        bread.ingredients.remove(at: 1)
        bread.ingredients.append(Ingredient(name: "Seeds", amount: "50 g"))
        #expect(second.hasChanges)
        try second.save()
        #expect(!second.hasChanges)

        let reread = try #require(try ModelContext(temporary.store).fetch(FetchDescriptor<BakedGood>()).first)
        #expect(reread.name == "Country bread")
        #expect(reread.ovenTemperature == 230)
        #expect(reread.plannedDate == Date(timeIntervalSinceReferenceDate: 812_345_678.901_234))
        #expect(reread.ingredients.map(\.name) == ["Yeast", "Salt", "Flour", "Seeds"])
        #expect(reread.createdAt == created)
        #expect(reread.updatedAt >= created)
        #expect(try temporary.count("SELECT count(*) FROM ingredient") == 4)
    }

    @Test func aFailedSaveWritesNothingAndKeepsPendingChanges() throws {
        let context = ModelContext(temporary.store)
        let first = Recipe(name: "First")
        context.insert(first)
        try context.save()
        // A second context inserts a recipe with the same id: the whole save must fail.
        let other = ModelContext(temporary.store)
        other.insert(Recipe(name: "Unrelated"))
        other.insert(Recipe(id: first.id, name: "Clash"))
        #expect(throws: RecipeStoreError.self) { try other.save() }
        #expect(try temporary.count("SELECT count(*) FROM recipe") == 1)
        #expect(other.hasChanges)
    }

    @Test func rollbackRestoresFetchedRecipes() throws {
        let context = ModelContext(temporary.store)
        context.insert(Recipe(name: "Stew", ingredients: [Ingredient(name: "Beef")]))
        try context.save()
        let stew = try #require(try context.fetch(FetchDescriptor<Recipe>()).first)
        stew.name = "Changed"
        stew.ingredients.removeAll()
        context.rollback()
        #expect(stew.name == "Stew")
        #expect(stew.ingredients.map(\.name) == ["Beef"])
        #expect(!context.hasChanges)
    }

    @Test func fetchReturnsTheTrackedInstanceAndModelForID() throws {
        let context = ModelContext(temporary.store)
        let recipe = Recipe(name: "Curry")
        context.insert(recipe)
        try context.save()
        #expect(try context.fetch(FetchDescriptor<Recipe>()).first === recipe)
        #expect(try context.model(for: recipe.id) === recipe)
        #expect(try ModelContext(temporary.store).model(for: recipe.id)?.name == "Curry")
        #expect(try ModelContext(temporary.store).model(for: UUID()) == nil)
    }

    @Test func inMemoryStoreWorks() throws {
        let context = ModelContext(try RecipeStore.inMemory())
        context.insert(Beverage(name: "Lemonade", isAlcoholic: false))
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<Beverage>()) == 1)
    }
}
