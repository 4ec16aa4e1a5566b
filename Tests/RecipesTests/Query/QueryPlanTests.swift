import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

@Suite struct QueryPlanTests {
    func context() throws -> ModelContext {
        let context = ModelContext(try RecipeStore.inMemory())
        for (index, name) in ["Apple pie", "Banana bread", "Cherry cake", "Date loaf", "Elderflower cordial"].enumerated() {
            let recipe: Recipe = index == 4 ? Beverage(name: name) : BakedGood(name: name, ovenTemperature: 160 + index * 10)
            recipe.ingredients = (0...index).map { Ingredient(name: "item \($0)") }
            context.insert(recipe)
        }
        try context.save()
        return context
    }

    @Test func valuesAreBoundNeverPastedIntoSQL() throws {
        let context = try context()
        let text = "x'); DROP TABLE recipe; --"
        let descriptor = FetchDescriptor(predicate: #Predicate<Recipe> { $0.name.contains(text) })
        let plan = context.queryPlan(for: descriptor)
        #expect(!plan.sql.contains("DROP"))
        #expect(plan.parameters.contains(.text(text)))
        #expect(try context.fetch(descriptor).isEmpty)
        #expect(try context.fetchCount(FetchDescriptor<Recipe>()) == 5)
    }

    @Test func untranslatableNodesNarrowInSQLAndFinishInMemory() throws {
        let context = try context()
        // String.count counts Characters, which SQL cannot; the kind check still narrows.
        let predicate = #Predicate<Recipe> { $0 is BakedGood && $0.name.count > 10 }
        let descriptor = FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.name)])
        let plan = context.queryPlan(for: descriptor)
        #expect(plan.filtersInMemory)
        #expect(!plan.sortsInMemory)
        #expect(plan.sql.contains("kind IN ('baked')"))
        #expect(plan.untranslatedNodes.contains { $0.contains("KeyPath") })
        #expect(try context.fetch(descriptor).map(\.name) == ["Banana bread", "Cherry cake"])
        #expect(try context.fetchCount(descriptor) == 2)
    }

    @Test func limitIsAppliedAfterAnInMemoryFilter() throws {
        let context = try context()
        var descriptor = FetchDescriptor(predicate: #Predicate<Recipe> { $0.name.count >= 9 },
                                         sortBy: [SortDescriptor(\.name, order: .reverse)])
        descriptor.fetchLimit = 2
        descriptor.fetchOffset = 1
        #expect(context.queryPlan(for: descriptor).filtersInMemory)
        #expect(try context.fetch(descriptor).map(\.name) == ["Date loaf", "Cherry cake"])
    }

    @Test func ingredientCountAllSatisfyTernaryAndCastTranslate() throws {
        let context = try context()
        let predicates: [(Predicate<Recipe>, [String])] = [
            (#Predicate { $0.ingredients.count >= 4 }, ["Date loaf", "Elderflower cordial"]),
            (#Predicate { $0.ingredients.allSatisfy { $0.name.starts(with: "item") } }, ["Apple pie", "Banana bread", "Cherry cake", "Date loaf", "Elderflower cordial"]),
            (#Predicate { $0.ingredients.isEmpty }, []),
            (#Predicate { ($0 is Beverage ? "drink" : $0.name) == "drink" }, ["Elderflower cordial"]),
            (#Predicate { (($0 as? BakedGood)?.ovenTemperature ?? 0) > 175 }, ["Cherry cake", "Date loaf"]),
            (#Predicate { if let temperature = ($0 as? BakedGood)?.ovenTemperature { temperature < 170 } else { false } }, ["Apple pie"]),
        ]
        for (predicate, expected) in predicates {
            let descriptor = FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.name)])
            #expect(context.queryPlan(for: descriptor).isExact, "\(predicate.expression)")
            #expect(try context.fetch(descriptor).map(\.name) == expected)
        }
    }

    @Test func aForcedUnwrapOfNilThrowsAsInSwift() throws {
        let context = try context()
        let past = Date.distantPast
        let descriptor = FetchDescriptor(predicate: #Predicate<Recipe> { $0.plannedDate! > past })
        #expect(context.queryPlan(for: descriptor).filtersInMemory)
        #expect(throws: RecipeStoreError.self) { try context.fetch(descriptor) }
    }

    @Test func searchPredicateRequiresEveryWord() throws {
        let context = try context()
        let both = RecipePredicates.search("  item   CAKE ")
        #expect(try context.fetch(FetchDescriptor(predicate: both)).map(\.name) == ["Cherry cake"])
        #expect(RecipePredicates.search("   ") == nil)
        #expect(RecipePredicates.matching(kind: .all, search: "") == nil)
        let drinks = RecipePredicates.matching(kind: .beverages, search: "item")
        #expect(try context.fetch(FetchDescriptor(predicate: drinks)).map(\.name) == ["Elderflower cordial"])
    }
}

@Suite struct RecipeSummaryTests {
    @Test func summariesMatchTheFullRecipesOnBothPaths() throws {
        let context = ModelContext(try RecipeStore.inMemory())
        for index in 0..<20 {
            context.insert(Recipe(name: "Dish \(index)", plannedDate: index.isMultiple(of: 3) ? Date(timeIntervalSinceReferenceDate: Double(index) * 1000) : nil,
                                  ingredients: (0..<(index % 4)).map { Ingredient(name: "i\($0)") }))
        }
        try context.save()
        for predicate in [#Predicate<Recipe> { $0.name.contains("1") }, #Predicate<Recipe> { $0.name.count > 6 }] {
            let descriptor = FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.plannedDate), SortDescriptor(\.name)])
            var summaries: [RecipeSummary] = []
            try context.store.enumerateSummaries(descriptor) { summaries.append($0); return true }
            #expect(summaries == (try context.fetch(descriptor)).map(RecipeSummary.init))
            #expect(!summaries.isEmpty)
        }
    }
}
