import Foundation
import Testing
@testable import Recipes
@testable import RecipesCore

/// Migration 13 keys ingredient lines by their recipe's rowid and keeps each line's id as 16
/// bytes. A store written before it keeps every line, and everything that reads lines (lists,
/// predicates, deletes, sync) works on the new key.
@Suite struct IngredientLineKeyTests {
    private func seed(_ temporary: TemporaryStore) throws -> [Recipe] {
        let context = ModelContext(temporary.store)
        let recipes = [
            Recipe(name: "Pie", ingredients: [Ingredient(name: "For the crust", isHeading: true),
                                              Ingredient(name: "Flour", amount: "200 g"), Ingredient(name: "Bütter", amount: "100 g")]),
            Recipe(name: "Toast"),
            BakedGood(name: "Bread", ingredients: (0..<30).map { Ingredient(name: "Line \($0)", amount: "\($0) g") }),
        ]
        recipes.forEach(context.insert)
        try context.save()
        return recipes
    }

    /// Each recipe's lines as they read back: id, name, amount, heading, in order.
    private func lines(_ store: RecipeStore) throws -> [String: [String]] {
        try ModelContext(store).fetch(FetchDescriptor<Recipe>()).reduce(into: [:]) { result, recipe in
            result[recipe.name] = recipe.ingredients.map { "\($0.id) \($0.name) \($0.amount) \($0.isHeading)" }
        }
    }

    @Test func aVersion12StoreKeepsEveryLineWhenUpgraded() throws {
        let temporary = TemporaryStore()
        let recipes = try seed(temporary)
        let before = try lines(temporary.store)
        try temporary.rawConnection().execute("""
            BEGIN;
            DROP INDEX IF EXISTS recipe_by_start;
            \(TemporaryStore.version12Schema(countTriggers: true))
            DELETE FROM migration WHERE version >= 13;
            PRAGMA user_version = 12;
            COMMIT;
            """)
        #expect(try temporary.count("SELECT count(*) FROM ingredient WHERE typeof(id) = 'text' AND length(id) = 36") == 33)

        let reopened = try RecipeStore(url: temporary.url)
        #expect(try reopened.schemaVersion == RecipeStore.currentSchemaVersion)
        #expect(try lines(reopened) == before)
        #expect(try temporary.count("SELECT count(*) FROM ingredient WHERE typeof(id) = 'blob' AND length(id) = 16") == 33)
        #expect(try temporary.count("SELECT count(*) FROM ingredient i JOIN recipe r ON r.rowid = i.recipe") == 33)
        // The count triggers follow the new key: a line removed by another client clears it.
        try temporary.rawConnection().execute("DELETE FROM ingredient WHERE position = 29")
        var listed: [String: Int] = [:]
        try reopened.enumerateSummaries(FetchDescriptor<Recipe>()) { listed[$0.name] = $0.ingredientCount; return true }
        #expect(listed == ["Pie": 2, "Toast": 0, "Bread": 29])
        // Deleting a recipe deletes its lines (the foreign key on the rowid cascades).
        let context = ModelContext(reopened)
        context.delete(try #require(try context.model(for: recipes[2].id)))
        try context.save()
        #expect(try temporary.count("SELECT count(*) FROM ingredient") == 3)
    }

    /// A line whose id is not a UUID (another program's) was skipped when read: no command
    /// showed, exported or synced it, and the next edit of the recipe's lines deleted it. It
    /// is read in its place with an id made from the recipe's and the stored one, the same at
    /// every read, and an edit writes it back under that id. The upgrade keeps it as it was.
    @Test func aLineWhoseIdIsNotAUUIDIsReadAndKept() throws {
        let temporary = TemporaryStore()
        _ = try seed(temporary)
        try temporary.rawConnection().execute("""
            BEGIN;
            DROP INDEX IF EXISTS recipe_by_start;
            \(TemporaryStore.version12Schema(countTriggers: true))
            UPDATE ingredient SET id = 'not-an-id' WHERE name = 'Flour';
            DELETE FROM migration WHERE version >= 13;
            PRAGMA user_version = 12;
            COMMIT;
            """)
        let reopened = try RecipeStore(url: temporary.url)
        #expect(try temporary.count("SELECT count(*) FROM ingredient WHERE id = 'not-an-id'") == 1)
        let read = try #require(try lines(reopened)["Pie"])
        #expect(read.map { $0.split(separator: " ")[1] } == ["For", "Flour", "Bütter"])
        #expect(try lines(RecipeStore(url: temporary.url))["Pie"] == read)
        let flour = try #require(UUID(uuidString: String(read[1].split(separator: " ")[0])))

        let context = ModelContext(reopened)
        let pie = try #require(try context.fetch(FetchDescriptor<Recipe>(predicate: #Predicate { $0.name == "Pie" })).first)
        #expect(pie.ingredients[1].id == flour)
        pie.ingredients.append(Ingredient(name: "Salt"))
        try context.save()
        #expect(try lines(RecipeStore(url: temporary.url))["Pie"]?.map { $0.split(separator: " ")[1] } == ["For", "Flour", "Bütter", "Salt"])
        #expect(try ModelContext(RecipeStore(url: temporary.url)).model(for: pie.id)?.ingredients[1].id == flour)
        #expect(try temporary.count("SELECT count(*) FROM ingredient WHERE id = 'not-an-id'") == 0)

        // Two lines with one unreadable id, in two recipes: four ids.
        try temporary.rawConnection().execute("UPDATE ingredient SET id = x'0102' WHERE position IN (0, 1)")
        let ids = try lines(RecipeStore(url: temporary.url)).filter { $0.key != "Toast" }.values.flatMap { $0.prefix(2).map { $0.split(separator: " ")[0] } }
        #expect(ids.count == 4 && Set(ids).count == 4, "\(ids)")
    }

    /// A predicate on a line's id compares it in SQL, whether the store wrote it (16 bytes)
    /// or another program wrote it as text, in either case.
    @Test func aPredicateFindsALineByItsId() throws {
        let temporary = TemporaryStore()
        let recipes = try seed(temporary)
        let flour = recipes[0].ingredients[1].id, line = recipes[2].ingredients[7].id
        let context = ModelContext(temporary.store)
        func names(withLine id: UUID) throws -> [String] {
            let descriptor = FetchDescriptor<Recipe>(predicate: #Predicate { $0.ingredients.contains { $0.id == id } })
            #expect(context.queryPlan(for: descriptor).isExact)
            return try context.fetch(descriptor).map(\.name)
        }
        #expect(try names(withLine: flour) == ["Pie"])
        #expect(try names(withLine: line) == ["Bread"])
        #expect(try names(withLine: UUID()) == [])
        try temporary.rawConnection().execute("UPDATE ingredient SET id = lower('\(line.uuidString)') WHERE position = 7")
        #expect(try names(withLine: line) == ["Bread"])
        #expect(try ModelContext(try RecipeStore(url: temporary.url)).model(for: recipes[2].id)?.ingredients[7].id == line)
    }
}
