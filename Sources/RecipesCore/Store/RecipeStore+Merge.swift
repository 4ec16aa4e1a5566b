import FoundationEssentials

extension RecipeRecord {
    /// One property a person edits, compared and copied on its own so that a save writes
    /// only what it changed.
    struct Field {
        let name: String
        let isEqual: (RecipeRecord, RecipeRecord) -> Bool
        let copy: (inout RecipeRecord, RecipeRecord) -> Void
    }

    /// Every editable property (``columns`` with a model property), named as on the model;
    /// the ingredient list is one field. Built once: immutable, and only non-Sendable because
    /// closures are not marked so.
    nonisolated(unsafe) static let editableFields: [Field] =
        columns.filter { $0.isEditable }.map { Field(name: $0.property ?? $0.name, isEqual: $0.isEqual, copy: $0.copy) }
            + [Field(name: "ingredients", isEqual: { $0.ingredients == $1.ingredients }, copy: { $0.ingredients = $1.ingredients })]
}

extension RecipeStore {
    /// What a field-by-field save did to one recipe.
    enum FieldUpdate {
        /// The row as now stored: the fields the save changed over what was there.
        case written(RecipeRecord)
        /// Fields the save changed that someone else changed too, since `saved` was read.
        case conflict(fields: [String])
    }

    /// Writes the fields in which `record` differs from `saved` (the state it was read in)
    /// over the row as it is now, inside the current write transaction. A field that the row
    /// no longer has as `saved` had it was changed by someone else meanwhile: that is a
    /// conflict and nothing is written, even when both wrote the same value (two counters
    /// counting up from one reading would otherwise lose a step). A row deleted
    /// meanwhile comes back whole, the edit being newer than the deletion.
    func updateChangedFields(_ record: RecipeRecord, from saved: RecipeRecord) throws -> FieldUpdate {
        guard let current = try storedRecord(id: record.id) else {
            try insert(record)
            return .written(record)
        }
        var merged = current
        var conflicts: [String] = []
        for field in RecipeRecord.editableFields where !field.isEqual(record, saved) {
            if !field.isEqual(current, saved) { conflicts.append(field.name) }
            field.copy(&merged, record)
        }
        guard conflicts.isEmpty else { return .conflict(fields: conflicts) }
        merged.updatedAt = record.updatedAt
        try update(merged, from: current)
        return .written(merged)
    }

    private func storedRecord(id: UUID) throws -> RecipeRecord? {
        var found: RecipeRecord?
        try forEachRecord(sql: "SELECT \(recipeSelection) FROM recipe r WHERE r.id = ?", arguments: [id]) {
            found = $0
            return false
        }
        return found
    }
}
