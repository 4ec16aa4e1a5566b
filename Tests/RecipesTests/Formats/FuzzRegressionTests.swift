import Foundation
import Testing
@testable import Recipes
@testable import RecipesCore

/// Inputs the fuzz targets in Tests/Fuzz found, kept so the fixes stay fixed.
@Suite struct FuzzRegressionTests {
    /// cooklang target: a quantity beyond Int's range crashed formatting the amount
    /// ("Double value cannot be converted to Int").
    @Test func aHugeCooklangQuantityStaysText() throws {
        let text = "---\n3s\u{0}\u{0}k @f,our{1244444444444444444444444444%g}, @eggs{2} and @mif,our{124%g},1/4%an{} 7"
        let recipe = CooklangRecipe(parsing: text).makeRecipe(fallbackTitle: "fuzz")
        #expect(recipe.ingredients?.first?.amount == "1244444444444444444444444444 g")
        let model = try recipe.makeRecipe()
        #expect(CooklangRecipe.text(of: model).contains("@f,our{1244444444444444444444444444%g}"))
    }

    /// cooklang target: an export that read back with different amounts the second time.
    @Test func aCooklangExportReadsBackTheSameAmountsEveryRound() throws {
        let bytes: [UInt8] = [45, 45, 45, 10, 116, 105, 116, 108, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 101, 58, 32, 80, 97, 110, 99, 116, 105, 116, 108, 101, 0, 0, 0, 118, 105, 129, 103, 115, 58, 62, 62, 32, 50, 10, 45, 45, 46, 45, 10, 87, 104, 105, 115, 107, 32, 64, 102, 108, 111, 126, 118, 114, 123, 49, 50, 53, 108, 107, 123, 49, 47, 48, 52, 37, 53, 37, 103, 125, 44, 122, 64, 46, 47, 103, 115, 123, 50, 125, 3, 0, 0, 0, 101, 115, 250, 115, 101, 114, 118, 105, 110, 32, 97, 110, 100, 32, 64, 109, 64, 46, 105, 108, 107, 14]
        let text = String(decoding: bytes, as: UTF8.self)
        let model = try CooklangRecipe(parsing: text).makeRecipe(fallbackTitle: "fuzz").makeRecipe()
        let first = CooklangRecipe.text(of: model)
        let again = try CooklangRecipe(parsing: first).makeRecipe(fallbackTitle: "fuzz").makeRecipe()
        let second = CooklangRecipe.text(of: again)
        let third = CooklangRecipe(parsing: second).makeRecipe(fallbackTitle: "fuzz")
        #expect(again.ingredients.map(\.amount) == model.ingredients.map(\.amount), "\(first.debugDescription)")
        #expect(third.ingredients?.map(\.amount) == again.ingredients.map(\.amount), "\(second.debugDescription)")
    }

    /// cooklang target: text starting with "(" right after an ingredient was read back as
    /// that ingredient's note, swallowing the next ingredient.
    @Test func aParenthesisAfterAnIngredientStaysText() throws {
        let bytes: [UInt8] = [32, 50, 10, 211, 82, 210, 245, 168, 151, 154, 133, 0, 0, 0, 118, 108, 111, 117, 114, 58, 32, 84, 97, 110, 99, 97, 107, 101, 115, 10, 45, 45, 10, 87, 104, 105, 115, 107, 32, 64, 102, 108, 111, 118, 114, 115, 123, 50, 125, 40, 97, 110, 100, 32, 64, 109, 105, 108, 107, 255, 49, 47, 52, 37, 108, 125, 46, 10, 101, 100, 115, 125, 105, 108, 107, 123, 48, 47, 52, 37, 108, 125, 46, 10, 10, 70, 114, 127, 223, 105, 110, 32, 97, 32, 35, 112, 97, 110, 45, 45, 45, 10, 116, 105, 116, 108, 123, 52, 37, 109, 105, 110, 117, 116, 101, 115, 125, 46]
        let model = try CooklangRecipe(parsing: String(decoding: bytes, as: UTF8.self)).makeRecipe(fallbackTitle: "fuzz").makeRecipe()
        let back = CooklangRecipe(parsing: CooklangRecipe.text(of: model)).makeRecipe(fallbackTitle: "fuzz")
        // Braces cannot be part of a Cooklang name; the export writes them as parentheses.
        #expect(back.ingredients?.map(\.name) == model.ingredients.map { $0.name.replacing("}", with: ")") })
    }

    /// cooklang target: a recipe reference ("./") is written back as its last part, so such a
    /// recipe is not one the format holds exactly, and says so.
    @Test func aRecipeReferenceIsNotClaimedExact() throws {
        let bytes: [UInt8] = [44, 32, 64, 134, 64, 46, 47, 123, 37, 125, 64, 64, 192, 245, 139, 191, 46, 47, 123, 37, 125, 32, 1, 0, 0, 42]
        let model = try CooklangRecipe(parsing: String(decoding: bytes, as: UTF8.self)).makeRecipe(fallbackTitle: "fuzz").makeRecipe()
        #expect(!CooklangRecipe.canWriteExactly(model))
        #expect(!CooklangRecipe.canWriteExactly(Recipe(name: "Eggs", ingredients: [Ingredient(name: "./Sauces/Hollandaise", amount: "")])))
    }

    /// cooklang target: a first paragraph ", eggs" was read back as an exported ingredient
    /// list and dropped from the instructions.
    @Test func onlyWhatExportsWriteIsReadAsAnIngredientList() throws {
        let bytes: [UInt8] = [44, 32, 64, 101, 103, 103, 115, 10, 10, 10, 10, 44, 32, 64, 101, 103, 103, 115, 10, 10, 10, 10, 10, 10, 10, 10, 10, 45, 45, 45, 10, 116, 105, 116, 108, 101, 0, 0, 32, 64, 102, 67, 108, 111, 115, 101, 100, 82, 97, 110, 108, 10, 10, 10, 10, 38, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 93, 118, 114, 10, 10, 10, 10, 10, 45, 45, 45, 10, 116, 105, 116, 108, 101, 0, 0, 32, 64, 102, 67, 108, 111, 115, 101, 100, 82, 97, 110, 108, 10, 10, 10, 10, 38, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 93, 118, 114, 116, 105, 10, 32, 35, 112, 0]
        let model = try CooklangRecipe(parsing: String(decoding: bytes, as: UTF8.self)).makeRecipe(fallbackTitle: "fuzz").makeRecipe()
        let back = try CooklangRecipe(parsing: CooklangRecipe.text(of: model)).makeRecipe(fallbackTitle: "fuzz").makeRecipe()
        #expect(!CooklangRecipe.canWriteExactly(model) || back.instructions == model.instructions)
        #expect(back.instructions.hasPrefix(", eggs"))
    }

    @Test func hugeAmountsAreNotAddedUp() {
        #expect(ShoppingList.parse("99999999999999999999 g") == nil)
        #expect(ShoppingList.parse("1/0.0000000000001 g") == nil)
        #expect(ShoppingList.format(1e30) == "1e+30")
        #expect(ShoppingList.format(2.5) == "2½")
    }
}

/// when and iso8601 targets.
@Suite struct FuzzRegressionDateTests {
    let now = Date(timeIntervalSince1970: 1_796_000_000)   // 2026-11-29

    /// A date far off passed where "+99999d" was refused: the limit now holds for both.
    @Test func aDateMoreThanTenYearsAwayIsRefused() throws {
        let parser = WhenParser(now: now, local: .utc)
        #expect(throws: PlanningInputError.self) { try parser.parse("9013-12-24 17:30") }
        #expect(throws: PlanningInputError.self) { try parser.parse("0001-01-01") }
        #expect(try parser.parse("2036-11-20") > now)
    }

    /// Year 0000 at +05:30 is in year -1, which the writer wrote as "00-1-12-31…" and could not read back.
    @Test func yearsBeyondFourDigitsRoundTrip() throws {
        let early = try #require(ISO8601.date(from: "0000-01-01T00:00+0530"))
        #expect(ISO8601.string(from: early) == "-000001-12-31T18:30:00Z")
        #expect(ISO8601.date(from: "-000001-12-31T18:30:00Z") == early)
        let late = Date(timeIntervalSince1970: 300_000_000_000)
        #expect(ISO8601.string(from: late) == "+011476-08-15T05:20:00Z" && ISO8601.date(from: ISO8601.string(from: late)) == late)
        // A fraction that rounds to .000 was written as ".000" and read back as a whole
        // second, which then wrote without it (found by the sync convergence test).
        let almostWhole = Date(timeIntervalSince1970: 1_796_000_000.0003)
        #expect(ISO8601.string(from: almostWhole) == "2026-11-30T00:53:20Z")
        // Far beyond any calendar, formatting still does not trap.
        _ = ISO8601.string(from: Date(timeIntervalSince1970: 1e300))
        _ = ISO8601.string(from: Date(timeIntervalSince1970: .nan))
    }
}
