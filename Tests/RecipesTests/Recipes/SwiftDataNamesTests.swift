import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// SwiftData's names for what a ported app calls on a container and a context.
@Suite struct SwiftDataNamesTests {
    let temporary = TemporaryStore()

    @Test @MainActor func theMainContextIsOnePerContainerAndSeesOtherContextsSaves() throws {
        let container = try ModelContainer(url: temporary.url)
        let main = container.mainContext
        #expect(container.mainContext === main)
        let soup = Recipe(name: "Soup")
        main.insert(soup)
        try main.save()

        let background = try ModelContext(container)
        try #require(try background.model(for: soup.persistentModelID)).name = "Leek soup"
        try background.save()
        #expect(try main.fetch(FetchDescriptor<Recipe>()).map(\.name) == ["Leek soup"])
    }

    @Test func identifiersRegisteredModelsAndPendingLists() throws {
        let context = ModelContext(try RecipeStore(url: temporary.url))
        let bread = BakedGood(name: "Bread"), tea = Beverage(name: "Tea"), soup = Recipe(name: "Soup")
        [bread, tea, soup].forEach(context.insert)
        #expect(context.insertedModelsArray.map(\.name) == ["Bread", "Tea", "Soup"])
        try context.save()
        #expect(context.insertedModelsArray.isEmpty)

        let ids = try context.fetchIdentifiers(FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.name)]))
        #expect(ids == [bread, soup, tea].map(\.persistentModelID))
        let registered: BakedGood? = context.registeredModel(for: bread.persistentModelID)
        #expect(registered === bread)
        let wrongClass: Beverage? = context.registeredModel(for: bread.persistentModelID)
        #expect(wrongClass == nil)
        #expect(ModelContext(try RecipeStore(url: temporary.url)).registeredModel(for: bread.id) == nil)

        soup.summary = "Warm"
        #expect(context.changedModelsArray.map(\.name) == ["Soup"])
        try context.delete(model: Recipe.self, where: #Predicate { $0.name.contains("e") })
        #expect(Set(context.deletedModelsArray.map(\.name)) == ["Bread", "Tea"])
        try context.delete(model: Beverage.self)
        try context.save()
        #expect(try ModelContext(try RecipeStore(url: temporary.url)).fetch(FetchDescriptor<Recipe>()).map(\.name) == ["Soup"])
        #expect(context.deletedModelsArray.isEmpty && context.changedModelsArray.isEmpty)
    }

    @Test func aModelKnowsItsContextWhetherItIsDeletedAndWhetherItHasChanges() throws {
        let context = ModelContext(try RecipeStore(url: temporary.url))
        let soup = Recipe(name: "Soup")
        #expect(soup.modelContext == nil && !soup.hasChanges && !soup.isDeleted)
        context.insert(soup)
        #expect(soup.modelContext === context && soup.hasChanges)
        try context.save()
        #expect(!soup.hasChanges)
        soup.summary = "Warm"
        #expect(soup.hasChanges)
        try context.save()

        let other = ModelContext(try RecipeStore(url: temporary.url))
        let fetched = try #require(try other.model(for: soup.id))
        #expect(fetched.modelContext === other && !fetched.hasChanges && !fetched.isDeleted)
        other.delete(fetched)
        #expect(fetched.isDeleted && fetched.hasChanges)
        other.rollback()
        #expect(!fetched.isDeleted && !fetched.hasChanges)
        other.delete(fetched)
        try other.save()
        #expect(fetched.isDeleted && fetched.modelContext == nil && !fetched.hasChanges)
    }

    @Test func enumerateVisitsSavedRecipesInOrderWithoutTrackingThem() throws {
        let context = ModelContext(try RecipeStore(url: temporary.url))
        for index in 0..<30 { context.insert(Recipe(name: "Dish \(100 + index)")) }
        try context.save()
        let reader = ModelContext(try RecipeStore(url: temporary.url))
        var names: [String] = []
        try reader.enumerate(FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.name)]), batchSize: 7) { names.append($0.name) }
        #expect(names == (0..<30).map { "Dish \(100 + $0)" })
        #expect(reader.registeredModel(for: try #require(try context.fetchIdentifiers(FetchDescriptor<Recipe>()).first).id) == nil)
    }
}

/// `ModelConfiguration`: a store kept in memory only, for tests and previews, and a store
/// opened read-only.
@Suite struct ModelConfigurationTests {
    let temporary = TemporaryStore()

    @Test func anInMemoryContainerIsSharedByItsActorsAndGoneWithIt() async throws {
        let path = try await useInMemoryContainer()
        // The container and its actors are released: the store's files went with them.
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    /// Writes through one actor and reads through another; the store's path.
    private func useInMemoryContainer() async throws -> String {
        let container = try ModelContainer(for: Recipe.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let writer = try RecipeModelActor(modelContainer: container)
        let reader = try RecipeModelActor(modelContainer: container)
        _ = try await writer.insert(RecipeSnapshot(Recipe(name: "Soup")))
        #expect(try await reader.perform { context in try context.fetch(FetchDescriptor<Recipe>()).map(\.name) } == ["Soup"])
        #expect(FileManager.default.fileExists(atPath: container.url.path))
        return container.url.path
    }

    @Test @MainActor func aReadOnlyConfigurationReadsAndRefusesEverySave() throws {
        let writer = ModelContext(try RecipeStore(url: temporary.url))
        writer.insert(Recipe(name: "Soup"))
        try writer.save()
        let before = try Data(contentsOf: temporary.url)

        let container = try ModelContainer(for: Recipe.self, configurations: ModelConfiguration(url: temporary.url, allowsSave: false))
        let context = container.mainContext
        let soup = try #require(try context.fetch(FetchDescriptor<Recipe>()).first)
        soup.name = "Leek soup"
        #expect(throws: RecipeStoreError.readOnly(path: temporary.url.path)) { try context.save() }
        #expect(try Data(contentsOf: temporary.url) == before)

        let missing = temporary.directory.appendingPathComponent("missing.sqlite")
        #expect(throws: RecipeStoreError.noSuchFile(path: missing.path)) {
            try ModelContainer(for: Recipe.self, configurations: ModelConfiguration(url: missing, allowsSave: false))
        }
    }
}
