import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// `FetchDescriptor<Ingredient>`: lines fetched the SwiftData way, found in SQL, returned as
/// the context's own objects. Random predicates and sorts are checked against the same
/// predicate evaluated on every line in memory, in order.
@Suite struct IngredientFetchTests {
    typealias Generator = PredicateDifferentialTests.Generator
    typealias LineVariable = PredicateExpressions.Variable<Ingredient>
    typealias Expression = any StandardPredicateExpression<Bool>

    static func makeStore(_ store: RecipeStore, seed: UInt64) throws {
        var random = Generator(state: seed)
        let context = ModelContext(store)
        for index in 0..<150 {
            let id = UUID(uuid: withUnsafeBytes(of: (random.next(), random.next())) { $0.load(as: uuid_t.self) })
            let recipe: Recipe = index % 3 == 0 ? BakedGood(id: id, name: "Bake \(index)") : Recipe(id: id, name: PredicateDifferentialTests.text(&random) + " \(index)")
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                let heading = Int.random(in: 0..<6, using: &random) == 0
                let lineID = UUID(uuid: withUnsafeBytes(of: (random.next(), random.next())) { $0.load(as: uuid_t.self) })
                recipe.ingredients.append(Ingredient(id: lineID, name: PredicateDifferentialTests.text(&random, maxWords: 2),
                                                     amount: heading ? "" : PredicateDifferentialTests.text(&random, maxWords: 2),
                                                     isHeading: heading))
            }
            context.insert(recipe)
        }
        try context.save()
    }

    static func leaf(_ line: LineVariable, _ random: inout Generator) -> Expression {
        typealias P = PredicateExpressions
        let needle = PredicateDifferentialTests.needle(&random)
        let field = P.KeyPath(root: line, keyPath: Bool.random(using: &random) ? \Ingredient.name : \Ingredient.amount)
        switch Int.random(in: 0..<7, using: &random) {
        case 0: return P.CollectionContainsCollection(base: field, other: P.Value(needle))
        case 1: return P.FoldedStringContains(root: field, other: P.Value(needle))
        case 2: return P.Equal(lhs: P.KeyPath(root: line, keyPath: \Ingredient.isHeading), rhs: P.Value(Bool.random(using: &random)))
        case 3: return P.Comparison(lhs: field, rhs: P.Value(needle), op: [.lessThan, .greaterThanOrEqual].randomElement(using: &random)!)
        case 4: return P.SequenceStartsWith(base: field, prefix: P.Value(needle))
        case 5: return P.Equal(lhs: P.KeyPath(root: line, keyPath: \Ingredient.position), rhs: P.Value(Int?(Int.random(in: 0...3, using: &random))))
        default: return P.Equal(lhs: field, rhs: P.Value(""))
        }
    }

    static func tree(_ line: LineVariable, depth: Int, _ random: inout Generator) -> Expression {
        guard depth > 0, Int.random(in: 0..<3, using: &random) > 0 else { return leaf(line, &random) }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return and(tree(line, depth: depth - 1, &random), tree(line, depth: depth - 1, &random))
        case 1: return or(tree(line, depth: depth - 1, &random), tree(line, depth: depth - 1, &random))
        default: return not(tree(line, depth: depth - 1, &random))
        }
    }

    static let sorts: [[SortDescriptor<Ingredient>]] = [
        [SortDescriptor(\.name)],
        [SortDescriptor(\.amount, order: .reverse), SortDescriptor(\.name)],
        [SortDescriptor(\.position, order: .reverse)],
        [],
    ]

    /// Every line of every recipe, as a fresh context reads them, filtered and sorted in memory.
    static func expected(_ recipes: [Recipe], _ predicate: Predicate<Ingredient>?, _ sort: [SortDescriptor<Ingredient>]) throws -> [UUID] {
        try recipes.flatMap(\.ingredients)
            .filter { try predicate?.evaluate($0) ?? true }
            .sorted { lhs, rhs in
                for descriptor in sort {
                    switch descriptor.compare(lhs, rhs) {
                    case .orderedAscending: return true
                    case .orderedDescending: return false
                    case .orderedSame: continue
                    }
                }
                if lhs.recipe!.id != rhs.recipe!.id { return lhs.recipe!.id.uuidString < rhs.recipe!.id.uuidString }
                return lhs.position! < rhs.position!
            }
            .map(\.id)
    }

    @Test func sqlAgreesWithEvaluateOnTwoHundredRandomPredicates() throws {
        let temporary = TemporaryStore()
        try Self.makeStore(temporary.store, seed: 17)
        let context = ModelContext(temporary.store)
        let recipes = try context.fetch(FetchDescriptor<Recipe>())
        let lineCount = recipes.reduce(0) { $0 + $1.ingredients.count }
        #expect(try context.fetchCount(FetchDescriptor<Ingredient>()) == lineCount)
        var random = Generator(state: 3)
        var discriminating = 0
        for index in 0..<200 {
            var copy = random
            let predicate = Predicate<Ingredient> { line in Self.tree(line, depth: 3, &copy) }
            random = copy
            var descriptor = FetchDescriptor(predicate: predicate, sortBy: Self.sorts[index % Self.sorts.count])
            if index % 5 == 0 { descriptor.fetchOffset = 3; descriptor.fetchLimit = 10 }
            let plan = context.queryPlan(for: descriptor)
            #expect(plan.isExact, "predicate \(index) left to memory: \(plan.untranslatedNodes)")
            let found = try context.fetch(descriptor)
            var all = try Self.expected(recipes, predicate, descriptor.sortBy)
            if !all.isEmpty && all.count < lineCount { discriminating += 1 }
            if index % 5 == 0 { all = Array(all.dropFirst(3).prefix(10)) }
            guard found.map(\.id) == all else {
                Issue.record("predicate \(index) differs: \(found.count) from SQL, \(all.count) in memory\n\(predicate.expression)\nSQL: \(plan.sql)")
                break
            }
            #expect(try context.fetchCount(descriptor) == all.count)
            // The context's own objects: each line is the one its tracked recipe holds.
            #expect(found.allSatisfy { line in recipes.contains { $0 === line.recipe } })
        }
        #expect(discriminating > 100)
    }

    @Test func aPredicateReadsTheLinesRecipeInSQL() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        let cake = BakedGood(name: "Cake")
        cake.ingredients = [Ingredient(name: "Eggs", amount: "3"), Ingredient(name: "Flour", amount: "200 g")]
        let omelette = Recipe(name: "Omelette")
        omelette.ingredients = [Ingredient(name: "Eggs", amount: "2"), Ingredient(name: "Chives")]
        [cake, omelette].forEach(context.insert)
        try context.save()

        let reader = ModelContext(temporary.store)
        let cakeEggs = FetchDescriptor<Ingredient>(predicate: #Predicate { $0.name == "Eggs" && $0.recipe?.name == "Cake" })
        #expect(reader.queryPlan(for: cakeEggs).isExact)
        let found = try reader.fetch(cakeEggs)
        #expect(found.map(\.amount) == ["3"])
        #expect(found.first?.recipe is BakedGood && found.first?.recipe?.name == "Cake")
        // The same object a fetch of recipes returns: one object per id in a context.
        let recipe = try #require(try reader.fetch(FetchDescriptor<Recipe>(predicate: #Predicate { $0.name == "Cake" })).first)
        #expect(recipe === found.first?.recipe && recipe.ingredients.first === found.first)
        let inBakes = FetchDescriptor<Ingredient>(predicate: #Predicate { $0.recipe is BakedGood }, sortBy: [SortDescriptor(\.name, order: .reverse)])
        #expect(try reader.fetch(inBakes).map(\.name) == ["Flour", "Eggs"])
        // What SQL cannot say runs in memory, says so, and is refused in strict mode.
        var long = FetchDescriptor<Ingredient>(predicate: #Predicate { $0.name.count > 4 })
        #expect(!reader.queryPlan(for: long).isExact)
        #expect(try reader.fetch(long).map(\.name).sorted() == ["Chives", "Flour"])
        long.requiresSQLTranslation = true
        #expect(throws: RecipeStoreError.self) { try reader.fetch(long) }
    }

    @Test func editingAFetchedLineSavesWithItsRecipe() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        let soup = Recipe(name: "Soup")
        soup.ingredients = [Ingredient(name: "Leek", amount: "1")]
        context.insert(soup)
        try context.save()

        let editor = ModelContext(temporary.store)
        let leek = try #require(try editor.fetch(FetchDescriptor<Ingredient>(predicate: #Predicate { $0.name == "Leek" })).first)
        leek.amount = "2"
        #expect(editor.hasChanges)
        try editor.save()
        let reread = ModelContext(temporary.store)
        #expect(try reread.fetch(FetchDescriptor<Ingredient>()).map(\.amount) == ["2"])
    }

    @Test func unsavedChangesCountAndOthersSavesAreMerged() throws {
        let temporary = TemporaryStore()
        let first = ModelContext(temporary.store)
        let bread = Recipe(name: "Bread")
        bread.ingredients = [Ingredient(name: "Flour"), Ingredient(name: "Salt")]
        let pasta = Recipe(name: "Pasta")
        pasta.ingredients = [Ingredient(name: "Flour"), Ingredient(name: "Eggs")]
        [bread, pasta].forEach(first.insert)
        try first.save()

        let context = ModelContext(temporary.store)
        let flour = FetchDescriptor<Ingredient>(predicate: #Predicate { $0.name == "Flour" }, sortBy: [SortDescriptor(\.name)])
        #expect(try context.fetch(flour).count == 2)
        // An unsaved insert counts, an unsaved delete does not, an unsaved edit matches anew.
        let cake = Recipe(name: "Cake")
        cake.ingredients = [Ingredient(name: "Flour")]
        context.insert(cake)
        let tracked = try context.fetch(FetchDescriptor<Recipe>())
        context.delete(try #require(tracked.first { $0.name == "Pasta" }))
        try #require(tracked.first { $0.name == "Bread" }).ingredients[1].name = "Flour"
        let pending = try context.fetch(flour)
        #expect(pending.compactMap { $0.recipe?.name }.sorted() == ["Bread", "Bread", "Cake"])
        #expect(try context.fetchCount(flour) == 3)
        var saved = flour
        saved.includePendingChanges = false
        #expect(try context.fetch(saved).compactMap { $0.recipe?.name }.sorted() == ["Bread", "Pasta"])
        context.rollback()

        // Another context renames a line: the fetch returns this context's object, as stored.
        let other = ModelContext(temporary.store)
        try #require(try other.fetch(FetchDescriptor<Ingredient>(predicate: #Predicate { $0.name == "Eggs" })).first).name = "Yolks"
        try other.save()
        let yolks = try context.fetch(FetchDescriptor<Ingredient>(predicate: #Predicate { $0.name == "Yolks" }))
        #expect(yolks.map(\.name) == ["Yolks"])
        #expect(yolks.first?.recipe === tracked.first { $0.name == "Pasta" })
    }
}
