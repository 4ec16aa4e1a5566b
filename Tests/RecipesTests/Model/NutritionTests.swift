import Foundation
import Testing
@testable import Recipes
@testable import RecipesCore

/// Nutrition per serving as labels, pages and Cooklang files write it (issue 35, point 7).
@Suite struct NutritionTests {
    @Test(arguments: [
        ("420 kcal, 12 g fat, 30 g protein", [Nutrition.Nutrient.calories: 420.0, .fat: 12, .protein: 30]),
        ("Fett: 12,5 g; Eiweiß 30 g; Kalorien 420", [.fat: 12.5, .protein: 30, .calories: 420]),
        ("fat 12g · carbs 50 g · sugars 7.25 g", [.fat: 12, .carbohydrate: 50, .sugar: 7.25]),
        ("sodium 0.4 g, cholesterol 25 mg", [.sodium: 400, .cholesterol: 25]),
        ("salt 1.5 g", [.sodium: 600]),
        ("energy 1000 kJ", [.calories: 239.01]),
        ("saturated fat 3 g, fibre 5 g", [.saturatedFat: 3, .fiber: 5]),
        ("", [:]),
    ])
    func labelsAreRead(text: String, amounts: [Nutrition.Nutrient: Double]) throws {
        let read = try Nutrition(text: text)
        #expect(read.amounts.mapValues { ($0 * 100).rounded() / 100 } == amounts, "\(text)")
        // What it prints reads back as itself.
        #expect(try Nutrition(text: read.text) == read.times(1).rounded(), "\(read.text)")
    }

    @Test(arguments: ["lots of protein", "12 g", "fat", "12 g vitamins",
                      // Found by a user trial: the sign was dropped, and too much left out without a word.
                      "-5 kcal", "\u{2212}5 kcal", "fat -3 g", "100001 kcal", "310 kcal, 200001 mg sodium"])
    func whatIsNoAmountOfANutrientIsRefused(text: String) {
        #expect(throws: Nutrition.Problem.self) { try Nutrition(text: text) }
    }

    /// What many servings hold together may pass what one serving can (found by a user trial:
    /// `show --servings 9999` printed the totals without the kcal).
    @Test func totalsArePrintedWhateverTheirSize() {
        let total = Nutrition([.calories: 310, .sodium: 200]).times(9_999)
        #expect(total[.calories] == 3_099_690 && total[.sodium] == 1_999_800)
        #expect(total.text == "3099690 kcal, 1999800 mg sodium")
    }

    @Test func amountsThatCannotBeAreLeftOut() {
        let nutrition = Nutrition([.calories: -5, .fat: .nan, .protein: 2_000_000, .sugar: 4])
        #expect(nutrition.amounts == [.sugar: 4])
    }

    @Test func aPageGivesNutritionAndItsPicture() throws {
        let json = """
            {"@type":"Recipe","name":"Lentil soup","recipeYield":"4","recipeIngredient":["200 g lentils"],
             "image":[{"@type":"ImageObject","url":"https://example.com/img/lentil-16x9.jpg"},"https://example.com/img/lentil-1x1.jpg"],
             "nutrition":{"@type":"NutritionInformation","calories":"310 calories","fatContent":"9 g","proteinContent":"18g",
             "sodiumContent":"0.6 g","carbohydrateContent":"about forty grams","servingSize":"1 bowl"}}
            """
        let page = try SchemaOrgImport(json: json)
        let recipe = page.recipes[0]
        #expect(recipe.imageURL == "https://example.com/img/lentil-16x9.jpg")
        #expect(recipe.nutrition == Nutrition([.calories: 310, .fat: 9, .protein: 18, .sodium: 600]))
        #expect(page.skipped == ["'Lentil soup': nutrition carbohydrateContent 'about forty grams' is not an amount; it was left out"])
        // A relative picture is made whole from the page's address.
        let relative = try SchemaOrgImport(json: #"{"@type":"Recipe","name":"R","url":"https://example.com/r/1","image":"/img/r.jpg","recipeIngredient":["1 egg"]}"#)
        #expect(relative.recipes[0].imageURL == "https://example.com/img/r.jpg")
    }
}

private extension Nutrition {
    /// Amounts to two decimals, as ``text`` prints them.
    func rounded() -> Nutrition {
        Nutrition(amounts.mapValues { ($0 * 100).rounded() / 100 })
    }
}
