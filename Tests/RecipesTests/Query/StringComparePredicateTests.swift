import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// `caseInsensitiveCompare` / `localizedCompare` in `#Predicate`, the standard name sort,
/// strict mode, and key paths named in query plans.
@Suite struct StringComparePredicateTests {
    // `#Predicate` takes enum cases only as captured constants.
    let same = ComparisonResult.orderedSame, ascending = ComparisonResult.orderedAscending
    let descending = ComparisonResult.orderedDescending

    static let names = ["crème brûlée", "Crème Brûlée", "CREME brulee", "Step 10", "step 2", "Step 1", "apple", "Äpple", "banana"]

    func context() throws -> ModelContext {
        let context = ModelContext(try RecipeStore.inMemory())
        Self.names.forEach { context.insert(Recipe(name: $0)) }
        try context.save()
        return context
    }

    /// The SQL result and `evaluate` on the same recipes must agree, whatever the query.
    func expectSQLMatchesMemory(_ predicate: Predicate<Recipe>, _ context: ModelContext) throws -> [String] {
        let descriptor = FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.name)])
        #expect(context.queryPlan(for: descriptor).isExact)
        let sql = try context.fetch(descriptor).map(\.name)
        let memory = try Self.names.map { Recipe(name: $0) }.filter { try predicate.evaluate($0) }.map(\.name).sorted()
        #expect(sql == memory)
        return sql
    }

    @Test func caseInsensitiveCompareRunsInSQLAsInMemory() throws {
        let context = try context()
        let equal = try expectSQLMatchesMemory(#Predicate { $0.name.caseInsensitiveCompare("CRÈME BRÛLÉE") == same }, context)
        #expect(equal == ["Crème Brûlée", "crème brûlée"])
        let before = try expectSQLMatchesMemory(#Predicate { $0.name.caseInsensitiveCompare("B") == ascending }, context)
        #expect(before == ["apple"])
    }

    @Test func localizedCompareFoldsAccentsAndCase() throws {
        let context = try context()
        let notAfter = try expectSQLMatchesMemory(#Predicate { $0.name.localizedCompare("apple") != descending }, context)
        #expect(notAfter == ["apple"])
        let beforeBanana = try expectSQLMatchesMemory(#Predicate { $0.name.localizedCompare("banana") == ascending }, context)
        #expect(beforeBanana == ["apple", "Äpple"])
    }

    @Test func nameSortKeyOrdersNumbersByValueInSQL() throws {
        let context = try context()
        let descriptor = FetchDescriptor<Recipe>(predicate: #Predicate { $0.name.starts(with: "Step") || $0.name.starts(with: "step") },
                                                 sortBy: [SortDescriptor(\.nameSortKey)])
        #expect(context.queryPlan(for: descriptor).isExact)
        #expect(try context.fetch(descriptor).map(\.name) == ["Step 1", "step 2", "Step 10"])
        #expect(TextMatching.standardSortKey("Äpple 7") < TextMatching.standardSortKey("apple 10"))
    }

    @Test func strictModeThrowsInsteadOfFilteringInMemory() throws {
        let context = try context()
        var descriptor = FetchDescriptor<Recipe>(predicate: #Predicate { $0.name.count > 5 })
        #expect(try context.fetch(descriptor).count == 7)
        descriptor.requiresSQLTranslation = true
        #expect(throws: RecipeStoreError.untranslatable(parts: ["KeyPath \\String.count"])) { try context.fetch(descriptor) }
        #expect(throws: RecipeStoreError.self) { try context.fetchCount(descriptor) }
        var sorted = FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.name, comparator: .lexical)])
        sorted.requiresSQLTranslation = true
        #expect(throws: RecipeStoreError.self) { try context.store.enumerate(sorted) { _ in true } }
        // A translatable fetch is unaffected.
        var exact = FetchDescriptor<Recipe>(predicate: #Predicate { $0.name == "apple" })
        exact.requiresSQLTranslation = true
        #expect(try context.fetch(exact).count == 1)
    }

    @Test func queryPlansNameKeyPathsAsSourceSpellsThem() throws {
        let context = try context()
        let plan = context.queryPlan(for: FetchDescriptor<Recipe>(predicate: #Predicate { $0.summary.count > 1 }))
        #expect(plan.untranslatedNodes == ["KeyPath \\String.count"])
        #expect(SQLTranslator.describe(\Recipe.name) == "\\Recipe.name")
        #expect(SQLTranslator.describe(\BakedGood.ovenTemperature) == "\\BakedGood.ovenTemperature")
        #expect(!SQLTranslator.describe(\Recipe.ingredients.first).contains("0x"))
    }
}
