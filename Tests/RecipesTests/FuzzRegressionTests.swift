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
