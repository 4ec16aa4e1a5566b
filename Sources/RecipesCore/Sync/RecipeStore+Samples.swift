import FoundationEssentials

extension RecipeStore {
    /// Adds example recipes that are not changes of this store's own: they carry the
    /// ``SyncStamp/sample`` stamp, older than any real change, and are never written to a
    /// sync folder. So a new machine's samples cannot overwrite, bring back or delete what
    /// other machines did to the same samples; once the user changes one here, it is an
    /// ordinary recipe and syncs like any other.
    ///
    /// ```swift
    /// try store.insertSamples(try archive.makeRecipes())
    /// ```
    public func insertSamples(_ recipes: [Recipe]) throws {
        try write {
            stampsLocalChanges = false
            defer { stampsLocalChanges = true }
            for recipe in recipes {
                try insert(RecipeRecord(recipe))
                try setVersion(of: recipe.id, to: .sample, deleted: false, keepingLocalChange: false)
                // The entry has the recipe's id, like the sample, so every machine's copy of
                // a sample plan is the same entry.
                if let planned = recipe.plannedDate {
                    try insertEntry(PlanEntry(id: recipe.id, recipeID: recipe.id, date: planned), stamp: .sample)
                    try updateDerivedPlan(of: recipe.id, now: clock())
                }
            }
        }
    }

    /// Deletes those of the recipes with `ids` that nobody has changed since they were added
    /// by ``insertSamples(_:)``, without recording a deletion to sync: other machines keep
    /// their copies, and an edited copy arriving later comes back here. Returns the recipes
    /// deleted and those kept because they were changed (here, or on a machine they came from).
    public func deleteUntouchedSamples(ids: [UUID]) throws -> (deleted: [Recipe], kept: [Recipe]) {
        try write {
            stampsLocalChanges = false
            defer { stampsLocalChanges = true }
            var deleted: [Recipe] = []
            var kept: [Recipe] = []
            for id in ids {
                guard let record = try record(withID: id) else { continue }
                guard try isUntouchedSample(id) else {
                    kept.append(record.makeRecipe())
                    continue
                }
                try deleteRecord(id: id)
                try setVersion(of: id, to: .sample, deleted: true, keepingLocalChange: false)
                deleted.append(record.makeRecipe())
            }
            return (deleted, kept)
        }
    }

    private func isUntouchedSample(_ id: UUID) throws -> Bool {
        try database.fetchOne(Int64.self, "SELECT wall FROM recipe_version WHERE recipe_id = ?", [id]) == SyncStamp.sample.wall
    }

}
