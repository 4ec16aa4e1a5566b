import Foundation
import Testing
@testable import Recipes
@testable import RecipesCore

/// A recipe's ingredient count lives on its row (migration 12), so a list reads one row per
/// recipe. Every way a recipe is written keeps it equal to the ingredients it lists.
@Suite struct IngredientCountTests {
    /// Each recipe's count as a list reads it (from the row) and as its ingredients give it.
    private func counts(_ store: RecipeStore) throws -> (fromRows: [String: Int], fromIngredients: [String: Int]) {
        var fromRows: [String: Int] = [:]
        try store.enumerateSummaries(FetchDescriptor<Recipe>()) { fromRows[$0.name] = $0.ingredientCount; return true }
        let fromIngredients = try ModelContext(store).fetch(FetchDescriptor<Recipe>()).reduce(into: [String: Int]()) {
            $0[$1.name] = $1.ingredients.filter { !$0.isHeading }.count
        }
        return (fromRows, fromIngredients)
    }

    @Test func aStoreFromBeforeTheCountGetsItForEveryRecipe() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        context.insert(Recipe(name: "Pie", ingredients: [Ingredient(name: "For the crust", isHeading: true),
                                                          Ingredient(name: "Flour", amount: "200 g"), Ingredient(name: "Butter")]))
        context.insert(Recipe(name: "Toast"))
        try context.save()
        // The file as version 11 wrote it.
        try temporary.rawConnection().execute("""
            BEGIN;
            ALTER TABLE recipe DROP COLUMN ingredient_count;
            DELETE FROM migration WHERE version >= 12;
            PRAGMA user_version = 11;
            COMMIT;
            """)
        let reopened = try RecipeStore(url: temporary.url)
        #expect(try reopened.schemaVersion == RecipeStore.currentSchemaVersion)
        #expect(try counts(reopened).fromRows == ["Pie": 2, "Toast": 0])
    }

    @Test func editsKeepTheCount() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        let soup = Recipe(name: "Soup", ingredients: [Ingredient(name: "Leek"), Ingredient(name: "Potato")])
        context.insert(soup)
        try context.save()
        soup.ingredients.append(Ingredient(name: "To serve", isHeading: true))
        soup.ingredients.append(Ingredient(name: "Cream"))
        try context.save()
        #expect(try counts(temporary.store).fromRows == ["Soup": 3])
        soup.ingredients.removeFirst()
        soup.ingredients[0].isHeading = true
        try context.save()
        #expect(try counts(temporary.store).fromRows == ["Soup": 1])
        // The same store opened again, as the next command would.
        let (fromRows, fromIngredients) = try counts(try RecipeStore(url: temporary.url))
        #expect(fromRows == fromIngredients)
    }

    @Test func aChangeFromAnotherMachineBringsItsCount() throws {
        let replicas = try SyncTests.Replicas(2)
        let (laptop, desktop) = (replicas.stores[0], replicas.stores[1])
        let shared = replicas.folder(0)
        let context = ModelContext(laptop)
        let bread = Recipe(name: "Bread", ingredients: [Ingredient(name: "Flour")])
        context.insert(bread)
        try context.save()
        try laptop.sync(folder: shared)
        try desktop.sync(folder: shared)
        #expect(try counts(desktop).fromRows == ["Bread": 1])
        bread.ingredients += [Ingredient(name: "Water"), Ingredient(name: "Salt"), Ingredient(name: "Yeast")]
        try context.save()
        try laptop.sync(folder: shared)
        #expect(try desktop.sync(folder: shared).applied == 1)
        #expect(try counts(desktop).fromRows == ["Bread": 4])
    }

    /// A list of recipes does not read the ingredient table at all.
    @Test func aListReadsOneRowPerRecipe() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        context.insert(Recipe(name: "Soup", ingredients: [Ingredient(name: "Leek")]))
        try context.save()
        var statements: [String] = []
        temporary.store.database.trace { statements.append($0) }
        try temporary.store.enumerateSummaries(FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.name)])) { _ in true }
        temporary.store.database.trace(nil)
        let list = try #require(statements.last { $0.hasPrefix("SELECT") })
        let plan = try temporary.store.database.fetchAll("EXPLAIN QUERY PLAN " + list, [], cached: false) { try $0["detail"] as String }
        #expect(!plan.contains { $0.contains("ingredient") }, "\(plan)")
    }
}
