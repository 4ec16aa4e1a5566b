import Foundation
import Recipes
import Testing

/// SwiftData's `includePendingChanges` (default true): a fetch sees the context's unsaved
/// inserts, deletes and edits; `false` reads only what is saved. Either way a context has one
/// object per recipe id.
@Suite struct PendingChangesTests {
    let temporary = TemporaryStore()

    func saved(_ names: [String]) throws -> ModelContext {
        let context = ModelContext(temporary.store)
        for (index, name) in names.enumerated() {
            context.insert(Recipe(name: name, plannedDate: Date(timeIntervalSinceReferenceDate: Double(index) * 86_400)))
        }
        try context.save()
        return ModelContext(temporary.store)
    }

    static func byName(_ predicate: Predicate<Recipe>? = nil) -> FetchDescriptor<Recipe> {
        FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.name)])
    }

    @Test func unsavedInsertsDeletesAndEditsAreSeen() throws {
        let context = try saved(["Apple pie", "Banana bread", "Cherry cake"])
        let all = try context.fetch(Self.byName())
        context.insert(Recipe(name: "Apricot tart"))
        context.delete(all[1])
        all[2].name = "Almond cake"
        let startsWithA = Self.byName(#Predicate { $0.name.starts(with: "A") })
        #expect(try context.fetch(startsWithA).map(\.name) == ["Almond cake", "Apple pie", "Apricot tart"])
        #expect(try context.fetchCount(startsWithA) == 3)
        #expect(try context.fetch(Self.byName()).map(\.name) == ["Almond cake", "Apple pie", "Apricot tart"])
        var limited = startsWithA
        limited.fetchOffset = 1
        limited.fetchLimit = 1
        #expect(try context.fetch(limited).map(\.name) == ["Apple pie"])
        #expect(try context.fetchCount(limited) == 1)
        // An edit that stops matching drops out although the saved row still matches.
        all[0].name = "Zucchini pie"
        #expect(try context.fetch(startsWithA).map(\.name) == ["Almond cake", "Apricot tart"])

        var savedOnly = startsWithA
        savedOnly.includePendingChanges = false
        #expect(try context.fetch(savedOnly).map(\.name) == ["Zucchini pie"])
        #expect(try context.fetch(savedOnly).first === all[0])
        try context.save()
        #expect(try ModelContext(temporary.store).fetch(startsWithA).map(\.name) == ["Almond cake", "Apricot tart"])
    }

    @Test func pendingChangesFollowTheSortAndKind() throws {
        let context = try saved(["Apple pie", "Banana bread"])
        let early = Recipe(name: "Early", plannedDate: Date(timeIntervalSinceReferenceDate: -1))
        context.insert(early)
        context.insert(Beverage(name: "Tea"))
        let byDate = FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.plannedDate, order: .reverse)])
        #expect(try context.fetch(byDate).map(\.name) == ["Banana bread", "Apple pie", "Early", "Tea"])
        #expect(try context.fetch(FetchDescriptor<Beverage>()).map(\.name) == ["Tea"])
        var first = FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.plannedDate)])
        first.fetchLimit = 1
        #expect(try context.fetch(first).map(\.name) == ["Tea"])
    }

    @Test func oneObjectPerIDPerContext() throws {
        let context = try saved(["Apple pie"])
        let first = try context.fetch(Self.byName()).first
        let again = try context.fetch(FetchDescriptor<Recipe>(predicate: #Predicate { $0.name == "Apple pie" })).first
        #expect(first != nil && first === again)
        #expect(try context.model(for: first!.id) === first)
        // Saved-only fetches hand out the same object too.
        var savedOnly = Self.byName()
        savedOnly.includePendingChanges = false
        #expect(try context.fetch(savedOnly).first === first)
    }
}
