import Testing
@testable import RecipesCore

/// The shopping list merges what is one ingredient, adds across units, and walks the aisles.
struct ShoppingByIngredientTests {
    static func recipe(_ name: String, _ lines: [(String, String)]) -> Recipe {
        Recipe(name: name, ingredients: lines.map { Ingredient(name: $0.0, amount: $0.1) })
    }

    @Test func oneIngredientInAnyLanguageAndUnitIsOneLine() {
        let pancakes = Self.recipe("Pancakes", [("eggs", "2 large"), ("milk", "1 cup"), ("sugar", "1-2 tbsp"), ("Mehl", "200 g")])
        let cake = Self.recipe("Kuchen", [("Eier", "3"), ("whole milk", "250 ml"), ("Zucker", "1 tbsp"), ("flour", "1 cup")])
        let list = ShoppingList(recipes: [pancakes, cake])
        #expect(list.items.map(\.identity) == ["egg", "milk", "sugar", "all-purpose flour"])
        #expect(list.items.map { $0.amounts.map(\.text) } == [["5"], ["490 ml"], ["2-3 tbsp"], ["325 g"]])
        #expect(list.items.allSatisfy { $0.amounts.allSatisfy(\.isMeasured) })
        #expect(list.items[0].amounts[0].recipes == ["Pancakes", "Kuchen"])
    }

    @Test func amountsConvertToTheSystemAsked() {
        let bread = Self.recipe("Bread", [("flour", "500 g"), ("milk", "350 ml"), ("salt", "2 tsp")])
        let list = ShoppingList(recipes: [bread], units: .us)
        #expect(list.items.map { $0.amounts.map(\.text) } == [["1⅛ lb"], ["1½ cups"], ["2 tsp"]])
        // In metric, cups of what has a density are weighed; liquids and spoons are not.
        let metric = ShoppingList(recipes: [Self.recipe("Pie", [("butter", "1 cup"), ("sugar", "½ cup"), ("milk", "2 cups"), ("salt", "1 tsp"),
                                                                ("gochujang", "½ cup")])], units: .metric)
        #expect(metric.items.map { $0.amounts.map(\.text) } == [["230 g"], ["100 g"], ["480 ml"], ["1 tsp"], ["120 ml"]])
    }

    /// Amounts in no known unit are kept as written, never guessed into the sum.
    @Test func unknownUnitsStayApart() {
        let chili = Self.recipe("Chili", [("canned tomatoes", "1 can"), ("canned tomatoes", "400 g"), ("salt", "a pinch"), ("salt", "1 tsp")])
        let list = ShoppingList(recipes: [chili])
        #expect(list.items.map { $0.amounts.map(\.text) } == [["1 can", "400 g"], ["a pinch", "1 tsp"]])
        #expect(list.items.map { $0.amounts.map(\.isMeasured) } == [[false, true], [false, true]])
    }

    /// "Butter or margarine" is bought as butter, and merges with butter.
    @Test func anAlternativeIsBoughtAsItsFirst() {
        let list = ShoppingList(recipes: [Self.recipe("Cake", [("butter or margarine", "2 tbsp")]), Self.recipe("Toast", [("Butter", "1 tbsp")])])
        #expect(list.items.map(\.name) == ["butter or margarine"] && list.items.map(\.identity) == ["butter"])
        #expect(list.items.first?.amounts.map(\.text) == ["3 tbsp"] && list.items.first?.aisle.name == "dairy and eggs")
    }

    /// One unit however it is written, spoons as they can be measured, English units plural.
    @Test func spoonsAndUnitsReadAsCooksMeasure() {
        let list = ShoppingList(recipes: [Self.recipe("A", [("vanilla extract", "1 tsp"), ("sugar", "1 tbsp"), ("milk", "1 cup"), ("salt", "1 pinch"),
                                                            ("jam", "1 msk")]),
                                          Self.recipe("B", [("vanilla extract", "1 teaspoon"), ("sugar", "1 tsp"), ("milk", "1 cup"), ("salt", "1 pinch"),
                                                            ("jam", "1 ss")])])
        #expect(list.items.map { $0.amounts.map(\.text) } == [["2 tsp"], ["4 tsp"], ["2 cups"], ["2 pinches"], ["2 msk"]])
        let us = ShoppingList(recipes: [Self.recipe("A", [("jam", "1 msk")]), Self.recipe("B", [("jam", "2 ss")])], units: .us)
        #expect(us.items.map { $0.amounts.map(\.text) } == [["3 tbsp"]])
    }

    /// An item is named as most of its lines name it, not by whichever recipe came first.
    @Test func anItemIsNamedAsMostLinesNameIt() {
        let list = ShoppingList(recipes: [Self.recipe("Tortilla", [("huevos", "4")]), Self.recipe("Cake", [("eggs", "3")]),
                                          Self.recipe("Omelette", [("large eggs", "2")])])
        #expect(list.items.map(\.name) == ["eggs"] && list.items.first?.amounts.map(\.text) == ["9"])
    }

    @Test func saltAndPepperWithoutAnAmountAreTwoItems() {
        let list = ShoppingList(recipes: [Self.recipe("Soup", [("Salt and freshly ground black pepper", "to taste"), ("salt", "1 tsp")])])
        #expect(list.items.map(\.identity) == ["salt", "black pepper"])
        #expect(list.items.map { $0.amounts.map(\.text) } == [["to taste", "1 tsp"], ["to taste"]])
    }

    @Test func itemsAreGroupedByAisleInShoppingOrder() throws {
        let curry = Self.recipe("Curry", [("chicken thighs", "600 g"), ("onions", "2"), ("coconut milk", "400 ml"), ("cumin", "1 tsp"),
                                          ("garlic", "3 cloves"), ("yogurt", "100 g"), ("gochujang", "1 tbsp"), ("sumac", "1 tsp")])
        let list = ShoppingList(recipes: [curry])
        #expect(list.aisles.map(\.aisle.name) == ["produce", "dairy and eggs", "meat and fish", "spices", "tins and jars", "other"])
        #expect(list.aisles[0].items.map(\.name) == ["garlic", "onions"])
        // The configuration moves an ingredient, adds an aisle and puts its aisles first.
        #expect(list.aisles.last?.items.map(\.name) == ["sumac"])
        // The configuration moves an ingredient (one it does not know by its name), adds an
        // aisle and puts its aisles first.
        let configured = try IngredientVocabulary(configuration: "aisle.asian shop = gochujang, coconut milk\naisle.frozen = yogurt\naisle.spices = Sumac\n",
                                                  path: "config")
        let moved = ShoppingList(recipes: [curry], vocabulary: configured)
        #expect(moved.aisles.map(\.aisle.name) == ["asian shop", "frozen", "spices", "produce", "meat and fish"])
        #expect(moved.aisles[0].items.map(\.name) == ["coconut milk", "gochujang"])
        #expect(moved.aisles[2].items.map(\.name) == ["cumin", "sumac"])
    }

    @Test func optionalItemsAreMarked() {
        let tacos = Self.recipe("Tacos", [("cilantro, to serve", ""), ("lime", "1")])
        let soup = Self.recipe("Soup", [("cilantro", "1 bunch")])
        #expect(ShoppingList(recipes: [tacos]).items.map(\.isOptional) == [true, false])
        // Needed by one recipe, it is needed.
        #expect(ShoppingList(recipes: [tacos, soup]).items.first { $0.identity == "cilantro" }?.isOptional == false)
    }
}
