import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

@Suite struct ShoppingListTests {
    @Test(arguments: [
        ("2", 2.0, ""), ("200 g", 200, "g"), ("1/2 tsp", 0.5, "tsp"), ("1 1/2 cups", 1.5, "cups"), ("½ cup", 0.5, "cup"),
        ("1½ cups", 1.5, "cups"), ("2.5 kg", 2.5, "kg"), ("2,5 kg", 2.5, "kg"), ("3 cloves, minced", 3, "cloves, minced"),
    ])
    func amountsThatStartWithANumberParse(text: String, quantity: Double, unit: String) throws {
        let parsed = try #require(ShoppingList.parse(text))
        #expect(abs(parsed.quantity - quantity) < 1e-9)
        #expect(parsed.unit == unit)
    }

    @Test(arguments: ["a pinch", "to taste", "", "some", "1/0 cup", "/2 cup", "½"])
    func otherAmountsDoNot(text: String) {
        if text == "½" {
            #expect(ShoppingList.parse(text)?.quantity == 0.5)
        } else {
            #expect(ShoppingList.parse(text) == nil)
        }
    }

    /// Tap water and ice are in every kitchen (as the pantry counts them), in any language;
    /// sparkling water is bought. Found by a user trial.
    @Test func waterFromTheTapIsNotShopped() {
        let soup = Recipe(name: "Soup", ingredients: [Ingredient(name: "water", amount: "1 l"), Ingredient(name: "leeks", amount: "2"),
                                                      Ingredient(name: "eau froide", amount: "20 cl"), Ingredient(name: "Wasser", amount: "")])
        let drink = Beverage(name: "Spritz", ingredients: [Ingredient(name: "sparkling water", amount: "100 ml"), Ingredient(name: "ice cubes", amount: "6")])
        #expect(ShoppingList(recipes: [soup, drink]).items.map(\.name) == ["leeks", "sparkling water"])
    }

    /// Amounts in two parts, found by a user trial: a dozen eggs and six were 7 eggs, "1 lb 2
    /// oz" lost its ounces, a head of garlic was added to cloves, and a 400 g tin stood apart
    /// from 400 g. Each line as a page writes it, split as imports split it.
    @Test func dozensCompoundMeasuresTinSizesAndCloves() {
        func recipe(_ name: String, _ lines: [String]) -> Recipe {
            Recipe(name: name, ingredients: lines.map { let (name, amount) = IngredientLine.split($0); return Ingredient(name: name, amount: amount) })
        }
        let a = recipe("A", ["1 dozen eggs", "3 Knoblauchzehen", "1 head garlic", "1 lb 2 oz beef mince", "1 (400g) tin chopped tomatoes",
                             "2 cloves garlic", "1 cup 2 tbsp milk", "2 gousses d'ail"])
        let b = recipe("B", ["6 eggs", "200 g beef mince", "400 g chopped tomatoes", "100 ml milk", "1 bulb garlic"])
        let list = ShoppingList(recipes: [a, b])
        func amounts(_ identity: String) -> [String] { list.items.first { $0.identity == identity }?.amounts.map(\.text) ?? [] }
        #expect(amounts("egg") == ["18"])
        #expect(amounts("ground beef") == ["710 g"])
        #expect(amounts("canned tomato") == ["800 g"])
        #expect(amounts("milk") == ["370 ml"])
        // Cloves in three languages are cloves; a head and a bulb are heads.
        #expect(amounts("garlic") == ["7 Zehen", "2 heads"])
        #expect(IngredientLine.split("1 lb 2 oz beef mince") == ("beef mince", "1 lb 2 oz"))
        #expect(IngredientLine.split("1 dozen eggs") == ("eggs", "1 dozen"))
        // Amounts in words, found by a second trial: the whole line was the name.
        #expect(IngredientLine.split("a pinch of salt") == ("salt", "a pinch"))
        #expect(IngredientLine.split("une pincée de sel") == ("sel", "une pincée"))
        #expect(IngredientLine.split("half a dozen eggs") == ("eggs", "half a dozen"))
        #expect(IngredientLine.split("a good pinch of salt") == ("a good pinch of salt", ""))
        // "Some" in a word, as German, French, Italian, Spanish and Dutch pages write it
        // (found by a user trial: "etwas Pfeffer" was all name).
        #expect(IngredientLine.split("etwas Pfeffer") == ("Pfeffer", "etwas"))
        #expect(IngredientLine.split("un peu de sel") == ("sel", "un peu"))
        #expect(IngredientLine.split("un po' di pepe") == ("pepe", "un po'"))
        #expect(IngredientLine.split("un poco de sal") == ("sal", "un poco"))
        #expect(IngredientLine.split("wat zout") == ("zout", "wat"))
        #expect(IngredientLine.split("some parsley, chopped") == ("parsley, chopped", "some"))
        #expect(IngredientLine.split("Etwas") == ("Etwas", ""))
        let salted = ShoppingList(recipes: [recipe("C", ["a pinch of salt", "half a dozen eggs"]), recipe("D", ["1 tsp salt"])])
        #expect(salted.items.map { $0.amounts.map(\.text) } == [["a pinch", "1 tsp"], ["6"]])
    }

    @Test func twoMeasuresScaleAndConvertAsOne() {
        #expect(AmountScaling.scale("1 lb 2 oz", by: 2) == "2¼ lb")
        #expect(AmountScaling.scale("1 cup 2 tbsp, sifted", by: 2) == "2¼ cups, sifted")
        // A unit written singular grows a plural with its number (found by a user trial).
        #expect(AmountScaling.scale("1 head", by: 2) == "2 heads" && AmountScaling.scale("1 cup", by: 0.5) == "½ cup")
        #expect(AmountScaling.scale("1 cup flour", by: 1.5) == "1½ cups flour")
        #expect(UnitConversion.converted("1 lb 2 oz", to: .metric) == "510 g")
        // Not two measures: a count after the unit, or a range.
        #expect(AmountScaling.scale("1 lb 2 large", by: 2) == "2 lb 2 large")
        #expect(AmountScaling.scale("1-2 lb 2 oz", by: 2) == "2-4 lb 2 oz")
    }

    @Test func ingredientsMergeByFoldedNameAndSumWhenUnitsAgree() {
        let soup = Recipe(name: "Soup", ingredients: [Ingredient(name: "Crème fraîche", amount: "1/2 cup"),
                                                      Ingredient(name: "Salt", amount: "a pinch"), Ingredient(name: "Leeks", amount: "2")])
        let pie = BakedGood(name: "Pie", ingredients: [Ingredient(name: "CREME FRAICHE", amount: "1 cups"),
                                                       Ingredient(name: "salt", amount: "5 g"), Ingredient(name: "leeks", amount: "1½")])
        let tart = BakedGood(name: "Tart", ingredients: [Ingredient(name: "Creme-fraiche", amount: "¼ Cup"), Ingredient(name: "Salt", amount: "2 g")])
        let list = ShoppingList(recipes: [soup, pie, tart])
        #expect(list.items.map(\.name) == ["Crème fraîche", "Salt", "Leeks"])
        #expect(list.items[0].amounts.map(\.text) == ["1¾ cups"])
        #expect(list.items[0].amounts[0].recipes == ["Soup", "Pie", "Tart"])
        #expect(list.items[1].amounts.map(\.text) == ["a pinch", "7 g"])
        #expect(list.items[1].amounts.map(\.recipes) == [["Soup"], ["Pie", "Tart"]])
        #expect(list.items[2].amounts.map(\.text) == ["3½"])
    }

    @Test(arguments: [(3.0, "3"), (0.5, "½"), (1.25, "1¼"), (2.0 / 3, "⅔"), (1.2, "1.2"), (0.125, "0.13"), (2.999, "3")])
    func quantitiesPrintAsCooksWriteThem(value: Double, text: String) {
        #expect(ShoppingList.format(value) == text)
    }

    /// A recipe planned twice needs its counted amounts twice, and its "to taste" once.
    @Test func mealsTwiceCountTwiceAndTheSameWordsOnce() {
        let pancakes = Recipe(name: "Pancakes", ingredients: [Ingredient(name: "Eggs", amount: "2"), Ingredient(name: "Salt", amount: "to taste"),
                                                              Ingredient(name: "Dough", isHeading: true), Ingredient(name: "Butter")])
        let list = ShoppingList(meals: [(pancakes, nil), (pancakes, nil)])
        #expect(list.items.map(\.name) == ["Eggs", "Salt", "Butter"])
        #expect(list.items[0].amounts.map(\.text) == ["4"])
        #expect(list.items[1].amounts.map(\.text) == ["to taste"] && list.items[1].amounts[0].recipes == ["Pancakes"])
        #expect(list.items[2].amounts.count == 1)
    }

    /// A second number starts the unit unless it completes a mixed number: Cooklang's
    /// `{4%150g each}` is 4 of "150g each", not 154.
    @Test func aSecondNumberIsNotAddedToTheFirst() throws {
        let parsed = try #require(ShoppingList.parse("4 150g each"))
        #expect(parsed.quantity == 4 && parsed.unit == "150g each")
        let fish = Recipe(name: "Fish", ingredients: [Ingredient(name: "salmon fillets", amount: "4 150g each")])
        #expect(ShoppingList(meals: [(fish, nil), (fish, nil)]).items.map { $0.amounts.map(\.text) } == [["8 150g each"]])
    }

    /// Singular and plural are one item, a count in the name is its unit, ranges add up.
    @Test func pluralsCountsAndRangesMerge() {
        let one = Recipe(name: "One", ingredients: [Ingredient(name: "egg", amount: "1"), Ingredient(name: "Bell pepper", amount: "1"),
                                                    Ingredient(name: "garlic cloves", amount: "2"), Ingredient(name: "sugar", amount: "1-2 tbsp"),
                                                    Ingredient(name: "tomatoes", amount: "3"), Ingredient(name: "Glass", amount: "1")])
        let two = Recipe(name: "Two", ingredients: [Ingredient(name: "Eggs", amount: "3"), Ingredient(name: "bell peppers", amount: "2"),
                                                    Ingredient(name: "Garlic", amount: "5 cloves"), Ingredient(name: "Sugar", amount: "1 tbsp"),
                                                    Ingredient(name: "tomato", amount: "1"), Ingredient(name: "glasses", amount: "1")])
        let list = ShoppingList(recipes: [one, two])
        #expect(list.items.map(\.name) == ["egg", "Bell pepper", "garlic", "sugar", "tomatoes", "Glass"])
        #expect(list.items.map { $0.amounts.map(\.text) } == [["4"], ["3"], ["7 cloves"], ["2-3 tbsp"], ["4"], ["2"]])
        #expect(list.items[3].amounts[0].quantity == 2 && list.items[3].amounts[0].upTo == 3)
    }

    @Test(arguments: [(2.83, "2⅞"), (1.0 / 3 * 7, "2⅓"), (0.04, "⅛"), (0.3, "⅓"), (9.96, "10"), (154.4, "154"), (12.5, "13"),
                      (1.5, "1½"), (3, "3")])
    func sumsAreRoundedAsCooksMeasure(value: Double, text: String) {
        #expect(ShoppingList.rounded(value) == text)
    }

    @Test func saltAddsUpToWhatASpoonMeasures() {
        let meals = (0..<17).map { _ in (Recipe(name: "Stew", ingredients: [Ingredient(name: "salt", amount: "1/6 tsp")]), Int?.none) }
        #expect(ShoppingList(meals: meals).items.first?.amounts.map(\.text) == ["2⅞ tsp"])
    }

    /// A Cooklang reference is the named recipe's ingredients, scaled to the servings asked.
    @Test func aReferenceToAnotherRecipeIsItsIngredients() {
        let dough = Recipe(name: "Dough", ingredients: [Ingredient(name: "flour", amount: "500 g"), Ingredient(name: "yeast", amount: "1 tsp")])
        dough.servings = 4
        let pizza = Recipe(name: "Pizza", ingredients: [Ingredient(name: "./Components/Dough", amount: "2 servings"),
                                                        Ingredient(name: "flour", amount: "50 g"), Ingredient(name: "../Sauces/Red", amount: "150 g"),
                                                        Ingredient(name: "./Components/Dough")])
        var asked: [String] = []
        let list = ShoppingList(meals: [(pizza, nil)]) { path in
            asked.append(path)
            return path == "Components/Dough" ? dough : nil
        }
        // Half the dough, then all of it; a reference not found, or in grams, stays a line.
        #expect(list.items.map(\.name) == ["flour", "yeast", "../Sauces/Red"])
        #expect(list.items.map { $0.amounts.map(\.text) } == [["800 g"], ["1½ tsp"], ["150 g"]])
        #expect(asked.contains("Sauces/Red"))
        // A recipe naming itself stops.
        let loop = Recipe(name: "Loop", ingredients: [Ingredient(name: "./Loop"), Ingredient(name: "salt", amount: "1 g")])
        #expect(ShoppingList(meals: [(loop, nil)]) { _ in loop }.items.map(\.name) == ["./Loop", "salt"])
    }
}
