import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// The meal plan in a real store file: many entries per recipe, repeats, cooked records,
/// and `plannedDate` derived from them, as `next`, predicates and old code see it.
@Suite struct MealPlanTests {
    let temporary = TemporaryStore()
    /// A Saturday evening and the Sunday after it, in the test's own time zone.
    let saturday = LocalTime.system.date(year: 2027, month: 3, day: 6, hour: 9)
    var sunday: Date { LocalTime.system.adding(days: 1, to: saturday) }

    func insert(_ recipe: Recipe) throws -> Recipe {
        let context = ModelContext(temporary.store)
        context.insert(recipe)
        try context.save()
        return recipe
    }

    func fetched(_ name: String, in store: RecipeStore? = nil) throws -> Recipe? {
        try ModelContext(store ?? temporary.store).fetch(FetchDescriptor<Recipe>(predicate: #Predicate { $0.name == name })).first
    }

    @Test func planningARecipeTwiceKeepsBothEntries() throws {
        let pancakes = try insert(Recipe(name: "Pancakes"))
        let store = temporary.store
        store.clock = { saturday.addingTimeInterval(-86_400) }
        try store.addPlanEntry(PlanEntry(recipeID: pancakes.id, date: saturday, meal: "breakfast"))
        try store.addPlanEntry(PlanEntry(recipeID: pancakes.id, date: sunday, meal: "breakfast", servings: 6))
        #expect(try store.planEntries(of: pancakes.id).map(\.date) == [saturday, sunday])
        #expect(try fetched("Pancakes")?.plannedDate == saturday)
        // Once Saturday's has passed, the recipe's planned date is Sunday's, for `next` and
        // for predicates alike, without anyone writing the plan again.
        let afterSaturday = saturday.addingTimeInterval(3_600)
        store.clock = { afterSaturday }
        // `next` shows Saturday's as the meal in progress for a while, then Sunday's.
        #expect(try store.nextPlannedRecipe(after: afterSaturday)?.isInProgress == true)
        #expect(try store.nextPlannedRecipe(after: saturday + UpcomingRecipe.inProgressFor + 1)?.plannedDate == sunday)
        let upcoming = try ModelContext(store).fetch(FetchDescriptor<Recipe>(predicate: #Predicate { ($0.plannedDate ?? afterSaturday) > afterSaturday }))
        #expect(upcoming.map(\.name) == ["Pancakes"] && upcoming.first?.plannedDate == sunday)
        // Both count on the plan: the week lists each.
        let meals = try store.plannedMeals(from: saturday.addingTimeInterval(-1), to: sunday.addingTimeInterval(1))
        #expect(meals.map(\.date) == [saturday, sunday] && meals.map(\.entry.servings) == [nil, 6])
    }

    @Test func aRepeatMovesNextOnToItsFollowingOccurrence() throws {
        let pizza = try insert(Recipe(name: "Pizza"))
        let store = temporary.store
        let friday = LocalTime.system.date(year: 2027, month: 3, day: 5, hour: 18)
        store.clock = { friday.addingTimeInterval(-3_600) }
        try store.addPlanEntry(PlanEntry(recipeID: pizza.id, date: friday, meal: "dinner", repeatRule: RepeatRule(frequency: .weekly)))
        #expect(try store.nextPlannedRecipe(after: friday.addingTimeInterval(-3_600))?.plannedDate == friday)
        let nextFriday = LocalTime.system.adding(days: 7, to: friday)
        let fridayNight = friday.addingTimeInterval(4 * 3_600)
        // The writable store moves it on once, and then finds it through the index.
        store.clock = { fridayNight }
        #expect(try store.nextPlannedRecipe(after: fridayNight)?.plannedDate == nextFriday)
        #expect(try temporary.count("SELECT count(*) FROM recipe WHERE planned = \(nextFriday.timeIntervalSinceReferenceDate)") == 1)
        // The week lists every Friday in it, and only those.
        let month = try store.plannedMeals(from: friday, to: LocalTime.system.adding(days: 28, to: friday))
        #expect(month.map(\.date) == (0..<4).map { LocalTime.system.adding(days: 7 * $0, to: friday) })
    }

    @Test func cookingMarksTheOccurrenceSoNextPassesIt() throws {
        let soup = try insert(Recipe(name: "Soup"))
        let bread = try insert(Recipe(name: "Bread"))
        let store = temporary.store
        store.clock = { saturday.addingTimeInterval(-7_200) }
        try store.addPlanEntry(PlanEntry(recipeID: soup.id, date: saturday))
        try store.addPlanEntry(PlanEntry(recipeID: bread.id, date: sunday))
        #expect(try store.nextPlannedRecipe(after: saturday.addingTimeInterval(-7_200))?.recipe.name == "Soup")
        // Cooked a little early: the planned occurrence is the one it fulfils.
        let cookedAt = saturday.addingTimeInterval(-1_800)
        let record = try store.recordCooked(recipeID: soup.id, at: cookedAt)
        #expect(record.entryID == (try store.planEntries(of: soup.id).first?.id))
        #expect(try store.planEntries(of: soup.id).first?.isDone == true)
        #expect(try store.nextPlannedRecipe(after: saturday.addingTimeInterval(-7_200))?.recipe.name == "Bread")
        let cooked = try #require(try fetched("Soup"))
        #expect(cooked.lastCooked == cookedAt && cooked.timesCooked == 1 && cooked.plannedDate == nil)
        // "What haven't we had for a while" is a predicate on the derived dates, in SQL.
        let cutoff = saturday.addingTimeInterval(-86_400)
        let descriptor = FetchDescriptor<Recipe>(predicate: #Predicate { ($0.lastCooked ?? cutoff) <= cutoff }, sortBy: [SortDescriptor(\.name)])
        #expect(try ModelContext(store).fetch(descriptor).map(\.name) == ["Bread"])
        #expect(ModelContext(store).queryPlan(for: descriptor).isExact)
    }

    @Test func settingPlannedDatePlansOnceReplacingTheUpcomingEntries() throws {
        let stew = try insert(Recipe(name: "Stew"))
        let store = temporary.store
        let past = saturday.addingTimeInterval(-7 * 86_400)
        store.clock = { saturday.addingTimeInterval(-86_400) }
        for date in [past, saturday, sunday] { try store.addPlanEntry(PlanEntry(recipeID: stew.id, date: date)) }
        let context = ModelContext(store)
        let model = try #require(try context.fetch(FetchDescriptor<Recipe>()).first)
        #expect(model.plannedDate == saturday)
        let later = sunday.addingTimeInterval(86_400)
        model.plannedDate = later
        try context.save()
        // The past entry stays as history; the upcoming two made way for the new date.
        #expect(try store.planEntries(of: stew.id).map(\.date) == [past, later])
        #expect(try fetched("Stew")?.plannedDate == later)
        model.plannedDate = nil
        try context.save()
        #expect(try store.planEntries(of: stew.id).map(\.date) == [past])
        // A recipe planned once keeps its date when that date has passed, as before entries.
        #expect(try fetched("Stew")?.plannedDate == past)
    }

    @Test func clearingADayRemovesItsEntryAndSkipsARepeatThere() throws {
        let tea = try insert(Recipe(name: "Tea"))
        let store = temporary.store
        store.clock = { saturday.addingTimeInterval(-86_400) }
        try store.addPlanEntry(PlanEntry(recipeID: tea.id, date: saturday, repeatRule: RepeatRule(frequency: .daily)))
        try store.addPlanEntry(PlanEntry(recipeID: tea.id, date: sunday.addingTimeInterval(3_600)))
        let sundayAllDay = LocalTime.system.startOfDay(sunday)..<LocalTime.system.adding(days: 1, to: LocalTime.system.startOfDay(sunday))
        let cleared = try store.clearPlan(of: tea.id, in: sundayAllDay)
        #expect(cleared == ClearedPlan(removed: 1, repeatsRemoved: 0, skipped: 1))
        let days = try store.plannedMeals(from: saturday, to: LocalTime.system.adding(days: 3, to: saturday)).map(\.date)
        #expect(days == [saturday, LocalTime.system.adding(days: 2, to: saturday)])
        // Clearing without a day ends the repeat.
        #expect(try store.clearPlan(of: tea.id, in: nil).repeatsRemoved == 1)
        #expect(try store.planEntries(of: tea.id).isEmpty)
    }

    @Test func deletingARecipeDeletesItsPlan() throws {
        let cake = try insert(Recipe(name: "Cake"))
        let store = temporary.store
        store.clock = { saturday.addingTimeInterval(-86_400) }
        try store.addPlanEntry(PlanEntry(recipeID: cake.id, date: saturday))
        try store.recordCooked(recipeID: cake.id, at: saturday.addingTimeInterval(-86_400 * 3))
        let context = ModelContext(store)
        context.delete(try #require(try context.fetch(FetchDescriptor<Recipe>()).first))
        try context.save()
        #expect(try store.planEntries(of: cake.id).isEmpty && store.cookedRecords(of: cake.id).isEmpty)
        #expect(try store.plannedMeals(from: saturday.addingTimeInterval(-1), to: sunday).isEmpty)
        #expect(try store.nextPlannedRecipe(after: saturday.addingTimeInterval(-86_400)) == nil)
        #expect(throws: RecipeStoreError.self) { try store.addPlanEntry(PlanEntry(recipeID: cake.id, date: sunday)) }
    }

    @Test func anArchiveCarriesThePlanAndTheCookedLog() throws {
        let pizza = try insert(Recipe(name: "Pizza"))
        let store = temporary.store
        store.clock = { saturday.addingTimeInterval(-86_400) }
        let weekly = PlanEntry(recipeID: pizza.id, date: saturday, meal: "dinner", servings: 4, note: "double cheese",
                               repeatRule: RepeatRule(frequency: .weekly), skipped: [LocalTime.system.adding(days: 7, to: saturday)])
        try store.addPlanEntry(weekly)
        try store.recordCooked(recipeID: pizza.id, at: saturday.addingTimeInterval(600))
        let data = try store.exportArchive().encoded()
        #expect(try RecipeArchive.decode(data).version == 2)
        let other = TemporaryStore()
        other.store.clock = store.clock
        #expect(try other.store.importArchive(RecipeArchive.decode(data)).imported == ["Pizza"])
        let entries = try other.store.planEntries(of: pizza.id)
        #expect(entries.count == 1 && entries.first?.repeatRule == weekly.repeatRule && entries.first?.skipped == weekly.skipped)
        #expect(entries.first?.meal == "dinner" && entries.first?.servings == 4 && entries.first?.note == "double cheese")
        #expect(try entries.first?.cooked == [saturday] && other.store.cookedRecords(of: pizza.id).count == 1)
        // Importing the same archive again adds nothing, to the recipes or to the plan.
        _ = try other.store.importArchive(RecipeArchive.decode(data))
        #expect(try other.store.planEntries(of: pizza.id).count == 1)
        // A version 1 archive's planned date is planned once.
        let old = try RecipeArchive.decode(Data(#"{"format": "recipes", "version": 1, "recipes": [{"name": "Tea", "planned": "2027-03-06T09:00:00Z"}]}"#.utf8))
        let third = TemporaryStore()
        _ = try third.store.importArchive(old)
        let tea = try #require(try fetched("Tea", in: third.store))
        #expect(try third.store.planEntries(of: tea.id).map(\.date) == [RecipeJSON.parseISODate("2027-03-06T09:00:00Z")!])
    }
}

/// A store from before plan entries keeps every plan as one entry.
@Suite struct MealPlanMigrationTests {
    /// Version 5 (sync, before the written-files table): built from the first schema's SQL
    /// and migrations 2 to 5 as they were, holding a planned and an unplanned recipe.
    @Test func aVersionFiveStoreGetsOneEntryPerPlannedRecipe() throws {
        let temporary = TemporaryStore()
        let raw = try SQLiteConnection(path: temporary.url.path)
        try raw.execute(Schema.migrations[0..<5].map(\.sql).joined(separator: "\n"))
        try raw.execute("""
            DROP INDEX IF EXISTS recipe_by_start;
            INSERT INTO recipe (id, kind, name, planned, created, updated) VALUES
                ('11111111-1111-1111-1111-111111111111', 'dish', 'Planned', 800000000, 1, 2),
                ('22222222-2222-2222-2222-222222222222', 'dish', 'Unplanned', NULL, 1, 2);
            INSERT INTO recipe_version (recipe_id, wall, counter, replica) VALUES
                ('11111111-1111-1111-1111-111111111111', 1700000000000, 3, 'abc'),
                ('22222222-2222-2222-2222-222222222222', 1700000000000, 4, 'abc');
            PRAGMA application_id = \(Schema.applicationID);
            PRAGMA user_version = 5;
            """)
        let store = try RecipeStore(url: temporary.url)
        #expect(try store.schemaVersion == RecipeStore.currentSchemaVersion)
        let planned = try #require(UUID(uuidString: "11111111-1111-1111-1111-111111111111"))
        let entries = try store.planEntries(of: planned)
        // The entry takes the recipe's id and version, so every machine migrating the same
        // synced recipe makes the same entry.
        #expect(entries.map(\.id) == [planned] && entries.map(\.date) == [Date(timeIntervalSinceReferenceDate: 800_000_000)])
        #expect(try store.syncedPlan(of: planned).first?.stamp == SyncStamp(wall: 1_700_000_000_000, counter: 3, replica: "abc"))
        #expect(try store.planEntries(of: #require(UUID(uuidString: "22222222-2222-2222-2222-222222222222"))).isEmpty)
        let recipe = try #require(try ModelContext(store).model(for: planned))
        #expect(recipe.plannedDate == Date(timeIntervalSinceReferenceDate: 800_000_000))
    }
}

/// The plan between machines: entries merge one by one.
@Suite struct MealPlanSyncTests {
    let saturday = LocalTime.system.date(year: 2027, month: 3, day: 6, hour: 9)

    /// Both machines plan the same recipe offline, on different days: both plans stay, and
    /// the recipe's own edit on one machine is not undone by the other's plan.
    @Test func twoMachinesPlanningOneRecipeOfflineKeepBothEntries() throws {
        let replicas = try SyncTests.Replicas(2)
        let (laptop, desktop) = (replicas.stores[0], replicas.stores[1])
        let shared = replicas.folder(0)
        for store in [laptop, desktop] { store.clock = { saturday.addingTimeInterval(-86_400) } }
        let pancakes = Recipe(name: "Pancakes")
        let context = ModelContext(laptop)
        context.insert(pancakes)
        try context.save()
        _ = try laptop.sync(folder: shared)
        _ = try desktop.sync(folder: shared)

        try laptop.addPlanEntry(PlanEntry(recipeID: pancakes.id, date: saturday, meal: "breakfast"))
        let renamed = ModelContext(desktop)
        try #require(try renamed.model(for: pancakes.id)).name = "Fluffy pancakes"
        try renamed.save()
        let sunday = LocalTime.system.adding(days: 1, to: saturday)
        try desktop.addPlanEntry(PlanEntry(recipeID: pancakes.id, date: sunday, meal: "breakfast"))
        for _ in 0..<2 {
            _ = try laptop.sync(folder: shared)
            _ = try desktop.sync(folder: shared)
        }
        #expect(try replicas.dump(0) == replicas.dump(1))
        #expect(try laptop.planEntries(of: pancakes.id).map(\.date) == [saturday, sunday])
        #expect(try ModelContext(laptop).model(for: pancakes.id)?.name == "Fluffy pancakes")
        #expect(try ModelContext(laptop).model(for: pancakes.id)?.plannedDate == saturday)
    }

    /// A sync that brings only a plan says it applied a change.
    @Test func aPlanAloneCountsAsAnAppliedChange() throws {
        let replicas = try SyncTests.Replicas(2)
        let (laptop, desktop) = (replicas.stores[0], replicas.stores[1])
        let soup = Recipe(name: "Soup")
        let context = ModelContext(laptop)
        context.insert(soup)
        try context.save()
        _ = try laptop.sync(folder: replicas.folder(0))
        _ = try desktop.sync(folder: replicas.folder(0))
        try laptop.addPlanEntry(PlanEntry(recipeID: soup.id, date: Date(timeIntervalSince1970: 1_900_000_000)))
        _ = try laptop.sync(folder: replicas.folder(0))
        let report = try desktop.sync(folder: replicas.folder(0))
        #expect(report.applied == 1 && report.superseded == 0, "\(report)")
        #expect(try desktop.sync(folder: replicas.folder(0)).applied == 0)
    }

    /// The same entry changed on both: the later change wins for its fields, and the
    /// occurrences either side skipped stay skipped; a cooked record made on one reaches both.
    @Test func theSameEntryChangedOnBothEndsTheSameEverywhere() throws {
        let replicas = try SyncTests.Replicas(2)
        let (laptop, desktop) = (replicas.stores[0], replicas.stores[1])
        let shared = replicas.folder(0)
        for store in [laptop, desktop] { store.clock = { saturday.addingTimeInterval(-86_400) } }
        let pizza = Recipe(name: "Pizza")
        let context = ModelContext(laptop)
        context.insert(pizza)
        try context.save()
        let weekly = PlanEntry(recipeID: pizza.id, date: saturday, repeatRule: RepeatRule(frequency: .weekly))
        try laptop.addPlanEntry(weekly)
        _ = try laptop.sync(folder: shared)
        _ = try desktop.sync(folder: shared)
        #expect(try desktop.planEntries(of: pizza.id) == [weekly])

        let week2 = LocalTime.system.adding(days: 7, to: saturday), week3 = LocalTime.system.adding(days: 14, to: saturday)
        try laptop.skipOccurrences(of: pizza.id, in: week2..<week2.addingTimeInterval(1))
        try desktop.skipOccurrences(of: pizza.id, in: week3..<week3.addingTimeInterval(1))
        try desktop.recordCooked(recipeID: pizza.id, at: saturday)
        for _ in 0..<2 {
            _ = try laptop.sync(folder: shared)
            _ = try desktop.sync(folder: shared)
        }
        #expect(try replicas.dump(0) == replicas.dump(1))
        let merged = try #require(try laptop.planEntries(of: pizza.id).first)
        #expect(merged.skipped == [week2, week3] && merged.cooked == [saturday])
        #expect(try laptop.cookedRecords(of: pizza.id).map(\.date) == [saturday])
        #expect(try ModelContext(laptop).model(for: pizza.id)?.timesCooked == 1)
    }
}

/// Undoing `cooked` between machines: the record and its undoing travel; the meal it
/// fulfilled is open again everywhere unless another record fulfils it.
@Suite struct CookedUndoSyncTests {
    let saturday = LocalTime.system.date(year: 2027, month: 3, day: 6, hour: 18)

    /// Three machines cook weeks of a weekly pizza, undo their latest record and sync at
    /// random; afterwards every machine reads the same, and what it reads is the oracle's:
    /// the records made less those undone anywhere, and as cooked exactly the weeks a record
    /// left standing fulfils.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func undoingConvergesToTheRecordsLeft(seed: UInt64) throws {
        var random = PredicateDifferentialTests.Generator(state: seed)
        let replicas = try SyncTests.Replicas(3)
        let stores = replicas.stores, shared = replicas.folder(0)
        let now = LocalTime.system.adding(days: 60, to: saturday)
        for store in stores { store.clock = { now } }
        let pizza = Recipe(name: "Pizza")
        let context = ModelContext(stores[0])
        context.insert(pizza)
        try context.save()
        try stores[0].addPlanEntry(PlanEntry(recipeID: pizza.id, date: saturday, repeatRule: RepeatRule(frequency: .weekly)), now: now)
        for store in stores { _ = try store.sync(folder: shared) }

        var made: [UUID: Date?] = [:], undone: Set<UUID> = []
        for _ in 0..<40 {
            let store = stores[Int.random(in: 0..<3, using: &random)]
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                let week = LocalTime.system.adding(days: 7 * Int.random(in: 0..<4, using: &random), to: saturday)
                let record = try store.recordCooked(recipeID: pizza.id, at: week + 600, again: true, now: now)
                made[record.id] = record.occurrence
            case 4..<6:
                if let undo = try store.undoCooked(recipeID: pizza.id, now: now) { undone.insert(undo.record.id) }
            default:
                _ = try store.sync(folder: shared)
            }
        }
        for _ in 0..<2 { for store in stores { _ = try store.sync(folder: shared) } }

        let standing = made.filter { !undone.contains($0.key) }
        let cookedWeeks = Set(standing.values.compactMap { $0 })
        for (index, store) in stores.enumerated() {
            #expect(try replicas.dump(index) == replicas.dump(0), "seed \(seed): machine \(index)")
            #expect(Set(try store.cookedRecords(of: pizza.id).map(\.id)) == Set(standing.keys), "seed \(seed): machine \(index)")
            #expect(Set(try store.planEntries(of: pizza.id).first?.cooked ?? []) == cookedWeeks, "seed \(seed): machine \(index)")
            #expect(try ModelContext(store).model(for: pizza.id)?.timesCooked == standing.count)
        }
    }

    /// Undone, the meal is planned again and `next` shows it; undoing what was never
    /// cooked does nothing.
    @Test func undoReopensTheMealItFulfilled() throws {
        let store = try RecipeStore.inMemory()
        store.clock = { saturday - 3_600 }
        let soup = Recipe(name: "Soup", plannedDate: saturday)
        let context = ModelContext(store)
        context.insert(soup)
        try context.save()
        #expect(try store.undoCooked(recipeID: soup.id, now: saturday) == nil)
        let record = try store.recordCooked(recipeID: soup.id, at: saturday + 600, now: saturday + 600)
        #expect(record.occurrence == saturday)
        #expect(try store.nextPlannedRecipe(after: saturday + 900) == nil)
        let undo = try #require(try store.undoCooked(recipeID: soup.id, now: saturday + 900))
        #expect(undo == UndoneCooking(record: record, reopened: saturday))
        #expect(try store.nextPlannedRecipe(after: saturday + 900)?.isInProgress == true)
        #expect(try store.cookedRecords(of: soup.id).isEmpty)
        #expect(try ModelContext(store).model(for: soup.id)?.timesCooked == 0)
        // Cooked again, it is done again.
        try store.recordCooked(recipeID: soup.id, at: saturday + 1_200, now: saturday + 1_200)
        #expect(try store.planEntries(of: soup.id).first?.isDone == true)
    }
}

/// A recipe made another kind keeps what it has, and the change travels like any edit.
@Suite struct KindChangeTests {
    @Test func aDishBecomesABakedGoodEverywhere() throws {
        let replicas = try SyncTests.Replicas(2)
        let (laptop, desktop) = (replicas.stores[0], replicas.stores[1])
        let focaccia = Recipe(name: "Focaccia", plannedDate: Date(timeIntervalSince1970: 1_900_000_000),
                              ingredients: [Ingredient(name: "Flour", amount: "500 g")])
        let context = ModelContext(laptop)
        context.insert(focaccia)
        try context.save()
        #expect(try laptop.changeKind(of: focaccia.id, to: .bakedGood) == .init(changed: true, dropped: []))
        let editing = ModelContext(laptop)
        let baked = try #require(try editing.model(for: focaccia.id) as? BakedGood)
        baked.ovenTemperature = 220
        try editing.save()
        _ = try laptop.sync(folder: replicas.folder(0))
        _ = try desktop.sync(folder: replicas.folder(0))
        let there = try #require(try ModelContext(desktop).model(for: focaccia.id) as? BakedGood)
        #expect(there.ovenTemperature == 220 && there.ingredients.map(\.name) == ["Flour"])
        #expect(there.plannedDate == Date(timeIntervalSince1970: 1_900_000_000))
        #expect(try desktop.changeKind(of: focaccia.id, to: .beverage) == .init(changed: true, dropped: ["ovenTemperature"]))
        let beverage = try #require(try ModelContext(desktop).model(for: focaccia.id) as? Beverage)
        #expect(beverage.isAlcoholic == false && beverage.isServedHot == false)
        #expect(try desktop.planEntries(of: focaccia.id).count == 1)
    }
}

/// Merging recipes imported twice from one page keeps one recipe with every meal planned for
/// either, and two machines merging alike end with the same entries.
@Suite struct DuplicatePlanTests {
    @Test func aMergeKeepsTheOthersPlansAndCookedLog() throws {
        let replicas = try SyncTests.Replicas(2)
        let (laptop, desktop) = (replicas.stores[0], replicas.stores[1])
        let friday = Date(timeIntervalSince1970: 1_900_000_000)
        let first = Recipe(name: "Soup", sourceURL: "https://example.com/soup"), second = Recipe(name: "Soup", sourceURL: "https://example.com/soup/")
        for (store, recipe) in [(laptop, first), (desktop, second)] {
            let context = ModelContext(store)
            context.insert(recipe)
            try context.save()
        }
        try laptop.addPlanEntry(PlanEntry(recipeID: first.id, date: friday, meal: "dinner"))
        try desktop.addPlanEntry(PlanEntry(recipeID: second.id, date: friday.addingTimeInterval(86_400)))
        try desktop.recordCooked(recipeID: second.id, at: friday.addingTimeInterval(-86_400))
        for _ in 0..<2 { for store in [laptop, desktop] { _ = try store.sync(folder: replicas.folder(0)) } }
        // Both machines merge before they sync again.
        let groups = try laptop.mergeRecipesSharingASource()
        try desktop.mergeRecipesSharingASource()
        for _ in 0..<2 { for store in [laptop, desktop] { _ = try store.sync(folder: replicas.folder(0)) } }
        let kept = try #require(groups.first?.kept.id)
        #expect(try laptop.planEntries(of: kept).map(\.date) == [friday, friday.addingTimeInterval(86_400)])
        #expect(try laptop.cookedRecords(of: kept).count == 1)
        #expect(try replicas.dump(0) == replicas.dump(1))
        #expect(try desktop.planEntries(of: kept).count == 2)
    }
}

extension DuplicatePlanTests {
    /// Two machines choose the same recipe to keep though each holds its own recipe's update
    /// time to the microsecond and the other's to the millisecond sync carries. The full suite
    /// failed now and then when the two saves fell within one millisecond: each machine kept
    /// its own, and the merges deleted both recipes (this test fails on the code before).
    @Test(arguments: [(0.0006, 0.0009), (0.0009, 0.0006), (0.0004, 0.0004), (0.9996, 0.0002)])
    func machinesAgreeOnTheRecipeKeptWithinAMillisecond(first: Double, second: Double) throws {
        let replicas = try SyncTests.Replicas(2)
        let (laptop, desktop) = (replicas.stores[0], replicas.stores[1])
        let second0 = Date(timeIntervalSince1970: 1_800_000_000)
        // Written as records, for update times to the microsecond (a save or an import
        // stamps its own).
        for (store, offset) in [(laptop, first), (desktop, second)] {
            var record = RecipeRecord(Recipe(name: "Soup", sourceURL: "https://example.com/soup"))
            record.updatedAt = second0.addingTimeInterval(offset)
            let written = record
            try store.write { _ = try store.insert(count: 1) { _ in written } }
        }
        for _ in 0..<2 { for store in [laptop, desktop] { _ = try store.sync(folder: replicas.folder(0)) } }
        let laptopKeeps = try laptop.recipesSharingASource().map(\.kept.id)
        #expect(try desktop.recipesSharingASource().map(\.kept.id) == laptopKeeps)
        try laptop.mergeRecipesSharingASource()
        try desktop.mergeRecipesSharingASource()
        for _ in 0..<2 { for store in [laptop, desktop] { _ = try store.sync(folder: replicas.folder(0)) } }
        #expect(try ModelContext(laptop).fetchCount(FetchDescriptor<Recipe>()) == 1)
        #expect(try ModelContext(desktop).fetchCount(FetchDescriptor<Recipe>()) == 1)
    }
}

/// A plan made offline on a recipe another machine deletes, which a third machine's later edit
/// brings back: the plan reaches every machine, and nobody reports a refused change.
@Suite struct DeletedRecipePlanSyncTests {
    @Test func aPlanMadeWhileAnotherMachineDeletedTheRecipeComesBackWithIt() throws {
        let replicas = try SyncTests.Replicas(3)
        let (a, b, c) = (replicas.stores[0], replicas.stores[1], replicas.stores[2])
        let shared = replicas.folder(0)
        let pizza = Recipe(name: "Pizza")
        let context = ModelContext(a)
        context.insert(pizza)
        try context.save()
        try a.addPlanEntry(PlanEntry(recipeID: pizza.id, date: Date(timeIntervalSince1970: 1_900_000_000), repeatRule: RepeatRule(frequency: .weekly)))
        var refused: [String] = []
        func syncAll() throws {
            for store in [a, b, c] { refused += try store.sync(folder: shared).refusedChanges }
        }
        try syncAll()
        try syncAll()
        try b.addPlanEntry(PlanEntry(recipeID: pizza.id, date: Date(timeIntervalSince1970: 1_900_500_000), note: "from B"))
        try b.recordCooked(recipeID: pizza.id, at: Date(timeIntervalSince1970: 1_899_000_000))
        let deleting = ModelContext(a)
        deleting.delete(try #require(try deleting.model(for: pizza.id)))
        try deleting.save()
        // The edit must come later by the clock than the deletion, or the deletion wins (both
        // in one millisecond are ordered by counter and replica, which may go either way).
        usleep(20_000)
        let editing = ModelContext(c)
        try #require(try editing.model(for: pizza.id)).summary = "edited on C"
        try editing.save()
        for _ in 0..<3 { try syncAll() }
        #expect(refused.isEmpty, "\(refused)")
        #expect(try replicas.dump(0) == replicas.dump(1) && replicas.dump(1) == replicas.dump(2))
        for store in [a, b, c] {
            #expect(try store.planEntries(of: pizza.id).map(\.note).sorted() == ["", "from B"])
            #expect(try store.cookedRecords(of: pizza.id).count == 1)
        }
    }
}
