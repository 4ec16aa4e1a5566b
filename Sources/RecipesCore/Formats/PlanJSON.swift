import FoundationEssentials

/// One plan entry in the JSON form (archive version 2, and sync's change files).
///
/// ```json
/// {"id": "…", "date": "2026-12-04T17:00:00Z", "meal": "dinner", "servings": 4,
///  "repeat": "FREQ=WEEKLY;BYDAY=FR", "skipped": ["2026-12-25T17:00:00Z"]}
/// ```
///
/// `repeat` is an RFC 5545 RRULE value; `skipped` and `cooked` list occurrences. Sync adds
/// `stamp` (the entry's version) and `removed` (a removed entry's tombstone).
public struct PlanEntryJSON: Codable, Sendable, Equatable {
    /// The entry's id.
    public var id: UUID?
    /// The date, or a repeat's first occurrence.
    public var date: Date
    /// The meal word.
    public var meal: String?
    /// Servings for this meal.
    public var servings: Int?
    /// A note.
    public var note: String?
    /// The RRULE value of a repeat.
    public var `repeat`: String?
    /// Occurrences left out.
    public var skipped: [Date]?
    /// Occurrences cooked.
    public var cooked: [Date]?
    /// Set on an entry the planner's reroll leaves alone.
    public var locked: Bool?
    /// Set on a removed entry's tombstone (sync only).
    public var removed: Bool?
    /// The entry's version (sync only).
    public var stamp: SyncStamp?

    /// The JSON form of `entry`.
    public init(_ entry: PlanEntry, stamp: SyncStamp? = nil, removed: Bool = false) {
        id = entry.id
        date = entry.date
        meal = entry.meal
        servings = entry.servings
        note = entry.note.isEmpty ? nil : entry.note
        self.repeat = entry.repeatRule?.rrule
        skipped = entry.skipped.isEmpty ? nil : entry.skipped
        cooked = entry.cooked.isEmpty ? nil : entry.cooked
        locked = entry.isLocked ? true : nil
        self.removed = removed ? true : nil
        self.stamp = stamp
    }

    /// The entry for the recipe `recipeID`; throws when the repeat or servings cannot be kept.
    public func makeEntry(recipeID: UUID) throws -> PlanEntry {
        let rule: RepeatRule?
        do {
            rule = try self.repeat.map(RepeatRule.init(rrule:))
        } catch {
            throw RecipeFormatError(reason: "plan entry \(id?.uuidString ?? ""): repeat '\(self.repeat ?? "")': \(error)")
        }
        if let problem = FieldLimit.servings.problem(servings) {
            throw RecipeFormatError(reason: "plan entry \(id?.uuidString ?? ""): servings: " + problem)
        }
        return PlanEntry(id: id ?? UUID(), recipeID: recipeID, date: date, meal: meal, servings: servings, note: note ?? "",
                         repeatRule: rule, skipped: skipped ?? [], cooked: cooked ?? [], isLocked: locked ?? false)
    }
}

/// That a recipe was cooked, in the JSON form.
public struct CookedJSON: Codable, Sendable, Equatable {
    /// The record's id.
    public var id: UUID?
    /// When it was cooked.
    public var date: Date
    /// The plan entry it fulfilled.
    public var entry: UUID?
    /// The occurrence of the entry it fulfilled.
    public var occurrence: Date?
    /// The record's version (sync only).
    public var stamp: SyncStamp?
    /// Whether it was undone (sync only: a tombstone, so every machine undoes it).
    public var removed: Bool?

    /// The JSON form of `record`.
    public init(_ record: CookedRecord, stamp: SyncStamp? = nil, removed: Bool? = nil) {
        id = record.id
        date = record.date
        entry = record.entryID
        occurrence = record.occurrence
        self.stamp = stamp
        self.removed = removed
    }

    /// The record for the recipe `recipeID`.
    public func makeRecord(recipeID: UUID) -> CookedRecord {
        CookedRecord(id: id ?? UUID(), recipeID: recipeID, date: date, entryID: entry, occurrence: occurrence)
    }
}
