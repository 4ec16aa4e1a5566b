import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// `RecipePredicates.usingIngredient` runs as SQL from the word index and finds exactly what
/// reading each line in memory finds, on a store of page lines in many languages.
@Suite(.serialized) struct IngredientSearchTests {
    let temporary = TemporaryStore()

    static func fixtureLines() throws -> [String] {
        let fixture = RepositoryFiles.fixture("ingredient-lines.tsv")
        return try String(contentsOf: fixture, encoding: .utf8).split(separator: "\n").compactMap { row in
            row.hasPrefix("#") ? nil : row.split(separator: "\t", omittingEmptySubsequences: false).first.map(String.init)
        }
    }

    /// 400 recipes of 1 to 6 random page lines each (split as imports split them), and for
    /// every ingredient the lines name, the SQL answer against the lines read one by one.
    @Test func theSQLAnswerIsTheAnswerOfReadingEachLine() throws {
        let lines = try Self.fixtureLines()
        var random = PredicateDifferentialTests.Generator(state: 3636)
        let context = ModelContext(temporary.store)
        var recipes: [(name: String, lines: [String])] = []
        for index in 0..<400 {
            let chosen = (0..<Int.random(in: 1...6, using: &random)).map { _ in lines.randomElement(using: &random)! }
            let ingredients = chosen.map { line -> Ingredient in
                let (name, amount) = Ingredient.split(line)
                return Ingredient(name: name, amount: amount)
            }
            context.insert(Recipe(name: "Recipe \(index)", ingredients: ingredients))
            recipes.append(("Recipe \(index)", ingredients.map(\.name)))
        }
        try context.save()
        let vocabulary = IngredientVocabulary.builtIn
        let identities = Set(lines.flatMap { vocabulary.reading(of: $0).identities } + ["cheese", "flour", "onion", "stock", "rice", "pasta"])
        let read = recipes.map { recipe in (recipe.name, recipe.lines.flatMap { vocabulary.reading(of: $0).identities }) }
        var compared = 0
        for identity in identities.sorted() {
            let expected = read.filter { $0.1.contains { vocabulary.isKind($0, of: identity) } }.map(\.0).sorted()
            let found = try context.fetch(FetchDescriptor(predicate: RecipePredicates.usingIngredient(identity))).map(\.name).sorted()
            #expect(found == expected, "\(identity)")
            compared += expected.isEmpty ? 0 : 1
        }
        #expect(compared >= 100)
    }

    @Test func eggsAreNotEggplantAndCheeseIsCheddar() throws {
        let context = ModelContext(temporary.store)
        for (name, line) in [("Omelette", "2 large eggs, beaten"), ("Kuchen", "3 Eier"), ("Moussaka", "1 eggplant"), ("Mac", "200 g cheddar"),
                             ("Crêpes", "2 œufs"), ("Pizza", "mozzarella"), ("Vinaigrette", "2 c. à s. d’huile d’olive"),
                             ("Scones", "200 g self-raising flour"), ("Bread", "500 g flour")] {
            let (ingredient, amount) = Ingredient.split(line)
            context.insert(Recipe(name: name, ingredients: [Ingredient(name: ingredient, amount: amount)]))
        }
        try context.save()
        func names(_ predicate: Predicate<Recipe>?) throws -> [String] {
            try context.fetch(FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.name)])).map(\.name)
        }
        #expect(try names(RecipePredicates.usingIngredient(named: "eggs")) == ["Crêpes", "Kuchen", "Omelette"])
        #expect(try names(RecipePredicates.usingIngredient(named: "Käse")) == ["Mac", "Pizza"])
        #expect(try names(RecipePredicates.usingIngredient(named: "cheddar")) == ["Mac"])
        // A typographic apostrophe joins "d’huile" into one word of the index; it is found.
        #expect(try names(RecipePredicates.usingIngredient(named: "olive oil")) == ["Vinaigrette"])
        // A name the vocabulary does not know is looked for in the lines.
        #expect(try names(RecipePredicates.usingIngredient(named: "plant")) == ["Moussaka"])
        #expect(RecipePredicates.usingIngredient(named: " - ") == nil)
        // Searching the kind itself finds every flour; a recipe's "flour" is all-purpose.
        #expect(try names(RecipePredicates.usingIngredient(named: "flour")) == ["Bread", "Scones"])
        #expect(try names(RecipePredicates.usingIngredient(named: "plain flour")) == ["Bread"])
    }
}
