import Foundation
import Testing
@testable import Recipes

/// Inputs the fuzz targets in Tests/Fuzz found, kept so the fixes stay fixed.
@Suite struct FuzzRegressionTests {
    /// cooklang target: a quantity beyond Int's range crashed formatting the amount
    /// ("Double value cannot be converted to Int").
    @Test func aHugeCooklangQuantityStaysText() throws {
        let text = "---\n3s\u{0}\u{0}k @f,our{1244444444444444444444444444%g}, @eggs{2} and @mif,our{124%g},1/4%an{} 7"
        let recipe = CooklangRecipe(parsing: text).makeRecipe(fallbackTitle: "fuzz")
        #expect(recipe.ingredients?.first?.amount == "1244444444444444444444444444 g")
        let model = try recipe.makeRecipe()
        #expect(CooklangRecipe.text(of: model).contains("@f,our{1244444444444444444444444444 g}"))
    }

    @Test func hugeAmountsAreNotAddedUp() {
        #expect(ShoppingList.parse("99999999999999999999 g") == nil)
        #expect(ShoppingList.parse("1/0.0000000000001 g") == nil)
        #expect(ShoppingList.format(1e30) == "1e+30")
        #expect(ShoppingList.format(2.5) == "2½")
    }
}
