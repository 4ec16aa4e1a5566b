import Foundation
import Recipes
import Testing

/// Many tasks and several actors, each with its own connection, reading and writing one
/// store file at once: every insert is kept, and no read-modify-write loses another's update.
@Suite struct ConcurrentActorsTests {
    let temporary = TemporaryStore()

    @Test func manyTasksOnSeveralActorsLoseNothing() async throws {
        let container = try ModelContainer(url: temporary.url)
        let actors = try (0..<4).map { _ in try RecipeModelActor(modelContainer: container) }
        let counter = try await actors[0].insert(RecipeSnapshot(Recipe(name: "Counter", summary: "0")))
        let tasksPerActor = 16
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, worker) in actors.enumerated() {
                for task in 0..<tasksPerActor {
                    group.addTask {
                        let recipe = Recipe(name: "Recipe \(index)-\(task)", ingredients: [Ingredient(name: "Salt", amount: "\(task) g")])
                        let id = try await worker.insert(RecipeSnapshot(recipe))
                        // Read back through another actor: the commit is visible to every connection.
                        let other = actors[(index + 1) % actors.count]
                        #expect(try await other.snapshot(for: id)?.ingredients.first?.amount == "\(task) g")
                        try await worker.update(counter) { $0.summary = String(Int($0.summary)! + 1) }
                        _ = try await other.fetchCount(FetchDescriptor<Recipe>())
                    }
                }
            }
            try await group.waitForAll()
        }
        let total = actors.count * tasksPerActor
        #expect(try await actors[3].fetchCount(FetchDescriptor<Recipe>()) == total + 1)
        #expect(try await actors[2].snapshot(for: counter)?.summary == "\(total)")
        // And on disk, through a connection that took no part.
        #expect(try temporary.count("SELECT count(*) FROM recipe") == total + 1)
        #expect(try temporary.count("SELECT count(*) FROM ingredient") == total)
    }

    @Test func snapshotsRoundTripThroughCodableAndBackIntoRecipes() throws {
        let baked = BakedGood(name: "Bread", plannedDate: Date(timeIntervalSinceReferenceDate: 800_000_000),
                              ingredients: [Ingredient(name: "Flour", amount: "500 g")], ovenTemperature: 230, bakeMinutes: 35)
        let snapshot = RecipeSnapshot(baked)
        let decoded = try JSONDecoder().decode(RecipeSnapshot.self, from: JSONEncoder().encode(snapshot))
        #expect(decoded == snapshot)
        let made = try #require(decoded.makeRecipe() as? BakedGood)
        #expect(made.id == baked.id && made.ovenTemperature == 230 && made.ingredients.map(\.name) == ["Flour"])
        #expect(RecipeSnapshot(made) == snapshot)
        #expect(made.persistentModelID == baked.persistentModelID)
    }

    @Test func aModelActorSavesWhatPerformChanged() async throws {
        let worker = try RecipeModelActor(modelContainer: try ModelContainer(url: temporary.url))
        let id = await worker.perform { context in
            let recipe = Beverage(name: "Cocoa", isServedHot: true)
            context.insert(recipe)
            return recipe.persistentModelID
        }
        try await worker.save()
        #expect(try await worker.snapshot(for: id)?.isServedHot == true)
        #expect(try await worker.delete(id))
        #expect(try await worker.snapshot(for: id) == nil)
        #expect(try await worker.delete(id) == false)
    }
}
