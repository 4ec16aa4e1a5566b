import Foundation
import Recipes
import Testing

/// A snapshot keeps which lines are headings: copying a recipe through an actor, or through
/// Codable, must not turn "For the sauce" into an ingredient (found by the new-user trial).
@Suite struct SnapshotHeadingTests {
    let temporary = TemporaryStore()

    @Test func aCopyThroughAnActorKeepsItsHeadings() async throws {
        let worker = try RecipeModelActor(modelContainer: try ModelContainer(url: temporary.url))
        let original = Recipe(name: "Pasta", ingredients: [Ingredient(name: "For the sauce", isHeading: true),
                                                           Ingredient(name: "Tomatoes", amount: "400 g")])
        let id = try await worker.insert(RecipeSnapshot(original))
        var copy = try #require(try await worker.snapshot(for: id))
        #expect(copy.ingredients.map(\.isHeading) == [true, false])
        copy.id = UUID()
        copy.name = "Pasta copy"
        try await worker.insert(copy)
        var counts: [String: Int] = [:]
        try RecipeStore(url: temporary.url).enumerateSummaries(FetchDescriptor<Recipe>()) { counts[$0.name] = $0.ingredientCount; return true }
        #expect(counts == ["Pasta": 1, "Pasta copy": 1])
        #expect(copy.makeRecipe().ingredients.map(\.isHeading) == [true, false])
    }

    @Test func codableKeepsHeadingsAndReadsOlderSnapshots() throws {
        let line = IngredientSnapshot(name: "For the dough", isHeading: true)
        let decoded = try JSONDecoder().decode(IngredientSnapshot.self, from: JSONEncoder().encode(line))
        #expect(decoded == line)
        let older = #"{"id":"A0000000-0000-0000-0000-000000000001","name":"Flour","amount":"500 g"}"#
        #expect(try JSONDecoder().decode(IngredientSnapshot.self, from: Data(older.utf8)).isHeading == false)
    }
}
