import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// "What haven't we had for a while": `search --not-cooked-since` and `--sort cooked` are
/// these library queries, answered by SQL on the stored `last_cooked` column.
@Suite struct CookedQueryTests {
    let temporary = TemporaryStore()
    let now = LocalTime.utc.date(year: 2026, month: 12, day: 4, hour: 19)

    /// Soup never cooked, Pizza cooked 2 days ago, Curry 40 days ago, Bread 40 days ago too.
    func store() throws -> RecipeStore {
        let store = temporary.store
        store.clock = { now }
        let context = ModelContext(store)
        let recipes = ["Soup", "Pizza", "Curry", "Bread"].map { Recipe(name: $0) }
        recipes.forEach(context.insert)
        try context.save()
        try store.recordCooked(recipeID: recipes[1].id, at: now.addingTimeInterval(-2 * 86_400), now: now)
        try store.recordCooked(recipeID: recipes[2].id, at: now.addingTimeInterval(-40 * 86_400), now: now)
        try store.recordCooked(recipeID: recipes[3].id, at: now.addingTimeInterval(-40 * 86_400), now: now)
        return store
    }

    @Test func notCookedSinceKeepsTheNeverCookedAndTheLongAgoAndRunsInSQL() throws {
        let context = ModelContext(try store())
        let descriptor = FetchDescriptor<Recipe>(predicate: RecipePredicates.notCooked(since: now.addingTimeInterval(-30 * 86_400)),
                                                 sortBy: [SortDescriptor(\.name)])
        #expect(context.queryPlan(for: descriptor).isExact)
        let found = try context.fetch(descriptor)
        #expect(found.map(\.name) == ["Bread", "Curry", "Soup"])
        // SQL and the predicate evaluated in Swift agree, on every recipe.
        let every = try context.fetch(FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.name)]))
        let predicate = RecipePredicates.notCooked(since: now.addingTimeInterval(-30 * 86_400))
        #expect(try every.filter { try predicate.evaluate($0) }.map(\.name) == found.map(\.name))
    }

    @Test func leastRecentlyCookedPutsNeverCookedFirstAndBreaksTiesByName() throws {
        let context = ModelContext(try store())
        let descriptor = FetchDescriptor<Recipe>(sortBy: RecipePredicates.leastRecentlyCooked)
        #expect(context.queryPlan(for: descriptor).isExact)
        #expect(try context.fetch(descriptor).map(\.name) == ["Soup", "Bread", "Curry", "Pizza"])
    }
}
