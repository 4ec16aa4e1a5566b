import FoundationEssentials
import RecipesCore

/// A JSON array, one object a meal, written as it goes: the recipe's `id`, `kind` and `name`,
/// `planned` (this occurrence, ISO 8601 UTC), and the entry's `entry` id, `meal`,
/// `servings`, `note`, `repeat` (RRULE) with `repeats` (in words), `cooked` and `locked`.
struct PlanJSONRenderer: PlannedMealRenderer {
    let local: LocalTime
    private var count = 0

    init(local: LocalTime) {
        self.local = local
    }

    private struct Meal: Encodable {
        let id: UUID
        let kind: RecipeVariety
        let name: String
        let planned: Date
        let entry: UUID
        let meal: String?
        let servings: Int?
        let note: String?
        let `repeat`: String?
        let repeats: String?
        let cooked: Bool
        let locked: Bool
    }

    mutating func add(_ meal: PlannedMeal, to output: TextOutput) {
        let entry = meal.entry
        let object = Meal(id: meal.recipe.id, kind: meal.recipe.variety, name: meal.recipe.name, planned: meal.date, entry: entry.id,
                          meal: entry.meal, servings: entry.servings, note: entry.note.isEmpty ? nil : entry.note,
                          repeat: entry.repeatRule?.rrule, repeats: entry.repeatRule?.summary(in: local), cooked: meal.isCooked,
                          locked: entry.isLocked)
        guard let data = try? RecipeJSON.encoder.encode(object) else { return }
        output.write(count == 0 ? "[\n" : ",\n")
        output.write(JSONText.printable(data))
        count += 1
    }

    mutating func finish(_ output: TextOutput) {
        output.line(count == 0 ? "[]" : "\n]")
    }
}
