import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// Names in Finder's order (issue: sorting text like Apple does): `SortDescriptor(\.nameSortKey)`
/// orders in SQL as in memory, from the key kept on each row, and from the key worked out for
/// a row another program wrote.
@Suite struct NameSortKeyTests {
    let temporary = TemporaryStore()

    static let names = ["Apple 672", "Apple 1169", "apple 7", "Éclair", "eclairs", "Eggs", "banana", "Zucchini", "Œufs", "Ümlaut",
                        "step 10", "Step 2", "Crème brûlée", "creme", "Z", "a", "Æble"]

    @Test func sqlOrdersAsMemoryDoesAndAsFinderWould() throws {
        let context = ModelContext(temporary.store)
        var random = PredicateDifferentialTests.Generator(state: 7)
        for name in Self.names.shuffled(using: &random) { context.insert(Recipe(name: name)) }
        try context.save()
        // A row another program wrote has no key.
        let raw = try temporary.rawConnection()
        try raw.execute("UPDATE recipe SET name_key = NULL WHERE name IN ('Apple 1169', 'Eggs')")

        let fetched = try ModelContext(try RecipeStore(url: temporary.url))
            .fetch(FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.nameSortKey)])).map(\.name)
        #expect(fetched == Self.names.map { Recipe(name: $0) }.sorted(using: SortDescriptor(\Recipe.nameSortKey)).map(\.name))
        #expect(fetched.prefix(4) == ["a", "apple 7", "Apple 672", "Apple 1169"])
        #expect(fetched.firstIndex(of: "Apple 672")! < fetched.firstIndex(of: "Apple 1169")!)
        #expect(fetched.firstIndex(of: "Step 2")! < fetched.firstIndex(of: "step 10")!)
        #expect(fetched.firstIndex(of: "Éclair")! < fetched.firstIndex(of: "Eggs")! && fetched.firstIndex(of: "Eggs")! < fetched.firstIndex(of: "Zucchini")!)
    }

    @Test func aRenameKeepsTheKeyOnTheRow() throws {
        let context = ModelContext(temporary.store)
        let recipe = Recipe(name: "Zebra cake")
        context.insert(recipe)
        try context.save()
        recipe.name = "Apple cake"
        try context.save()
        let key = try temporary.rawConnection().scalar("SELECT name_key FROM recipe")
        #expect(key == .text("apple cake"))
    }
}
