import Foundation
import Recipes
import Testing

/// The SwiftData sample code from the library's issue, compiled against the public API as
/// written (only the import differs), returning the expected recipes.
@Suite struct SwiftDataShapeTests {
    let temporary = TemporaryStore()

    func sampleContext() throws -> ModelContext {
        let context = ModelContext(temporary.store)
        let spaghetti = Recipe(name: "Mom's Spaghetti", instructions: "Boil the spaghetti. Simmer the sauce.",
                               plannedDate: Recipe.dateAt6PM(daysFromNow: 2))
        context.insert(spaghetti)
        spaghetti.ingredients.append(Ingredient(name: "Spaghetti", amount: "1 box"))
        spaghetti.ingredients.append(Ingredient(name: "Onion", amount: "1 medium, diced"))
        let bread = BakedGood(name: "Crème brûlée", instructions: "Bake in a water bath.",
                              plannedDate: Recipe.dateAt6PM(daysFromNow: 1), ovenTemperature: 150, bakeMinutes: 40)
        bread.ingredients = [Ingredient(name: "Cream", amount: "500 ml"), Ingredient(name: "Sugar", amount: "100 g")]
        context.insert(bread)
        let cocoa = Beverage(name: "Hot Cocoa", instructions: "Whisk cocoa into hot milk.", isServedHot: true)
        cocoa.ingredients = [Ingredient(name: "Milk", amount: "250 ml"), Ingredient(name: "Cocoa", amount: "2 Tbsp")]
        context.insert(cocoa)
        let past = Recipe(name: "Yesterday's Soup", plannedDate: Recipe.dateAt6PM(daysFromNow: -1))
        context.insert(past)
        try context.save()
        return context
    }

    @Test(arguments: [
        (RecipeKind.all, "", ["Crème brûlée", "Hot Cocoa", "Mom's Spaghetti", "Yesterday's Soup"]),
        (.bakedGoods, "", ["Crème brûlée"]),
        (.beverages, "", ["Hot Cocoa"]),
        (.all, "CREME", ["Crème brûlée"]),
        (.all, "ml", ["Crème brûlée", "Hot Cocoa"]),
        (.bakedGoods, "milk", []),
        (.beverages, "milk", ["Hot Cocoa"]),
        (.all, "diced", ["Mom's Spaghetti"]),
    ])
    func sampleTypeAndSearchPredicates(kind: RecipeKind, searchText: String, expected: [String]) throws {
        let context = try sampleContext()
        let s = searchText
        // SwiftData's sample writes these two as `switch` expressions. Swift 6.3.1 cannot
        // type-check a switch expression whose type is an Optional of a variadic generic
        // (Predicate<each Input> is one; `struct V<each T> {}` shows the same error), so they
        // are switch statements here; everything else is the sample as written.
        let typePredicate: Predicate<Recipe>?
        switch kind {
        case .all: typePredicate = nil
        case .bakedGoods: typePredicate = #Predicate<Recipe> { $0 is BakedGood }
        case .beverages: typePredicate = #Predicate<Recipe> { $0 is Beverage }
        }
        let searchPredicate = #Predicate<Recipe> { recipe in
            recipe.name.localizedStandardContains(s) || recipe.instructions.localizedStandardContains(s) ||
            recipe.ingredients.contains { $0.name.localizedStandardContains(s) || $0.amount.localizedStandardContains(s) } }
        let predicate: Predicate<Recipe>?
        switch (typePredicate, searchText.isEmpty) {
        case (nil, true): predicate = nil
        case (let type?, true): predicate = type
        case (nil, false): predicate = searchPredicate
        case (let type?, false): predicate = type && searchPredicate
        }
        let descriptor = FetchDescriptor<Recipe>(predicate: predicate, sortBy: [SortDescriptor(\.name)])
        #expect(try context.fetch(descriptor).map(\.name) == expected)
        #expect(context.queryPlan(for: descriptor).isExact)
        #expect(try context.fetchCount(descriptor) == expected.count)
        let ready = FetchDescriptor<Recipe>(predicate: RecipePredicates.matching(kind: kind, search: searchText),
                                            sortBy: [SortDescriptor(\.name)])
        #expect(try context.fetch(ready).map(\.name) == expected)
    }

    @Test func nextPlannedRecipeIsALimitOneFetchSortedByPlannedDate() throws {
        let context = try sampleContext()
        let now = Date()
        var next = FetchDescriptor<Recipe>(predicate: #Predicate { ($0.plannedDate ?? now) > now },
                                           sortBy: [SortDescriptor(\.plannedDate, order: .forward)])
        next.fetchLimit = 1
        let found = try context.fetch(next)
        #expect(found.map(\.name) == ["Crème brûlée"])
        #expect(found.first is BakedGood)
        #expect((found.first as? BakedGood)?.ovenTemperature == 150)
        #expect(context.queryPlan(for: next).sql.contains("LIMIT"))
    }

    @Test func subclassDescriptorsFetchOnlyThatKind() throws {
        let context = try sampleContext()
        let hot = try context.fetch(FetchDescriptor<Beverage>(predicate: #Predicate { $0.isServedHot }))
        #expect(hot.map(\.name) == ["Hot Cocoa"])
        let hotBaked = try context.fetch(FetchDescriptor<BakedGood>(predicate: #Predicate { ($0.ovenTemperature ?? 0) > 140 }))
        #expect(hotBaked.map(\.name) == ["Crème brûlée"])
        let cast = #Predicate<Recipe> { (($0 as? BakedGood)?.bakeMinutes ?? 0) >= 40 }
        #expect(try context.fetch(FetchDescriptor(predicate: cast)).map(\.name) == ["Crème brûlée"])
        #expect(context.queryPlan(for: FetchDescriptor(predicate: cast)).isExact)
    }

    /// README's "library in ten lines", as printed there.
    @Test func theReadmeExampleWorks() throws {
        let directory = temporary.directory
        let context = ModelContext(try RecipeStore(url: directory.appendingPathComponent("readme.sqlite")))
        let spaghetti = Recipe(name: "Mom's Spaghetti", plannedDate: Recipe.dateAt6PM(daysFromNow: 2))
        context.insert(spaghetti)
        spaghetti.ingredients.append(Ingredient(name: "Spaghetti", amount: "1 box"))
        try context.save()
        context.insert(BakedGood(name: "Crème brûlée", ingredients: [Ingredient(name: "Cream")]))
        try context.save()
        let cheap = #Predicate<Recipe> { $0.ingredients.count < 5 } && RecipePredicates.search("creme")!
        let found = try context.fetch(FetchDescriptor(predicate: cheap, sortBy: [SortDescriptor(\.name)]))
        #expect(found.map(\.name) == ["Crème brûlée"])
    }
}
