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
        #expect(plan.sql == RecipeStore.nextPlannedSQL(RecipeKinds(kind)))
        #expect(plan.isExact)
        let time = SQLiteValue.real(now.timeIntervalSinceReferenceDate)
        #expect(plan.parameters == [time, time, .integer(1), .integer(0)])
    }

    @Test(arguments: RecipeKind.allCases)
    func itAgreesWithTheFetch(kind: RecipeKind) throws {
        let context = ModelContext(try RecipeStore.inMemory())
        let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
        // Planned before now, further back than a meal in progress.
        context.insert(Recipe(name: "Past", plannedDate: now - UpcomingRecipe.inProgressFor - 60))
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

    /// A meal whose time has come and that was not cooked comes before the next one, for
    /// two hours, until it is cooked, or until the next should be started; the descriptor
    /// (plannedDate after now) is not what decides that.
    @Test func aMealInProgressComesFirstUntilItIsCookedOrOver() throws {
        let store = try RecipeStore.inMemory()
        let context = ModelContext(store)
        let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
        store.clock = { now - 3_600 }
        let curry = Recipe(name: "Curry", plannedDate: now - 1_800)
        let soup = Recipe(name: "Soup", plannedDate: now + 3 * 3_600)
        soup.totalMinutes = 150
        context.insert(curry)
        context.insert(soup)
        context.insert(BakedGood(name: "Bread", plannedDate: now - 600))
        try context.save()
        #expect(try context.fetch(RecipeStore.nextPlannedDescriptor(after: now)).first?.name == "Soup")
        // The latest begun of the kind asked for.
        #expect(try store.nextPlannedRecipe(after: now).map { ($0.recipe.name, $0.isInProgress) } ?? ("", false) == ("Bread", true))
        #expect(try store.nextPlannedRecipe(after: now, kind: .beverages) == nil)
        let current = try #require(try store.nextPlannedRecipe(after: now, kind: .all))
        #expect(current.plannedDate == now - 600 && current.startsIn == -600 && current.urgency == .imminent)
        try store.recordCooked(recipeID: current.recipe.id, at: now, now: now)
        #expect(try store.nextPlannedRecipe(after: now)?.recipe.name == "Curry")
        // The soup takes 2h30: from its start (30 minutes on) it is what to do next.
        #expect(try store.nextPlannedRecipe(after: now + 1_800)?.recipe.name == "Soup")
        #expect(try store.nextPlannedRecipe(after: now + 1_799)?.recipe.name == "Curry")
        // Two hours after its time the curry is over, cooked or not.
        store.clock = { now }
        try store.replaceUpcomingPlan(of: soup.id, with: nil, now: now)
        #expect(try store.nextPlannedRecipe(after: now - 1_800 + UpcomingRecipe.inProgressFor - 1)?.recipe.name == "Curry")
        #expect(try store.nextPlannedRecipe(after: now - 1_800 + UpcomingRecipe.inProgressFor) == nil)
    }

    /// A repeat moved on to its next occurrence keeps the one that has begun as in progress.
    @Test func aRepeatsBegunOccurrenceIsInProgress() throws {
        let store = try RecipeStore.inMemory()
        let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
        store.clock = { now - 86_400 }
        let tea = Beverage(name: "Tea")
        let context = ModelContext(store)
        context.insert(tea)
        try context.save()
        try store.addPlanEntry(PlanEntry(recipeID: tea.id, date: now - 3 * 86_400 - 900, repeatRule: RepeatRule(frequency: .daily)), now: now - 86_400)
        let begun = try #require(try store.nextPlannedRecipe(after: now))
        #expect(begun.plannedDate == now - 900 && begun.isInProgress)
        #expect(try store.nextPlannedRecipe(after: now + 7_200)?.plannedDate == now + 86_400 - 900)
        try store.recordCooked(recipeID: tea.id, at: now, now: now)
        #expect(try store.nextPlannedRecipe(after: now)?.plannedDate == now + 86_400 - 900)
    }
}
