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
            DROP TRIGGER ingredient_removed;
            DROP TRIGGER ingredient_changed;
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

    /// A process of the previous version still running on the upgraded file (a `sync --watch`
    /// service), or another SQLite client, writes rows as schema 11 had them: its recipes
    /// and ingredient changes are counted all the same.
    @Test func writesThatKnowNothingOfTheCountAreCounted() throws {
        let temporary = TemporaryStore()
        _ = temporary.store
        let older = try temporary.rawConnection()
        try older.execute("""
            INSERT INTO recipe (id, kind, name, created, updated) VALUES ('A0000000-0000-0000-0000-000000000001', 'dish', 'Stew', 0, 0);
            INSERT INTO ingredient (recipe_id, position, id, name, heading) VALUES
                ('A0000000-0000-0000-0000-000000000001', 0, 'B0000000-0000-0000-0000-000000000001', 'For the stew', 1),
                ('A0000000-0000-0000-0000-000000000001', 1, 'B0000000-0000-0000-0000-000000000002', 'Beef', 0),
                ('A0000000-0000-0000-0000-000000000001', 2, 'B0000000-0000-0000-0000-000000000003', 'Onion', 0),
                ('A0000000-0000-0000-0000-000000000001', 3, 'B0000000-0000-0000-0000-000000000004', 'Carrot', 0);
            """)
        #expect(try counts(temporary.store) == (["Stew": 3], ["Stew": 3]))
        // An edit as the older version saves one: the row, then the ingredients replaced.
        try older.execute("""
            BEGIN;
            UPDATE recipe SET name = 'Beef stew' WHERE id = 'A0000000-0000-0000-0000-000000000001';
            DELETE FROM ingredient WHERE recipe_id = 'A0000000-0000-0000-0000-000000000001';
            INSERT INTO ingredient (recipe_id, position, id, name, heading) VALUES
                ('A0000000-0000-0000-0000-000000000001', 0, 'B0000000-0000-0000-0000-000000000002', 'Beef', 0),
                ('A0000000-0000-0000-0000-000000000001', 1, 'B0000000-0000-0000-0000-000000000005', 'Serve with', 0);
            UPDATE ingredient SET heading = 1 WHERE position = 1;
            COMMIT;
            """)
        #expect(try counts(temporary.store) == (["Beef stew": 1], ["Beef stew": 1]))
        // A recipe this version saved, its lines then replaced by the older one.
        let context = ModelContext(temporary.store)
        let soup = Recipe(name: "Soup", ingredients: [Ingredient(name: "Leek"), Ingredient(name: "Potato")])
        context.insert(soup)
        try context.save()
        try older.execute("""
            BEGIN;
            DELETE FROM ingredient WHERE recipe_id = '\(soup.id.uuidString)';
            INSERT INTO ingredient (recipe_id, position, id, name) VALUES ('\(soup.id.uuidString)', 0, 'B0000000-0000-0000-0000-000000000009', 'Leek');
            COMMIT;
            """)
        #expect(try counts(temporary.store) == (["Beef stew": 1, "Soup": 1], ["Beef stew": 1, "Soup": 1]))
        // The next save by this version writes the count again.
        soup.name = "Leek soup"
        try context.save()
        #expect(try temporary.count("SELECT ingredient_count FROM recipe WHERE name = 'Leek soup'") == 1)
        // A recipe this version saved without lines gets its first lines from the older one,
        // which removes none (found by the second new-user trial: the count stayed 0).
        let toast = Recipe(name: "Toast")
        context.insert(toast)
        try context.save()
        try older.execute("""
            BEGIN;
            DELETE FROM ingredient WHERE recipe_id = '\(toast.id.uuidString)';
            INSERT INTO ingredient (recipe_id, position, id, name) VALUES
                ('\(toast.id.uuidString)', 0, 'B0000000-0000-0000-0000-000000000010', 'Bread'),
                ('\(toast.id.uuidString)', 1, 'B0000000-0000-0000-0000-000000000011', 'Butter');
            COMMIT;
            """)
        #expect(try counts(temporary.store).fromRows["Toast"] == 2)
        try older.execute("DELETE FROM recipe")
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
