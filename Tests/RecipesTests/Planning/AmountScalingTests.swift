import Testing
@testable import Recipes
@testable import RecipesCore

/// Scaling amounts as cooks write them (issue 15, point 3 in part: by a factor; servings
/// come with the field).
@Suite struct AmountScalingTests {
    @Test(arguments: [(String, Double, String)]([
        ("2", 2.0, "4"), ("2 eggs", 1.5, "3 eggs"), ("1 ½ cups", 2.0, "3 cups"), ("1½ cups", 1.5, "2¼ cups"),
        ("1 1/2 cups", 2, "3 cups"), ("½ tsp", 3, "1½ tsp"), ("1/3 cup", 2, "⅔ cup"), ("2.5 dl", 2, "5 dl"), ("2,5 dl", 2, "5 dl"),
        ("1-2 tbsp", 1.5, "1½-3 tbsp"), ("1 - 2 cloves", 2, "2 - 4 cloves"), ("1 to 2 tsp", 2, "2 to 4 tsp"),
        ("500g", 0.5, "250g"), ("1 (400 g) can", 2, "2 (400 g) can"), ("3 large eggs, beaten", 2, "6 large eggs, beaten"),
        ("to taste", 2, "to taste"), ("a pinch", 3, "a pinch"), ("", 2, ""), ("125 g", 1, "125 g"), ("1 kg", 0.25, "¼ kg"),
        ("¾ cup sugar", 1.5, "1⅛ cups sugar"), ("⅓ cup", 0.5, "⅛ cup"), ("1 1/3 cups", 0.5, "⅔ cups"), ("2.5 dl", 1.5, "3¾ dl"), ("10 tbsp", 1.25, "13 tbsp"),
    ]))
    func amountsScaleTheWayCooksWriteThem(amount: String, factor: Double, expected: String) {
        #expect(AmountScaling.scale(amount, by: factor) == expected, "\(amount) × \(factor)")
    }
}
