import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// Every stored field through every path a recipe travels: the snapshot actors pass, the JSON
/// archive, the edit text, schema.org and Cooklang. The fields come from the one description
/// of the columns (`RecipeRecord.editableFields`), so a new field that a path forgets fails
/// here, as does one this test has no value for; what a format cannot say is listed per path.
@Suite struct FieldRoundTripTests {
    /// One recipe of each kind with every field it can hold set away from its default.
    static func fullRecipes() -> [Recipe] {
        func fill(_ recipe: Recipe, tags: [String]) -> Recipe {
            recipe.summary = "A summary."
            recipe.instructions = "Mix the flour. Bake until golden."
            recipe.plannedDate = Date(timeIntervalSinceReferenceDate: 815_000_000)
            // Each detail from its description, by the text it is edited as: a new field of a
            // shape these know travels every path below with no change here.
            var details = RecipeDetails()
            for (index, field) in RecipeDetails.fields.enumerated() {
                let text = sample(field, index: index, tags: tags)
                #expect(field.problem(text) == nil, "\(field.property): \(text)")
                field.assign(&details, text)
            }
            recipe.details = details
            recipe.ingredients = [Ingredient(name: "For the dough", isHeading: true), Ingredient(name: "flour", amount: "500 g"),
                                  Ingredient(name: "water", amount: "300 ml")]
            return recipe
        }
        func sample(_ field: RecipeDetail, index: Int, tags: [String]) -> String {
            switch field.shape {
            case .address: "https://example.com/\(field.property)"
            case .text: "Some \(field.label.lowercased())"
            case .servings: "6"
            case .makes: "1 loaf"
            case .minutes: "\(20 * index)"
            case .tags: tags.joined(separator: ", ")
            case .nutrition: Nutrition([.calories: 420, .fat: 12.5, .saturatedFat: 3, .carbohydrate: 61, .sugar: 4, .fiber: 5,
                                        .protein: 14, .sodium: 480, .cholesterol: 20]).text
            }
        }
        let baked = fill(BakedGood(name: "Country bread"), tags: ["bread", "weekend"])
        (baked as! BakedGood).ovenTemperature = 230
        (baked as! BakedGood).bakeMinutes = 35
        let drink = fill(Beverage(name: "Evening cup"), tags: ["drink", "winter"])
        (drink as! Beverage).isAlcoholic = true
        (drink as! Beverage).isServedHot = true
        return [fill(Recipe(name: "Soup"), tags: ["soup", "weekend"]), baked, drink]
    }

    /// The fields of `original` that `result` does not hold as it did. A text format makes
    /// new ingredient lines, so lines compare by what they say, not by id.
    static func lost(_ original: Recipe, _ result: Recipe) -> Set<String> {
        var before = RecipeRecord(original), after = RecipeRecord(result)
        for index in after.ingredients.indices where index < before.ingredients.count {
            after.ingredients[index].id = before.ingredients[index].id
        }
        return Set(RecipeRecord.editableFields.filter { !$0.isEqual(before, after) }.map(\.name))
    }

    @Test func everyFieldHasAValueHere() {
        let blank = RecipeRecord.blank
        let filled = Self.fullRecipes().map(RecipeRecord.init)
        for field in RecipeRecord.editableFields {
            #expect(filled.contains { !field.isEqual($0, blank) }, "give '\(field.name)' a value in fullRecipes()")
        }
    }

    @Test func theSnapshotKeepsEveryField() {
        for recipe in Self.fullRecipes() {
            #expect(Self.lost(recipe, RecipeSnapshot(recipe).makeRecipe()) == [], "\(recipe.name)")
        }
    }

    @Test func theArchiveKeepsEveryField() throws {
        let now = Date(timeIntervalSinceReferenceDate: 810_000_000)
        for recipe in Self.fullRecipes() {
            let data = try RecipeArchive(recipes: [RecipeJSON(recipe)]).encoded()
            let read = try #require(try RecipeArchive.decode(data).makeRecipes(now: now, local: .utc).first)
            #expect(Self.lost(recipe, read) == [], "\(recipe.name)")
        }
    }

    @Test func theEditTextKeepsEveryFieldButThePlan() throws {
        for recipe in Self.fullRecipes() {
            let text = RecipeEditText(recipe).text(comments: [])
            let edited = RecipeSnapshot(recipe).makeRecipe()
            // A blank recipe of the same kind and id, filled from the text alone.
            let blank = RecipeRecord.blank.withIdentity(of: edited).makeRecipe()
            _ = try RecipeEditText(parsing: text).apply(to: blank)
            // The plan is edited with `recipes plan`, not in the text.
            #expect(Self.lost(recipe, blank) == ["plannedDate"], "\(recipe.name)")
        }
    }

    @Test func schemaOrgKeepsWhatItCanSay() throws {
        let now = Date(timeIntervalSinceReferenceDate: 810_000_000)
        for recipe in Self.fullRecipes() {
            let read = try #require(try SchemaOrgImport(json: SchemaOrgImport.jsonLD(for: [recipe])).recipes.first?.makeRecipe(now: now, local: .utc))
            // schema.org has no plan and no oven; a beverage's flags travel as its keywords.
            var cannotSay: Set<String> = ["plannedDate"]
            if recipe is BakedGood { cannotSay.formUnion(["ovenTemperature", "bakeMinutes"]) }
            #expect(Self.lost(recipe, read) == cannotSay, "\(recipe.name)")
        }
    }

    @Test func cooklangKeepsWhatItCanSay() throws {
        let now = Date(timeIntervalSinceReferenceDate: 810_000_000)
        for recipe in Self.fullRecipes() {
            // Cooklang has nowhere to keep an ingredient list's heading, and says so.
            #expect(!CooklangRecipe.canWriteExactly(recipe))
            recipe.ingredients.removeAll(where: \.isHeading)
            #expect(CooklangRecipe.canWriteExactly(recipe))
            let text = CooklangRecipe.text(of: recipe)
            let read = try CooklangRecipe(parsing: text).makeRecipe(fallbackTitle: "x").makeRecipe(now: now, local: .utc)
            // The metadata Cooklang writes has no plan, oven or drink flags (the kind is its category).
            var cannotSay: Set<String> = ["plannedDate"]
            if recipe is BakedGood { cannotSay.formUnion(["ovenTemperature", "bakeMinutes"]) }
            if recipe is Beverage { cannotSay.formUnion(["isAlcoholic", "isServedHot"]) }
            #expect(Self.lost(recipe, read) == cannotSay, "\(recipe.name):\n\(text)")
        }
    }
}

extension RecipeRecord {
    /// This record with `recipe`'s id and kind.
    func withIdentity(of recipe: Recipe) -> RecipeRecord {
        var record = self
        record.id = recipe.id
        record.variety = RecipeRecord(recipe).variety
        return record
    }
}
