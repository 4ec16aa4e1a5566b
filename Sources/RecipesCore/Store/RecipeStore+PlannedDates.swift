import FoundationEssentials

// `recipe.planned` (``Recipe/plannedDate``) is derived from the entries: the recipe's next
// planned occurrence after the moment it was computed or, with none ahead, its latest
// single-date entry not yet cooked (so a recipe planned once keeps its date, past or not, as
// before entries existed). `plan_after` is the occurrence after `planned`. While
// `planned` is still ahead, or `plan_after` is NULL, the pair is right at any later moment;
// a recipe whose `planned` has passed with `plan_after` set is moved on before reading
// (`refreshPassedPlans(now:)`), which finds such recipes through a partial index; a clock
// that went back since the dates were worked out (`plan_dated`) has them all worked out again.
// `plan_current` is the occurrence that had started, within ``UpcomingRecipe/inProgressFor``,
// not cooked or skipped, when the dates were worked out: the meal being cooked, which moving
// `planned` on would otherwise forget (a single date with nothing after it stays `planned`).

extension RecipeStore {
    /// Moves on the planned date of every recipe whose planned occurrence has passed while a
    /// later one exists; nothing to do costs one lookup in a partial index. A read-only store
    /// cannot write them: the recomputed dates are returned instead, for the caller to use.
    @discardableResult
    func refreshPassedPlans(now: Date, local: LocalTime = .system) throws -> [UUID: PlannedDates] {
        // Inside a transaction (a sync applying thousands of changes reads each recipe) the
        // dates are left as that transaction's writes make them.
        guard !database.isInTransaction else { return [:] }
        let rows = try reading {
            try database.fetchAll(Self.passedPlansSQL, [now]) { row -> UUID? in
                try row["id"]
            }
        }
        guard !rows.isEmpty else { return [:] }
        // The dates were worked out at a later moment than now: the clock went back (a wrong
        // clock put right, RECIPES_NOW), and every recipe's dates may be ahead of themselves.
        let clockWentBack = rows.contains(nil)
        // Their entries in one query: a week after the last write, thousands of repeats may
        // have passed an occurrence at once.
        let entries = try reading {
            try self.entries(where: clockWentBack ? "removed = 0 AND recipe_id IN (SELECT id FROM recipe)"
                                                  : "removed = 0 AND recipe_id IN (\(Self.passedPlansSQL))", [now])
        }
        let byRecipe = Dictionary(grouping: entries, by: \.recipeID)
        var dates: [UUID: PlannedDates] = [:]
        for id in clockWentBack ? Array(byRecipe.keys) : rows.compactMap({ $0 }) {
            dates[id] = Self.plannedDates(byRecipe[id] ?? [], now: now, local: local)
        }
        // A reader inside another transaction leaves the write to whoever holds it.
        guard !isReadOnly, !database.isInTransaction else { return dates }
        try write {
            for (id, pair) in dates { try setPlannedDates(of: id, pair) }
            try notePlanDated(now, wentBack: clockWentBack)
        }
        return [:]
    }

    /// Recipes whose planned occurrence is not after the parameter while another follows, and
    /// a NULL row when the plan's dates were last worked out more than a second after it
    /// (`plan_dated`): both read from an index or a key, so a read that finds nothing to do
    /// pays two lookups.
    static let passedPlansSQL = """
        SELECT id FROM recipe WHERE plan_after IS NOT NULL AND planned <= ?1 \
        UNION ALL SELECT NULL FROM sync_state WHERE key = 'plan_dated' AND value > ?1 + 1
        """

    /// Records the latest moment the plan's dates were worked out for; after the clock went
    /// back, the moment it went back to.
    private func notePlanDated(_ now: Date, wentBack: Bool = false) throws {
        try database.execute("""
            INSERT INTO sync_state (key, value) VALUES ('plan_dated', ?1)
            ON CONFLICT (key) DO UPDATE SET value = \(wentBack ? "excluded.value" : "max(value, excluded.value)")
            """, [now])
    }

    /// What the store keeps of a recipe's plan on its row.
    struct PlannedDates {
        /// `planned`: the next occurrence, or the latest single date not cooked.
        var planned: Date?
        /// `plan_after`: the occurrence after `planned`.
        var after: Date?
        /// `plan_current`: the occurrence in progress.
        var current: Date?
    }

    /// The planned date, the occurrence after it and the one in progress, from `entries`, as of `now`.
    static func plannedDates(_ entries: [PlanEntry], now: Date, local: LocalTime) -> PlannedDates {
        // The latest occurrence of the last stretch still planned, ending at now.
        let current = entries.compactMap { entry in
            entry.occurrence(after: now - UpcomingRecipe.inProgressFor, local: local).flatMap { $0 <= now ? $0 : nil }
        }.max()
        if let upcoming = entries.compactMap({ $0.occurrence(after: now, local: local) }).min() {
            return PlannedDates(planned: upcoming, after: entries.compactMap { $0.occurrence(after: upcoming, local: local) }.min(),
                                current: current)
        }
        let latestPast = entries.filter { !$0.isRepeating && !$0.isDone && !$0.isLeftOut($0.date) }.map(\.date).max()
        return PlannedDates(planned: latestPast, after: nil, current: current)
    }

    /// Recomputes what the store derives from the recipe's plan and cooked log, after they changed.
    func updateDerivedPlan(of recipeID: UUID, now: Date, local: LocalTime = .system) throws {
        try setPlannedDates(of: recipeID, Self.plannedDates(try planEntries(of: recipeID), now: now, local: local))
        try notePlanDated(now)
        try database.execute("""
            UPDATE recipe SET last_cooked = (SELECT max(date) FROM cooked WHERE recipe_id = ?1 AND removed = 0),
                times_cooked = (SELECT count(*) FROM cooked WHERE recipe_id = ?1 AND removed = 0) WHERE id = ?1
            """, [recipeID])
    }

    private func setPlannedDates(of recipeID: UUID, _ dates: PlannedDates) throws {
        try database.execute("UPDATE recipe SET planned = ?, plan_after = ?, plan_current = ? WHERE id = ?",
                             [dates.planned, dates.after, dates.current, recipeID])
    }

    /// After the plan of a recipe changed in this transaction: its derived dates, and the
    /// recipe marked for the next sync.
    func planChanged(of recipeID: UUID, now: Date) throws {
        try updateDerivedPlan(of: recipeID, now: now)
        try markPlanChange(of: recipeID)
    }
}
