import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// The pantry as the library keeps it: items by ingredient, amounts that add across units,
/// bad input that changes nothing, and sync between stores as recipes sync.
@Suite struct PantryTests {
    let vocabulary = IngredientVocabulary.builtIn

    @Test(arguments: [
        ("eggs", "egg", nil as Double?, nil as MeasureUnit.Dimension?, ""),
        ("Eier", "egg", nil, nil, ""),
        ("6 eggs", "egg", 6, .count, ""),
        ("Flour", "all-purpose flour", nil, nil, ""),
        ("500 g flour", "all-purpose flour", 500, .mass, ""),
        ("1 kg Mehl", "all-purpose flour", 1000, .mass, ""),
        ("2 cups milk", "milk", 480, .volume, ""),
        ("2 jars honey", "honey", 2, .count, "jar"),
        ("black pepper", "black pepper", nil, nil, ""),
        ("hazelnut butter", "hazelnut butter", nil, nil, ""),
        ("3 garlic cloves", "garlic", 3, .count, "clove"),
    ])
    func anItemIsReadAsAUserTypesIt(text: String, identity: String, quantity: Double?, dimension: MeasureUnit.Dimension?, unit: String) throws {
        let item = try PantryItem(reading: text, vocabulary: vocabulary)
        #expect(item.identity == identity)
        #expect(item.quantity == quantity)
        #expect(item.dimension == dimension)
        #expect(item.countUnit == unit)
    }

    /// What is made of an ingredient is an item of its own; describing words and a count do
    /// not make one (found by a user trial: "cheddar sauce" was kept as cheddar).
    @Test func aProductMadeOfAnIngredientIsAnItemOfItsOwn() throws {
        for text in ["cheddar sauce", "mac and cheese", "salt & vinegar crisps", "cheddar-nope"] {
            let item = try PantryItem(reading: text, vocabulary: vocabulary)
            #expect(vocabulary.entry(for: item.identity) == nil, "\(text) → \(item.identity)")
        }
        for (text, identity) in [("large eggs", "egg"), ("fresh basil leaves", "basil"), ("Vollmilch", "milk"), ("2 garlic cloves", "garlic")] {
            #expect(try PantryItem(reading: text, vocabulary: vocabulary).identity == identity, "\(text)")
        }
    }

    @Test(arguments: ["", "   ", "500 g", "2", "salt and pepper", "1-2 kg flour", "0 eggs", "0 g sugar"])
    func badItemsAreRefused(text: String) {
        #expect(throws: PantryInputError.self) { try PantryItem(reading: text, vocabulary: vocabulary) }
    }

    /// Amounts add in the unit held (a volume to a mass by density); one that cannot be added
    /// refuses the whole call, and nothing is changed.
    @Test func amountsAddAndABadOneChangesNothing() throws {
        let temporary = TemporaryStore()
        let store = temporary.store
        try store.addToPantry([try PantryItem(reading: "500 g flour", vocabulary: vocabulary)], vocabulary: vocabulary)
        try store.addToPantry([try PantryItem(reading: "1 cup flour", vocabulary: vocabulary), try PantryItem(reading: "eggs", vocabulary: vocabulary)],
                              vocabulary: vocabulary)
        let flour = try #require(try store.pantryItems().first { $0.identity == "all-purpose flour" })
        let density = try #require(vocabulary.density(of: "all-purpose flour"))
        #expect(abs(flour.quantity! - (500 + 240 * density)) < 0.001)
        #expect(flour.dimension == .mass)
        let before = try store.pantryItems()
        #expect(throws: PantryInputError.self) {
            try store.addToPantry([try PantryItem(reading: "sugar", vocabulary: vocabulary), try PantryItem(reading: "2 jars flour", vocabulary: vocabulary)],
                                  vocabulary: vocabulary)
        }
        #expect(try store.pantryItems() == before)
        // An amount given to an item held without one starts counting it.
        try store.addToPantry([try PantryItem(reading: "6 eggs", vocabulary: vocabulary)], vocabulary: vocabulary)
        #expect(try store.pantryItems().first { $0.identity == "egg" }?.quantity == 6)
    }

    /// Taking an amount leaves the rest; taking one that does not convert, or from an item
    /// kept without an amount, or an item not held, refuses the whole call.
    @Test func takingAnAmountLeavesTheRest() throws {
        let store = TemporaryStore().store
        try store.addToPantry(try ["400 g sugar", "eggs", "6 Eier"].map { try PantryItem(reading: $0, vocabulary: vocabulary) }, vocabulary: vocabulary)
        let result = try store.takeFromPantry([try PantryItem(reading: "100 g sugar", vocabulary: vocabulary)], vocabulary: vocabulary)
        #expect(result.first?.left?.quantity == 300)
        let before = try store.pantryItems()
        for bad in [["2 jars sugar"], ["50 g sugar", "caviar"], ["1 cup salt"]] {
            #expect(throws: PantryInputError.self) {
                try store.takeFromPantry(try bad.map { try PantryItem(reading: $0, vocabulary: vocabulary) }, vocabulary: vocabulary)
            }
            #expect(try store.pantryItems() == before)
        }
        try store.takeFromPantry([try PantryItem(reading: "6 eggs", vocabulary: vocabulary), try PantryItem(reading: "sugar", vocabulary: vocabulary)],
                                 vocabulary: vocabulary)
        #expect(try store.pantryItems().isEmpty)
    }

    /// More of an item keeps its name and its earlier use-by day: what was there first goes
    /// off first (found by a user trial: a later day replaced it).
    @Test func moreOfAnItemKeepsItsNameAndEarlierDay() throws {
        let store = TemporaryStore().store
        var sugar = try PantryItem(reading: "300 g sugar", vocabulary: vocabulary)
        sugar.useBy = Date(timeIntervalSinceReferenceDate: 1_000_000)
        try store.addToPantry([sugar], vocabulary: vocabulary)
        var more = try PantryItem(reading: "100 g Zucker", vocabulary: vocabulary)
        more.useBy = Date(timeIntervalSinceReferenceDate: 2_000_000)
        let held = try #require(try store.addToPantry([more], vocabulary: vocabulary).first)
        #expect(held.name == "sugar" && held.quantity == 400 && held.useBy == sugar.useBy)
    }

    @Test func removeAndClearLeaveTombstonesThatSync() throws {
        let laptop = TemporaryStore(), desktop = TemporaryStore()
        try laptop.store.addToPantry(try ["eggs", "500 g flour", "spinach"].map { try PantryItem(reading: $0, vocabulary: vocabulary) },
                                     vocabulary: vocabulary)
        var token: Int64 = 0
        func syncLaptopToDesktop() throws {
            let (changes, next) = try laptop.store.changes(since: token)
            token = next
            try desktop.store.apply(changes)
        }
        try syncLaptopToDesktop()
        #expect(try desktop.store.pantryItems().map(\.identity).sorted() == ["all-purpose flour", "egg", "spinach"])
        #expect(try desktop.store.pantryItems() == laptop.store.pantryItems())
        try laptop.store.removeFromPantry(["egg"])
        try syncLaptopToDesktop()
        #expect(try desktop.store.pantryItems().map(\.identity).sorted() == ["all-purpose flour", "spinach"])
        // A snapshot (what a new sync folder gets) carries the items and the tombstone.
        let (snapshot, _) = try laptop.store.snapshot()
        let pantry = snapshot.compactMap(\.pantry).map(\.identity).sorted()
        #expect(pantry == ["all-purpose flour", "egg", "spinach"])
        #expect(snapshot.first { $0.pantry?.identity == "egg" }?.deleted == true)
        #expect(try laptop.store.clearPantry() == 2)
        try syncLaptopToDesktop()
        #expect(try desktop.store.pantryItems().isEmpty)
        // Recipes still list as before: no pantry item is taken for one.
        #expect(try ModelContext(desktop.store).fetch(FetchDescriptor<Recipe>()).isEmpty)
    }

    /// Two machines adding the same ingredient make one item (its id comes from the
    /// identity); the later change wins on both, whichever arrives first.
    @Test func twoMachinesAddingOneIngredientKeepOneItem() throws {
        let first = TemporaryStore(), second = TemporaryStore()
        try first.store.addToPantry([try PantryItem(reading: "6 eggs", vocabulary: vocabulary)], vocabulary: vocabulary)
        try second.store.addToPantry([try PantryItem(reading: "Eier", vocabulary: vocabulary)], vocabulary: vocabulary)
        let (fromFirst, _) = try first.store.changes(since: 0)
        let (fromSecond, _) = try second.store.changes(since: 0)
        #expect(fromFirst.map(\.id) == fromSecond.map(\.id))
        try first.store.apply(fromSecond)
        try second.store.apply(fromFirst)
        #expect(try first.store.pantryItems() == second.store.pantryItems())
        #expect(try first.store.pantryItems().count == 1)
        #expect(try first.store.pantryItems().first?.name == "Eier")
    }

    /// A version from before the pantry passes a pantry change on as a recipe's deletion
    /// (it knows no `pantry` key) under the item's id and stamp: that removes nothing.
    @Test func aPantryChangeReadByAnOlderVersionRemovesNothing() throws {
        let temporary = TemporaryStore(), other = TemporaryStore()
        try temporary.store.addToPantry([try PantryItem(reading: "eggs", vocabulary: vocabulary)], vocabulary: vocabulary)
        let (changes, _) = try temporary.store.changes(since: 0)
        let echoed = changes.map { RecipeChange(id: $0.id, stamp: $0.stamp, deleted: true, recipe: nil) }
        try temporary.store.apply(echoed)
        #expect(try temporary.store.pantryItems().map(\.identity) == ["egg"])
        #expect(try temporary.store.changes(since: 0).changes.first?.deleted == false)
        // Nor on a store that heard of the item only from the older version.
        try other.store.apply(echoed)
        try other.store.apply(changes)
        #expect(try other.store.pantryItems().map(\.identity) == ["egg"])
    }

    /// A pantry change that does not hold together is refused alone; the rest applies.
    @Test func aForgedPantryChangeIsRefused() throws {
        let temporary = TemporaryStore()
        let stamp = SyncStamp(wall: 1_700_000_000_000, counter: 0, replica: String(repeating: "a", count: 32))
        let wrongID = RecipeChange(id: UUID(), stamp: stamp, deleted: false, recipe: nil,
                                   pantry: PantryItemJSON(PantryItem(identity: "egg", name: "eggs")))
        let right = RecipeChange(id: RecipeStore.pantryID("milk"), stamp: stamp, deleted: false, recipe: nil,
                                 pantry: PantryItemJSON(PantryItem(identity: "milk", name: "milk", quantity: 1000, dimension: .volume)))
        let result = try temporary.store.apply([wrongID, right])
        #expect(result.applied == 1)
        #expect(result.refused.count == 1)
        #expect(try temporary.store.pantryItems().map(\.identity) == ["milk"])
    }

    /// Random recipes of real page lines in many languages and random pantries: what SQL
    /// finds on the stored needs, and what each recipe misses, against reading every line
    /// in the test (an item serves a line's ingredient when it is that or a kind of it).
    @Test(arguments: [21, 22]) func whatSQLCanCookIsWhatReadingTheLinesCanCook(seed: UInt64) throws {
        let lines = try IngredientSearchTests.fixtureLines()
        var random = PredicateDifferentialTests.Generator(state: seed)
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        var recipes: [Recipe] = []
        for index in 0..<300 {
            let chosen = (0..<Int.random(in: 0...5, using: &random)).map { _ in lines.randomElement(using: &random)! }
            let recipe = Recipe(name: "Recipe \(index)", ingredients: chosen.map { let (name, amount) = Ingredient.split($0); return Ingredient(name: name, amount: amount) })
            context.insert(recipe)
            recipes.append(recipe)
        }
        try context.save()
        let identities = Array(Set(lines.flatMap { vocabulary.reading(of: $0).identities })).sorted()
        for round in 0..<6 {
            // Pantries of the lines' own ingredients, some as more general or specific kinds.
            let pantry = (0..<Int.random(in: 5...60, using: &random)).map { _ -> PantryItem in
                var identity = identities.randomElement(using: &random)!
                if Bool.random(using: &random), let kind = vocabulary.entry(for: identity)?.kind { identity = kind }
                return PantryItem(identity: identity, name: identity)
            }
            let allowed = round % 3
            func serves(_ needed: String) -> Bool {
                ["water", "ice"].contains(needed) || pantry.contains { vocabulary.isKind($0.identity, of: needed) }
            }
            var expected: [String: [String]] = [:]
            for recipe in recipes where !recipe.ingredients.isEmpty {
                var missing: [String] = []
                for line in recipe.ingredients {
                    let reading = vocabulary.reading(of: line.name)
                    if reading.isOptional { continue }
                    if reading.identities.isEmpty {
                        let key = ShoppingList.itemKey(line.name)
                        if !key.isEmpty, !pantry.contains(where: { $0.identity == key }), !missing.contains(key) { missing.append(key) }
                    } else if reading.isAlternatives {
                        if !reading.identities.contains(where: serves) { missing.append(reading.identities.sorted().joined(separator: " or ")) }
                    } else {
                        for identity in reading.identities.sorted() where !serves(identity) && !missing.contains(identity) { missing.append(identity) }
                    }
                }
                if missing.count <= allowed { expected[recipe.name] = missing }
            }
            let found = try context.fetch(FetchDescriptor(predicate: RecipePredicates.canCook(with: pantry, missingAtMost: allowed)))
            #expect(Set(found.map(\.name)) == Set(expected.keys), "round \(round)")
            let missing = try temporary.store.missingFromPantry(found.map(\.id), pantry: pantry)
            for recipe in found { #expect(missing[recipe.id] == expected[recipe.name], "\(recipe.name)") }
            if round == 5 {
                // A store that cannot read its lines again (read-only, its needs another
                // vocabulary's) reads them in memory, with the same answer.
                try temporary.rawConnection().execute("UPDATE local_state SET value = 'another' WHERE key = 'ingredient vocabulary'")
                let readOnly = try RecipeStore(url: temporary.url, readOnly: true)
                let inMemory = try ModelContext(readOnly).fetch(FetchDescriptor(predicate: RecipePredicates.canCook(with: pantry, missingAtMost: allowed)))
                #expect(Set(inMemory.map(\.name)) == Set(expected.keys))
                let read = try readOnly.missingFromPantry(inMemory.map(\.id), pantry: pantry)
                for recipe in inMemory { #expect(read[recipe.id] == expected[recipe.name], "\(recipe.name)") }
            }
            #expect(found.count > 0 || expected.isEmpty)
        }
    }

    /// Shopping less the pantry: what is held without an amount goes, a held amount is taken
    /// from the sum it converts to, and one that converts to nothing leaves the sum whole.
    @Test func shoppingLeavesOutWhatThePantryHolds() throws {
        let bread = Recipe(name: "Bread", ingredients: [Ingredient(name: "flour", amount: "750 g"), Ingredient(name: "salt", amount: "2 tsp"),
                                                        Ingredient(name: "eggs", amount: "3"), Ingredient(name: "milk", amount: "1 cup"),
                                                        Ingredient(name: "honey", amount: "2 tbsp"), Ingredient(name: "Cheddar", amount: "100 g")])
        let pantry = try ["500 g Mehl", "Salz", "2 eggs", "1 l milk", "1 jar honey", "cheese"].map { try PantryItem(reading: $0, vocabulary: vocabulary) }
        let list = ShoppingList(meals: [(bread, nil)], vocabulary: vocabulary, units: nil, pantry: pantry)
        let amounts = Dictionary(uniqueKeysWithValues: list.items.map { ($0.name, $0.amounts.map(\.text)) })
        // Cheese does not do for cheddar; a jar of honey is no number of spoons.
        #expect(amounts == ["flour": ["250 g"], "eggs": ["1"], "honey": ["2 tbsp"], "Cheddar": ["100 g"]], "\(amounts)")
        // A cup of flour held is weighed against grams needed by its density.
        let cup = try PantryItem(reading: "1 cup flour", vocabulary: vocabulary)
        let weighed = ShoppingList(meals: [(bread, nil)], vocabulary: vocabulary, units: nil, pantry: [cup]).items.first { $0.identity == "all-purpose flour" }
        let density = try #require(vocabulary.density(of: "all-purpose flour"))
        #expect(weighed?.amounts.first?.quantity.map { abs($0 - (750 - 240 * density)) < 1 } == true, "\(String(describing: weighed))")
    }

    /// Cooking takes what the lines ask for from the counted items, never below zero, and an
    /// item used up leaves the pantry; uncounted items stay; all in the cooked record's write.
    @Test func cookingTakesFromTheCountedItems() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        let bread = Recipe(name: "Bread", ingredients: [Ingredient(name: "flour", amount: "750 g"), Ingredient(name: "salt", amount: "2 tsp"),
                                                        Ingredient(name: "eggs", amount: "3"), Ingredient(name: "milk", amount: "250 ml")])
        context.insert(bread)
        try context.save()
        try temporary.store.addToPantry(try ["500 g flour", "salt", "6 eggs", "1 l milk"].map { try PantryItem(reading: $0, vocabulary: vocabulary) },
                                        vocabulary: vocabulary)
        try temporary.store.recordCooked(recipeID: bread.id, at: Date(), takingFromPantry: vocabulary)
        let held = Dictionary(uniqueKeysWithValues: try temporary.store.pantryItems().map { ($0.identity, $0.quantity) })
        let expected: [String: Double?] = ["salt": nil, "egg": 3, "milk": 750]
        #expect(held == expected, "\(held)")
        #expect(try temporary.store.cookedRecords(of: bread.id).count == 1)
    }

    /// An export of the whole store holds the pantry, and importing it into another store
    /// brings the items it lacks; one it holds stays unless the import replaces.
    @Test func anExportCarriesThePantry() throws {
        let source = TemporaryStore(), target = TemporaryStore()
        let context = ModelContext(source.store)
        let soup = Recipe(name: "Soup", ingredients: [Ingredient(name: "leeks", amount: "2")])
        context.insert(soup)
        try context.save()
        let items = try ["6 eggs", "500 g flour", "spinach"].map { try PantryItem(reading: $0, vocabulary: vocabulary) }
        try source.store.addToPantry(items, vocabulary: vocabulary)
        let data = try source.store.exportArchive().encoded()
        #expect(try source.store.exportArchive(ids: [soup.id]).pantry == nil)
        try target.store.addToPantry([try PantryItem(reading: "2 eggs", vocabulary: vocabulary)], vocabulary: vocabulary)
        _ = try target.store.importArchive(try RecipeArchive.decode(data))
        let imported = Dictionary(uniqueKeysWithValues: try target.store.pantryItems().map { ($0.identity, $0.quantity) })
        let expected: [String: Double?] = ["egg": 2, "all-purpose flour": 500, "spinach": nil]
        #expect(imported == expected)
        _ = try target.store.importArchive(try RecipeArchive.decode(data), replace: true)
        #expect(try target.store.pantryItems().first { $0.identity == "egg" }?.quantity == 6)
    }

    @Test func anItemServesItsOwnIngredientAndMoreGeneralOnes() {
        let cheddar = PantryItem(identity: "cheddar", name: "cheddar")
        #expect(cheddar.serves("cheddar", in: vocabulary))
        #expect(cheddar.serves("cheese", in: vocabulary))
        #expect(!PantryItem(identity: "cheese", name: "cheese").serves("cheddar", in: vocabulary))
        #expect(!PantryItem(identity: "onion", name: "onion").serves("red onion", in: vocabulary))
        #expect(PantryItem(identity: "red onion", name: "red onion").serves("onion", in: vocabulary))
    }
}
