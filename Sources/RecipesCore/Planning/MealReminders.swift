import FoundationEssentials

// A reminder that runs every few minutes (cron: `recipes next --within 30m --every 5m`) keeps
// no record of what it said. Each meal still comes up exactly once: a run announces the meals
// whose cooking start came within the lead time since the run before, and a meal planned
// after that moment had passed (planned late, already inside the lead time) on the first run
// after it was planned, which the plan entry's own change time tells.

extension RecipeStore {
    /// How far past the lead time a reminder looks for meals whose cooking starts earlier: a
    /// recipe taking longer than this is announced this long before its meal.
    public static let reminderLookahead: TimeInterval = 2 * 86_400

    /// The meals a reminder run at `now` announces, one run every `period`, `window` ahead of
    /// when cooking should start (``UpcomingRecipe/startDate``), earliest first. A meal comes up
    /// on one run only: the one whose period saw its start come within `window`, or, for a meal
    /// planned later than that, the first run after it was planned. Cooked meals and meals
    /// whose time has come are left out.
    public func mealsToAnnounce(at now: Date, within window: TimeInterval, every period: TimeInterval,
                                kind: RecipeKind = .all, local: LocalTime = .system) throws -> [UpcomingRecipe] {
        try mealsToAnnounce(at: now, within: window, every: period, kinds: RecipeKinds(kind), local: local)
    }

    /// ``mealsToAnnounce(at:within:every:kind:local:)`` of any set of kinds (plain dishes alone, say).
    public func mealsToAnnounce(at now: Date, within window: TimeInterval, every period: TimeInterval,
                                kinds: RecipeKinds, local: LocalTime = .system) throws -> [UpcomingRecipe] {
        let meals = try plannedMeals(from: now, to: now + window + Self.reminderLookahead + 1, kinds: kinds, local: local)
        var announced: [UpcomingRecipe] = []
        var changed: [UUID: Date] = [:]
        for meal in meals where !meal.isCooked && meal.date > now {
            // A recipe planned twice for the same moment is one meal.
            guard !announced.contains(where: { $0.recipe.id == meal.recipe.id && $0.plannedDate == meal.date }),
                  // plannedMeals read the plan as it stands; each recipe's dates need no moving on.
                  let recipe = try record(withID: meal.recipe.id, movingPlansOn: false)?.makeRecipe() else { continue }
            let lead = min(UpcomingRecipe.leadTime(of: recipe), Self.reminderLookahead)
            let untilStart = meal.date.timeIntervalSince(now) - lead
            let comesWithin = untilStart > window - period && untilStart <= window
            var plannedLate = false
            if !comesWithin, untilStart <= window - period {
                if changed[meal.entry.id] == nil { changed[meal.entry.id] = try planEntryChanged(meal.entry.id) }
                // Only the first occurrence after the entry was planned was planned late: a
                // repeat's later ones were there from the start.
                if let time = changed[meal.entry.id], time > now - period, time <= now,
                   let first = meal.entry.occurrence(after: time, local: local) {
                    plannedLate = abs(first.timeIntervalSince(meal.date)) < 0.001
                }
            }
            guard comesWithin || plannedLate else { continue }
            announced.append(UpcomingRecipe(recipe: recipe, plannedDate: meal.date, now: now, local: local))
        }
        return announced.sorted { ($0.startDate, $0.plannedDate) < ($1.startDate, $1.plannedDate) }
    }

    /// When the plan entry was last changed on the machine that changed it (its sync stamp).
    private func planEntryChanged(_ id: UUID) throws -> Date? {
        try reading {
            try database.fetchOne(Int64.self, "SELECT wall FROM plan_entry WHERE id = ?", [id])
                .map { Date(timeIntervalSince1970: TimeInterval($0) / 1_000) }
        }
    }
}
