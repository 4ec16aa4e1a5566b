import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// `nextPlannedRecipe` runs SQL written out for speed; it must stay what the SwiftData-shaped
/// descriptor compiles to, and give the same answers.
@Suite struct NextPlannedTests {
    @Test(arguments: RecipeKind.allCases)
    func theWrittenOutSQLIsWhatTheDescriptorCompilesTo(kind: RecipeKind) {
        let now = Date()
        let plan = CompiledFetch(RecipeStore.nextPlannedDescriptor(after: now, kind: kind).query).plan
        #expect(plan.sql == RecipeStore.nextPlannedSQL(kind))
        #expect(plan.isExact)
        let time = SQLiteValue.real(now.timeIntervalSinceReferenceDate)
        #expect(plan.parameters == [time, time, .integer(1), .integer(0)])
    }

    @Test(arguments: RecipeKind.allCases)
    func itAgreesWithTheFetch(kind: RecipeKind) throws {
        let context = ModelContext(try RecipeStore.inMemory())
        let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
        context.insert(Recipe(name: "Past", plannedDate: now.addingTimeInterval(-60)))
        context.insert(Recipe(name: "Exactly now", plannedDate: now))
        context.insert(BakedGood(name: "Bread", plannedDate: now.addingTimeInterval(7_200)))
        context.insert(Beverage(name: "Tea", plannedDate: now.addingTimeInterval(3_000)))
        context.insert(Recipe(name: "Soup", plannedDate: now.addingTimeInterval(600)))
        context.insert(Recipe(name: "Unplanned"))
        try context.save()
        let fetched = try context.fetch(RecipeStore.nextPlannedDescriptor(after: now, kind: kind)).first
        let next = try context.store.nextPlannedRecipe(after: now, kind: kind)
        #expect(next?.recipe.id == fetched?.id)
        #expect(next?.recipe.name == ["all": "Soup", "bakedGoods": "Bread", "beverages": "Tea"][kind.rawValue])
        #expect(next?.startsIn == fetched?.plannedDate.map { $0.timeIntervalSince(now) })
    }
}
