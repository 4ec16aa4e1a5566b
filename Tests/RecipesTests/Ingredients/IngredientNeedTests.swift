import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// The `ingredient_need` table holds, for every line of every recipe, what the vocabulary
/// reads it as, once a feature asks; whatever wrote the lines (a save, an edit, a delete, a
/// bulk import, a sync), and whichever vocabulary asks.
@Suite struct IngredientNeedTests {
    /// The stored needs once `vocabulary` asks, one text per row: "recipe name#position
    /// identity known either optional".
    private static func storedNeeds(_ temporary: TemporaryStore, asking vocabulary: IngredientVocabulary? = .builtIn) throws -> [String] {
        if let vocabulary { #expect(temporary.store.ingredientNeedsAreCurrent(for: vocabulary)) }
        return try temporary.rawConnection().fetchAll("""
            SELECT r.name, n.position, n.identity, n.known, n.either, n.optional
            FROM ingredient_need n JOIN recipe r ON r.rowid = n.recipe ORDER BY r.name, n.position, n.identity
            """) { row in
            "\(try row[0] as String)#\(try row[1] as Int) \(try row[2] as String) \(try row[3] as Int)\(try row[4] as Int)\(try row[5] as Int)"
        }
    }

    /// What reading every stored line afresh gives, in the same form.
    private static func readAfresh(_ store: RecipeStore, with vocabulary: IngredientVocabulary = .builtIn) throws -> [String] {
        var reader = IngredientNeedReader(vocabulary)
        return try ModelContext(store).fetch(FetchDescriptor<Recipe>()).flatMap { recipe in
            recipe.ingredients.enumerated().flatMap { position, line in
                reader.needs(ofLine: line.name, at: position, isHeading: line.isHeading).map { need in
                    "\(recipe.name)#\(position) \(need.identity) \(need.isKnown ? 1 : 0)\(need.isEither ? 1 : 0)\(need.isOptional ? 1 : 0)"
                }
            }
        }.sorted()
    }

    @Test func aSavedLineKeepsWhatItNeeds() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        context.insert(Recipe(name: "Cake", ingredients: [
            Ingredient(name: "For the batter", isHeading: true),
            Ingredient(name: "large eggs, beaten", amount: "2"),
            Ingredient(name: "salt and freshly ground black pepper"),
            Ingredient(name: "butter or margarine", amount: "50 g"),
            Ingredient(name: "Hazelnut butters", amount: "1 jar"),
            Ingredient(name: "parsley, to garnish"),
        ]))
        try context.save()
        let stored = try Self.storedNeeds(temporary)
        #expect(stored == [
            "Cake#1 egg 100", "Cake#2 black pepper 100", "Cake#2 salt 100", "Cake#3 butter 110", "Cake#3 margarine 110",
            "Cake#4 hazelnut butter 000", "Cake#5 parsley 101",
        ], "\(stored)")
    }

    /// Random saves, edits of lines, deletions, bulk saves and changes synced in from a
    /// second store: after each, the table is exactly what reading every line afresh gives.
    @Test(arguments: [11, 12, 13]) func everyWayOfWritingLinesKeepsTheNeedsTrue(seed: UInt64) throws {
        let lines = try IngredientSearchTests.fixtureLines()
        var random = PredicateDifferentialTests.Generator(state: seed)
        let temporary = TemporaryStore(), other = TemporaryStore()
        let context = ModelContext(temporary.store), otherContext = ModelContext(other.store)
        func someLines() -> [Ingredient] {
            (0..<Int.random(in: 0...5, using: &random)).map { _ in
                let (name, amount) = Ingredient.split(lines.randomElement(using: &random)!)
                return Ingredient(name: name, amount: amount, isHeading: Int.random(in: 0..<10, using: &random) == 0)
            }
        }
        var synced: Int64 = 0
        for step in 0..<40 {
            let recipes = try context.fetch(FetchDescriptor<Recipe>())
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                context.insert(Recipe(name: "Dish \(step)", ingredients: someLines()))
            case 1 where !recipes.isEmpty:
                let recipe = recipes.randomElement(using: &random)!
                recipe.ingredients = someLines()
            case 2 where !recipes.isEmpty:
                let recipe = recipes.randomElement(using: &random)!
                if let line = recipe.ingredients.randomElement(using: &random) { line.name = lines.randomElement(using: &random)! }
                recipe.name += "!"
            case 3 where !recipes.isEmpty:
                context.delete(recipes.randomElement(using: &random)!)
            case 4:
                // Enough at once for the bulk path, which reads lines on a second thread.
                for index in 0..<70 { context.insert(Recipe(name: "Bulk \(step).\(index)", ingredients: someLines())) }
            default:
                otherContext.insert(Recipe(name: "Elsewhere \(step)", ingredients: someLines()))
                try otherContext.save()
                let (changes, token) = try other.store.changes(since: synced)
                synced = token
                try temporary.store.apply(changes)
            }
            try context.save()
            #expect(try Self.storedNeeds(temporary) == Self.readAfresh(temporary.store), "step \(step)")
        }
    }

    /// Saving reads nothing: a saved recipe is unread until a feature asks, and then only
    /// the unread ones are read.
    @Test func linesAreReadWhenFirstAskedAndOnlyOnce() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        let stew = Recipe(name: "Stew", ingredients: [Ingredient(name: "leeks", amount: "2")])
        context.insert(stew)
        try context.save()
        #expect(try Self.storedNeeds(temporary, asking: nil) == [])
        #expect(try temporary.count("SELECT count(*) FROM recipe WHERE needs_read IS NULL") == 1)
        #expect(try Self.storedNeeds(temporary) == ["Stew#0 leek 100"])
        #expect(try temporary.count("SELECT count(*) FROM recipe WHERE needs_read IS NULL") == 0)
        // A name changed, not the lines: still read. The lines changed: unread again.
        stew.name = "Leek stew"
        try context.save()
        #expect(try temporary.count("SELECT count(*) FROM recipe WHERE needs_read IS NULL") == 0)
        stew.ingredients[0].name = "onions"
        try context.save()
        #expect(try Self.storedNeeds(temporary, asking: nil) == [])
        #expect(try Self.storedNeeds(temporary) == ["Leek stew#0 onion 100"])
        // Another SQLite client's new recipe has no mark: it is unread.
        try temporary.rawConnection().execute("""
            INSERT INTO recipe (id, kind, name, created, updated) VALUES ('0B5E3C4D-0000-4000-8000-000000000001', 'dish', 'Raw', 0, 0);
            INSERT INTO ingredient (recipe, position, id, name) VALUES (last_insert_rowid(), 0, x'00112233445566778899AABBCCDDEEFF', 'Eier');
            """)
        #expect(try Self.storedNeeds(temporary) == ["Leek stew#0 onion 100", "Raw#0 egg 100"])
    }

    /// A vocabulary that reads lines otherwise (a configuration's new ingredient) has every
    /// line read again when it first asks, and the built-in one gets its own reading back.
    @Test func anotherVocabularyReadsEveryLineAgain() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        context.insert(Recipe(name: "Stew", ingredients: [Ingredient(name: "red pepper paste", amount: "2 tbsp"),
                                                          Ingredient(name: "eggs", amount: "2")]))
        try context.save()
        let configured = try IngredientVocabulary(configuration: "ingredient.house chili paste = aisle tins and jars; en red pepper paste",
                                                  path: "config")
        #expect(configured.fingerprint != IngredientVocabulary.builtIn.fingerprint)
        #expect(try !Self.storedNeeds(temporary).contains("Stew#0 house chili paste 100"))
        #expect(try Self.storedNeeds(temporary, asking: configured) == Self.readAfresh(temporary.store, with: configured))
        #expect(try Self.storedNeeds(temporary, asking: nil).contains("Stew#0 house chili paste 100"))
        #expect(try temporary.count("SELECT count(*) FROM ingredient_kind WHERE identity = 'house chili paste'") == 1)
        #expect(try Self.storedNeeds(temporary) == Self.readAfresh(temporary.store))
        #expect(try temporary.count("SELECT count(*) FROM ingredient_kind WHERE identity = 'house chili paste'") == 0)
        // Lines saved meanwhile are read with the rest, by either vocabulary.
        for asking in [configured, .builtIn] {
            context.insert(Recipe(name: "Soup \(asking.fingerprint)", ingredients: [Ingredient(name: "leeks", amount: "2")]))
            try context.save()
            #expect(try Self.storedNeeds(temporary, asking: asking) == Self.readAfresh(temporary.store, with: asking))
            #expect(try Self.storedNeeds(temporary, asking: nil).contains("Soup \(asking.fingerprint)#0 leek 100"))
        }
    }

    /// The same vocabulary made twice has the same fingerprint (stores would otherwise read
    /// their lines at every command); a configuration's meal times do not change it.
    @Test func aFingerprintNamesWhatReadsLines() throws {
        let once = try IngredientVocabulary(configuration: "ingredient.gochujang = en red pepper paste", path: "a")
        let again = try IngredientVocabulary(configuration: "meal.dinner = 19:00\ningredient.gochujang = en red pepper paste", path: "b")
        let other = try IngredientVocabulary(configuration: "ingredient.gochujang = en red chili paste", path: "a")
        #expect(once.fingerprint == again.fingerprint)
        #expect(once.fingerprint != other.fingerprint)
        #expect(IngredientVocabulary.builtIn.fingerprint == (try IngredientVocabulary(configuration: "", path: "c")).fingerprint)
        // The built-in file's digest, made when it was embedded, is its content's.
        #expect(fnv1a(Data(builtInVocabularyLines.joined(separator: "\n").utf8)) == builtInVocabularyLinesDigest)
        // Worked out without making the vocabulary, the same.
        #expect(IngredientVocabulary.fingerprint(configuration: "ingredient.gochujang = en red pepper paste", path: "a") == once.fingerprint)
        #expect(IngredientVocabulary.fingerprint(configuration: nil, path: "") == IngredientVocabulary.builtIn.fingerprint)
        #expect(IngredientVocabulary.fingerprint(configuration: "units = us", path: "") == IngredientVocabulary.builtIn.fingerprint)
    }

    /// What a search by an identity asks before making the vocabulary: the identities, read
    /// off the lines' keys, are the vocabulary's.
    @Test func identitiesAreKnownWithoutMakingTheVocabulary() throws {
        #expect(IngredientVocabulary.builtInIdentities == Set(IngredientVocabulary.builtIn.entries.keys))
        #expect(IngredientVocabulary.builtIn.entries.keys.allSatisfy(IngredientVocabulary.isBuiltInIdentity))
        // A leading part of a key, a key with more after it, a name that is no key.
        for other in ["eg", "eggs", "egg yolks", "ingredient", "", "aubergine"] {
            #expect(!IngredientVocabulary.isBuiltInIdentity(other), "\(other)")
        }
        let text = "ingredient.House Chili Paste = en red pepper paste\ningredient.egg = de Hühnerei\nunits = us"
        #expect(IngredientVocabulary.identities(configuration: text, path: "c") == ["house chili paste", "egg"])
        let made = try IngredientVocabulary(configuration: text, path: "c")
        #expect(Set(made.entries.keys) == IngredientVocabulary.builtInIdentities.union(["house chili paste"]))
    }

    /// A store from before the table has its lines read when a search by ingredient first
    /// asks, and finds what reading them finds.
    @Test func aStoreFromBeforeNeedsIsReadWhenFirstAsked() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        context.insert(Recipe(name: "Omelette", ingredients: [Ingredient(name: "Eier", amount: "3")]))
        context.insert(Recipe(name: "Ratatouille", ingredients: [Ingredient(name: "eggplant", amount: "1")]))
        try context.save()
        try temporary.rawConnection().execute("""
            BEGIN;
            DROP INDEX IF EXISTS recipe_by_start;
            DROP TABLE ingredient_need;
            DROP TABLE ingredient_kind;
            DROP TABLE local_state;
            DROP INDEX recipe_needs_unread;
            ALTER TABLE recipe DROP COLUMN needs_read;
            DROP TABLE pantry_item;
            ALTER TABLE plan_entry DROP COLUMN locked;
            ALTER TABLE recipe DROP COLUMN image;
            ALTER TABLE recipe DROP COLUMN nutrition;
            DELETE FROM migration WHERE version >= 17;
            PRAGMA user_version = 16;
            COMMIT;
            """)
        let reopened = try RecipeStore(url: temporary.url)
        #expect(try temporary.count("SELECT count(*) FROM ingredient_need") == 0)
        #expect(try temporary.count("SELECT count(*) FROM recipe WHERE needs_read IS NULL") == 2)
        let found = try ModelContext(reopened).fetch(FetchDescriptor(predicate: RecipePredicates.usingIngredient("egg")))
        #expect(found.map(\.name) == ["Omelette"])
        #expect(try Self.storedNeeds(temporary, asking: nil) == ["Omelette#0 egg 100", "Ratatouille#0 eggplant 100"])
    }

    /// A store that cannot read its lines again (read-only, its needs another vocabulary's)
    /// answers by reading the lines in SQL instead, with the same result.
    @Test func aStoreThatCannotReadItsLinesAgainReadsThemInTheQuery() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        context.insert(Recipe(name: "Omelette", ingredients: [Ingredient(name: "Eier", amount: "3")]))
        context.insert(Recipe(name: "Quiche", ingredients: [Ingredient(name: "large eggs, beaten", amount: "3"),
                                                            Ingredient(name: "Gruyère", amount: "100 g")]))
        context.insert(Recipe(name: "Ratatouille", ingredients: [Ingredient(name: "eggplant", amount: "1")]))
        try context.save()
        let eggs = FetchDescriptor(predicate: RecipePredicates.usingIngredient("egg"), sortBy: [SortDescriptor(\Recipe.name)])
        #expect(try context.fetch(eggs).map(\.name) == ["Omelette", "Quiche"])
        #expect(context.queryPlan(for: eggs).sql.contains("ingredient_need"))
        try temporary.rawConnection().execute("UPDATE local_state SET value = 'another' WHERE key = 'ingredient vocabulary'")
        let readOnly = ModelContext(try RecipeStore(url: temporary.url, readOnly: true))
        #expect(readOnly.queryPlan(for: eggs).sql.contains("recipes_ingredient_is"))
        #expect(try readOnly.fetch(eggs).map(\.name) == ["Omelette", "Quiche"])
        let cheese = FetchDescriptor(predicate: RecipePredicates.usingIngredient("cheese"))
        #expect(try readOnly.fetch(cheese).map(\.name) == ["Quiche"])
        #expect(try context.fetch(cheese).map(\.name) == ["Quiche"])
    }

    /// `usingIngredient` is one predicate node: combined with `&&`, `||` and `!`, with a type
    /// check and with a word search, SQL selects what evaluating the predicate on each recipe
    /// in memory selects, from the stored needs and from the lines read in the query.
    @Test func aSearchByIngredientCombinesAsInMemory() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        context.insert(Recipe(name: "Omelette", ingredients: [Ingredient(name: "Eier", amount: "3")]))
        context.insert(BakedGood(name: "Egg bread", ingredients: [Ingredient(name: "eggs", amount: "2"), Ingredient(name: "flour", amount: "500 g")]))
        context.insert(BakedGood(name: "Shortbread", ingredients: [Ingredient(name: "plain flour", amount: "200 g"), Ingredient(name: "butter", amount: "100 g")]))
        context.insert(Recipe(name: "Ratatouille", summary: "No egg here", ingredients: [Ingredient(name: "eggplant", amount: "1")]))
        context.insert(Beverage(name: "Eggnog", ingredients: [Ingredient(name: "egg yolks", amount: "4"), Ingredient(name: "milk", amount: "1 l")]))
        try context.save()
        let egg = RecipePredicates.usingIngredient("egg"), flour = RecipePredicates.usingIngredient("flour")
        let baked = #Predicate<Recipe> { $0 is BakedGood }
        let predicates: [Predicate<Recipe>] = [egg, egg && baked, egg || flour, !egg, baked && !flour, (egg && flour) || !baked,
                                               egg && RecipePredicates.search("egg")!, !(egg || RecipePredicates.search("bread")!)]
        let all = try context.fetch(FetchDescriptor<Recipe>())
        #expect(all.count == 5)
        func check(_ context: ModelContext, needs: Bool) throws {
            for (index, predicate) in predicates.enumerated() {
                let descriptor = FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\Recipe.name)])
                let expected = try all.filter { try predicate.evaluate($0) }.map(\.name).sorted()
                #expect(try context.fetch(descriptor).map(\.name) == expected, "predicate \(index)")
                #expect(context.queryPlan(for: descriptor).sql.contains("ingredient_need") == needs, "predicate \(index)")
                #expect(context.queryPlan(for: descriptor).untranslatedNodes.isEmpty, "predicate \(index)")
            }
        }
        try check(context, needs: true)
        try temporary.rawConnection().execute("UPDATE local_state SET value = 'another' WHERE key = 'ingredient vocabulary'")
        try check(ModelContext(try RecipeStore(url: temporary.url, readOnly: true)), needs: false)
    }

    /// The reading rules are part of the fingerprint by their version number: this sample's
    /// readings change only with a rule (or the built-in file). When this fails, raise
    /// `IngredientVocabulary.readingRulesVersion` if a rule changed, then pin the new hash.
    @Test func theReadingRulesVersionIsRaisedWithTheRules() throws {
        let lines = try IngredientSearchTests.fixtureLines()
        var reader = IngredientNeedReader(.builtIn)
        let readings = lines.map { line in reader.needs(ofLine: line, at: 0).map { "\($0.identity)\($0.isEither)\($0.isOptional)" } }
        let hash = String(fnv1a(Data(readings.description.utf8)), radix: 16)
        #expect(IngredientVocabulary.readingRulesVersion == 5)
        #expect(hash == "b28cec66bdbf3cc2", "readings of the fixture changed: raise readingRulesVersion if a rule did, then pin \(hash)")
    }
}

extension IngredientVocabulary {
    /// The keys the built-in file's `ingredient.` lines are written with, as
    /// `isBuiltInIdentity(_:)` reads them.
    static var builtInIdentities: Set<String> {
        Set(builtInVocabularyLines.compactMap { line in
            let bytes = line.utf8
            guard bytes.starts(with: "ingredient.".utf8), let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return nil }
            return String(line[bytes.index(bytes.startIndex, offsetBy: 11)..<equals]).trimmingCharacters(of: " ")
        })
    }
}
