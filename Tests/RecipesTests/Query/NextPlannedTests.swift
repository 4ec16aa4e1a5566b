import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// `nextPlannedRecipe` runs SQL written out for speed: of the recipes planned after now, the
/// one whose cooking starts first. For recipes without times it must give what the
/// SwiftData-shaped descriptor (earliest planned) gives; the start it orders by must be the one
/// ``UpcomingRecipe`` shows, for any times a row may hold.
@Suite struct NextPlannedTests {
    /// The start in SQL (the index's expression) against `UpcomingRecipe.leadTime`, for random
    /// times: none, some, zero, negative (another program's), past the 30-day limit.
    @Test func theStartInSQLIsTheStartShown() throws {
        let temporary = TemporaryStore()
        _ = temporary.store  // made, with its indexes
        let raw = try temporary.rawConnection()
        var random = PredicateDifferentialTests.Generator(state: 3434)
        let values: [Int?] = [nil, nil, 0, 5, 45, 90, 240, -30, 1_440, Recipe.longestMinutes, Recipe.longestMinutes + 1, 100_000]
        let planned = Date(timeIntervalSinceReferenceDate: 800_000_000)
        for round in 0..<300 {
            let (total, prep, cook) = (values.randomElement(using: &random)!, values.randomElement(using: &random)!, values.randomElement(using: &random)!)
            let start = try raw.fetchOne(Double.self, "SELECT \(RecipeStore.startSQL(alias: "r")) FROM (SELECT ? AS planned, ? AS total_minutes, ? AS prep_minutes, ? AS cook_minutes) r",
                                         [planned, total, prep, cook], cached: false)
            let lead = min(UpcomingRecipe.leadTime(total: total, prep: prep, cook: cook), TimeInterval(Recipe.longestMinutes * 60))
            #expect(start == (planned - lead).timeIntervalSinceReferenceDate, "round \(round): \(String(describing: total)) \(String(describing: prep)) \(String(describing: cook))")
        }
        // The query reads the start index, in order, with no sort and no scan of the table.
        let plan = try raw.fetchAll("EXPLAIN QUERY PLAN " + RecipeStore.nextStartingSQL(.all), RecipeStore.nextStartingArguments(planned),
                                    cached: false) { try $0["detail"] as String }
        #expect(plan.count == 1 && plan[0].contains("USING INDEX recipe_by_start"), "\(plan)")
        let dishes = try raw.fetchAll("EXPLAIN QUERY PLAN " + RecipeStore.nextStartingSQL(.dishes), RecipeStore.nextStartingArguments(planned),
                                      cached: false) { try $0["detail"] as String }
        #expect(dishes.count == 1 && dishes[0].contains("USING INDEX recipe_by_start"), "\(dishes)")
    }

    /// A roast at 19:00 that takes two hours is started before a soup at 18:00: it comes
    /// first from 17:00 (found by a user trial: the bar showed the soup until 18:01).
    @Test func theRecipeThatStartsFirstComesFirst() throws {
        let context = ModelContext(try RecipeStore.inMemory())
        let evening = Date(timeIntervalSinceReferenceDate: 800_000_000)
        context.insert(Recipe(name: "Soup", plannedDate: evening))
        let roast = Recipe(name: "Roast", plannedDate: evening + 3_600)
        roast.totalMinutes = 120
        context.insert(roast)
        let pie = BakedGood(name: "Pie", plannedDate: evening + 7_200)
        pie.prepMinutes = 30
        pie.cookMinutes = 180
        context.insert(pie)
        try context.save()
        let store = context.store
        func next(_ minutes: Int, _ kinds: RecipeKinds = .all) throws -> String? {
            try store.nextPlannedRecipe(after: evening + TimeInterval(minutes * 60), kinds: kinds)?.recipe.name
        }
        // The pie (20:00, three and a half hours) starts at 16:30, the roast at 17:00.
        #expect(try next(-240) == "Pie")
        #expect(try next(-91) == "Pie")
        #expect(try next(-89) == "Pie")
        #expect(try next(-240, .dishes) == "Roast")
        #expect(try next(-1, [.dishes]) == "Roast")
        // Once the soup's time has come it is the meal in progress, until the next should be started.
        #expect(try next(1, [.dishes]) == "Roast")
        #expect(try store.nextPlannedRecipe(after: evening - 240 * 60, kinds: .all)?.startDate == evening - 90 * 60)
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
