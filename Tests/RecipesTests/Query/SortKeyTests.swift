import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// SortKey is how RecipesCore (and so the `recipes` binary) orders without SortDescriptor: in
/// memory it must order as SortDescriptor does, and in SQL compile to the same ORDER BY.
@Suite struct SortKeyTests {
    private func recipes(seed: UInt64) -> [Recipe] {
        var random = PredicateDifferentialTests.Generator(state: seed)
        let names = ["Soup", "soup", "Éclair", "Apple pie", "Zucchini", "apple pie", ""]
        return (0..<40).map { _ in
            let recipe = Recipe(name: names.randomElement(using: &random)!)
            if Bool.random(using: &random) {
                recipe.plannedDate = Date(timeIntervalSinceReferenceDate: Double(Int.random(in: 0..<5, using: &random)) * 3_600)
            }
            if Bool.random(using: &random) { recipe.lastCooked = Date(timeIntervalSinceReferenceDate: Double(Int.random(in: 0..<3, using: &random))) }
            return recipe
        }
    }

    @Test(arguments: [true, false])
    func inMemoryTheyOrderAsSortDescriptorsDo(ascending: Bool) {
        let order: SortOrder = ascending ? .forward : .reverse
        let descriptors = [SortDescriptor(\Recipe.lastCooked, order: order), SortDescriptor(\Recipe.plannedDate, order: order),
                           SortDescriptor(\Recipe.name, order: order)]
        let keys = [SortKey(\Recipe.lastCooked, ascending: ascending), SortKey(\Recipe.plannedDate, ascending: ascending),
                    SortKey(\Recipe.name, ascending: ascending)]
        for seed in 1...20 {
            let list = recipes(seed: UInt64(seed))
            // Stable sorts of the same list: equal keys keep their places in both.
            let bySortKeys = list.sorted(by: SortKey.inOrder(keys)).map(ObjectIdentifier.init)
            let byDescriptors = list.sorted(using: descriptors).map(ObjectIdentifier.init)
            #expect(bySortKeys == byDescriptors, "seed \(seed)")
        }
    }

    @Test func theyCompileToTheDescriptorsOrderBy() throws {
        let context = ModelContext(try RecipeStore.inMemory())
        let descriptors = RecipePredicates.leastRecentlyCooked + [SortDescriptor(\.plannedDate, order: .reverse)]
        let keys = RecipePredicates.leastRecentlyCookedKeys + [SortKey(\Recipe.plannedDate, ascending: false)]
        let plan = context.queryPlan(for: FetchDescriptor<Recipe>(sortBy: descriptors))
        #expect(plan.isExact)
        #expect(context.queryPlan(for: StoreQuery<Recipe>(sortBy: keys)).sql == plan.sql)
    }
}
