import FoundationEssentials

// What cooking took from the pantry, remembered by the cooked record so that undoing the
// record puts it back. The memory is this store's own (`local_state`, never synced): the
// pantry's amounts sync as the items themselves, so the machine that took puts back, and the
// others learn the restored amounts as they learned the taken ones.

/// One pantry item's part in a meal: how much of it the meal took.
private struct TakenAmount: Codable {
    var identity: String
    var name: String
    /// In the item's base unit (millilitres, grams or pieces).
    var quantity: Double
    var dimension: String
    var countUnit: String
    var useBy: Date?
}

extension RecipeStore {
    /// Takes what `recipeID` asks for, for `servings`, from the pantry for `record`,
    /// remembering the amounts.
    func takeFromPantry(for record: CookedRecord, servings: Int?, vocabulary: IngredientVocabulary) throws {
        let taken = try takingFromPantry(recipeID: record.recipeID, servings: servings, vocabulary: vocabulary).compactMap { was, after -> TakenAmount? in
            guard let held = was.quantity, let left = after.quantity, let dimension = was.dimension, held > left else { return nil }
            return TakenAmount(identity: was.identity, name: was.name, quantity: held - left, dimension: String(describing: dimension),
                               countUnit: was.countUnit, useBy: was.useBy)
        }
        guard !taken.isEmpty else { return }
        try database.execute("INSERT OR REPLACE INTO local_state (key, value) VALUES (?, ?)",
                             [Self.takenKey(record.id), String(decoding: try JSONEncoder().encode(taken), as: UTF8.self)])
    }

    /// Puts back what cooking `record` took from the pantry, as this store remembers it: into
    /// the item where it is still held (in the same unit), else as the item again; returns the
    /// items as they are now. Nothing when this store took nothing for it.
    func giveBackToPantry(for record: CookedRecord) throws -> [PantryItem] {
        let key = Self.takenKey(record.id)
        guard let text = try database.fetchOne(String.self, "SELECT value FROM local_state WHERE key = ?", [key]),
              let taken = try? JSONDecoder().decode([TakenAmount].self, from: Data(text.utf8)) else { return [] }
        var restored: [PantryItem] = []
        for amount in taken {
            guard let dimension = Self.dimension(named: amount.dimension) else { continue }
            var item: PantryItem
            if let held = try heldItem(amount.identity) {
                // Held now in another unit (set again meanwhile): its new amount stands.
                guard held.dimension == dimension, held.countUnit == amount.countUnit, let quantity = held.quantity else { continue }
                item = held
                item.quantity = quantity + amount.quantity
            } else {
                item = PantryItem(identity: amount.identity, name: amount.name, quantity: amount.quantity, dimension: dimension,
                                  countUnit: amount.countUnit, useBy: amount.useBy)
            }
            try storePantryItem(item, removed: false)
            try stampLocalChange(of: Self.pantryID(item.identity), deleted: false)
            restored.append(item)
        }
        try database.execute("DELETE FROM local_state WHERE key = ?", [key])
        return restored.sorted { $0.identity < $1.identity }
    }

    private static func takenKey(_ record: UUID) -> String { "pantry taken \(record.uuidString)" }
}
