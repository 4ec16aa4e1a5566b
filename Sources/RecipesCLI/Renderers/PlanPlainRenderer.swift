import RecipesCore

/// Tab-separated, one meal a line: recipe id, kind, name, date (ISO 8601 UTC), ingredient
/// count (the columns of `search`), then the meal, the entry's id, "repeat" for a repeat's
/// occurrence, "cooked" once cooked and "locked" for a meal --reroll leaves alone.
struct PlanPlainRenderer: PlannedMealRenderer {
    mutating func add(_ meal: PlannedMeal, to output: TextOutput) {
        let recipe = meal.recipe
        output.line([recipe.id.uuidString, recipe.variety.rawValue, TerminalText.oneLine(recipe.name), RecipeJSON.isoString(meal.date),
                     String(recipe.ingredientCount), TerminalText.oneLine(meal.entry.meal ?? ""), meal.entry.id.uuidString,
                     meal.entry.isRepeating ? "repeat" : "", meal.isCooked ? "cooked" : "", meal.entry.isLocked ? "locked" : ""].joined(separator: "\t"))
    }

    mutating func finish(_ output: TextOutput) {}
}
