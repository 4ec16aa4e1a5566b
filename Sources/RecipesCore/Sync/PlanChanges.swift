import FoundationEssentials

// How the meal plan travels: inside its recipe's change, each entry and cooked record with a
// stamp of its own. Entries merge one by one, whichever version of the recipe won:
// - an entry only one side has is kept, so two machines planning one recipe on different
//   days keep both entries;
// - the same entry changed on both: the later change wins for its date, meal, servings,
//   note and repeat (a removal included), and the occurrences either side skipped or cooked
//   are all kept;
// - cooked records are only ever added, and undone at most once (a tombstone that wins), so
//   every machine ends with all of them, each undone where any machine undid it.
// A file that is not a snapshot speaks only for its replica: an entry stamped by another
// replica is left for that replica's own files.

extension RecipeStore {
    /// The recipe's entries as sync sends them: with stamps, removed ones as tombstones. A
    /// sample's entry nobody changed stays home, as untouched samples do.
    func syncedPlan(of recipeID: UUID) throws -> [PlanEntryJSON] {
        try database.fetchAll("SELECT \(Self.entryColumns), removed, wall, counter, replica FROM plan_entry WHERE recipe_id = ? AND wall > 0 ORDER BY id",
                              [recipeID]) { row in
            PlanEntryJSON(try Self.entry(row, path: displayPath), stamp: try SyncStamp(row), removed: try row["removed"])
        }
    }

    /// The recipe's cooked records as sync sends them, undone ones as tombstones.
    func syncedCooked(of recipeID: UUID) throws -> [CookedJSON] {
        try database.fetchAll("SELECT id, date, entry_id, occurrence, removed, wall, counter, replica FROM cooked WHERE recipe_id = ? ORDER BY id",
                              [recipeID]) { row in
            let removed: Bool = try row["removed"]
            return CookedJSON(CookedRecord(id: try row["id"], recipeID: recipeID, date: try row["date"], entryID: try row["entry_id"],
                                           occurrence: try row["occurrence"]),
                              stamp: try SyncStamp(row), removed: removed ? true : nil)
        }
    }

    func recipeExists(_ id: UUID) throws -> Bool {
        try database.fetchOne(Int.self, "SELECT 1 FROM recipe WHERE id = ?", [id]) != nil
    }

    /// Merges the plan and cooked records a received change carries into the recipe's own;
    /// whether anything was taken.
    @discardableResult
    func mergePlan(_ json: RecipeJSON, of change: RecipeChange, recipeWon: Bool, signedBy replica: String?,
                   clock: inout SyncClockState, now: Date, into result: inout AppliedChanges) throws -> Bool {
        guard let plan = json.plan else {
            // From a version before plan entries: the planned date is part of the recipe,
            // and becomes the one entry that version's migration would give it.
            guard recipeWon else { return false }
            let legacy = PlanEntry(id: change.id, recipeID: change.id, date: json.planned ?? Date(timeIntervalSinceReferenceDate: 0))
            return try mergeEntry(PlanEntryJSON(legacy, stamp: change.stamp, removed: json.planned == nil), recipeID: change.id,
                                  signedBy: nil, clock: &clock, now: now, into: &result)
        }
        var taken = false
        for entry in plan {
            taken = try mergeEntry(entry, recipeID: change.id, signedBy: replica, clock: &clock, now: now, into: &result) || taken
        }
        for cooked in json.cooked ?? [] {
            guard let id = cooked.id, let stamp = cooked.stamp, replica == nil || stamp.replica == replica else { continue }
            if let problem = stamp.problem(now: now) {
                if stamp.isWaitedFor(now: now) { result.postponed += 1 }
                result.refused.append("cooked record \(id.uuidString): \(problem)")
                continue
            }
            clock.clock.receive(stamp)
            try insertCooked(cooked.makeRecord(recipeID: change.id), stamp: stamp, removed: cooked.removed ?? false)
            taken = taken || database.lastChanges > 0
        }
        return taken
    }

    /// Whether the entry changed this store's.
    private func mergeEntry(_ json: PlanEntryJSON, recipeID: UUID, signedBy replica: String?,
                            clock: inout SyncClockState, now: Date, into result: inout AppliedChanges) throws -> Bool {
        guard let id = json.id, let stamp = json.stamp, replica == nil || stamp.replica == replica else { return false }
        let incoming: PlanEntry
        do {
            if let problem = stamp.problem(now: now) {
                if stamp.isWaitedFor(now: now) { result.postponed += 1 }
                throw RecipeFormatError(reason: problem)
            }
            incoming = try json.makeEntry(recipeID: recipeID)
        } catch let error as RecipeFormatError {
            result.refused.append("plan entry \(id.uuidString): \(error.reason)")
            return false
        }
        let removed = json.removed ?? false
        guard let stored = try storedEntry(id: id) else {
            clock.clock.receive(stamp)
            try insertEntry(incoming, stamp: stamp, removed: removed)
            return true
        }
        guard stored.entry.recipeID == recipeID else {
            result.refused.append("plan entry \(id.uuidString): it belongs to another recipe here")
            return false
        }
        let incomingWins = stamp != stored.stamp ? stamp > stored.stamp
            : removed != stored.removed ? removed
            : Self.entryHash(incoming) > Self.entryHash(stored.entry)
        var merged = incomingWins ? incoming : stored.entry
        merged.skipped = Self.union(incoming.skipped, stored.entry.skipped)
        merged.cooked = Self.union(incoming.cooked, stored.entry.cooked)
        // Days only one side skipped or cooked make an entry neither side wrote: it is this
        // store's change, under a stamp of its own, and travels in its next file. Kept under
        // the winner's stamp, it would travel only in files of replicas other than the
        // winner's, which speak for themselves alone: the winner's store would never learn
        // those days. Under its own stamp, what a store keeps of an entry is always exactly
        // what the stamp's replica wrote.
        let lacksDays = merged.skipped.count > Self.union(incoming.skipped, []).count
            || merged.cooked.count > Self.union(incoming.cooked, []).count
        if incomingWins, !lacksDays {
            clock.clock.receive(stamp)
            try insertEntry(merged, stamp: stamp, removed: removed)
            return stamp != stored.stamp || merged != stored.entry || removed != stored.removed
        } else if incomingWins || merged != stored.entry {
            clock.clock.receive(stamp)
            try insertEntry(merged, stamp: clock.clock.tick(now: now), removed: incomingWins ? removed : stored.removed)
            try markForNextSync(recipeID, clock: &clock)
            return true
        }
        return false
    }

    /// Marks a recipe for this store's next file while changes are applied (which stamp
    /// nothing as local): the recipe's version stays the one received.
    private func markForNextSync(_ recipeID: UUID, clock: inout SyncClockState) throws {
        clock.localChange += 1
        try database.execute("UPDATE recipe_version SET local_change = ? WHERE recipe_id = ?", [clock.localChange, recipeID])
    }

    /// Whether `change` carries an entry or cooked record newer than this store has.
    func lacksPlanChanges(of change: RecipeChange) throws -> Bool {
        for entry in change.recipe?.plan ?? [] {
            guard let id = entry.id, let stamp = entry.stamp else { continue }
            guard let stored = try storedEntry(id: id), stored.stamp >= stamp else { return true }
        }
        for cooked in change.recipe?.cooked ?? [] {
            guard let id = cooked.id else { continue }
            // One this store lacks, or an undoing it lacks.
            guard let removed = try database.fetchOne(Bool.self, "SELECT removed FROM cooked WHERE id = ?", [id]),
                  removed || cooked.removed != true else { return true }
        }
        return false
    }

    private func storedEntry(id: UUID) throws -> (entry: PlanEntry, stamp: SyncStamp, removed: Bool)? {
        try database.fetchOne("SELECT \(Self.entryColumns), removed, wall, counter, replica FROM plan_entry WHERE id = ?", [id]) { row in
            (try Self.entry(row, path: displayPath), try SyncStamp(row), try row["removed"] as Bool)
        }
    }

    /// The same on every machine, for entries with equal stamps but different content (a
    /// copied store, a crafted file): every machine must keep the same one.
    private static func entryHash(_ entry: PlanEntry) -> UInt64 {
        fnv1a((try? RecipeJSON.encoder.encode(PlanEntryJSON(entry))) ?? Data())
    }

    private static func union(_ lhs: [Date], _ rhs: [Date]) -> [Date] {
        var result = lhs
        for date in rhs where !PlanEntry.contains(result, date) { result.append(date) }
        return result.sorted()
    }
}
