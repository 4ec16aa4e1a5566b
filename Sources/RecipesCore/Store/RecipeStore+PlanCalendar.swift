import FoundationEssentials

extension RecipeStore {
    /// The plan entries with at least one occurrence in `start ..< end`, each with its whole
    /// recipe, by the entry's date, then the recipe's name: what ``ICalendar/calendar(for:name:local:)``
    /// turns into events, a repeat as one event with its rule. A nil bound leaves that side
    /// open; with both nil, every entry of the plan, past ones included.
    ///
    /// ```swift
    /// let text = ICalendar.calendar(for: try store.planWithRecipes(from: Date(), to: nil))
    /// ```
    public func planWithRecipes(from start: Date?, to end: Date?, kind: RecipeKind = .all,
                                local: LocalTime = .system) throws -> [(entry: PlanEntry, recipe: Recipe)] {
        try readSnapshot {
            // SQL leaves out what cannot reach the window (started after it, or a single date
            // before it); whether a repeat occurs inside it is the rule's to say.
            var condition = "removed = 0"
            var bounds: [SQLiteValue] = []
            if let end {
                condition += " AND date < ?"
                bounds.append(end.sqliteValue)
            }
            if let start {
                condition += " AND (repeat IS NOT NULL OR date >= ?)"
                bounds.append(start.sqliteValue)
            }
            let entries = try entries(where: condition + " ORDER BY date, id", SQLArguments(bounds))
            let context = ModelContext(self)
            var recipes: [UUID: Recipe] = [:]
            var plan: [(entry: PlanEntry, recipe: Recipe)] = []
            for entry in entries {
                // A repeat is only expanded to its first occurrence in the window: bounded
                // however long the rule has run.
                let occurs = entry.occurrences(from: start ?? .distantPast, to: end ?? .distantFuture, limit: 1, local: local)
                guard !occurs.isEmpty else { continue }
                if recipes[entry.recipeID] == nil {
                    guard let recipe = try context.model(for: entry.recipeID) else { continue }
                    recipes[entry.recipeID] = recipe
                }
                guard let recipe = recipes[entry.recipeID], kind.includes(recipe.variety) else { continue }
                plan.append((entry, recipe))
            }
            return plan.sorted { ($0.entry.date, $0.recipe.name, $0.entry.id.uuidString) < ($1.entry.date, $1.recipe.name, $1.entry.id.uuidString) }
        }
    }
}
