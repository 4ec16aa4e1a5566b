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

    @Test func ingredientsMergeByFoldedNameAndSumWhenUnitsAgree() {
        let soup = Recipe(name: "Soup", ingredients: [Ingredient(name: "Crème fraîche", amount: "1/2 cup"),
                                                      Ingredient(name: "Salt", amount: "a pinch"), Ingredient(name: "Leeks", amount: "2")])
        let pie = BakedGood(name: "Pie", ingredients: [Ingredient(name: "CREME FRAICHE", amount: "1 cups"),
                                                       Ingredient(name: "salt", amount: "5 g"), Ingredient(name: "leeks", amount: "1½")])
        let tart = BakedGood(name: "Tart", ingredients: [Ingredient(name: "Creme-fraiche", amount: "¼ Cup"), Ingredient(name: "Salt", amount: "2 g")])
        let list = ShoppingList(recipes: [soup, pie, tart])
        #expect(list.items.map(\.name) == ["Crème fraîche", "Salt", "Leeks"])
        #expect(list.items[0].amounts.map(\.text) == ["1¾ cup"])
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
}
