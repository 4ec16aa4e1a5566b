import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// An actor declared as SwiftData's `@ModelActor` macro would write it, and the main
/// context saving by itself as SwiftData's does.
@Suite struct ModelActorTests {
    let temporary = TemporaryStore()

    actor Importer: ModelActor {
        nonisolated let modelContainer: ModelContainer
        nonisolated let modelExecutor: any ModelExecutor

        init(modelContainer: ModelContainer) throws {
            self.modelContainer = modelContainer
            modelExecutor = DefaultSerialModelExecutor(modelContext: try ModelContext(modelContainer))
        }

        func add(_ names: [String]) throws -> [PersistentIdentifier] {
            let recipes = names.map { Recipe(name: $0) }
            recipes.forEach(modelContext.insert)
            try modelContext.save()
            return recipes.map(\.persistentModelID)
        }

        func name(of id: PersistentIdentifier) throws -> String? {
            try self[id, as: Recipe.self]?.name
        }

        func isBakedGood(_ id: PersistentIdentifier) throws -> Bool {
            try self[id, as: BakedGood.self] != nil
        }
    }

    @Test @MainActor func anActorDeclaredAsTheMacroWouldWorksOnItsOwnContext() async throws {
        let container = try ModelContainer(url: temporary.url)
        let importer = try Importer(modelContainer: container)
        let ids = try await importer.add(["Soup", "Bread"])
        #expect(try await importer.name(of: ids[1]) == "Bread")
        #expect(try await importer.isBakedGood(ids[1]) == false)
        // Its context is not the main one, and what it saved is in the store.
        #expect(try container.mainContext.fetch(FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.name)])).map(\.name) == ["Bread", "Soup"])
        // The library's own actor is one too.
        let worker = try RecipeModelActor(modelContainer: container)
        #expect(try await worker.perform { try $0.fetchCount(FetchDescriptor<Recipe>()) } == 2)
    }

    /// Waits up to five seconds (a loaded machine) for `condition`.
    @MainActor private func eventually(_ condition: () throws -> Bool) async throws -> Bool {
        for _ in 0..<100 {
            if try condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return try condition()
    }

    @Test @MainActor func theMainContextSavesByItself() async throws {
        let container = try ModelContainer(url: temporary.url)
        let main = container.mainContext
        #expect(main.autosaveEnabled)
        #expect(try ModelContext(container).autosaveEnabled == false)
        let reader = try ModelContext(container)
        func storedNames() throws -> [String] {
            try reader.fetch(FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.name)])).map(\.name)
        }

        // An insert is saved on the main actor's next turn, without save().
        let soup = Recipe(name: "Soup")
        main.insert(soup)
        #expect(try await eventually { try storedNames() == ["Soup"] })
        // An edit, which no setter reports, is found by the check every second.
        soup.name = "Leek soup"
        #expect(try await eventually { try storedNames() == ["Leek soup"] })
        #expect(!main.hasChanges && main.lastAutosaveError == nil)
        main.delete(soup)
        #expect(try await eventually { try storedNames() == [] })

        // Turned off, nothing is saved until save() is called.
        main.autosaveEnabled = false
        main.insert(Recipe(name: "Bread"))
        try await Task.sleep(for: .milliseconds(1_500))
        #expect(try storedNames() == [] && main.hasChanges)
        try main.save()
        #expect(try storedNames() == ["Bread"])
    }

    @Test @MainActor func aFailedAutosaveKeepsTheChangesAndSaysWhy() async throws {
        let context = ModelContext(temporary.store)
        context.insert(Recipe(name: "Soup"))
        try context.save()
        let container = try ModelContainer(for: Recipe.self, configurations: ModelConfiguration(url: temporary.url, allowsSave: false))
        let main = container.mainContext
        try #require(try main.fetch(FetchDescriptor<Recipe>()).first).name = "Leek soup"
        #expect(try await eventually { main.lastAutosaveError != nil })
        #expect(main.lastAutosaveError as? RecipeStoreError == .readOnly(path: temporary.url.path))
        #expect(main.hasChanges)
    }
}
