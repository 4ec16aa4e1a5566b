import Foundation
@testable import Recipes
@testable import RecipesCore
import Observation
import Testing

/// Objects that stay true across contexts: a context's fetch returns its tracked objects as
/// the store now holds them (another context's save merged field by field, SwiftData's
/// behaviour), observers are told, and a conflict can be retried in the same context.
@Suite struct ContextRefreshTests {
    let temporary = TemporaryStore()

    private func insert(_ name: String, summary: String = "") throws -> UUID {
        let context = ModelContext(try RecipeStore(url: temporary.url))
        let recipe = Recipe(name: name, summary: summary)
        context.insert(recipe)
        try context.save()
        return recipe.id
    }

    private func rename(_ id: UUID, to name: String) throws {
        let other = ModelContext(try RecipeStore(url: temporary.url))
        try #require(try other.model(for: id)).name = name
        try other.save()
    }

    @Test func aFetchReturnsObjectsAsTheStoreHoldsThem() throws {
        let a = ModelContext(try RecipeStore(url: temporary.url))
        let recipe = Recipe(name: "Before")
        a.insert(recipe)
        try a.save()
        try rename(recipe.id, to: "After")

        let found = try a.fetch(FetchDescriptor<Recipe>(predicate: #Predicate { $0.name == "After" }))
        #expect(found.count == 1 && found.first === recipe)
        #expect(found.first?.name == "After")
        #expect(!a.hasChanges)
    }

    @Test func sortedFetchesAgreeWithSortingTheObjects() throws {
        let a = ModelContext(try RecipeStore(url: temporary.url))
        let ids = try ["Apple pie", "Bread", "Curry"].map { try insert($0) }
        _ = try a.fetch(FetchDescriptor<Recipe>())
        try rename(ids[0], to: "Zucchini fritters")
        let sorted = try a.fetch(FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.name)]))
        #expect(sorted.map(\.name) == ["Bread", "Curry", "Zucchini fritters"])
        #expect(sorted.map(\.name) == sorted.sorted(using: SortDescriptor(\Recipe.name)).map(\.name))
    }

    @Test func observersAreToldOfAnotherContextsSave() throws {
        let a = ModelContext(try RecipeStore(url: temporary.url))
        let id = try insert("Soup")
        let soup = try #require(try a.model(for: id))
        let told = Told()
        withObservationTracking { _ = soup.name } onChange: { told.mark() }
        try rename(id, to: "Leek soup")
        _ = try a.fetch(FetchDescriptor<Recipe>())
        #expect(told.marked)
        #expect(soup.name == "Leek soup")
    }

    /// A view model merging the change stream is told of another actor's save without
    /// fetching. (How soon is the stream's latency, inotify plus a commit check: well under a
    /// second on an idle machine; the test allows a loaded one ten.)
    @Test func mergingAChangeTellsObservers() async throws {
        let container = try ModelContainer(url: temporary.url)
        let id = try insert("Soup")
        let viewModel = try await ViewModel(url: temporary.url, id: id)
        let told = Told()
        await viewModel.observeName { told.mark() }
        let listening = await viewModel.startListening(to: container.changes())
        defer { listening.cancel() }
        let worker = try RecipeModelActor(modelContainer: container)
        _ = try await worker.update(PersistentIdentifier(id)) { $0.name = "Leek soup" }
        let saved = Date()
        while !told.marked, Date().timeIntervalSince(saved) < 10 { try await Task.sleep(for: .milliseconds(20)) }
        #expect(told.marked, "not told")
        #expect(await viewModel.name == "Leek soup")
    }

    @Test func anUnsavedChangeSurvivesARefreshAndAFieldChangedOnBothSidesStillConflicts() throws {
        let id = try insert("Soup", summary: "Warm")
        let a = ModelContext(try RecipeStore(url: temporary.url))
        let soup = try #require(try a.model(for: id))
        soup.summary = "Hot"
        try rename(id, to: "Leek soup")
        _ = try a.fetch(FetchDescriptor<Recipe>())
        #expect(soup.name == "Leek soup" && soup.summary == "Hot")
        try a.save()
        let stored = try #require(try ModelContext(try RecipeStore(url: temporary.url)).model(for: id))
        #expect(stored.name == "Leek soup" && stored.summary == "Hot")

        soup.name = "Potato soup"
        try rename(id, to: "Pea soup")
        _ = try a.fetch(FetchDescriptor<Recipe>())
        #expect(soup.name == "Potato soup")
        #expect(throws: RecipeStoreError.conflict([.init(id: id, name: "Potato soup", fields: ["name"])])) { try a.save() }
    }

    @Test func aConflictIsRetriedInTheSameContext() throws {
        let id = try insert("Soup")
        let a = ModelContext(try RecipeStore(url: temporary.url))
        let soup = try #require(try a.model(for: id))
        try rename(id, to: "Leek soup")
        soup.name = "Potato soup"
        #expect(throws: RecipeStoreError.self) { try a.save() }
        a.rollback()
        let again = try #require(try a.fetch(FetchDescriptor<Recipe>()).first)
        #expect(again === soup && again.name == "Leek soup")
        again.name = "Potato and leek soup"
        try a.save()
        #expect(try ModelContext(try RecipeStore(url: temporary.url)).model(for: id)?.name == "Potato and leek soup")
    }
}

/// Whether an observer was told, from whichever thread tells it.
final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var marked: Bool { lock.withLock { value } }
    func mark() { lock.withLock { value = true } }
}

/// A view model as an app keeps one: a context on the main actor, one object it shows, and
/// the store's change stream merged into the context.
@MainActor final class ViewModel {
    let context: ModelContext
    let recipe: Recipe

    init(url: URL, id: UUID) throws {
        context = ModelContext(try RecipeStore(url: url))
        recipe = try #require(try context.model(for: id))
    }

    var name: String { recipe.name }

    func observeName(_ onChange: @escaping @Sendable () -> Void) {
        withObservationTracking { _ = recipe.name } onChange: { onChange() }
    }

    /// Merges each change into the context, from when this returns: the stream watches from
    /// the moment its iterator is made.
    func startListening(to changes: StoreChanges) async -> Task<Void, any Error> {
        let (ready, readiness) = AsyncStream<Void>.makeStream()
        let task = Task { @MainActor in
            var iterator = changes.makeAsyncIterator()
            readiness.yield()
            while let change = try await iterator.next() { try self.context.mergeChanges(change) }
        }
        for await _ in ready { break }
        return task
    }
}
