import FoundationEssentials

// Undoing `cooked`. The record stays as a tombstone (`removed`), which sync carries like the
// record itself, so every machine undoes it. The planned occurrence it fulfilled is open
// again: not by taking the day out of its entry's cooked days (sync keeps every day either
// side recorded, and would bring it back), but by reading the entry without it while an undone
// record names it and no other record does. Both the days and the records only ever grow, so
// every machine that has the same ones reads the same plan.

/// What ``RecipeStore/undoCooked(recipeID:now:)`` undid.
public struct UndoneCooking: Sendable, Equatable {
    /// The record undone.
    public let record: CookedRecord
    /// The planned occurrence open again, when the record had fulfilled one.
    public let reopened: Date?
    /// The pantry items given back what the meal took from them, as they are now (empty when
    /// this store took nothing for it, or the record came by sync).
    public var restored: [PantryItem] = []
}

extension RecipeStore {
    /// Undoes the recipe's latest cooked record in one transaction, as `recipes cooked
    /// RECIPE --undo` does: the record no longer counts, the planned meal it fulfilled is
    /// planned again, and what recording it took from this store's pantry is put back. Nil, and nothing written, when the recipe has no record.
    @discardableResult
    public func undoCooked(recipeID: UUID, now: Date = Date()) throws -> UndoneCooking? {
        try write {
            try requireRecipe(recipeID)
            guard var record = try cookedRecords(of: recipeID).max(by: { ($0.date, $0.id.uuidString) < ($1.date, $1.id.uuidString) })
            else { return nil }
            // A record from a version that did not keep its occurrence: the entry's cooked
            // day nearest to it, as recording chose it.
            if record.occurrence == nil, let entryID = record.entryID,
               let entry = try entries(where: "id = ?", [entryID]).first {
                record.occurrence = entry.cooked.min { abs($0.timeIntervalSince(record.date)) < abs($1.timeIntervalSince(record.date)) }
            }
            try insertCooked(record, stamp: try nextPlanStamp(), removed: true)
            try planChanged(of: recipeID, now: now)
            let stillCooked = try record.entryID.map { try entries(where: "id = ?", [$0]).first?.cooked ?? [] } ?? []
            let reopened = record.occurrence.flatMap { PlanEntry.contains(stillCooked, $0) ? nil : $0 }
            var undone = UndoneCooking(record: record, reopened: reopened)
            undone.restored = try giveBackToPantry(for: record)
            return undone
        }
    }

    /// `entries` with each occurrence whose cooking was undone, and not recorded again,
    /// taken out of its cooked days. With nothing undone (the usual case) this is one
    /// lookup in an empty index.
    func reopeningUndone(_ entries: [PlanEntry]) throws -> [PlanEntry] {
        guard !entries.isEmpty else { return entries }
        let undone = try database.fetchAll("""
            SELECT entry_id, occurrence FROM cooked u WHERE removed = 1 AND entry_id IS NOT NULL AND occurrence IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM cooked c WHERE c.recipe_id = u.recipe_id AND c.entry_id = u.entry_id AND c.occurrence = u.occurrence AND c.removed = 0)
            """) { row -> (UUID, Date) in (try row["entry_id"], try row["occurrence"]) }
        guard !undone.isEmpty else { return entries }
        let byEntry = Dictionary(grouping: undone, by: \.0).mapValues { $0.map(\.1) }
        return entries.map { entry in
            guard let dates = byEntry[entry.id] else { return entry }
            var open = entry
            open.cooked.removeAll { PlanEntry.contains(dates, $0) }
            return open
        }
    }
}
