import FoundationEssentials

/// The persisted state of one recipe with its ingredients: what a row holds, and the
/// snapshot a context compares against to find what changed.
struct RecipeRecord: Equatable {
    struct IngredientRecord: Equatable {
        var id: UUID
        var name: String
        var amount: String
    }

    var id: UUID
    var variety: RecipeVariety
    var name: String
    var summary: String
    var instructions: String
    var plannedDate: Date?
    var createdAt: Date
    var updatedAt: Date
    var ovenTemperature: Int?
    var bakeMinutes: Int?
    var isAlcoholic: Bool?
    var isServedHot: Bool?
    var ingredients: [IngredientRecord]
}

extension RecipeRecord {
    init(_ recipe: Recipe) {
        id = recipe.id
        variety = recipe.variety
        name = recipe.name
        summary = recipe.summary
        instructions = recipe.instructions
        plannedDate = recipe.plannedDate
        createdAt = recipe.createdAt
        updatedAt = recipe.updatedAt
        let baked = recipe as? BakedGood
        ovenTemperature = baked?.ovenTemperature
        bakeMinutes = baked?.bakeMinutes
        let beverage = recipe as? Beverage
        isAlcoholic = beverage?.isAlcoholic
        isServedHot = beverage?.isServedHot
        ingredients = recipe.ingredients.map { IngredientRecord(id: $0.id, name: $0.name, amount: $0.amount) }
    }

    /// Equal apart from the update time, which a save sets itself.
    func sameContent(as other: RecipeRecord) -> Bool {
        var other = other
        other.updatedAt = updatedAt
        return self == other
    }

    func makeRecipe() -> Recipe {
        let ingredientModels = ingredients.map { Ingredient(id: $0.id, name: $0.name, amount: $0.amount) }
        let recipe: Recipe
        switch variety {
        case .dish:
            recipe = Recipe(id: id, name: name, summary: summary, instructions: instructions,
                            plannedDate: plannedDate, ingredients: ingredientModels)
        case .bakedGood:
            recipe = BakedGood(id: id, name: name, summary: summary, instructions: instructions,
                               plannedDate: plannedDate, ingredients: ingredientModels,
                               ovenTemperature: ovenTemperature, bakeMinutes: bakeMinutes)
        case .beverage:
            recipe = Beverage(id: id, name: name, summary: summary, instructions: instructions,
                              plannedDate: plannedDate, ingredients: ingredientModels,
                              isAlcoholic: isAlcoholic ?? false, isServedHot: isServedHot ?? false)
        }
        recipe.createdAt = createdAt
        recipe.updatedAt = updatedAt
        return recipe
    }
}
