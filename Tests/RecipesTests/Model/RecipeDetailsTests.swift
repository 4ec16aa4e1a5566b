import Foundation
@testable import RecipesCore
import Testing

/// What the description of a recipe's details does with texts every path hands it, found by
/// a user trial of `add`, `set` and `edit`.
@Suite struct RecipeDetailsTests {
    private static func field(_ property: String) throws -> RecipeDetail {
        try #require(RecipeDetails.fields.first { $0.property == property })
    }

    /// A text detail is one trimmed line: spaces alone are none, a line break is a space.
    @Test func aTextDetailIsOneTrimmedLine() throws {
        var details = RecipeDetails()
        let makes = try Self.field("yield"), source = try Self.field("sourceURL")
        makes.assign(&details, "   ")
        #expect(details.yield == nil)
        makes.assign(&details, " 2 l\nmore ")
        #expect(details.yield == "2 l more")
        source.assign(&details, "https://example.com/a\n")
        #expect(details.sourceURL == "https://example.com/a")
    }

    /// An edit that leaves a line as it was changes nothing, though the stored value holds
    /// what the line cannot show (a line break an import brought).
    @Test func anUntouchedLineIsNotRewritten() throws {
        let soup = Recipe(name: "Leek soup")
        soup.yield = "2 l\nmore"
        soup.servings = 4
        let text = RecipeEditText(soup).text(comments: []).replacing("Servings: 4", with: "Servings: 5")
        #expect(try RecipeEditText(parsing: text).apply(to: soup) == ["servings"])
        #expect(soup.yield == "2 l\nmore")
    }

    /// One serving is said so, where a page or a file reads it back.
    @Test func oneServingIsSingular() throws {
        var details = RecipeDetails()
        details.servings = 1
        #expect(details.servingsTexts == ["1 serving"])
        details.servings = 2
        #expect(details.servingsTexts == ["2 servings"])
        var read = RecipeDetails()
        read.setServings(from: ["1 serving"])
        #expect(read.servings == 1 && read.yield == nil)
    }

    /// A valid duration too long for a recipe is said to be that, not to be malformed.
    @Test func aTimeTooLongIsSaidToBe() throws {
        let page = try SchemaOrgImport(json: #"{"@type": "Recipe", "name": "Long prep", "prepTime": "P40D", "cookTime": "soon", "recipeIngredient": ["1 egg"]}"#)
        #expect(page.skipped == ["'Long prep': prepTime 'P40D' is longer than 30 days; it was left out",
                                 "'Long prep': cookTime 'soon' is not an ISO 8601 duration; it was left out"])
    }
}
