import Foundation
import Recipes
import Testing

/// Where the word index alone decides a search (one word of word characters over every
/// indexed field), rows are not checked one by one; the answers stay the in-memory
/// predicate's on texts that try the proof: punctuation, accents, apostrophes, digits, other
/// scripts, words split by markup or across fields, and needles inside words.
@Suite struct ExactSearchIndexTests {
    let temporary = TemporaryStore()
    /// What a plan holds where the index decides (SearchIndexQuery.exactnessGuard).
    static let guardSQL = "NOT EXISTS (SELECT 1 FROM search_word WHERE length(CAST(word AS BLOB)) >= 32768)"

    /// RecipePredicates.search's test for one word.
    static func anyField(_ needle: String) -> Predicate<Recipe> {
        #Predicate<Recipe> { recipe in
            recipe.name.localizedStandardContains(needle) || recipe.summary.localizedStandardContains(needle)
                || recipe.instructions.localizedStandardContains(needle)
                || recipe.ingredients.contains { $0.name.localizedStandardContains(needle) || $0.amount.localizedStandardContains(needle) }
        }
    }

    static func not(_ needle: String) -> Predicate<Recipe> {
        #Predicate<Recipe> { recipe in
            !(recipe.name.localizedStandardContains(needle) || recipe.summary.localizedStandardContains(needle)
                || recipe.instructions.localizedStandardContains(needle)
                || recipe.ingredients.contains { $0.name.localizedStandardContains(needle) || $0.amount.localizedStandardContains(needle) })
        }
    }

    static func orPlain(_ needle: String) -> Predicate<Recipe> {
        #Predicate<Recipe> { recipe in
            (recipe.name.localizedStandardContains(needle) || recipe.summary.localizedStandardContains(needle)
                || recipe.instructions.localizedStandardContains(needle)
                || recipe.ingredients.contains { $0.name.localizedStandardContains(needle) || $0.amount.localizedStandardContains(needle) })
                || recipe.name == "Plain"
        }
    }

    static let texts: [(name: String, summary: String, instructions: String, ingredients: [(String, String)])] = [
        ("Grandma's pie", "It's Grandma’s", "Bake at 180°C.", [("Flour", "250g"), ("Butter", "1/2 cup")]),
        ("Crème brûlée", "CRÈME, BRÛLÉE!", "Caramelize.", [("Sugar", "100 g")]),
        ("Пельмени по-сибирски", "", "Варить 5 мин.", [("Мука", "500 г")]),
        ("餃子の作り方", "ぎょうざ", "包む", []),
        ("<b>gar</b>lic bread", "**salt**y", "gar-lic, gar lic", [("Butter", "2 tbsp")]),
        ("Garlicky greens", "", "Add GARLIC.", [("Garlic", "2 cloves")]),
        ("Gar", "lic", "", [("gar", "lic")]),
        ("Saffron rice", "", "Soak the saffron.", [("Saffron", "1 pinch")]),
        ("Straße soup", "STRASSE", "", [("Salz", "1 TL")]),
        ("Ｆｕｌｌ moon", "naïve", "q\u{0301}uiche", [("🧄garlic", "a\u{00A0}b")]),
        ("ﬁsh tacos", "fish", "Add 12 fish.", [("Lime", "1/2")]),
        ("Plain", "", "", []),
    ]

    static let needles = [
        "garlic", "GARLIC", "gar", "lic", "arli", "grandma", "grandmas", "grandma's", "a's", "mas", "it", "its",
        "creme", "CRÈME", "brulee", "ulé", "rûl", "e-b", "250", "250g", "0g", "1/2", "12", "/2", "180", "°c",
        "пельмени", "сибир", "по-сибирски", "мин", "作り", "餃子", "ぎょう", "saffron", "ffron", "strasse", "ss", "straße",
        "full", "ｆｕｌｌ", "naive", "ïv", "quiche", "fish", "ﬁsh", "tbsp", "salt", "salty", "b>gar", "🧄", "🧄garlic",
        "cloves", "pinch", "xyzzy", "a\u{00A0}b", "ab",
    ]

    func seed() throws -> (ModelContext, [Recipe]) {
        let context = ModelContext(temporary.store)
        for (index, text) in Self.texts.enumerated() {
            let ingredients = text.ingredients.map { Ingredient(name: $0.0, amount: $0.1) }
            let recipe: Recipe = index.isMultiple(of: 3)
                ? BakedGood(name: text.name, summary: text.summary, instructions: text.instructions, ingredients: ingredients)
                : Recipe(name: text.name, summary: text.summary, instructions: text.instructions, ingredients: ingredients)
            context.insert(recipe)
        }
        try context.save()
        return (context, try context.fetch(FetchDescriptor<Recipe>()))
    }

    func expectSameAsInMemory(_ context: ModelContext, _ all: [Recipe], _ predicate: Predicate<Recipe>, _ label: String) throws {
        let fetched = try context.fetch(FetchDescriptor(predicate: predicate)).map(\.id)
        let expected = try all.filter { try predicate.evaluate($0) }.map(\.id)
        #expect(Set(fetched) == Set(expected), "\(label.debugDescription)")
        #expect(fetched.count == expected.count, "\(label.debugDescription)")
        // Counted outside #expect, which would describe the predicate on a failure.
        let count = try context.fetchCount(FetchDescriptor(predicate: predicate))
        #expect(count == expected.count, "\(label.debugDescription)")
    }

    @Test func answersAreTheInMemoryPredicates() throws {
        let (context, all) = try seed()
        for needle in Self.needles {
            try expectSameAsInMemory(context, all, Self.anyField(needle), needle)
            if let search = RecipePredicates.search(needle) { try expectSameAsInMemory(context, all, search, "search " + needle) }
            if let baked = RecipePredicates.matching(kind: .bakedGoods, search: needle + " butter") {
                try expectSameAsInMemory(context, all, baked, "baked " + needle)
            }
            // Not at the top: under NOT, beside OR, and one field only; all checked by row.
            try expectSameAsInMemory(context, all, Self.not(needle), "not " + needle)
            try expectSameAsInMemory(context, all, Self.orPlain(needle), "or " + needle)
            try expectSameAsInMemory(context, all, #Predicate<Recipe> { $0.name.localizedStandardContains(needle) }, "name " + needle)
            try expectSameAsInMemory(context, all, #Predicate<Recipe> {
                $0.name.localizedStandardContains(needle) || $0.summary.localizedStandardContains(needle)
                    || $0.instructions.localizedStandardContains(needle)
                    || $0.ingredients.contains { $0.name.localizedStandardContains(needle) }
            }, "no amounts " + needle)
        }
    }

    @Test func onlyOneRunOfWordCharactersOverEveryFieldSkipsTheCheck() throws {
        let (context, _) = try seed()
        // Not inside #expect, which would describe the predicate on a failure.
        func expectDecided(_ predicate: Predicate<Recipe>?, _ expected: Bool, _ label: String, line: Int = #line) {
            let sql = context.queryPlan(for: FetchDescriptor(predicate: predicate)).sql
            let decided = sql.contains(Self.guardSQL)
            #expect(decided == expected, "\(label.debugDescription) (line \(line)): \(sql)")
        }
        for needle in ["garlic", "GARLIC", "ffron", "пельмени", "作り", "ulé", "12", "🧄garlic", "°c"] {
            expectDecided(RecipePredicates.search(needle), true, needle)
            expectDecided(RecipePredicates.matching(kind: .beverages, search: "saffron " + needle), true, needle)
        }
        for needle in ["a's", "e-b", "1/2", "a", "é", "b>gar", "a\u{00A0}b"] {
            expectDecided(RecipePredicates.search(needle), false, needle)
        }
        expectDecided(Self.anyField("garlic"), true, "garlic")
        // Non-ASCII characters are word characters to the index, spaces among them too.
        expectDecided(Self.anyField("a\u{00A0}b"), true, "no-break space")
        expectDecided(Self.not("garlic"), false, "not")
        expectDecided(Self.orPlain("garlic"), false, "or")
        expectDecided(#Predicate<Recipe> { $0.name.localizedStandardContains("garlic") }, false, "name only")
        expectDecided(#Predicate<Recipe> {
            $0.name.localizedStandardContains("garlic") || $0.summary.localizedStandardContains("garlic")
                || $0.instructions.localizedStandardContains("garlic")
                || $0.ingredients.contains { $0.name.localizedStandardContains("garlic") }
        }, false, "no amounts")
        // A test of the recipe inside `ingredients.contains { }` fails without ingredients.
        expectDecided(#Predicate<Recipe> { recipe in
            recipe.summary.localizedStandardContains("garlic") || recipe.instructions.localizedStandardContains("garlic")
                || recipe.ingredients.contains {
                    recipe.name.localizedStandardContains("garlic") || $0.name.localizedStandardContains("garlic")
                        || $0.amount.localizedStandardContains("garlic")
                }
        }, false, "recipe inside contains")
        // Two needles are not one.
        expectDecided(#Predicate<Recipe> {
            $0.name.localizedStandardContains("garlic") || $0.summary.localizedStandardContains("saffron")
                || $0.instructions.localizedStandardContains("garlic")
                || $0.ingredients.contains { $0.name.localizedStandardContains("garlic") || $0.amount.localizedStandardContains("garlic") }
        }, false, "two needles")
    }

    /// FTS5 keeps a word's first 32,768 bytes only: past that, words that start alike are one
    /// word to it, and the rows are checked again.
    @Test func wordsPastTheIndexsLengthLimitAreChecked() throws {
        let context = ModelContext(temporary.store)
        let start = String(repeating: "a", count: 32_768)
        context.insert(Recipe(name: "Long one", instructions: start + "zzq"))
        context.insert(Recipe(name: "Long two", instructions: start + "yyy"))
        try context.save()
        let all = try context.fetch(FetchDescriptor<Recipe>())
        for needle in ["zzq", "yyy", "aaa", "azz"] {
            try expectSameAsInMemory(context, all, Self.anyField(needle), needle)
        }
        #expect(try context.fetch(FetchDescriptor(predicate: RecipePredicates.search("zzq"))).map(\.name) == ["Long one"])
    }
}
