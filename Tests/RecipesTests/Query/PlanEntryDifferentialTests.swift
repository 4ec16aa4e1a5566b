import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// The plan's entries queried the SwiftData way: random `Predicate<PlanEntry>`s and sorts over
/// a random plan in a store file, each run as SQL and evaluated in memory on the same entries,
/// compared in order, as PredicateDifferentialTests does for recipes.
@Suite struct PlanEntryDifferentialTests {
    typealias Generator = PredicateDifferentialTests.Generator
    typealias EntryVariable = PredicateExpressions.Variable<PlanEntry>
    typealias Expression = any StandardPredicateExpression<Bool>

    static let meals: [String?] = [nil, "breakfast", "lunch", "dinner", "Dîner", "dîner", "brunch", "", "LUNCH"]

    static func makePlan(_ store: RecipeStore, seed: UInt64) throws -> [UUID] {
        var random = Generator(state: seed)
        let context = ModelContext(store)
        let recipes = (0..<60).map { Recipe(name: "Recipe \($0)") }
        recipes.forEach(context.insert)
        try context.save()
        var entries: [PlanEntry] = []
        for _ in 0..<1_500 {
            let rule: RepeatRule? = switch Int.random(in: 0..<10, using: &random) {
            case 0: RepeatRule(frequency: .weekly)
            case 1: RepeatRule(frequency: .daily, interval: 2)
            default: nil
            }
            entries.append(PlanEntry(recipeID: recipes.randomElement(using: &random)!.id,
                                     date: PredicateDifferentialTests.now.addingTimeInterval(Double(Int.random(in: -400...400, using: &random)) * 3_600),
                                     meal: meals.randomElement(using: &random)!,
                                     servings: Bool.random(using: &random) ? nil : Int.random(in: 1...8, using: &random),
                                     note: PredicateDifferentialTests.text(&random, maxWords: 2), repeatRule: rule))
        }
        try store.plan(entries, now: PredicateDifferentialTests.now)
        // A deleted recipe's entries are gone from every fetch.
        let deleting = ModelContext(store)
        for recipe in recipes.prefix(3) { deleting.delete(try #require(try deleting.model(for: recipe.id))) }
        try deleting.save()
        return recipes.dropFirst(3).map(\.id)
    }

    static func leaf(_ e: EntryVariable, recipes: [UUID], _ random: inout Generator) -> Expression {
        typealias P = PredicateExpressions
        let needle = PredicateDifferentialTests.needle(&random)
        switch Int.random(in: 0..<11, using: &random) {
        case 0:
            return P.Comparison(lhs: P.KeyPath(root: e, keyPath: \PlanEntry.date), rhs: P.Value(PredicateDifferentialTests.date(&random)),
                                op: [.lessThan, .greaterThan, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &random)!)
        case 1: return P.Equal(lhs: P.KeyPath(root: e, keyPath: \PlanEntry.meal), rhs: P.Value(meals.randomElement(using: &random)!))
        case 2:
            let meal = P.KeyPath(root: e, keyPath: \PlanEntry.meal)
            return Bool.random(using: &random) ? P.Equal(lhs: meal, rhs: P.NilLiteral<String>()) : P.NotEqual(lhs: P.NilLiteral<String>(), rhs: meal)
        case 3:
            return P.Comparison(lhs: P.NilCoalesce(lhs: P.KeyPath(root: e, keyPath: \PlanEntry.servings), rhs: P.Value(0)),
                                rhs: P.Value(Int.random(in: 0...8, using: &random)), op: [.lessThan, .greaterThanOrEqual].randomElement(using: &random)!)
        case 4: return P.Equal(lhs: P.KeyPath(root: e, keyPath: \PlanEntry.servings), rhs: P.NilLiteral<Int>())
        case 5: return P.CollectionContainsCollection(base: P.KeyPath(root: e, keyPath: \PlanEntry.note), other: P.Value(needle))
        case 6: return P.FoldedStringContains(root: P.KeyPath(root: e, keyPath: \PlanEntry.note), other: P.Value(needle))
        case 7: return P.Equal(lhs: P.KeyPath(root: e, keyPath: \PlanEntry.recipeID), rhs: P.Value(recipes.randomElement(using: &random)!))
        case 8:
            let rule = P.KeyPath(root: e, keyPath: \PlanEntry.repeatRule)
            return Bool.random(using: &random) ? P.Equal(lhs: rule, rhs: P.NilLiteral<RepeatRule>()) : P.NotEqual(lhs: rule, rhs: P.NilLiteral<RepeatRule>())
        case 9:
            // `$0.meal != nil && $0.meal!.starts(with: x)`: a guarded unwrap.
            let meal = P.KeyPath(root: e, keyPath: \PlanEntry.meal)
            return and(P.NotEqual(lhs: meal, rhs: P.NilLiteral<String>()), P.SequenceStartsWith(base: P.ForcedUnwrap(meal), prefix: P.Value(needle)))
        default:
            return P.Comparison(lhs: P.KeyPath(root: e, keyPath: \PlanEntry.note), rhs: P.Value(needle), op: .lessThan)
        }
    }

    static func tree(_ e: EntryVariable, depth: Int, recipes: [UUID], _ random: inout Generator) -> Expression {
        guard depth > 0, Int.random(in: 0..<3, using: &random) > 0 else { return leaf(e, recipes: recipes, &random) }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return and(tree(e, depth: depth - 1, recipes: recipes, &random), tree(e, depth: depth - 1, recipes: recipes, &random))
        case 1: return or(tree(e, depth: depth - 1, recipes: recipes, &random), tree(e, depth: depth - 1, recipes: recipes, &random))
        default: return not(tree(e, depth: depth - 1, recipes: recipes, &random))
        }
    }

    static let sorts: [[SortDescriptor<PlanEntry>]] = [
        [SortDescriptor(\.date)],
        [SortDescriptor(\.meal), SortDescriptor(\.date, order: .reverse)],
        [SortDescriptor(\.servings, order: .reverse), SortDescriptor(\.note)],
        [SortDescriptor(\.note, order: .reverse)],
        [],
    ]

    @Test func sqlAgreesWithEvaluateOnThreeHundredRandomPredicates() throws {
        let temporary = TemporaryStore()
        let recipes = try Self.makePlan(temporary.store, seed: 11)
        let all = try temporary.store.fetch(FetchDescriptor<PlanEntry>())
        // Every entry of the 57 recipes left, none of the 3 deleted ones.
        #expect(all.count > 1_300 && all.count < 1_500 && all.allSatisfy { recipes.contains($0.recipeID) })
        var random = Generator(state: 5)
        var exact = 0, discriminating = 0
        for index in 0..<300 {
            var copy = random
            let predicate = Predicate<PlanEntry> { e in Self.tree(e, depth: 3, recipes: recipes, &copy) }
            random = copy
            let sort = Self.sorts[index % Self.sorts.count]
            let descriptor = FetchDescriptor(predicate: predicate, sortBy: sort)
            let plan = temporary.store.queryPlan(for: descriptor)
            if plan.isExact { exact += 1 }
            let fromSQL = try temporary.store.fetch(descriptor).map(\.id)
            let fromMemory = try PredicateDifferentialTests.expected(all, predicate, sort, id: \.id)
            if !fromMemory.isEmpty && fromMemory.count < all.count { discriminating += 1 }
            guard fromSQL == fromMemory else {
                Issue.record("predicate \(index) differs: \(fromSQL.count) from SQL, \(fromMemory.count) in memory\n\(predicate.expression)\nSQL: \(plan.sql)")
                break
            }
        }
        #expect(exact == 300)
        #expect(discriminating > 150)
    }

    @Test func limitOffsetAndWhatMemoryDoesAreReported() throws {
        let temporary = TemporaryStore()
        _ = try Self.makePlan(temporary.store, seed: 3)
        let store = temporary.store
        let all = try store.fetch(FetchDescriptor<PlanEntry>(sortBy: [SortDescriptor(\.date)]))
        var page = FetchDescriptor<PlanEntry>(predicate: #Predicate { $0.meal == "dinner" }, sortBy: [SortDescriptor(\.date)])
        page.fetchOffset = 2
        page.fetchLimit = 3
        #expect(try store.fetch(page).map(\.id) == Array(all.filter { $0.meal == "dinner" }.dropFirst(2).prefix(3)).map(\.id))
        #expect(store.queryPlan(for: page).isExact && store.queryPlan(for: page).sql.contains("LIMIT"))
        // A repeat's interval has no column: that part runs in memory, and says so.
        let weekly = FetchDescriptor<PlanEntry>(predicate: #Predicate { $0.repeatRule?.interval == 1 })
        let plan = store.queryPlan(for: weekly)
        #expect(plan.filtersInMemory && !plan.untranslatedNodes.isEmpty)
        #expect(try store.fetch(weekly).map(\.id).sorted { $0.uuidString < $1.uuidString }
            == all.filter { $0.repeatRule?.interval == 1 }.map(\.id).sorted { $0.uuidString < $1.uuidString })
        var strict = weekly
        strict.requiresSQLTranslation = true
        #expect(throws: RecipeStoreError.self) { try store.fetch(strict) }
        // The date range of a week runs on the plan's date index.
        let start = PredicateDifferentialTests.now, end = start.addingTimeInterval(7 * 86_400)
        let week = FetchDescriptor<PlanEntry>(predicate: #Predicate { $0.date >= start && $0.date < end }, sortBy: [SortDescriptor(\.date)])
        #expect(try store.fetch(week).map(\.id) == all.filter { $0.date >= start && $0.date < end }.map(\.id))
    }
}
