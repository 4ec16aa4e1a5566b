import FoundationEssentials
import RecipesCore

/// Proposed meals (`plan --fill`, `plan --reroll`, `suggest`): aligned lines of day, meal,
/// name and reason; tab-separated lines of id, name, date (ISO 8601 UTC), meal and reason;
/// or a JSON array of objects with `date`, `meal`, `name`, `id`, `reason` and `reasons`.
enum MealProposalRenderer {
    private struct Meal: Encodable {
        let date: Date
        let meal: String
        let name: String
        let id: UUID
        let reason: String
        let reasons: [String]
    }

    static func write(_ meals: [MealProposal], format: ListFormat, formatter: PlannedTimeFormatter, withDay: Bool = true, to output: TextOutput) {
        switch format {
        case .json:
            // One object a line, as the plan's own JSON list is written.
            let objects = meals.compactMap { meal in
                try? RecipeJSON.encoder.encode(Meal(date: meal.slot.date, meal: meal.slot.meal, name: meal.name, id: meal.recipeID,
                                                    reason: meal.reason, reasons: meal.reasons))
            }
            output.line(objects.isEmpty ? "[]" : "[\n" + objects.map(JSONText.printable).joined(separator: ",\n") + "\n]")
        case .plain:
            for meal in meals where !output.isBroken {
                let fields = [meal.recipeID.uuidString, meal.name, RecipeJSON.isoString(meal.slot.date), meal.slot.meal, meal.reason]
                output.line(fields.map(TerminalText.oneLine).joined(separator: "\t"))
            }
        case .table:
            let rows = meals.map { meal in
                (withDay ? [formatter.full(meal.slot.date), meal.slot.meal] : [])
                    + [TextColumns.truncate(TerminalText.oneLine(meal.name), to: TableRenderer.maximumNameWidth), meal.reason]
            }
            TextColumns.write(rows, to: output) { _, column in column == (withDay ? 2 : 0) ? TerminalColor.bold : nil }
        }
    }
}
