import FoundationEssentials
import RecipesCore

/// The confirmation `recipes cooked` prints: what, when, and which planned meal it fulfilled.
struct CookedLine {
    let record: CookedRecord
    let recipe: Recipe
    /// The recipe's entries before and after recording: the occurrence fulfilled is the one
    /// that became cooked.
    let before: [PlanEntry]
    let after: [PlanEntry]
    let formatter: PlannedTimeFormatter

    /// "cooked Pizza (Fri 2026-12-04 18:10; planned dinner Fri 2026-12-04 18:00: done)", or "(...; unplanned)".
    var text: String {
        let name = TerminalText.oneLine(recipe.name)
        let when = formatter.full(record.date)
        guard let entryID = record.entryID, let entry = after.first(where: { $0.id == entryID }) else {
            return "cooked \(name) (\(when); unplanned)"
        }
        let earlier = before.first { $0.id == entryID }?.cooked ?? []
        let occurrence = entry.cooked.first { !earlier.contains($0) } ?? entry.date
        let meal = entry.meal.map { TerminalText.oneLine($0) + " " } ?? ""
        return "cooked \(name) (\(when); planned \(meal)\(formatter.full(occurrence)): done)"
    }

    /// "undid Pizza cooked Fri 2026-12-04 18:10; planned dinner Fri 2026-12-04 18:00 is open
    /// again", or "undid Pizza cooked Fri 2026-12-04 18:10 (unplanned)".
    static func undone(_ undone: UndoneCooking, recipe: Recipe, meal: String?, formatter: PlannedTimeFormatter) -> String {
        let head = "undid \(TerminalText.oneLine(recipe.name)) cooked \(formatter.full(undone.record.date))"
        guard let reopened = undone.reopened else {
            return head + (undone.record.entryID == nil ? " (unplanned)" : "")
        }
        let mealWord = meal.map { TerminalText.oneLine($0) + " " } ?? ""
        return head + "; planned \(mealWord)\(formatter.full(reopened)) is open again"
    }
}
