import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// `perform` called from the main actor as SwiftData code calls it: a closure literal, no
/// `@Sendable` written out. That this file compiles in Swift 6 mode is half the test.
@Suite struct PerformFromMainActorTests {
    let temporary = TemporaryStore()

    @MainActor private func countOnTheWorker(_ worker: RecipeModelActor) async throws -> Int {
        try await worker.perform { context in try context.fetchCount(FetchDescriptor<Recipe>()) }
    }

    @MainActor private func namesOnTheWorker(_ worker: RecipeModelActor, matching word: String) async throws -> [String] {
        try await worker.perform { context in
            try context.fetch(FetchDescriptor<Recipe>(predicate: #Predicate { $0.name.contains(word) }, sortBy: [SortDescriptor(\.name)])).map(\.name)
        }
    }

    @Test @MainActor func aClosureFromTheMainActorRunsOnTheWorker() async throws {
        let container = try ModelContainer(url: temporary.url)
        let worker = try RecipeModelActor(modelContainer: container)
        _ = try await worker.insert(RecipeSnapshot(Recipe(name: "Leek soup")))
        _ = try await worker.insert(RecipeSnapshot(Recipe(name: "Bread")))
        #expect(try await countOnTheWorker(worker) == 2)
        #expect(try await namesOnTheWorker(worker, matching: "soup") == ["Leek soup"])
    }
}
