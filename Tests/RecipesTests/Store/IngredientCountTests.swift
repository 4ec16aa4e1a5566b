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
            DROP INDEX IF EXISTS recipe_by_start;
            \(TemporaryStore.version12Schema(countTriggers: false))
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

    /// A long list keeps its order and its count.
    @Test func aLongListKeepsItsOrderAndCount() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        let names = (0..<150).map { "Line \($0)" }
        let recipe = Recipe(name: "Feast", ingredients: names.enumerated().map { Ingredient(name: $1, isHeading: $0 % 50 == 0) })
        context.insert(recipe)
        try context.save()
        let reread = try #require(try ModelContext(try RecipeStore(url: temporary.url)).model(for: recipe.id))
        #expect(reread.ingredients.map(\.name) == names)
        #expect(try counts(temporary.store).fromRows == ["Feast": 147])
    }

    /// Another SQLite client writes recipes and lines knowing nothing of the count (as a
    /// process of version 12 or before did, before migration 13 changed the lines' key): its
    /// recipes and ingredient changes are counted all the same.
    @Test func writesThatKnowNothingOfTheCountAreCounted() throws {
        let temporary = TemporaryStore()
        _ = temporary.store
        let other = try temporary.rawConnection()
        let stew = "(SELECT rowid FROM recipe WHERE id = 'A0000000-0000-0000-0000-000000000001')"
        try other.execute("""
            INSERT INTO recipe (id, kind, name, created, updated) VALUES ('A0000000-0000-0000-0000-000000000001', 'dish', 'Stew', 0, 0);
            INSERT INTO ingredient (recipe, position, id, name, heading) VALUES
                (\(stew), 0, X'B0000000000000000000000000000001', 'For the stew', 1),
                (\(stew), 1, X'B0000000000000000000000000000002', 'Beef', 0),
                (\(stew), 2, X'B0000000000000000000000000000003', 'Onion', 0),
                (\(stew), 3, X'B0000000000000000000000000000004', 'Carrot', 0);
            """)
        #expect(try counts(temporary.store) == (["Stew": 3], ["Stew": 3]))
        // An edit as such a client saves one: the row, then the ingredients replaced.
        try other.execute("""
            BEGIN;
            UPDATE recipe SET name = 'Beef stew' WHERE id = 'A0000000-0000-0000-0000-000000000001';
            DELETE FROM ingredient WHERE recipe = \(stew);
            INSERT INTO ingredient (recipe, position, id, name, heading) VALUES
                (\(stew), 0, X'B0000000000000000000000000000002', 'Beef', 0),
                (\(stew), 1, X'B0000000000000000000000000000005', 'Serve with', 0);
            UPDATE ingredient SET heading = 1 WHERE position = 1;
            COMMIT;
            """)
        #expect(try counts(temporary.store) == (["Beef stew": 1], ["Beef stew": 1]))
        // A recipe this version saved, its lines then replaced by the other client.
        let context = ModelContext(temporary.store)
        let soup = Recipe(name: "Soup", ingredients: [Ingredient(name: "Leek"), Ingredient(name: "Potato")])
        context.insert(soup)
        try context.save()
        let soupRow = "(SELECT rowid FROM recipe WHERE id = '\(soup.id.uuidString)')"
        try other.execute("""
            BEGIN;
            DELETE FROM ingredient WHERE recipe = \(soupRow);
            INSERT INTO ingredient (recipe, position, id, name) VALUES (\(soupRow), 0, X'B0000000000000000000000000000009', 'Leek');
            COMMIT;
            """)
        #expect(try counts(temporary.store) == (["Beef stew": 1, "Soup": 1], ["Beef stew": 1, "Soup": 1]))
        // The next save by this version writes the count again.
        soup.name = "Leek soup"
        try context.save()
        #expect(try temporary.count("SELECT ingredient_count FROM recipe WHERE name = 'Leek soup'") == 1)
        // A recipe this version saved without lines gets its first lines from the other
        // client, which removes none (found by the second new-user trial: the count stayed 0).
        let toast = Recipe(name: "Toast")
        context.insert(toast)
        try context.save()
        let toastRow = "(SELECT rowid FROM recipe WHERE id = '\(toast.id.uuidString)')"
        try other.execute("""
            BEGIN;
            DELETE FROM ingredient WHERE recipe = \(toastRow);
            INSERT INTO ingredient (recipe, position, id, name) VALUES
                (\(toastRow), 0, X'B0000000000000000000000000000010', 'Bread'),
                (\(toastRow), 1, X'B0000000000000000000000000000011', 'Butter');
            COMMIT;
            """)
        #expect(try counts(temporary.store).fromRows["Toast"] == 2)
        try other.execute("DELETE FROM recipe")
        #expect(try counts(temporary.store).fromRows.isEmpty)
    }

    /// A list takes the count from the row (coalesce runs its subquery only for NULL), and
    /// counts the lines of a row whose count a writer left NULL.
    @Test func aListReadsTheCountFromTheRow() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        context.insert(Recipe(name: "Soup", ingredients: [Ingredient(name: "Leek")]))
        try context.save()
        try temporary.rawConnection().execute("UPDATE recipe SET ingredient_count = 42")
        #expect(try counts(temporary.store).fromRows == ["Soup": 42])
        try temporary.rawConnection().execute("UPDATE recipe SET ingredient_count = NULL")
        #expect(try counts(temporary.store).fromRows == ["Soup": 1])
    }
}
