import Foundation
import Recipes
import Testing

/// The library's change stream sees commits by other processes: `recipes add` and
/// `recipes delete` run as their own processes while a test iterates `StoreChanges`.
@Suite struct StoreChangesProcessTests {
    struct TimedOut: Error {}

    @Test func anotherProcessesAddAndDeleteArriveWithTheirIDs() async throws {
        let cli = RecipesProcess()
        try cli.seed([Recipe(name: "Soup")])
        let container = try ModelContainer(url: cli.store)
        let (ready, readyContinuation) = AsyncStream<Void>.makeStream()
        async let watched = Self.changes(of: container, announcing: readyContinuation) { !$0.flatMap(\.deleted).isEmpty }
        for await _ in ready { break }
        #expect(try cli.runOnStore(["add", "Bread"]).status == 0)
        #expect(try cli.runOnStore(["delete", "Bread"]).status == 0)
        let changes = try await watched
        let inserted = changes.flatMap(\.inserted), deleted = changes.flatMap(\.deleted)
        #expect(inserted.count == 1)
        #expect(deleted == inserted)
        // Soup was there before watching began and did not change.
        let soup = try #require(try await RecipeModelActor(modelContainer: container).fetch(FetchDescriptor<Recipe>()).first)
        #expect(!changes.contains { $0.ids.contains(soup.persistentModelID) })
    }

    /// The container's changes until `done`; `ready` is told once watching has begun. Fails
    /// after 20 s instead of hanging.
    static func changes(of container: ModelContainer, announcing ready: AsyncStream<Void>.Continuation,
                        until done: @escaping @Sendable ([StoreChange]) -> Bool) async throws -> [StoreChange] {
        try await withThrowingTaskGroup(of: [StoreChange].self) { group in
            group.addTask {
                var iterator = container.changes().makeAsyncIterator()
                ready.yield()
                var seen: [StoreChange] = []
                while let change = try await iterator.next() {
                    seen.append(change)
                    if done(seen) { break }
                }
                return seen
            }
            group.addTask {
                try await Task.sleep(for: .seconds(20))
                throw TimedOut()
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }
}
