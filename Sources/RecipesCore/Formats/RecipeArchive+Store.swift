import FoundationEssentials

/// What an import did, recipe by recipe.
public struct ImportSummary: Sendable, Equatable {
    /// Names of recipes added.
    public var imported: [String] = []
    /// Names of recipes the store already had and that the import replaced (with `replace`).
    public var replaced: [String] = []
    /// Names left alone because the store already had them (same id, or same name and kind).
    public var skipped: [String] = []
}

extension RecipeStore {
    /// Every recipe (or those with `ids`, in that order) as an archive, for
    /// `recipes export` and backups; the whole store's also holds the pantry.
    ///
    /// ```swift
    /// let data = try store.exportArchive().encoded()
    /// ```
    public func exportArchive(ids: [UUID]? = nil) throws -> RecipeArchive {
        var archive = RecipeArchive(recipes: try recipes(ids: ids).map { recipe in
            var json = RecipeJSON(recipe)
            json.plan = try planEntries(of: recipe.id).map { PlanEntryJSON($0) }
            json.cooked = try cookedRecords(of: recipe.id).map { CookedJSON($0) }
            return json
        })
        if ids == nil {
            let pantry = try pantryItems()
            archive.pantry = pantry.isEmpty ? nil : pantry.map(PantryItemJSON.init)
        }
        return archive
    }

    /// The recipes with `ids`, in that order, or every recipe by name.
    public func recipes(ids: [UUID]?) throws -> [Recipe] {
        var recipes: [Recipe] = []
        if let ids {
            let context = ModelContext(self)
            for id in ids {
                if let recipe = try context.model(for: id) { recipes.append(recipe) }
            }
        } else {
            try enumerate(StoreQuery<Recipe>(sortBy: [SortKey(\.name)])) {
                recipes.append($0)
                return true
            }
        }
        return recipes
    }

    /// Adds the archive's recipes in one transaction: all of them or, on any error, none.
    ///
    /// A recipe the store already has — the same id, else the same file of an imported folder,
    /// else the same source address (a web page only it came from), else the same name
    /// (ignoring case, accents and punctuation) and kind — is skipped, or with `replace`
    /// overwritten (keeping the id the store knows it by). Importing the same file twice
    /// therefore adds nothing the second time. `progress` is called after each recipe with how
    /// many are done and how many there are.
    ///
    /// `origins`, in the order of the archive's recipes, gives the text each came from (see
    /// ``RecipeOrigin``): a recipe imported from the same file of a folder before is found by
    /// that file's path first, so same-named recipes in different folders stay apart.
    public func importArchive(_ archive: RecipeArchive, replace: Bool = false, now: Date = Date(),
                              local: LocalTime = .system, origins: [RecipeOrigin?] = [],
                              progress: ((Int, Int) -> Void)? = nil) throws -> ImportSummary {
        // Records, not models: new recipes go to the store as they are (making a model of
        // each and a record of it again was a tenth of a large import).
        let incoming = try archive.recipes.map { try $0.makeRecord(now: now, local: local) }
        let context = ModelContext(self)
        var summary = ImportSummary()
        // Looking up what the store has and writing are one write transaction, so a recipe
        // another process adds or deletes meanwhile cannot be imported twice or replaced wrongly.
        // The store's transaction, not the context's: the context is this import's own and
        // is dropped after it, so nothing need be pending again if the commit fails, and the
        // context's closing save would compare every recipe just saved (a fifth of an import).
        try write {
            let originsToWrite: [(UUID, RecipeOrigin)]
            let storedIDs: [UUID?], replacedIDs: [UUID], added: [RecipeRecord]
            (summary, originsToWrite, storedIDs, replacedIDs, added) = try importing(incoming, origins: origins, into: context,
                                                                                     replace: replace, progress: progress)
            // Replaced recipes through the context (deleted, then inserted under their id),
            // then the new ones, stamped as a save stamps them.
            try context.save()
            let saved = Date()
            _ = try insert(count: added.count) { index in
                var record = added[index]
                record.createdAt = saved
                record.updatedAt = saved
                return record
            }
            // The files recipes came from are written with them, once the recipes are there,
            // and so are their plans.
            for (id, origin) in originsToWrite { try setOrigin(origin, of: id) }
            for (json, id) in zip(archive.recipes, storedIDs) {
                if let id { try importPlan(of: json, into: id, now: now) }
            }
            // A replaced recipe keeps its plan (an export made before it was planned has none
            // to give), so its planned date is worked out from that plan again, as it was
            // cleared by the file's older one.
            for id in replacedIDs { try updateDerivedPlan(of: id, now: now, local: local) }
            // The pantry of a whole store's export: an item the pantry lacks is added; one it
            // holds is replaced only with `replace`.
            for json in archive.pantry ?? [] {
                guard let item = json.makeItem() else { continue }
                if !replace, try heldItem(item.identity) != nil { continue }
                try storePantryItem(item, removed: false)
                try stampLocalChange(of: Self.pantryID(item.identity), deleted: false)
            }
        }
        return summary
    }

    /// Which incoming recipes are new (returned, to insert), skipped, or replace one the
    /// store has (through `context`).
    private func importing(_ incoming: [RecipeRecord], origins: [RecipeOrigin?], into context: ModelContext, replace: Bool,
                           progress: ((Int, Int) -> Void)?)
        throws -> (ImportSummary, [(UUID, RecipeOrigin)], [UUID?], [UUID], [RecipeRecord]) {
        var summary = ImportSummary()
        var added: [RecipeRecord] = []
        // The id each incoming recipe was stored under; nil where it was skipped.
        var storedIDs = [UUID?](repeating: nil, count: incoming.count)
        var seen = Set<UUID>()
        var claimed = Set<UUID>()
        // The store's recipes by kind and typed name, read once: looking each incoming
        // recipe up with a query of its own would scan the store once per recipe.
        var byName: [String: UUID] = [:]
        // The ids it has, from the same reading: only those are looked up as models (one query
        // each), not every incoming recipe's.
        var storedIDsBefore = Set<UUID>()
        try enumerateSummaries(StoreQuery<Recipe>(sortBy: [SortKey(\.name)])) { summary in
            let key = Self.importKey(summary.variety, summary.name)
            if byName[key] == nil { byName[key] = summary.id }
            storedIDsBefore.insert(summary.id)
            return true
        }
        func stored(_ id: UUID) throws -> Recipe? {
            storedIDsBefore.contains(id) ? try context.model(for: id) : nil
        }
        let bySource = try recipeIDsBySourceAddress()
        let byPath = origins.contains { $0?.path != nil } ? try recipeIDsByOriginPath() : [:]
        var originsToWrite: [(UUID, RecipeOrigin)] = []
        var replacedIDs: [UUID] = []
        for (index, recipe) in incoming.enumerated() {
            defer { progress?(index + 1, incoming.count) }
            guard seen.insert(recipe.id).inserted else {
                throw RecipeFormatError(reason: "recipe id \(recipe.id.uuidString) appears twice in the file")
            }
            let origin = index < origins.count ? origins[index] : nil
            let samePath = origin?.path.flatMap { byPath[$0] }
            let sameID = try stored(recipe.id)
            let existing = try sameID
                ?? samePath.flatMap(stored)
                ?? recipe.sourceURL.flatMap { bySource[SourceAddress.key($0)] }.flatMap(stored)
                ?? byName[Self.importKey(recipe.variety, recipe.name)].flatMap(stored)
            // Two recipes of one file never claim the same stored recipe: the later one is
            // new, under an id of its own if the store already uses the one it brought.
            guard let existing, claimed.insert(existing.id).inserted else {
                var new = recipe
                if sameID != nil || claimed.contains(recipe.id) { new.id = UUID() }
                added.append(new)
                claimed.insert(new.id)
                storedIDs[index] = new.id
                if let origin { originsToWrite.append((new.id, origin)) }
                summary.imported.append(recipe.name)
                continue
            }
            guard replace else {
                // A recipe found by name that is just what the file says (imported before
                // origins were kept) learns its file, so exports give the file back.
                if let origin, samePath == nil, try self.origin(of: existing.id) == nil,
                   Self.fingerprint(recipe) == Self.fingerprint(RecipeRecord(existing)) {
                    originsToWrite.append((existing.id, origin))
                }
                summary.skipped.append(recipe.name)
                continue
            }
            // Deleted and inserted in the same save, which deletes first.
            context.delete(existing)
            var replacement = recipe
            replacement.id = existing.id
            context.insert(replacement.makeRecipe())
            storedIDs[index] = existing.id
            if let origin { originsToWrite.append((existing.id, origin)) }
            summary.replaced.append(recipe.name)
            replacedIDs.append(existing.id)
        }
        return (summary, originsToWrite, storedIDs, replacedIDs, added)
    }

    /// Adds the plan entries and cooked records of an archive's recipe to the recipe stored
    /// as `id`. An entry the recipe already has (the same archive imported again) is
    /// overwritten; one whose id another recipe uses gets a new id.
    private func importPlan(of json: RecipeJSON, into id: UUID, now: Date) throws {
        guard json.plan?.isEmpty == false || json.cooked?.isEmpty == false else { return }
        for entryJSON in json.plan ?? [] {
            var entry = try entryJSON.makeEntry(recipeID: id)
            let owner = try database.fetchOne(UUID.self, "SELECT recipe_id FROM plan_entry WHERE id = ?", [entry.id])
            if owner.map({ $0 != id }) ?? false { entry.id = UUID() }
            try insertEntry(entry, stamp: try nextPlanStamp())
        }
        for cookedJSON in json.cooked ?? [] {
            var record = cookedJSON.makeRecord(recipeID: id)
            let owner = try database.fetchOne(UUID.self, "SELECT recipe_id FROM cooked WHERE id = ?", [record.id])
            if owner.map({ $0 != id }) ?? false { record.id = UUID() }
            try insertCooked(record, stamp: try nextPlanStamp())
        }
        try planChanged(of: id, now: now)
    }
}

extension RecipeStore {
    /// Same kind and the same name as a person types it (``TextMatching/nameKey(_:)``).
    static func importKey(_ variety: RecipeVariety, _ name: String) -> String {
        variety.rawValue + "\n" + TextMatching.nameKey(name)
    }
}
