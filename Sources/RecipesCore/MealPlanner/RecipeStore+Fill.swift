import FoundationEssentials

// The planner's reads: every recipe as one row (its lines only for the few it weighs), the
// plan around the meals, the pantry. See MealPlanner for the rules and the ranking.

extension RecipeStore {
    /// What `request` would add to the plan, saving nothing (`plan --fill --dry-run`).
    /// Throws ``FillError`` when a meal has no recipe that meets the rules (unless
    /// ``FillRequest/partial``) or a quota cannot be met.
    ///
    /// ```swift
    /// let week = MealSlot.slots(from: .now, days: 7, meals: ["dinner"], times: .default, after: .now)
    /// let proposal = try store.proposeMeals(FillRequest(slots: week, seed: 1))
    /// for meal in proposal.meals { print(meal.slot.date, meal.name, meal.reason) }
    /// ```
    public func proposeMeals(_ request: FillRequest) throws -> FillProposal {
        try readSnapshot { try propose(request) }
    }

    /// Proposes meals for `request` and plans them, in one transaction: a meal the plan has
    /// by then is left alone, and when the proposal fails nothing is saved.
    @discardableResult
    public func fillPlan(_ request: FillRequest) throws -> FillProposal {
        try write {
            let proposal = try propose(request)
            let entries = proposal.meals.map {
                PlanEntry(recipeID: $0.recipeID, date: $0.slot.date, meal: $0.slot.meal, servings: request.servings)
            }
            if !entries.isEmpty { try plan(entries, now: request.now) }
            return proposal
        }
    }

    /// The recipes the rules admit for `slot`, best first, at most `limit`, each with why
    /// (`recipes suggest`); the plan's own recipe for the meal, if any, among them. Throws
    /// ``FillError`` naming the rule when none is admitted.
    public func suggestMeals(for slot: MealSlot, request: FillRequest, limit: Int) throws -> [MealProposal] {
        try readSnapshot {
            var single = request
            single.slots = [slot]
            single.partial = false
            var planner = try planner(for: single)
            return try named(try planner.suggest(for: slot, count: limit).map {
                MealProposal(slot: slot, recipeID: $0.candidate.id, name: "", reasons: $0.reasons)
            })
        }
    }

    /// What the plan has for `slot`: occurrences that day for that meal, or planned by time
    /// alone nearest it and of a kind in `kinds` (nil: any; a hot cocoa at 16:00 is no
    /// dinner when `kinds` are a dinner's).
    public func plannedMeals(in slot: MealSlot, mealTimes: MealTimes = .default, kinds: Set<RecipeVariety>? = nil,
                             local: LocalTime = .system) throws -> [PlannedMeal] {
        let day = local.startOfDay(slot.date)
        return try plannedMeals(from: day, to: local.adding(days: 1, to: day), local: local).filter {
            if let meal = $0.entry.meal { return meal == slot.meal }
            return mealTimes.nearestMeal(to: $0.date, local: local) == slot.meal && (kinds?.contains($0.recipe.variety) ?? true)
        }
    }

    /// Replaces what the plan has for `slot` with the best other recipes the rules admit, in
    /// one transaction (`plan --reroll`): a single-date entry there is removed, a repeat skips
    /// that day, and each dish of the meal (a curry and its bread) is replaced by another, at
    /// its time, with its meal, servings and note. Each reroll of a meal remembers what it
    /// replaced, so rerolling again goes on to the next recipes instead of back; when none is
    /// left, it starts over. A meal is rerolled until it is cooked or two hours past its time
    /// (``UpcomingRecipe/inProgressFor``, as long as `next` shows it). Returns the meals replaced and the proposals, in the order of the
    /// dishes they replace, at the times saved; a meal of several dishes where fewer other
    /// recipes fit gets as many as fit. Throws ``FillError`` (nothing changed) when no other
    /// recipe fits, the plan has nothing there, the meal is past, or what it has is locked
    /// (``PlanEntry/isLocked``).
    public func rerollMeal(_ slot: MealSlot, request: FillRequest) throws -> (replaced: [PlannedMeal], proposals: [MealProposal]) {
        try write {
            let formatter = PlannedTimeFormatter(now: request.now, local: request.local)
            let there = try plannedMeals(in: slot, mealTimes: request.mealTimes, kinds: request.rules.varieties(for: slot.meal), local: request.local)
            guard !there.isEmpty else {
                throw FillError(kind: .nothingPlanned, slot: slot, reason: "nothing is planned for \(slot.meal) on \(formatter.day(slot.date))")
            }
            // A locked dish stays; the others of the meal are replaced.
            let unlocked = there.filter { !$0.entry.isLocked }
            guard !unlocked.isEmpty else {
                throw FillError(kind: .locked, slot: slot, reason: "\(there[0].recipe.name) is locked for \(slot.meal) on \(formatter.day(slot.date))")
            }
            // A meal not cooked yet is ahead while `next` still shows it (and `suggest`
            // suggests for it): until two hours after its time.
            let replaced = unlocked.filter { !$0.isCooked && $0.date.addingTimeInterval(UpcomingRecipe.inProgressFor) > request.now }
            guard !replaced.isEmpty else {
                let cooked = unlocked.allSatisfy(\.isCooked) ? "was cooked" : "is past"
                throw FillError(kind: .nothingPlanned, slot: slot, reason: "\(slot.meal) on \(formatter.day(slot.date)) \(cooked); only a meal ahead can be rerolled")
            }
            for meal in replaced {
                try clearPlan(of: meal.recipe.id, in: meal.date..<meal.date.addingTimeInterval(1), now: request.now, local: request.local)
            }
            // Keyed by the meal's own time, not the time asked ("tonight" after dinner time is now).
            let memoryKey = Self.rerollKey(MealSlot(date: replaced[0].date, meal: slot.meal))
            let current = Set(replaced.map(\.recipe.id))
            let before = Set(try database.fetchOne(String.self, "SELECT value FROM local_state WHERE key = ?", [memoryKey])?
                .split(separator: "\n").compactMap { UUID(uuidString: String($0)) } ?? [])
            var reroll = request
            reroll.slots = [slot]
            reroll.partial = false
            reroll.refilling = [slot]
            var rejected = current.union(before)
            var proposals: [MealProposal] = []
            var failure: FillError?
            for dish in replaced {
                // Neither what was there, nor what rerolls before rejected, nor a dish just chosen.
                let chosen = Set(proposals.map(\.recipeID))
                reroll.excluding[slot] = (request.excluding[slot] ?? []).union(rejected).union(chosen)
                var proposal: MealProposal?
                do { proposal = try propose(reroll).meals.first } catch let error as FillError { failure = error }
                if proposal == nil, !before.isEmpty, rejected != current {
                    // Every other recipe was rerolled away: start over, leaving out only this meal's.
                    rejected = current
                    reroll.excluding[slot] = (request.excluding[slot] ?? []).union(current).union(chosen)
                    do { proposal = try propose(reroll).meals.first } catch let error as FillError { failure = error }
                }
                guard let proposal else { break }
                // The new dish keeps the old one's time, meal word, servings and note.
                let old = dish.entry
                try plan([PlanEntry(recipeID: proposal.recipeID, date: dish.date, meal: old.meal ?? slot.meal,
                                    servings: request.servings ?? old.servings, note: old.note)], now: request.now)
                proposals.append(MealProposal(slot: MealSlot(date: dish.date, meal: slot.meal), recipeID: proposal.recipeID,
                                              name: proposal.name, reasons: proposal.reasons))
            }
            guard !proposals.isEmpty else { throw failure ?? FillError(kind: .nothingFits, slot: slot, reason: "nothing else fits") }
            // Memories of meals gone by are dropped as new ones are made; a meal still rerolled
            // (up to two hours past its time) keeps its own (found by a user trial: tonight's
            // dinner rerolled at 18:05 and 18:20 went back to the one it had replaced).
            let gone = request.now.addingTimeInterval(-UpcomingRecipe.inProgressFor)
            try database.execute("DELETE FROM local_state WHERE key >= 'reroll ' AND key < 'reroll ' || ?", [RecipeJSON.isoString(gone)])
            try database.execute("INSERT OR REPLACE INTO local_state (key, value) VALUES (?, ?)",
                                 [memoryKey, rejected.map(\.uuidString).sorted().joined(separator: "\n")])
            return (replaced, proposals)
        }
    }

    /// Where a reroll remembers what it replaced: local to this store, never synced.
    static func rerollKey(_ slot: MealSlot) -> String { "reroll \(RecipeJSON.isoString(slot.date)) \(slot.meal)" }

    // MARK: Reading for the planner

    private func propose(_ request: FillRequest) throws -> FillProposal {
        var planner = try planner(for: request)
        let proposal = try planner.propose()
        return FillProposal(meals: try named(proposal.meals), alreadyPlanned: proposal.alreadyPlanned, unfilled: proposal.unfilled)
    }

    private func planner(for request: FillRequest) throws -> MealPlanner {
        let days = request.slots.map { request.local.startOfDay($0.date) }
        let reach = max(request.rules.noRepeatDays, 7) + 1
        var existing: [PlannedUse] = []
        if let first = days.min(), let last = days.max() {
            existing = try plannedUses(from: request.local.adding(days: -reach, to: first),
                                       to: request.local.adding(days: reach + 1, to: last), local: request.local)
        }
        let lines = try database.prepare("SELECT name, heading, amount FROM ingredient WHERE recipe = ? ORDER BY position")
        let reader = NeedsCache(IngredientVocabulary.active)
        // Only what some meal could take, and the recipes already planned: a recipe cooked
        // within no-repeat's days of the last meal can take none.
        let kinds = Set(request.slots.flatMap { request.rules.varieties(for: $0.meal) })
        let noRepeat = request.rules.noRepeatDays
        let cutoff = days.max().map { request.local.adding(days: -noRepeat, to: $0) }
        let candidates = try fillCandidates(kinds: kinds, cookedBefore: noRepeat > 0 ? cutoff : nil, including: Set(existing.map(\.recipeID)))
        return MealPlanner(request: request, candidates: candidates, existing: existing, pantry: try pantryItems(),
                           vocabulary: reader.vocabulary, everyRecipe: { try self.fillCandidates(kinds: nil, cookedBefore: nil, including: []) },
                           needs: { candidate in
            try reader.needs(of: candidate.row) {
                try lines.bind([.integer(candidate.row)])
                defer { lines.reset() }
                var read: [(name: String, isHeading: Bool, amount: String)] = []
                while try lines.step() { read.append((lines.string(0), lines.int(1) != 0, lines.string(2))) }
                return read
            }
        })
    }

    /// Every occurrence in `start ..< end`, cooked ones too, by recipe and date alone: a
    /// store whose ten thousand recipes repeat has hundreds of thousands near a week, and
    /// ``plannedMeals(from:to:kind:repeatsUntil:local:)`` reads and sorts each with its recipe.
    /// The plan of a recipe the store no longer has is left out by the planner.
    private func plannedUses(from start: Date, to end: Date, local: LocalTime) throws -> [PlannedUse] {
        let entries = try entries(where: """
            removed = 0 AND ((repeat IS NULL AND date >= ? AND date < ?) OR (repeat IS NOT NULL AND date < ?))
            """, [start, end, end])
        return entries.flatMap { entry in
            entry.occurrences(from: start, to: end, limit: Self.occurrencesListed, local: local).map {
                PlannedUse(recipeID: entry.recipeID, date: $0.date, meal: entry.meal)
            }
        }
    }

    /// The recipes as the planner weighs them, from their rows alone: those of `kinds` last
    /// cooked before `cookedBefore` (nil: every one), and those `including` names.
    private func fillCandidates(kinds: Set<RecipeVariety>?, cookedBefore: Date?, including: Set<UUID>) throws -> [FillCandidate] {
        var conditions: [String] = []
        var arguments: [SQLiteValue] = []
        if let kinds {
            conditions.append("kind IN (\(kinds.map { "'\($0.rawValue)'" }.sorted().joined(separator: ", ")))")
        }
        if let cookedBefore {
            conditions.append("(last_cooked IS NULL OR last_cooked < ?\(arguments.count + 1))")
            arguments.append(cookedBefore.sqliteValue)
        }
        var sql = "SELECT rowid, id, kind, tags, total_minutes, prep_minutes, cook_minutes, servings, last_cooked FROM recipe"
        if !conditions.isEmpty {
            sql += " WHERE (" + conditions.joined(separator: " AND ") + ")"
            if !including.isEmpty {
                sql += " OR id IN (SELECT value FROM json_each(?\(arguments.count + 1)))"
                arguments.append(.text("[" + including.map { JSONString.quoted($0.uuidString) }.joined(separator: ",") + "]"))
            }
        }
        let statement = try database.prepare(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        var candidates: [FillCandidate] = []
        while try statement.step() {
            // Read from the row's bytes: parsing a hundred thousand ids as Strings was a fifth of a fill.
            guard let id = statement.withText(1, { UUID(storedUTF8: $0) }),
                  let variety = statement.withText(2, { RecipeVariety.stored($0) }) else { continue }
            let tags = statement.withText(3, { $0.isEmpty }) ? [] : statement.string(3).split(separator: "\n").map(String.init)
            let total = statement.optionalInt(4), prep = statement.optionalInt(5), cook = statement.optionalInt(6)
            candidates.append(FillCandidate(
                row: Int64(statement.int(0)), id: id, variety: variety, tags: tags,
                minutes: Recipe.readyMinutes(total: total, prep: prep, cook: cook),
                servings: statement.optionalInt(7),
                lastCooked: statement.optionalDouble(8).map(Date.init(timeIntervalSinceReferenceDate:)), key: FillCandidate.key(of: id)))
        }
        return candidates
    }

    /// The proposals with their recipes' names.
    private func named(_ meals: [MealProposal]) throws -> [MealProposal] {
        try meals.map { meal in
            let name = try database.fetchOne("SELECT name FROM recipe WHERE id = ?", [meal.recipeID]) { try $0[0] as String } ?? ""
            return MealProposal(slot: meal.slot, recipeID: meal.recipeID, name: name, reasons: meal.reasons)
        }
    }
}

/// The needs of the recipes the planner weighs, each read once.
private final class NeedsCache {
    let vocabulary: IngredientVocabulary
    private var reader: IngredientNeedReader
    private var read: [Int64: [IngredientNeed]] = [:]

    init(_ vocabulary: IngredientVocabulary) {
        self.vocabulary = vocabulary
        reader = IngredientNeedReader(vocabulary)
    }

    func needs(of row: Int64, lines: () throws -> [(name: String, isHeading: Bool, amount: String)]) throws -> [IngredientNeed] {
        if let known = read[row] { return known }
        let needs = try lines().enumerated().flatMap { position, line in
            reader.needs(ofLine: line.name, at: position, isHeading: line.isHeading, amount: line.amount)
        }
        read[row] = needs
        return needs
    }
}
