import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// The week planner (issue 38) on real store files: every proposal keeps every hard rule
/// (checked against an oracle on random kitchens), the same inputs give the same week, and
/// ranking prefers what it says it prefers.
@Suite struct MealPlannerTests {
    static let local = LocalTime(zone: .fixed(secondsEast: 0))
    /// Thursday 2026-12-03, 09:00.
    static let now = Date(timeIntervalSince1970: 1_796_288_400)
    static let tagPool = ["fish", "vegetarian", "quick", "spicy", "soup", "pasta"]

    struct Kitchen {
        let temporary = TemporaryStore()
        var store: RecipeStore { temporary.store }
        var recipes: [Recipe] = []
    }

    /// A store of `count` recipes with random kinds, tags, times and cooked days, and a few
    /// meals planned around the coming weeks.
    static func randomKitchen(seed: UInt64, count: Int) throws -> Kitchen {
        var random = PlannerRandom(seed: seed)
        var kitchen = Kitchen()
        let context = ModelContext(kitchen.store)
        for index in 0..<count {
            let kind = random.next(100)
            let recipe: Recipe = kind < 8 ? Beverage(name: "Drink \(index)") : kind < 20 ? BakedGood(name: "Bake \(index)") : Recipe(name: "Dish \(index)")
            recipe.tags = tagPool.filter { _ in random.next(4) == 0 }
            recipe.totalMinutes = random.next(5) == 0 ? nil : 10 + random.next(80)
            recipe.ingredients = [Ingredient(name: ["chicken", "salmon", "lentils", "spinach", "pasta", "eggs"][random.next(6)]),
                                  Ingredient(name: "onion"), Ingredient(name: "salt")]
            context.insert(recipe)
            kitchen.recipes.append(recipe)
        }
        try context.save()
        for recipe in kitchen.recipes where random.next(3) == 0 {
            let daysAgo = Double(random.next(120))
            try kitchen.store.recordCooked(recipeID: recipe.id, at: now.addingTimeInterval(-daysAgo * 86_400 - 3_600), again: true, now: now, local: local)
        }
        for _ in 0..<random.next(6) {
            let recipe = kitchen.recipes[random.next(count)]
            let day = random.next(20) - 3
            let date = now.addingTimeInterval(Double(day) * 86_400 + 9 * 3_600)
            try kitchen.store.addPlanEntry(PlanEntry(recipeID: recipe.id, date: date, meal: "dinner"), now: now)
        }
        return kitchen
    }

    static func randomRules(_ random: inout PlannerRandom) -> FillRules {
        var rules = FillRules()
        if random.next(3) == 0 { rules.condition.maxMinutes = [30, 45, 60][random.next(3)] }
        if random.next(4) == 0 { rules.condition.tags = [[tagPool[random.next(6)], tagPool[random.next(6)]]] }
        if random.next(3) == 0 { rules.condition.excludedTags = [tagPool[random.next(6)]] }
        if random.next(3) == 0 {
            rules.scoped.append(.init(weekdays: [5], meal: nil, condition: .init(tags: [["fish"]]), origin: "fill.fri.tag"))
        }
        if random.next(3) == 0 {
            rules.scoped.append(.init(weekdays: [1, 2, 3, 4, 5], meal: "dinner", condition: .init(maxMinutes: 40), origin: "fill.weekdays.max-time"))
        }
        rules.noRepeatDays = [0, 7, 14, 21][random.next(4)]
        if random.next(3) == 0 { rules.quotas.append(.init(tag: "vegetarian", atLeast: random.next(3), origin: "--at-least")) }
        if random.next(3) == 0 { rules.quotas.append(.init(tag: "spicy", atMost: random.next(3), origin: "--at-most")) }
        if random.next(5) == 0 { rules.varieties = [.dish, .bakedGood] }
        return rules
    }

    /// What the rules ask of `recipe` at `slot`, written from the rules' words, not the planner's code.
    static func meetsStaticRules(_ recipe: Recipe, _ slot: MealSlot, _ rules: FillRules) -> Bool {
        let kinds = rules.varieties ?? (slot.meal == "breakfast" ? [.dish, .bakedGood] : [.dish])
        guard kinds.contains(recipe.variety) else { return false }
        let weekday = local.components(of: slot.date).weekday
        var conditions = [rules.condition]
        for scoped in rules.scoped where (scoped.weekdays?.contains(weekday) ?? true) && (scoped.meal ?? slot.meal) == slot.meal {
            conditions.append(scoped.condition)
        }
        for condition in conditions {
            if let most = condition.maxMinutes {
                guard let minutes = recipe.totalMinutes, minutes <= most else { return false }
            }
            if condition.excludedTags.contains(where: recipe.tags.contains) { return false }
            if !condition.tags.allSatisfy({ $0.contains(where: recipe.tags.contains) }) { return false }
        }
        return true
    }

    @Test(arguments: 0..<24)
    func everyProposalKeepsEveryRule(seed: Int) throws {
        var random = PlannerRandom(seed: UInt64(seed) &* 7_919 &+ 17)
        let kitchen = try Self.randomKitchen(seed: UInt64(seed), count: 20 + random.next(40))
        let store = kitchen.store
        let meals = random.next(3) == 0 ? ["lunch", "dinner"] : ["dinner"]
        let slots = MealSlot.slots(from: Self.now, days: 3 + random.next(12), meals: meals, times: .default, after: Self.now, local: Self.local)
        let rules = Self.randomRules(&random)
        let request = FillRequest(slots: slots, rules: rules, seed: UInt64(seed), partial: random.next(2) == 0, now: Self.now, local: Self.local)
        let byID = Dictionary(uniqueKeysWithValues: kitchen.recipes.map { ($0.id, $0) })
        let existing = try store.plannedMeals(from: Self.now.addingTimeInterval(-40 * 86_400), to: Self.now.addingTimeInterval(60 * 86_400), local: Self.local)
        let proposal: FillProposal
        do {
            proposal = try store.proposeMeals(request)
        } catch let error as FillError {
            // Nothing fits: the same request made partial leaves that very meal empty, for that reason.
            #expect(!request.partial)
            var partial = request
            partial.partial = true
            if error.kind == .nothingFits {
                let rest = try store.proposeMeals(partial)
                #expect(!rest.unfilled.isEmpty, "\(error)")
                let formatter = PlannedTimeFormatter(now: Self.now, local: Self.local)
                #expect(rest.unfilled.allSatisfy { $0.reason.hasPrefix("\(formatter.day($0.slot.date)) \($0.slot.meal): ") }, "\(rest.unfilled)")
                if rules.quotas.isEmpty, [": no dish ", ": no baked good ", ": no recipe "].contains(where: error.reason.contains) {
                    #expect(!kitchen.recipes.contains { Self.meetsStaticRules($0, error.slot!, rules) }, "\(error.reason)")
                }
            } else {
                #expect(error.kind == .quotaCannotBeMet && rules.quotas.contains { $0.atLeast > 0 })
            }
            return
        }
        // Deterministic: the same request, the same week.
        #expect(try store.proposeMeals(request) == proposal)
        // Every meal asked is proposed, planned already, or (only when partial) left empty with a reason.
        let accounted = proposal.meals.map(\.slot) + proposal.alreadyPlanned + proposal.unfilled.map(\.slot)
        #expect(Set(accounted) == Set(slots) && accounted.count == slots.count)
        if !request.partial { #expect(proposal.unfilled.isEmpty) }
        for taken in proposal.alreadyPlanned {
            #expect(existing.contains { Self.local.isSameDay($0.date, taken.date) && ($0.entry.meal ?? "dinner") == taken.meal })
        }
        var uses = existing.map { (id: $0.recipe.id, date: $0.date) }
        uses += proposal.meals.map { ($0.recipeID, $0.slot.date) }
        let repeats = rules.noRepeatDays > 0
        for meal in proposal.meals {
            let recipe = try #require(byID[meal.recipeID])
            #expect(meal.name == recipe.name)
            #expect(Self.meetsStaticRules(recipe, meal.slot, rules), "\(recipe.name) \(recipe.tags) \(String(describing: recipe.totalMinutes)) at \(meal.slot)")
            if repeats {
                let cooked = try store.cookedRecords(of: recipe.id).map(\.date)
                #expect(!cooked.contains { Self.local.dayDistance(from: $0, to: meal.slot.date) <= rules.noRepeatDays && $0 <= meal.slot.date },
                        "\(recipe.name) cooked too lately")
                let others = uses.filter { $0.id == recipe.id && $0.date != meal.slot.date
                    && abs(Self.local.dayDistance(from: $0.date, to: meal.slot.date)) <= rules.noRepeatDays }
                #expect(others.isEmpty, "\(recipe.name) again within \(rules.noRepeatDays) days")
            }
            #expect(!meal.reasons.isEmpty && meal.reasons[0].contains("cooked"))
        }
        // Quotas, in runs of seven days from the first day asked.
        let firstDay = Self.local.startOfDay(slots.map(\.date).min()!)
        let lastDay = Self.local.startOfDay(slots.map(\.date).max()!)
        for quota in rules.quotas {
            for block in 0...(Self.local.dayDistance(from: firstDay, to: lastDay) / 7) {
                let length = min(7, Self.local.dayDistance(from: firstDay, to: lastDay) + 1 - block * 7)
                let inBlock = uses.filter { use in
                    let distance = Self.local.dayDistance(from: firstDay, to: use.date)
                    return distance >= 0 && distance / 7 == block && Self.local.startOfDay(use.date) <= lastDay
                        && (byID[use.id]?.tags.contains(quota.tag) ?? false)
                }
                if let most = quota.atMost { #expect(inBlock.count <= (most * length + 6) / 7 || inBlock.count <= existing.count) }
                if !request.partial { #expect(inBlock.count >= quota.atLeast * length / 7, "\(quota.tag) block \(block)") }
            }
        }
    }

    /// When any choice of recipes keeps every rule, the fill finds one: checked against every
    /// assignment of small kitchens where a scarce recipe is wanted by a later day's rule (a
    /// user trial found Friday's only fish spent on Thursday).
    @Test(arguments: 0..<40)
    func aWeekThatCanBeFilledIsFilled(seed: Int) throws {
        var random = PlannerRandom(seed: UInt64(seed) &+ 1_000)
        let kitchen = Kitchen()
        let context = ModelContext(kitchen.store)
        var recipes: [Recipe] = []
        for index in 0..<(3 + random.next(4)) {
            let recipe = Recipe(name: "R\(index)")
            recipe.tags = ["fish", "vegetarian", "quick"].filter { _ in random.next(3) == 0 }
            recipe.totalMinutes = [15, 30, 60][random.next(3)]
            context.insert(recipe)
            recipes.append(recipe)
        }
        try context.save()
        var rules = FillRules(noRepeatDays: [1, 2, 7][random.next(3)])
        if random.next(2) == 0 { rules.scoped.append(.init(weekdays: [5], meal: nil, condition: .init(tags: [["fish"]]), origin: "fri")) }
        if random.next(2) == 0 { rules.scoped.append(.init(weekdays: [4], meal: nil, condition: .init(maxMinutes: 30), origin: "thu")) }
        if random.next(3) == 0 { rules.condition.excludedTags = ["quick"] }
        // Thursday 3 to Sunday 6 December.
        let slots = MealSlot.slots(from: Self.now, days: 2 + random.next(3), meals: ["dinner"], times: .default, after: Self.now, local: Self.local)
        func fits(_ recipe: Recipe, _ slot: MealSlot, _ chosen: [(Recipe, MealSlot)]) -> Bool {
            Self.meetsStaticRules(recipe, slot, rules) && !chosen.contains { other, at in
                other === recipe && abs(Self.local.dayDistance(from: at.date, to: slot.date)) <= rules.noRepeatDays
            }
        }
        func assignable(_ index: Int, _ chosen: [(Recipe, MealSlot)]) -> Bool {
            guard index < slots.count else { return true }
            return recipes.contains { fits($0, slots[index], chosen) && assignable(index + 1, chosen + [($0, slots[index])]) }
        }
        let request = FillRequest(slots: slots, rules: rules, seed: UInt64(seed), now: Self.now, local: Self.local)
        if assignable(0, []) {
            let proposal = try kitchen.store.proposeMeals(request)
            #expect(proposal.meals.count == slots.count)
        } else {
            #expect(throws: FillError.self) { try kitchen.store.proposeMeals(request) }
        }
    }

    /// Two quotas that need every meal between them, and recipes that may come back only
    /// four days later: a week exists (fish on days 0, 1, 4, 5, vegan on 2, 3, 6) and every
    /// seed finds one (a user trial found seeds that did not).
    @Test func quotasThatNeedEveryMealAreMet() throws {
        let kitchen = Kitchen()
        let context = ModelContext(kitchen.store)
        for (name, tag) in [("F1", "fish"), ("F2", "fish"), ("V1", "vegan"), ("V2", "vegan"), ("O1", ""), ("O2", ""), ("O3", ""), ("O4", ""), ("O5", "")] {
            let recipe = Recipe(name: name)
            recipe.tags = tag.isEmpty ? [] : [tag]
            context.insert(recipe)
        }
        try context.save()
        let monday = Self.local.date(year: 2026, month: 12, day: 7)
        let slots = MealSlot.slots(from: monday, days: 7, meals: ["dinner"], times: .default, after: Self.now, local: Self.local)
        let rules = FillRules(quotas: [.init(tag: "fish", atLeast: 4, origin: "--at-least fish=4"), .init(tag: "vegan", atLeast: 3, origin: "--at-least vegan=3")],
                              noRepeatDays: 3)
        for seed in 1...12 as ClosedRange<UInt64> {
            let names = try kitchen.store.proposeMeals(FillRequest(slots: slots, rules: rules, seed: seed, now: Self.now, local: Self.local)).meals.map(\.name)
            #expect(names.filter { $0.hasPrefix("F") }.count == 4 && names.filter { $0.hasPrefix("V") }.count == 3, "seed \(seed): \(names)")
        }
        // A config's at-least and an option's at-most for one tag hold together, and conflict.
        let both = FillRules(quotas: [.init(tag: "fish", atLeast: 3, origin: "config")]).adding(FillRules(quotas: [.init(tag: "fish", atMost: 1, origin: "--at-most")]))
        #expect(both.quotas == [FillRules.Quota(tag: "fish", atLeast: 3, atMost: 1, origin: "--at-most")])
        #expect(throws: FillError.self) { try kitchen.store.proposeMeals(FillRequest(slots: slots, rules: both, seed: 1, now: Self.now, local: Self.local)) }
    }

    @Test func theSameSeedGivesTheSameWeekAndAnotherSeedAnother() throws {
        let kitchen = Kitchen()
        let context = ModelContext(kitchen.store)
        for index in 0..<40 { context.insert(Recipe(name: "Dish \(index)")) }
        try context.save()
        let slots = MealSlot.slots(from: Self.now, days: 7, meals: ["dinner"], times: .default, after: Self.now, local: Self.local)
        func week(_ seed: UInt64) throws -> [String] {
            try kitchen.store.proposeMeals(FillRequest(slots: slots, seed: seed, now: Self.now, local: Self.local)).meals.map(\.name)
        }
        #expect(try week(1) == week(1))
        #expect(try week(1).count == 7 && Set(try week(1)).count == 7)
        let weeks = Set(try (1...6).map(week))
        #expect(weeks.count >= 5, "\(weeks)")
        // The default seed is the day's: the same all day, another the next day.
        #expect(FillRequest.seed(forDay: Self.now, local: Self.local) == FillRequest.seed(forDay: Self.now.addingTimeInterval(3_600 * 10), local: Self.local))
        #expect(FillRequest.seed(forDay: Self.now, local: Self.local) != FillRequest.seed(forDay: Self.now.addingTimeInterval(86_400), local: Self.local))
    }

    /// Least recently cooked first, never-cooked ones mixed in but not all at once, and the
    /// reason says how long it has been.
    @Test func leastRecentlyCookedFirstWithNewOnesMixedIn() throws {
        let kitchen = Kitchen()
        let store = kitchen.store
        let context = ModelContext(store)
        let old = (0..<6).map { Recipe(name: "Old \($0)") }
        let new = (0..<6).map { Recipe(name: "New \($0)") }
        let recent = (0..<6).map { Recipe(name: "Recent \($0)") }
        (old + new + recent).forEach(context.insert)
        try context.save()
        for (index, recipe) in old.enumerated() {
            try store.recordCooked(recipeID: recipe.id, at: Self.now.addingTimeInterval(-Double(100 + index) * 86_400), again: true, now: Self.now, local: Self.local)
        }
        for (index, recipe) in recent.enumerated() {
            try store.recordCooked(recipeID: recipe.id, at: Self.now.addingTimeInterval(-Double(16 + index) * 86_400), again: true, now: Self.now, local: Self.local)
        }
        let slots = MealSlot.slots(from: Self.now, days: 6, meals: ["dinner"], times: .default, after: Self.now, local: Self.local)
        for seed in 1...5 as ClosedRange<UInt64> {
            let meals = try store.proposeMeals(FillRequest(slots: slots, seed: seed, now: Self.now, local: Self.local)).meals
            let names = meals.map(\.name)
            #expect(names.filter { $0.hasPrefix("Old") }.count >= 3, "\(names)")
            #expect((1...3).contains(names.filter { $0.hasPrefix("New") }.count), "\(names)")
            let first = try #require(meals.first { $0.name.hasPrefix("Old") })
            #expect(first.reasons[0].hasPrefix("not cooked for 10"), "\(first.reasons)")
        }
    }

    /// An item to be used soon brings the recipe that uses it before its day, and says so;
    /// fewer missing ingredients rank higher.
    @Test func thePantryIsPreferred() throws {
        let kitchen = Kitchen()
        let store = kitchen.store
        let context = ModelContext(store)
        for index in 0..<12 {
            context.insert(Recipe(name: "Stew \(index)", ingredients: [Ingredient(name: "beef"), Ingredient(name: "carrots"), Ingredient(name: "potatoes")]))
        }
        context.insert(Recipe(name: "Spinach pie", ingredients: [Ingredient(name: "spinach", amount: "500 g"), Ingredient(name: "eggs", amount: "3")]))
        context.insert(Recipe(name: "Omelette", ingredients: [Ingredient(name: "eggs", amount: "3"), Ingredient(name: "butter")]))
        try context.save()
        let vocabulary = IngredientVocabulary.builtIn
        var spinach = try PantryItem(reading: "spinach", vocabulary: vocabulary)
        spinach.useBy = Self.now.addingTimeInterval(2 * 86_400)
        try store.addToPantry([spinach, try PantryItem(reading: "eggs", vocabulary: vocabulary), try PantryItem(reading: "butter", vocabulary: vocabulary)],
                              vocabulary: vocabulary)
        let slots = MealSlot.slots(from: Self.now, days: 3, meals: ["dinner"], times: .default, after: Self.now, local: Self.local)
        for seed in 1...6 as ClosedRange<UInt64> {
            let meals = try store.proposeMeals(FillRequest(slots: slots, seed: seed, now: Self.now, local: Self.local)).meals
            let pie = try #require(meals.first { $0.name == "Spinach pie" }, "\(meals.map(\.name))")
            #expect(pie.slot.date < spinach.useBy!.addingTimeInterval(86_400))
            #expect(pie.reasons.contains("uses spinach (use by Sat)") && pie.reasons.contains("all in the pantry"), "\(pie.reasons)")
            #expect(meals.contains { $0.name == "Omelette" }, "\(meals.map(\.name))")
        }
    }

    /// The same main ingredient is not proposed on days side by side while others are there.
    @Test func mainIngredientsVary() throws {
        let kitchen = Kitchen()
        let context = ModelContext(kitchen.store)
        for index in 0..<4 {
            context.insert(Recipe(name: "Chicken \(index)", ingredients: [Ingredient(name: "onion"), Ingredient(name: "chicken thighs")]))
            context.insert(Recipe(name: "Salmon \(index)", ingredients: [Ingredient(name: "salmon fillet")]))
            context.insert(Recipe(name: "Lentils \(index)", ingredients: [Ingredient(name: "garlic"), Ingredient(name: "red lentils")]))
        }
        try context.save()
        let slots = MealSlot.slots(from: Self.now, days: 6, meals: ["dinner"], times: .default, after: Self.now, local: Self.local)
        for seed in 1...6 as ClosedRange<UInt64> {
            let names = try kitchen.store.proposeMeals(FillRequest(slots: slots, seed: seed, now: Self.now, local: Self.local)).meals.map(\.name)
            for (first, second) in zip(names, names.dropFirst()) {
                #expect(first.split(separator: " ")[0] != second.split(separator: " ")[0], "\(names)")
            }
        }
    }

    /// A reroll replaces the meal with another the rules admit, in one transaction; a repeat
    /// skips that day; with nothing else, nothing changes.
    @Test func aRerollReplacesOneMeal() throws {
        let kitchen = Kitchen()
        let store = kitchen.store
        let context = ModelContext(store)
        let pizza = Recipe(name: "Pizza"), soup = Recipe(name: "Soup"), curry = Recipe(name: "Curry")
        [pizza, soup, curry].forEach(context.insert)
        try context.save()
        let friday = Self.local.date(year: 2026, month: 12, day: 4, hour: 18)
        try store.addPlanEntry(PlanEntry(recipeID: pizza.id, date: friday, meal: "dinner", repeatRule: RepeatRule(frequency: .weekly)), now: Self.now)
        let slot = MealSlot(date: friday, meal: "dinner")
        let request = FillRequest(slots: [slot], seed: 3, now: Self.now, local: Self.local)
        let (replaced, proposals) = try store.rerollMeal(slot, request: request)
        let proposal = try #require(proposals.first)
        #expect(replaced.map(\.recipe.name) == ["Pizza"] && proposals.count == 1 && ["Soup", "Curry"].contains(proposal.name))
        let friday2 = try store.plannedMeals(in: slot, local: Self.local)
        #expect(friday2.map(\.recipe.name) == [proposal.name])
        // The repeat goes on the week after.
        let next = MealSlot(date: Self.local.adding(days: 7, to: friday), meal: "dinner")
        #expect(try store.plannedMeals(in: next, local: Self.local).map(\.recipe.name) == ["Pizza"])
        // Nothing else left: refused, and the plan is as it was.
        let before = try store.plannedMeals(from: Self.now, to: Self.now.addingTimeInterval(30 * 86_400), local: Self.local).map(\.recipe.name)
        var strict = request
        strict.rules.condition.tags = [["nosuchtag"]]
        #expect(throws: FillError.self) { try store.rerollMeal(slot, request: strict) }
        #expect(try store.plannedMeals(from: Self.now, to: Self.now.addingTimeInterval(30 * 86_400), local: Self.local).map(\.recipe.name) == before)
    }

    /// No-repeat counts calendar days and includes the last; an item past its use-by day is
    /// no longer in the pantry for a meal after it (both from a user trial).
    @Test func noRepeatIncludesItsLastDayAndUseByEndsAnItem() throws {
        let kitchen = Kitchen()
        let store = kitchen.store
        let context = ModelContext(store)
        let cod = Recipe(name: "Cod", ingredients: [Ingredient(name: "cod")])
        cod.tags = ["fish"]
        context.insert(cod)
        try context.save()
        let slots = MealSlot.slots(from: Self.now, days: 4, meals: ["dinner"], times: .default, after: Self.now, local: Self.local)
        var rules = FillRules(condition: .init(tags: [["fish"]]), noRepeatDays: 2)
        let meals = try store.proposeMeals(FillRequest(slots: slots, rules: rules, seed: 1, partial: true, now: Self.now, local: Self.local)).meals
        // Thursday, then Sunday: Friday and Saturday are within two days.
        #expect(meals.map { Self.local.components(of: $0.slot.date).day } == [3, 6], "\(meals)")
        rules.noRepeatDays = 1
        let closer = try store.proposeMeals(FillRequest(slots: slots, rules: rules, seed: 1, partial: true, now: Self.now, local: Self.local)).meals
        #expect(closer.map { Self.local.components(of: $0.slot.date).day } == [3, 5], "\(closer)")
        var item = try PantryItem(reading: "cod", vocabulary: .builtIn)
        item.useBy = Self.local.date(year: 2026, month: 12, day: 4)
        try store.addToPantry([item], vocabulary: .builtIn)
        let reasons = try store.proposeMeals(FillRequest(slots: slots, rules: rules, seed: 1, partial: true, now: Self.now, local: Self.local)).meals
            .map(\.reasons)
        #expect(reasons[0].contains("uses cod (use by Fri)") && reasons[0].contains("all in the pantry"), "\(reasons)")
        #expect(reasons[1].contains("1 to buy") && !reasons[1].contains { $0.hasPrefix("uses cod") }, "\(reasons)")
    }

    /// A filled week is saved in one transaction; a failing one saves nothing.
    @Test func aFillIsOneTransaction() throws {
        let kitchen = Kitchen()
        let store = kitchen.store
        let context = ModelContext(store)
        for index in 0..<3 { context.insert(Recipe(name: "Dish \(index)")) }
        try context.save()
        let slots = MealSlot.slots(from: Self.now, days: 5, meals: ["dinner"], times: .default, after: Self.now, local: Self.local)
        #expect(throws: FillError.self) { try store.fillPlan(FillRequest(slots: slots, seed: 1, now: Self.now, local: Self.local)) }
        #expect(try store.plannedMeals(from: Self.now, to: Self.now.addingTimeInterval(10 * 86_400), local: Self.local).isEmpty)
        let partial = try store.fillPlan(FillRequest(slots: slots, seed: 1, partial: true, now: Self.now, local: Self.local))
        #expect(partial.meals.count == 3 && partial.unfilled.count == 2)
        #expect(partial.unfilled[0].reason.contains("all 3 dishes were cooked or planned within 14 days"), "\(partial.unfilled)")
        #expect(try store.plannedMeals(from: Self.now, to: Self.now.addingTimeInterval(10 * 86_400), local: Self.local).count == 3)
        // A second fill finds those meals planned and leaves them.
        let again = try store.proposeMeals(FillRequest(slots: slots, rules: FillRules(noRepeatDays: 0), seed: 1, now: Self.now, local: Self.local))
        #expect(again.alreadyPlanned.count == 3 && again.meals.count == 2)
    }

    @Test func configurationLinesAreRules() throws {
        let text = """
            fill.no-repeat = 3w
            fill.not-tag = dessert, drink
            fill.weekdays.max-time = 30m
            fill.fri.dinner.tag = fish, seafood
            fill.at-least.vegetarian = 2
            fill.at-most.vegetarian = 4
            fill.kind = any
            """
        let rules = try FillRules(configuration: text, path: "config")
        #expect(rules.noRepeatDays == 21)
        // Durations in words as in letters.
        #expect(FillRules.minutes("1 hour 30 min") == 90 && FillRules.minutes("1h30m") == 90 && FillRules.minutes("45") == 45)
        #expect(FillRules.days("3 weeks") == 21 && FillRules.minutes("10 parsecs") == nil && FillRules.minutes("minutes") == nil)
        // A rule for every meal is kept with its line, for messages.
        #expect(rules.scoped.count == 3 && rules.condition == FillRules.Condition())
        #expect(rules.scoped[0].weekdays == nil && rules.scoped[0].meal == nil && rules.scoped[0].condition.excludedTags == ["dessert", "drink"])
        #expect(rules.scoped[0].origin == "fill.not-tag, config:2", "\(rules.scoped[0].origin)")
        #expect(rules.scoped[1].weekdays == [1, 2, 3, 4, 5] && rules.scoped[1].condition.maxMinutes == 30 && rules.scoped[1].meal == nil)
        #expect(rules.scoped[2].weekdays == [5] && rules.scoped[2].meal == "dinner" && rules.scoped[2].condition.tags == [["fish", "seafood"]])
        #expect(rules.quotas == [FillRules.Quota(tag: "vegetarian", atLeast: 2, atMost: 4, origin: rules.quotas[0].origin)])
        #expect(rules.varieties == [.dish, .bakedGood])
        for (line, problem) in [
            ("fill.max-time = soon", "is not a time"), ("fill.fri.no-repeat = 3d", "takes no day"), ("fill.someday.tag = x", "is not a day"),
            ("fill.at-least.vegetarian = 30", "from 0 to 21"), ("fill.colour = red", "expected fill."), ("fill.tag = ,", "no tag"),
            ("fill.kind = drink", "not a kind"), ("fill.at-most.x = 1\nfill.at-least.x = 2", "at least 2 but at most 1"),
            // Found by a user trial: a scope where the rule goes was told the list of keys.
            ("fill.weekdays.weekends = 3", "ends in a day or meal, not a rule: end it with max-time, tag or not-tag"),
            ("fill.fri = fish", "ends in a day or meal"),
        ] {
            #expect {
                try FillRules(configuration: line, path: "config")
            } throws: { error in
                "\(error)".contains(problem) && "\(error)".hasPrefix("config:")
            }
        }
    }

    /// A lock made on one machine reaches the other through a sync folder, and a reroll
    /// there leaves the meal alone; a fill there finds the meal planned.
    @Test func aLockTravelsBySync() throws {
        let replicas = try SyncTests.Replicas(2)
        let (a, b) = (replicas.stores[0], replicas.stores[1])
        let context = ModelContext(a)
        let curry = Recipe(name: "Curry")
        context.insert(curry)
        context.insert(Recipe(name: "Soup"))
        try context.save()
        let friday = Self.local.date(year: 2026, month: 12, day: 4, hour: 18)
        try a.addPlanEntry(PlanEntry(recipeID: curry.id, date: friday, meal: "dinner", isLocked: true), now: Self.now)
        for store in [a, b, a] { _ = try store.sync(folder: replicas.folder(0)) }
        let there = try b.plannedMeals(in: MealSlot(date: friday, meal: "dinner"), local: Self.local)
        #expect(there.map(\.recipe.name) == ["Curry"] && there[0].entry.isLocked)
        let fill = try b.proposeMeals(FillRequest(slots: [MealSlot(date: friday, meal: "dinner")], seed: 1, now: Self.now, local: Self.local))
        #expect(fill.alreadyPlanned.count == 1 && fill.meals.isEmpty)
    }

    /// A lock travels with its entry.
    @Test func aLockSurvivesTheJSONForm() throws {
        let entry = PlanEntry(recipeID: UUID(), date: Self.now, meal: "dinner", isLocked: true)
        let data = try JSONEncoder().encode(PlanEntryJSON(entry))
        #expect(String(decoding: data, as: UTF8.self).contains("\"locked\":true"))
        #expect(try JSONDecoder().decode(PlanEntryJSON.self, from: data).makeEntry(recipeID: entry.recipeID).isLocked)
        #expect(!String(decoding: try JSONEncoder().encode(PlanEntryJSON(PlanEntry(recipeID: UUID(), date: Self.now))), as: UTF8.self).contains("locked"))
    }
}

/// SplitMix64: a seeded generator, so a failing case can be run again.
struct PlannerRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
