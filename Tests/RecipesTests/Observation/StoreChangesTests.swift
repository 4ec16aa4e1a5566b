import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// The change stream and the re-running query, fed by saves through other connections of
/// this process (other processes are in RecipesCLITests' StoreChangesProcessTests).
@Suite struct StoreChangesTests {
    let temporary = TemporaryStore()

    struct TimedOut: Error {}

    /// Iterates `sequence` (watching starts before `writes` runs) until `done` says the
    /// elements seen so far are enough; fails after 20 s instead of hanging.
    /// With `afterFirst`, the writes start once the first element arrived (a query's first
    /// result, which runs on its own thread and would otherwise race the writes).
    static func collect<S: AsyncSequence & Sendable>(_ sequence: S, afterFirst: Bool = false, until done: @escaping @Sendable ([S.Element]) -> Bool,
                                                    whileDoing writes: @escaping @Sendable () async throws -> Void) async throws -> [S.Element]
        where S.Element: Sendable {
        let (ready, readyContinuation) = AsyncStream<Void>.makeStream()
        return try await withThrowingTaskGroup(of: [S.Element]?.self) { group in
            group.addTask {
                var iterator = sequence.makeAsyncIterator()
                if !afterFirst { readyContinuation.yield() }
                var seen: [S.Element] = []
                while let element = try await iterator.next() {
                    seen.append(element)
                    if afterFirst, seen.count == 1 { readyContinuation.yield() }
                    if done(seen) { return seen }
                }
                return seen
            }
            group.addTask {
                for await _ in ready { break }
                try await writes()
                try await Task.sleep(for: .seconds(20))
                throw TimedOut()
            }
            defer { group.cancelAll() }
            return try await group.next()!!
        }
    }

    @Test func savesThroughOtherConnectionsArriveWithTheirIDs() async throws {
        let container = try ModelContainer(url: temporary.url)
        let soup = RecipeSnapshot(Recipe(name: "Soup"))
        let id = soup.persistentModelID
        let url = temporary.url
        let changes = try await Self.collect(container.changes(), until: { seen in
            seen.contains { $0.deleted.contains(id) }
        }, whileDoing: {
            let worker = try RecipeModelActor(modelContainer: container)
            try await worker.insert(soup)
            let context = ModelContext(try RecipeStore(url: url))
            try #require(try context.model(for: id.id)).name = "Leek soup"
            try context.save()
            try await worker.delete(id)
        })
        let merged = changes.reduce(into: StoreChange()) { all, change in
            all.inserted.formUnion(change.inserted)
            all.updated.formUnion(change.updated)
            all.deleted.formUnion(change.deleted)
        }
        // Commits close together may arrive as one change; each kind is still named.
        #expect(merged.deleted == [id])
        #expect(changes.first?.ids == [id])
        #expect(changes.contains { $0.inserted == [id] } || merged.deleted == [id])
    }

    @Test func aQueryRerunsWhenAMatchingRecipeChanges() async throws {
        let container = try ModelContainer(url: temporary.url)
        var descriptor = FetchDescriptor<Recipe>(predicate: #Predicate { $0.plannedDate != nil }, sortBy: [SortDescriptor(\.name)])
        descriptor.fetchLimit = 10
        let planned = Date(timeIntervalSinceReferenceDate: 820_000_000)
        let results = try await Self.collect(RecipeQuery(container, descriptor), afterFirst: true,
                                             until: { $0.last?.map(\.name) == ["Cake", "Soup"] }, whileDoing: {
            let worker = try RecipeModelActor(modelContainer: container)
            try await worker.insert(RecipeSnapshot(Recipe(name: "Soup", plannedDate: planned)))
            // Not planned: not in the result, so no new element for it alone.
            try await worker.insert(RecipeSnapshot(Recipe(name: "Unplanned")))
            try await worker.insert(RecipeSnapshot(BakedGood(name: "Cake", plannedDate: planned)))
        })
        #expect(results.first == [])
        #expect(results.last?.map(\.name) == ["Cake", "Soup"])
        // Each delivered result differs from the one before.
        #expect(zip(results, results.dropFirst()).allSatisfy { $0 != $1 })
    }

    @Test func stampsTellInsertsUpdatesAndDeletesApart() throws {
        let store = temporary.store
        let context = ModelContext(store)
        let kept = Recipe(name: "Kept"), changed = Recipe(name: "Changed"), gone = Recipe(name: "Gone")
        [kept, changed, gone].forEach(context.insert)
        try context.save()
        let before = try RecipeVersions(store)
        let added = Recipe(name: "Added")
        context.insert(added)
        changed.name = "Changed again"
        context.delete(gone)
        try context.save()
        let change = try RecipeVersions(store).change(since: before)
        #expect(change == StoreChange(inserted: [added.persistentModelID], updated: [changed.persistentModelID], deleted: [gone.persistentModelID]))
    }

    @Test func advancingReadsLocalWritesByNumberAndNoticesAppliedSyncChanges() throws {
        let store = temporary.store
        let context = ModelContext(store)
        let kept = Recipe(name: "Kept"), changed = Recipe(name: "Changed")
        [kept, changed].forEach(context.insert)
        try context.save()
        var versions = try RecipeVersions(store)
        #expect(try versions.advance(store).isEmpty)
        let added = Recipe(name: "Added")
        context.insert(added)
        changed.name = "Changed again"
        context.delete(kept)
        try context.save()
        #expect(try versions.advance(store) == StoreChange(inserted: [added.persistentModelID], updated: [changed.persistentModelID],
                                                           deleted: [kept.persistentModelID]))
        #expect(try versions.advance(store).isEmpty)
        // A change from another replica carries no local number: found all the same.
        let other = TemporaryStore()
        let remote = ModelContext(other.store)
        let fromElsewhere = Recipe(name: "From elsewhere")
        remote.insert(fromElsewhere)
        try remote.save()
        let applied = try store.apply(try other.store.changes(since: 0).changes)
        #expect(applied.applied == 1)
        #expect(try versions.advance(store) == StoreChange(inserted: [fromElsewhere.persistentModelID]))
        // And the incremental state agrees with a full read.
        #expect(versions.stamps == (try RecipeVersions(store)).stamps)
    }
}
