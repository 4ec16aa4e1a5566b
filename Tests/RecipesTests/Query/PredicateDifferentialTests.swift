import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// The guard that SQL and memory agree: random predicates over a random store, each run as
/// SQL and evaluated with `predicate.evaluate` on the same objects, compared in order.
@Suite struct PredicateDifferentialTests {
    /// Text chosen to break naive translations: case, accents precomposed and combining,
    /// LIKE wildcards, quotes, backslashes, emoji sequences, CRLF, and empty strings.
    static let words = [
        "Crème", "creme", "CRÈME", "cre\u{300}me", "brûlée", "Brulee", "Café", "cafe", "naïve", "Œuf",
        "straße", "STRASSE", "İstanbul", "ǅemal", "100%", "50_50", "it's", "\"quoted\"", "back\\slash",
        "👨‍👩‍👧", "👨", "🍰", "e\u{301}", "é", "e", "\r\n", "\r", "line\nbreak", "Tomato", "tomato", "toMATo",
        "spaghetti", "Spaghetti", "oil", "OIL", "ﬁne", "fine", "Ｆｕｌｌ", "full", "", " ", "a", "Z",
    ]

    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func text(_ random: inout Generator, maxWords: Int = 4) -> String {
        (0..<Int.random(in: 0...maxWords, using: &random)).map { _ in words.randomElement(using: &random)! }
            .joined(separator: Bool.random(using: &random) ? " " : "")
    }

    static let now = Date(timeIntervalSinceReferenceDate: 800_000_000)

    static func date(_ random: inout Generator) -> Date {
        now.addingTimeInterval(Double(Int.random(in: -5...5, using: &random)) * 86_400)
    }

    static func makeStore(_ temporary: TemporaryStore, count: Int, seed: UInt64) throws -> ModelContext {
        var random = Generator(state: seed)
        let context = ModelContext(temporary.store)
        for _ in 0..<count {
            let summary = text(&random), instructions = text(&random, maxWords: 8)
            // The store refuses a blank name, as the command line does; empty text is still
            // tried in the summary, the instructions and the ingredients.
            let drawn = text(&random)
            let name = drawn.contains { !$0.isWhitespace } ? drawn : "Untitled" + drawn
            let planned: Date? = Bool.random(using: &random) ? date(&random) : nil
            // Ids from the seeded generator, so a failure reproduces with the same tie order.
            let id = UUID(uuid: withUnsafeBytes(of: (random.next(), random.next())) { bytes in
                bytes.load(as: uuid_t.self)
            })
            let recipe: Recipe
            switch Int.random(in: 0..<3, using: &random) {
            case 0: recipe = Recipe(id: id, name: name, summary: summary, instructions: instructions, plannedDate: planned)
            case 1: recipe = BakedGood(id: id, name: name, summary: summary, instructions: instructions, plannedDate: planned,
                                       ovenTemperature: Bool.random(using: &random) ? Int.random(in: 100...250, using: &random) : nil,
                                       bakeMinutes: Int.random(in: 5...90, using: &random))
            default: recipe = Beverage(id: id, name: name, summary: summary, instructions: instructions, plannedDate: planned,
                                       isAlcoholic: Bool.random(using: &random), isServedHot: Bool.random(using: &random))
            }
            if Bool.random(using: &random) { recipe.servings = Int.random(in: 1...8, using: &random) }
            if Bool.random(using: &random) { recipe.yield = words.randomElement(using: &random)! }
            if Bool.random(using: &random) { recipe.prepMinutes = Int.random(in: 0...60, using: &random) }
            if Bool.random(using: &random) { recipe.cookMinutes = Int.random(in: 0...120, using: &random) }
            if Bool.random(using: &random) { recipe.totalMinutes = Int.random(in: 0...180, using: &random) }
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                recipe.ingredients.append(Ingredient(name: text(&random, maxWords: 2), amount: text(&random, maxWords: 2)))
            }
            context.insert(recipe)
        }
        try context.save()
        return context
    }

    typealias Expression = any StandardPredicateExpression<Bool>
    typealias RecipeVariable = PredicateExpressions.Variable<Recipe>

    static func needle(_ random: inout Generator) -> String {
        let word = words.randomElement(using: &random)!
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return word
        case 1: return String(word.prefix(Int.random(in: 0...3, using: &random)))
        case 2: return word.uppercased()
        default: return String(word.dropFirst())
        }
    }

    static func textField(_ r: RecipeVariable, _ random: inout Generator) -> PredicateExpressions.KeyPath<RecipeVariable, String> {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: PredicateExpressions.KeyPath(root: r, keyPath: \.name)
        case 1: PredicateExpressions.KeyPath(root: r, keyPath: \.summary)
        default: PredicateExpressions.KeyPath(root: r, keyPath: \.instructions)
        }
    }

    static func ingredientField(_ i: PredicateExpressions.Variable<Ingredient>, _ random: inout Generator)
        -> PredicateExpressions.KeyPath<PredicateExpressions.Variable<Ingredient>, String> {
        Bool.random(using: &random)
            ? PredicateExpressions.KeyPath(root: i, keyPath: \.name) : PredicateExpressions.KeyPath(root: i, keyPath: \.amount)
    }

    static func leaf(_ r: RecipeVariable, _ random: inout Generator) -> Expression {
        typealias P = PredicateExpressions
        let value = needle(&random)
        switch Int.random(in: 0..<21, using: &random) {
        case 0: return P.TypeCheck<RecipeVariable, BakedGood>(r)
        case 1: return P.TypeCheck<RecipeVariable, Beverage>(r)
        case 2: return P.CollectionContainsCollection(base: textField(r, &random), other: P.Value(value))
        case 3: return P.FoldedStringContains(root: textField(r, &random), other: P.Value(value))
        case 4: return P.SequenceStartsWith(base: textField(r, &random), prefix: P.Value(value))
        case 5:
            var copy = random
            defer { random = copy }
            return P.SequenceContainsWhere(P.KeyPath(root: r, keyPath: \Recipe.ingredients)) { i in
                P.FoldedStringContains(root: ingredientField(i, &copy), other: P.Value(value))
            }
        case 12:
            var copy = random
            defer { random = copy }
            return P.SequenceContainsWhere(P.KeyPath(root: r, keyPath: \Recipe.ingredients)) { i in
                P.CollectionContainsCollection(base: ingredientField(i, &copy), other: P.Value(value))
            }
        case 6:
            return P.Comparison(lhs: P.NilCoalesce(lhs: P.KeyPath(root: r, keyPath: \Recipe.plannedDate), rhs: P.Value(now)),
                                rhs: P.Value(date(&random)), op: [.lessThan, .greaterThan, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &random)!)
        case 7: return P.Equal(lhs: P.KeyPath(root: r, keyPath: \Recipe.plannedDate), rhs: P.Value<Date?>(nil))
        case 8: return P.NotEqual(lhs: P.KeyPath(root: r, keyPath: \Recipe.plannedDate), rhs: P.Value<Date?>(Bool.random(using: &random) ? nil : date(&random)))
        case 9: return P.Equal(lhs: textField(r, &random), rhs: P.Value(value))
        case 10: return P.Comparison(lhs: textField(r, &random), rhs: P.Value(value), op: .lessThan)
        case 11:
            // (recipe as? BakedGood)?.ovenTemperature ?? 0 > n
            return P.Comparison(
                lhs: P.NilCoalesce(lhs: P.OptionalFlatMap(P.ConditionalCast<RecipeVariable, BakedGood>(r)) { P.KeyPath(root: $0, keyPath: \BakedGood.ovenTemperature) },
                                   rhs: P.Value(0)),
                rhs: P.Value(Int.random(in: 90...260, using: &random)), op: .greaterThan)
        case 14:
            // What `$0.plannedDate == nil` and `!= nil` compile to: a nil literal, not a Value.
            let planned = P.KeyPath(root: r, keyPath: \Recipe.plannedDate)
            return Bool.random(using: &random) ? P.Equal(lhs: planned, rhs: P.NilLiteral<Date>()) : P.NotEqual(lhs: P.NilLiteral<Date>(), rhs: planned)
        case 15:
            // `$0.plannedDate != nil && $0.plannedDate! >= d`: the unwrap is guarded.
            let planned = P.KeyPath(root: r, keyPath: \Recipe.plannedDate)
            return and(P.NotEqual(lhs: planned, rhs: P.NilLiteral<Date>()),
                       P.Comparison(lhs: P.ForcedUnwrap(planned), rhs: P.Value(date(&random)), op: [.lessThan, .greaterThanOrEqual].randomElement(using: &random)!))
        case 16:
            // `$0.plannedDate == nil || $0.plannedDate! < d`, and the same as a ternary.
            let planned = P.KeyPath(root: r, keyPath: \Recipe.plannedDate)
            let compared = P.Comparison(lhs: P.ForcedUnwrap(planned), rhs: P.Value(date(&random)), op: .lessThan)
            return Bool.random(using: &random)
                ? or(P.Equal(lhs: planned, rhs: P.NilLiteral<Date>()), compared)
                : P.Conditional(test: P.NotEqual(lhs: planned, rhs: P.NilLiteral<Date>()), trueBranch: compared, falseBranch: P.Value(false))
        case 17:
            // `($0.servings ?? 0) >= n`
            return P.Comparison(lhs: P.NilCoalesce(lhs: P.KeyPath(root: r, keyPath: \Recipe.servings), rhs: P.Value(0)),
                                rhs: P.Value(Int.random(in: 0...9, using: &random)), op: [.lessThan, .greaterThanOrEqual].randomElement(using: &random)!)
        case 18:
            // `($0.totalMinutes ?? Int.max) <= n`, as `search --max-time` asks.
            let time = [\Recipe.totalMinutes, \Recipe.prepMinutes, \Recipe.cookMinutes].randomElement(using: &random)!
            return P.Comparison(lhs: P.NilCoalesce(lhs: P.KeyPath(root: r, keyPath: time), rhs: P.Value(Int.max)),
                                rhs: P.Value(Int.random(in: 0...200, using: &random)), op: .lessThanOrEqual)
        case 19:
            let time = [\Recipe.totalMinutes, \Recipe.prepMinutes, \Recipe.cookMinutes, \Recipe.servings].randomElement(using: &random)!
            return Bool.random(using: &random) ? P.Equal(lhs: P.KeyPath(root: r, keyPath: time), rhs: P.NilLiteral<Int>())
                : P.NotEqual(lhs: P.KeyPath(root: r, keyPath: time), rhs: P.Value<Int?>(Int.random(in: 0...8, using: &random)))
        case 20:
            return P.Equal(lhs: P.KeyPath(root: r, keyPath: \Recipe.yield), rhs: P.Value<String?>(Bool.random(using: &random) ? nil : value))
        default:
            return P.Comparison(lhs: P.KeyPath(root: P.KeyPath(root: r, keyPath: \Recipe.ingredients), keyPath: \[Ingredient].count),
                                rhs: P.Value(Int.random(in: 0...4, using: &random)), op: .greaterThanOrEqual)
        }
    }

    static func tree(_ r: RecipeVariable, depth: Int, _ random: inout Generator) -> Expression {
        guard depth > 0, Int.random(in: 0..<3, using: &random) > 0 else { return leaf(r, &random) }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return and(tree(r, depth: depth - 1, &random), tree(r, depth: depth - 1, &random))
        case 1: return or(tree(r, depth: depth - 1, &random), tree(r, depth: depth - 1, &random))
        default: return not(tree(r, depth: depth - 1, &random))
        }
    }

    /// A predicate: a native expression tree, or whole predicates joined by the library's
    /// combinators.
    static func predicate(depth: Int, _ random: inout Generator) -> Predicate<Recipe> {
        if depth > 0, Int.random(in: 0..<4, using: &random) == 0 {
            let lhs = predicate(depth: depth - 1, &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: return lhs && predicate(depth: depth - 1, &random)
            case 1: return lhs || predicate(depth: depth - 1, &random)
            default: return !lhs
            }
        }
        var copy = random
        let result = Predicate<Recipe> { r in tree(r, depth: depth, &copy) }
        random = copy
        return result
    }

    static let sorts: [[SortDescriptor<Recipe>]] = [
        [SortDescriptor(\.name)],
        [SortDescriptor(\.plannedDate), SortDescriptor(\.name, order: .reverse)],
        [SortDescriptor(\.plannedDate, order: .reverse)],
        [SortDescriptor(\.summary, order: .reverse), SortDescriptor(\.instructions)],
        [],
    ]

    static func describe(_ recipe: Recipe) -> String {
        let ingredients = recipe.ingredients.map { "\($0.name.debugDescription)=\($0.amount.debugDescription)" }
        return "\(recipe.variety) name=\(recipe.name.debugDescription) summary=\(recipe.summary.debugDescription) "
            + "instructions=\(recipe.instructions.debugDescription) planned=\(String(describing: recipe.plannedDate)) ingredients=\(ingredients)"
    }

    /// What memory says: evaluate and sort the same objects, ties broken by id as in SQL.
    static func expected<T>(_ all: [T], _ predicate: Predicate<T>, _ sort: [SortDescriptor<T>], id: (T) -> UUID) throws -> [UUID] {
        try all.filter { try predicate.evaluate($0) }
            .sorted { lhs, rhs in
                for descriptor in sort {
                    switch descriptor.compare(lhs, rhs) {
                    case .orderedAscending: return true
                    case .orderedDescending: return false
                    case .orderedSame: continue
                    }
                }
                return id(lhs).uuidString < id(rhs).uuidString
            }
            .map(id)
    }

    @Test func sqlAgreesWithEvaluateOnFiveHundredRandomPredicates() throws {
        let temporary = TemporaryStore()
        _ = try Self.makeStore(temporary, count: 2_000, seed: 7)
        // A fresh context, so the objects compared are the ones read back from the file.
        let context = ModelContext(temporary.store)
        let all = try context.fetch(FetchDescriptor<Recipe>())
        #expect(all.count == 2_000)
        var random = Generator(state: 42)
        var exactCount = 0, nonEmpty = 0
        for index in 0..<500 {
            let predicate = Self.predicate(depth: 3, &random)
            let sort = Self.sorts[index % Self.sorts.count]
            let descriptor = FetchDescriptor(predicate: predicate, sortBy: sort)
            let plan = context.queryPlan(for: descriptor)
            if plan.isExact { exactCount += 1 }
            let fromSQL = try context.fetch(descriptor).map(\.id)
            let fromMemory = try Self.expected(all, predicate, sort, id: \.id)
            if !fromMemory.isEmpty && fromMemory.count < all.count { nonEmpty += 1 }
            if fromSQL != fromMemory {
                let onlySQL = Set(fromSQL).subtracting(fromMemory), onlyMemory = Set(fromMemory).subtracting(fromSQL)
                var example = (onlySQL.first ?? onlyMemory.first).flatMap { id in all.first { $0.id == id } }.map(Self.describe)
                if example == nil, let index = fromSQL.indices.first(where: { fromSQL[$0] != fromMemory[$0] }) {
                    let describe = { (id: UUID) in all.first { $0.id == id }.map(Self.describe) ?? "?" }
                    let window = max(0, index - 3)..<min(fromSQL.count, index + 3)
                    let field = { (id: UUID) in all.first { $0.id == id }.map { "\($0.summary.debugDescription)|\($0.instructions.debugDescription)" } ?? "?" }
                    print("SQL   ", window.map { field(fromSQL[$0]) })
                    print("memory", window.map { field(fromMemory[$0]) })
                    example = "at \(index) SQL has \(describe(fromSQL[index]))\n memory has \(describe(fromMemory[index]))"
                }
                Issue.record("""
                    predicate \(index) differs: \(onlySQL.count) only in SQL, \(onlyMemory.count) only in memory, \
                    same members: \(onlySQL.isEmpty && onlyMemory.isEmpty)
                    \(predicate.expression)
                    SQL: \(plan.sql)
                    example: \(example ?? "none")
                    """)
                break
            }
        }
        // Every generated node is translatable, so SQL must have done all of the work.
        #expect(exactCount == 500)
        // The corpus must make most predicates discriminate, or the comparison proves little.
        #expect(nonEmpty > 250)
    }

    /// The first things an app developer writes for "planned" and "upcoming", as the macro
    /// compiles them: SQL on the planned-date index, the same answers as Swift's evaluation.
    @Test func plannedDateNilChecksAndGuardedUnwrapsRunAsSQL() throws {
        let temporary = TemporaryStore()
        _ = try Self.makeStore(temporary, count: 400, seed: 11)
        let context = ModelContext(temporary.store)
        let all = try context.fetch(FetchDescriptor<Recipe>())
        let now = Self.now
        let predicates: [Predicate<Recipe>] = [
            #Predicate { $0.plannedDate != nil },
            #Predicate { $0.plannedDate == nil },
            #Predicate { $0.plannedDate != nil && $0.plannedDate! >= now },
            #Predicate { nil != $0.plannedDate && $0.name != "" && $0.plannedDate! < now },
            #Predicate { $0.plannedDate == nil || $0.plannedDate! < now },
            #Predicate { !($0.plannedDate == nil) && $0.plannedDate! > now },
            #Predicate { $0.plannedDate != nil ? $0.plannedDate! <= now : false },
            #Predicate { $0.plannedDate == nil ? true : $0.plannedDate! > now },
        ]
        for predicate in predicates {
            let descriptor = FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.plannedDate)])
            let plan = context.queryPlan(for: descriptor)
            #expect(plan.isExact, "\(predicate.expression): \(plan.untranslatedNodes)")
            let expected = try Self.expected(all, predicate, descriptor.sortBy, id: \.id)
            #expect(try context.fetch(descriptor).map(\.id) == expected, "\(predicate.expression)")
            #expect(!expected.isEmpty && expected.count < all.count)
        }
        var upcoming = FetchDescriptor(predicate: predicates[2], sortBy: [SortDescriptor(\.plannedDate)])
        upcoming.fetchLimit = 1
        let explained = try explain(context.queryPlan(for: upcoming), in: temporary.store)
        #expect(explained.contains("recipe_by_planned") && !explained.contains("SCAN r\n") && !explained.hasSuffix("SCAN r"), "\(explained)")
        // Unguarded, an unwrap of nil throws in Swift, so it throws here too.
        #expect(throws: RecipeStoreError.self) { try context.fetch(FetchDescriptor(predicate: #Predicate<Recipe> { $0.plannedDate! >= now })) }
        #expect(throws: RecipeStoreError.self) {
            try context.fetch(FetchDescriptor(predicate: #Predicate<Recipe> { $0.plannedDate == nil && $0.plannedDate! >= now }))
        }
    }

    func explain(_ plan: QueryPlan, in store: RecipeStore) throws -> String {
        let statement = try store.database.prepare("EXPLAIN QUERY PLAN " + plan.sql)
        try statement.bind(plan.parameters)
        var lines: [String] = []
        while try statement.step() { lines.append(statement.string(3)) }
        return lines.joined(separator: "\n")
    }

    @Test func limitAndOffsetApplyAfterTheSort() throws {
        let temporary = TemporaryStore()
        _ = try Self.makeStore(temporary, count: 300, seed: 3)
        let context = ModelContext(temporary.store)
        let all = try context.fetch(FetchDescriptor<Recipe>())
        let predicate = #Predicate<Recipe> { $0.plannedDate != nil }
        var descriptor = FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.plannedDate), SortDescriptor(\.name)])
        descriptor.fetchOffset = 5
        descriptor.fetchLimit = 10
        let expected = try Array(Self.expected(all, predicate, descriptor.sortBy, id: \.id).dropFirst(5).prefix(10))
        #expect(try context.fetch(descriptor).map(\.id) == expected)
    }
}

func and<L: StandardPredicateExpression<Bool>, R: StandardPredicateExpression<Bool>>(_ lhs: L, _ rhs: R) -> any StandardPredicateExpression<Bool> {
    PredicateExpressions.Conjunction(lhs: lhs, rhs: rhs)
}

func or<L: StandardPredicateExpression<Bool>, R: StandardPredicateExpression<Bool>>(_ lhs: L, _ rhs: R) -> any StandardPredicateExpression<Bool> {
    PredicateExpressions.Disjunction(lhs: lhs, rhs: rhs)
}

func not<E: StandardPredicateExpression<Bool>>(_ wrapped: E) -> any StandardPredicateExpression<Bool> {
    PredicateExpressions.Negation(wrapped)
}
