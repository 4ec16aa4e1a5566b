import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// The porting article's snippets compile: each is in this file, as it stands in the article,
/// and a test checks that the article holds nothing else.
@Suite struct PortingArticleTests {
    static let article = RepositoryFiles.url("Sources/Recipes/Recipes.docc/PortingSwiftDataCode.md")

    @Test func everySnippetOfTheArticleIsCompiledHere() throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let here = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let snippets = text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        #expect(snippets.count == 2)
        for snippet in snippets {
            let indented = snippet.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }.joined(separator: "\n")
            #expect(here.contains(indented), "not compiled here:\n\(snippet)")
        }
    }

    @Test func theFirstSnippetRuns() throws {
        let container = try ModelContainer(for: Recipe.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = try ModelContext(container)
        context.insert(Recipe(name: "Leek soup"))
        try context.save()
        let ids = try context.fetchIdentifiers(FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.nameSortKey)]))
        try context.delete(model: Recipe.self, where: #Predicate { $0.name.contains("soup") })
        try context.save()
        #expect(ids.count == 1)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Recipe>()) == 0)
    }

    @Test @MainActor func theSecondSnippetRuns() async throws {
        let container = try ModelContainer(for: Recipe.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let worker = try RecipeModelActor(modelContainer: container)
        _ = try await worker.insert(RecipeSnapshot(Recipe(name: "Soup")))
        let counting = Task { @MainActor in try await Self.snippet(container, worker) }
        try await Task.sleep(for: .milliseconds(300))
        _ = try await worker.insert(RecipeSnapshot(Recipe(name: "Bread")))
        #expect(try await counting.value == 1)
    }

    @MainActor static func snippet(_ container: ModelContainer, _ worker: RecipeModelActor) async throws -> Int {
        @MainActor func showCount(_ container: ModelContainer, _ worker: RecipeModelActor) async throws -> Int {
            let count = try await worker.perform { context in try context.fetchCount(FetchDescriptor<Recipe>()) }
            for try await change in container.changes() {
                try container.mainContext.mergeChanges(change)
                break
            }
            return count
        }
        return try await showCount(container, worker)
    }
}
