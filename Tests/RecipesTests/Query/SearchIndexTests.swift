import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// The word index: used by the query plan, kept in step with every write, and never
/// changing an answer (the differential test covers the answers at large).
@Suite struct SearchIndexTests {
    let temporary = TemporaryStore()

    func explain(_ plan: QueryPlan) throws -> String {
        let statement = try temporary.store.database.prepare("EXPLAIN QUERY PLAN " + plan.sql)
        try statement.bind(plan.parameters)
        var lines: [String] = []
        while try statement.step() { lines.append(statement.string(3)) }
        return lines.joined(separator: "\n")
    }

    func seed() throws -> ModelContext {
        let context = ModelContext(temporary.store)
        for index in 0..<500 {
            context.insert(Recipe(name: "Recipe \(index)", instructions: "Stir well and serve.",
                                  ingredients: [Ingredient(name: "Water", amount: "\(index) ml")]))
        }
        context.insert(BakedGood(name: "Crème brûlée", ingredients: [Ingredient(name: "Sugar", amount: "100 g")]))
        context.insert(Recipe(name: "Chocolate mousse", instructions: "Fold in the CHOCOLATE."))
        try context.save()
        return context
    }

    @Test func searchRunsFromTheIndexNotAScan() throws {
        let context = try seed()
        let descriptor = FetchDescriptor(predicate: RecipePredicates.search("chocolate"), sortBy: [SortDescriptor(\.name)])
        let plan = context.queryPlan(for: descriptor)
        let explained = try explain(plan)
        #expect(explained.contains("SCAN recipe_words VIRTUAL TABLE INDEX 0:M"), "\(explained)")
        #expect(explained.contains("SEARCH r USING INTEGER PRIMARY KEY (rowid=?)"), "\(explained)")
        #expect(!explained.split(separator: "\n").contains { $0 == "SCAN r" || $0.hasPrefix("SCAN r ") }, "\(explained)")
        #expect(try context.fetch(descriptor).map(\.name) == ["Chocolate mousse"])
        // The guard against words FTS5 cuts short reads the empty partial index, not every word.
        #expect(explained.contains("SEARCH search_word USING COVERING INDEX search_word_long") ||
                explained.contains("SCAN search_word USING COVERING INDEX search_word_long"), "\(explained)")
    }

    @Test func accentsAndCaseAreFoldedBeforeTheIndex() throws {
        let context = try seed()
        for text in ["CRÈME", "creme brulee", "BRÛL"] {
            let descriptor = FetchDescriptor(predicate: RecipePredicates.search(text))
            #expect(context.queryPlan(for: descriptor).sql.contains("MATCH"))
            #expect(try context.fetch(descriptor).map(\.name) == ["Crème brûlée"], "\(text)")
        }
    }

    @Test func fragmentsInsideWordsAreFoundThroughTheVocabulary() throws {
        let context = try seed()
        for (text, names) in [("br", ["Crème brûlée"]), ("rulé", ["Crème brûlée"]), ("HOCOLAT", ["Chocolate mousse"]),
                              ("e-b", []), ("ocolate", ["Chocolate mousse"]), ("xyzzy", [])] {
            let descriptor = FetchDescriptor(predicate: RecipePredicates.search(text), sortBy: [SortDescriptor(\.name)])
            #expect(context.queryPlan(for: descriptor).sql.contains("MATCH"), "\(text)")
            #expect(try context.fetch(descriptor).map(\.name) == names, "\(text)")
        }
        // A single letter is in nearly every word: it is checked row by row.
        let letter = FetchDescriptor(predicate: RecipePredicates.search("û"), sortBy: [SortDescriptor(\.name)])
        #expect(!context.queryPlan(for: letter).sql.contains("MATCH"))
        #expect(try context.fetch(letter).map(\.name) == ["Chocolate mousse", "Crème brûlée"])
        // A short word with a long one: both narrow the index, the rows are checked.
        let mixed = FetchDescriptor(predicate: RecipePredicates.search("mo chocolate"))
        #expect(try context.fetch(mixed).map(\.name) == ["Chocolate mousse"])
        // "49" is in Recipe 49, 149, 249, 349, 449 and 490 to 499; "ml" in every amount.
        #expect(try context.fetchCount(FetchDescriptor(predicate: RecipePredicates.search("49 ml"))) == 15)
        #expect(try context.fetchCount(FetchDescriptor(predicate: RecipePredicates.search("49 ml."))) == 0)
        #expect(try context.fetchCount(FetchDescriptor(predicate: RecipePredicates.search("e 49"))) == 15)
    }

    @Test func theIndexFollowsEveryWrite() throws {
        let context = try seed()
        let mousse = try #require(try context.fetch(FetchDescriptor(predicate: RecipePredicates.search("mousse"))).first)
        mousse.name = "Dark pudding"
        mousse.ingredients.append(Ingredient(name: "Hazelnuts", amount: "50 g"))
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor(predicate: RecipePredicates.search("mousse"))) == 0)
        #expect(try context.fetchCount(FetchDescriptor(predicate: RecipePredicates.search("pudding hazelnut"))) == 1)
        context.delete(mousse)
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor(predicate: RecipePredicates.search("pudding"))) == 0)
        // Removing an entry takes its words out of the vocabulary.
        #expect(try temporary.count("SELECT count(*) FROM recipe_words_terms WHERE term IN ('pudding', 'hazelnuts', 'mousse')") == 0)
        #expect(try temporary.count("SELECT doc FROM recipe_words_terms WHERE term = 'water'") == 500)
        // Unchanged text does not rewrite the entry; a planned date alone is not indexed.
        let brulee = try #require(try context.fetch(FetchDescriptor(predicate: RecipePredicates.search("brulee"))).first)
        brulee.plannedDate = Date()
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor(predicate: RecipePredicates.search("brulee"))) == 1)
    }

    /// The index keeps no positions, so a recipe gives it each word once, in the order met,
    /// whichever field repeats it.
    @Test func aDocumentHoldsEachWordOnce() {
        let record = RecipeRecord(Recipe(name: "Chocolate Chocolate-Chip cookies", summary: "",
                                         instructions: "Melt the CHOCOLATE; stir. Stir in the chips, then bake the cookies.",
                                         ingredients: [Ingredient(name: "Chocolate chips", amount: "200 g"),
                                                       Ingredient(name: "Crème fraîche", amount: "2 tbsp")]))
        #expect(SearchDocument(record).text == "chocolate chip cookies melt the stir in chips then bake 200 g creme fraiche 2 tbsp")
        var words = SearchWords()
        _ = SearchDocument(record, listingWordsIn: &words)
        let again = SearchDocument(record, listingWordsIn: &words)
        #expect(again.text == SearchDocument(record).text, "words met in earlier documents are given again")
        var listed: [String] = []
        words.forEach { listed.append($0) }
        #expect(listed == SearchDocument(record).text.split(separator: " ").map(String.init))
    }

    /// Stores before gave the index each recipe's whole folded text. Removing such an entry
    /// with the recipe's distinct words must remove every word of it: a word left behind
    /// would be found by a search the index decides alone.
    @Test func anEntryIndexedFromTheWholeTextIsRemovedByItsWords() throws {
        let context = ModelContext(temporary.store)
        let mousse = Recipe(name: "Chocolate mousse", instructions: "Melt the chocolate. Fold the chocolate into the cream.",
                            ingredients: [Ingredient(name: "Dark chocolate", amount: "200 g")])
        let tart = Recipe(name: "Lemon tart", instructions: "Bake the tart.", ingredients: [Ingredient(name: "Lemon", amount: "2")])
        context.insert(mousse)
        context.insert(tart)
        try context.save()
        // The entries as an older version wrote them.
        let raw = try temporary.rawConnection()
        for recipe in [mousse, tart] {
            let record = RecipeRecord(recipe)
            var fields = [record.name, record.summary, record.instructions]
            for ingredient in record.ingredients { fields += [ingredient.name, ingredient.amount] }
            let wholeText = fields.map { TextMatching.fold(TextMatching.canonical($0)) }.joined(separator: "\n")
            let rowID = "(SELECT rowid FROM recipe WHERE id = '\(recipe.id.uuidString)')"
            try raw.execute("INSERT INTO recipe_words (recipe_words, rowid, document) VALUES ('delete', \(rowID), ?)",
                            [SearchDocument(record).text])
            try raw.execute("INSERT INTO recipe_words (rowid, document) VALUES (\(rowID), ?)", [wholeText])
        }
        #expect(try temporary.count("SELECT doc FROM recipe_words_terms WHERE term = 'chocolate'") == 1)
        mousse.name = "Vanilla cream"
        mousse.instructions = "Whip the cream."
        mousse.ingredients = []
        context.delete(tart)
        try context.save()
        #expect(try temporary.count("""
            SELECT count(*) FROM recipe_words_terms WHERE term IN ('chocolate', 'mousse', 'melt', 'fold', 'dark', '200', 'g', 'lemon', 'tart', 'bake', '2')
            """) == 0)
        #expect(try temporary.count("SELECT count(*) FROM recipe_words_terms") == 4, "vanilla cream whip the")
        for word in ["chocolate", "lemon", "melt"] {
            #expect(try context.fetchCount(FetchDescriptor(predicate: RecipePredicates.search(word))) == 0, "\(word)")
        }
        #expect(try context.fetch(FetchDescriptor(predicate: RecipePredicates.search("whip"))).map(\.name) == ["Vanilla cream"])
    }

    @Test func quotesAndOperatorsInWordsAreJustText() throws {
        let context = ModelContext(temporary.store)
        context.insert(Recipe(name: #"Grandma's "secret" AND OR NOT stew*"#))
        try context.save()
        for word in [#""secret""#, "AND OR", "stew*", "'s \"s", "NOT"] {
            #expect(try context.fetchCount(FetchDescriptor(predicate: RecipePredicates.search(word))) == 1, "\(word)")
        }
        #expect(try context.fetchCount(FetchDescriptor(predicate: RecipePredicates.search(#"secret""#))) == 1)
    }

    @Test func nextUsesThePlannedDateIndex() throws {
        let context = try seed()
        let now = Date()
        var next = FetchDescriptor<Recipe>(predicate: #Predicate { ($0.plannedDate ?? now) > now },
                                           sortBy: [SortDescriptor(\.plannedDate, order: .forward)])
        next.fetchLimit = 1
        let explained = try explain(context.queryPlan(for: next))
        #expect(explained.contains("recipe_by_planned"), "\(explained)")
        #expect(!explained.contains("USE TEMP B-TREE"), "\(explained)")
    }

    @Test func piecesOfAFoldedNeedle() {
        typealias Piece = SearchIndexQuery.WordPiece
        #expect(SearchIndexQuery(foldedNeedle: "a") == nil)
        #expect(SearchIndexQuery(foldedNeedle: "--") == nil)
        #expect(SearchIndexQuery(foldedNeedle: "ab") == .word(Piece(text: "ab", position: .inside)))
        #expect(SearchIndexQuery(foldedNeedle: "ab,") == .word(Piece(text: "ab", position: .end)))
        #expect(SearchIndexQuery(foldedNeedle: "a b") == .and(.word(Piece(text: "a", position: .end)), .word(Piece(text: "b", position: .start))))
        #expect(SearchIndexQuery(foldedNeedle: "x-yz-w") == .and(.and(.word(Piece(text: "x", position: .end)),
            .word(Piece(text: "yz", position: .whole))), .word(Piece(text: "w", position: .start))))
        #expect(SearchIndexQuery(foldedNeedle: "пельмени") == .word(Piece(text: "пельмени", position: .inside)))
    }

    /// A store written before the word index (schema 7, with the trigram table and without
    /// migration 9's columns) gets the word index when it is opened, covering the recipes it
    /// already holds.
    @Test func aStoreWithTheTrigramIndexIsUpgradedToWords() throws {
        _ = try seed()
        let raw = try SQLiteConnection(path: temporary.url.path)
        try raw.execute("""
            BEGIN;
            DROP INDEX IF EXISTS recipe_by_start;
            \(TemporaryStore.version12Schema(countTriggers: false))
            DROP TABLE recipe_words_terms;
            DROP TABLE recipe_words;
            DROP TABLE search_word;
            CREATE VIRTUAL TABLE recipe_search USING fts5(document, tokenize = "trigram case_sensitive 1", detail = none);
            ALTER TABLE recipe DROP COLUMN servings;
            ALTER TABLE recipe DROP COLUMN yield;
            ALTER TABLE recipe DROP COLUMN prep_minutes;
            ALTER TABLE recipe DROP COLUMN cook_minutes;
            ALTER TABLE recipe DROP COLUMN total_minutes;
            ALTER TABLE recipe DROP COLUMN tags;
            DROP TABLE plan_entry;
            DROP TABLE cooked;
            DROP INDEX recipe_plan_passing;
            ALTER TABLE recipe DROP COLUMN plan_after;
            ALTER TABLE recipe DROP COLUMN last_cooked;
            ALTER TABLE recipe DROP COLUMN times_cooked;
            ALTER TABLE ingredient DROP COLUMN heading;
            ALTER TABLE recipe DROP COLUMN ingredient_count;
            DELETE FROM migration WHERE version >= 8;
            PRAGMA user_version = 7;
            COMMIT;
            """)
        let store = try RecipeStore(url: temporary.url)
        #expect(try store.schemaVersion == RecipeStore.currentSchemaVersion)
        #expect(try temporary.count("SELECT count(*) FROM sqlite_schema WHERE name = 'recipe_search'") == 0)
        #expect(try temporary.count("SELECT doc FROM recipe_words_terms WHERE term = 'water'") == 500)
        #expect(try temporary.count("SELECT count(*) FROM search_word WHERE word IN ('water', 'creme', 'brulee')") == 3)
        let context = ModelContext(store)
        let descriptor = FetchDescriptor(predicate: RecipePredicates.search("CRÈME"))
        #expect(context.queryPlan(for: descriptor).sql.contains("recipe_words MATCH"))
        #expect(try context.fetch(descriptor).map(\.name) == ["Crème brûlée"])
    }
}
