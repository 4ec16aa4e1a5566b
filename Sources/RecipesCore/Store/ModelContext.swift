import FoundationEssentials

/// Tracks recipes fetched from or inserted into a store and writes their changes back, in
/// SwiftData's shape.
///
/// ```swift
/// let context = ModelContext(store)
/// let recipe = Recipe(name: "Mom's Spaghetti", plannedDate: Recipe.dateAt6PM(daysFromNow: 2))
/// context.insert(recipe)
/// recipe.ingredients.append(Ingredient(name: "Spaghetti", amount: "1 box"))
/// try context.save()                      // one transaction
/// context.delete(recipe); try context.save()   // its ingredients go too
/// ```
///
/// A fetch returns the instance the context already tracks for a recipe, so unsaved changes
/// to it are kept, and (with `includePendingChanges`, the default) sees the context's unsaved
/// inserts, deletes and edits, as SwiftData's does.
public final class ModelContext {
    /// The store the context reads from and saves to.
    public let store: RecipeStore
    /// Recipes the context tracks, with the state last read from or written to the store.
    private var registered: [UUID: (recipe: Recipe, saved: RecipeRecord)] = [:]
    private var inserted: [UUID: Recipe] = [:]
    private var insertionOrder: [UUID] = []
    private var deleted: [UUID: Recipe] = [:]

    /// Whether the context saves its changes by itself, SwiftData's `autosaveEnabled`: true
    /// for ``ModelContainer/mainContext``, which then saves on the main actor soon after an
    /// insert or delete and within a second of an edit (see ``lastAutosaveError``). Other
    /// contexts belong to no actor the library could save on: for them it stays false and
    /// setting it has no effect; call ``save()``.
    public var autosaveEnabled = false {
        didSet { autosaveSettingChanged() }
    }
    /// Why the last save the context made by itself failed; nil after one succeeds. The
    /// changes stay pending, so an explicit ``save()`` throws the same error.
    public internal(set) var lastAutosaveError: (any Error)?
    /// Set for the container's main context, the one context with an actor to save on.
    var savesOnMainActor = false
    var autosave = AutosaveState()

    /// A context with nothing tracked yet, over `store`.
    public init(_ store: RecipeStore) {
        self.store = store
    }

    /// Schedules `recipe` (and its ingredients) to be written by the next ``save()``.
    ///
    /// A different object with the id of a recipe deleted in this context replaces it: the
    /// save deletes before it inserts. Any other duplicate id makes the save fail.
    public func insert(_ recipe: Recipe) {
        recipe.modelContext = self
        recipe.isDeleted = false
        if let pending = deleted[recipe.id], pending === recipe {
            deleted[recipe.id] = nil
            return
        }
        if registered[recipe.id]?.recipe === recipe || inserted[recipe.id] === recipe { return }
        if inserted[recipe.id] == nil { insertionOrder.append(recipe.id) }
        inserted[recipe.id] = recipe
        scheduleAutosave()
    }

    /// Schedules `recipe` to be deleted by the next ``save()``, with its ingredients.
    public func delete(_ recipe: Recipe) {
        if inserted.removeValue(forKey: recipe.id) != nil {
            insertionOrder.removeAll { $0 == recipe.id }
            recipe.isDeleted = true
            recipe.modelContext = nil
            return
        }
        if registered[recipe.id] != nil {
            deleted[recipe.id] = recipe
            recipe.isDeleted = true
            scheduleAutosave()
        }
    }

    /// Whether a tracked recipe differs from the state it was last read or saved in.
    private static func isEdited(_ entry: (recipe: Recipe, saved: RecipeRecord)) -> Bool {
        !RecipeRecord(entry.recipe).sameContent(as: entry.saved)
    }

    /// Whether a save would write something for `recipe` (see ``Recipe/hasChanges``).
    func hasUnsavedChanges(to recipe: Recipe) -> Bool {
        if inserted[recipe.id] === recipe || deleted[recipe.id] === recipe { return true }
        guard let entry = registered[recipe.id], entry.recipe === recipe else { return false }
        return Self.isEdited(entry)
    }

    /// Recipes inserted and not yet saved, in the order they were inserted.
    public var insertedModelsArray: [Recipe] { insertionOrder.compactMap { inserted[$0] } }
    /// Tracked recipes changed and not yet saved (deleted ones aside).
    public var changedModelsArray: [Recipe] {
        registered.values.filter { deleted[$0.recipe.id] == nil && Self.isEdited($0) }
            .map(\.recipe).sorted { $0.id.precedes($1.id) }
    }
    /// Recipes deleted and not yet saved.
    public var deletedModelsArray: [Recipe] { deleted.values.sorted { $0.id.precedes($1.id) } }

    /// The recipe this context tracks (fetched, inserted, or deleted and not saved) with `id`,
    /// without reading the store; nil when it tracks none.
    public func registeredModel(for id: UUID) -> Recipe? {
        registered[id]?.recipe ?? inserted[id] ?? deleted[id]
    }

    /// True when a ``save()`` would write something.
    public var hasChanges: Bool {
        !inserted.isEmpty || !deleted.isEmpty
            || registered.values.contains(where: Self.isEdited)
    }

    /// Writes every insert, delete and change in one transaction; on failure nothing is
    /// written and the context keeps its pending changes.
    ///
    /// A change writes only the fields it changed, so edits that another context or process
    /// saved meanwhile to other fields stay (and the recipe here then shows them). A field
    /// changed both here and elsewhere since it was read makes the save throw
    /// ``RecipeStoreError/conflict(_:)`` naming every such recipe: fetch again and redo it.
    ///
    /// Many inserts at once (64 or more, an import) are read and turned into rows and search
    /// entries on a second thread while this one writes; `save()` returns only once that
    /// thread is done with them. Such a save may use up to 64 MiB of page cache and a 16 MiB
    /// index buffer more while it writes, both given back when it ends.
    public func save() throws {
        let now = Date()
        // Updates come back merged with others' changes; inserts are stored as built.
        var updated: [(Recipe, RecipeRecord)] = []
        let insertions = insertionOrder.compactMap { inserted[$0] }
        var insertedRecords: [RecipeRecord] = []
        try store.write {
            for id in deleted.keys.sorted(by: { $0.precedes($1) }) {
                try store.deleteRecord(id: id)
            }
            var conflicts: [SaveConflict] = []
            let changed = registered.values.filter { deleted[$0.recipe.id] == nil }.sorted { $0.recipe.id.precedes($1.recipe.id) }
            for (recipe, saved) in changed {
                var record = RecipeRecord(recipe)
                guard !record.sameContent(as: saved) else { continue }
                record.updatedAt = now
                switch try store.updateChangedFields(record, from: saved) {
                case .written(let stored): updated.append((recipe, stored))
                case .conflict(let fields): conflicts.append(SaveConflict(id: recipe.id, name: recipe.name, fields: fields))
                }
            }
            if !conflicts.isEmpty { throw RecipeStoreError.conflict(conflicts) }
            // Read into records on the store's second thread while this one writes rows.
            // Unchecked: the models are not Sendable, so no other thread may hold them, and
            // this one is inside the insert, writing SQL, until the reading is done (the
            // store waits for its reader, also on an error); nothing writes to them meanwhile.
            nonisolated(unsafe) let models = insertions
            insertedRecords = try store.insert(count: insertions.count) { index in
                var record = RecipeRecord(models[index])
                record.createdAt = now
                record.updatedAt = now
                return record
            }
        }
        for (id, recipe) in deleted {
            registered[id] = nil
            recipe.modelContext = nil
        }
        for (recipe, record) in updated {
            // Fields others changed meanwhile, so that the next save does not undo them.
            Self.restore(recipe, to: record, onlyWhereDifferent: true)
            recipe.createdAt = record.createdAt
            recipe.updatedAt = record.updatedAt
            registered[recipe.id] = (recipe, record)
        }
        // An insert's record was built from the recipe just now: nothing to bring back
        // (comparing was a seventh of loading many recipes). Paired in place, not gathered
        // into a list of tuples first, which copied each record and retained each recipe twice.
        registered.reserveCapacity(registered.count + insertions.count)
        for (recipe, record) in zip(insertions, insertedRecords) {
            recipe.createdAt = now
            recipe.updatedAt = now
            registered[recipe.id] = (recipe, record)
        }
        deleted.removeAll()
        inserted.removeAll()
        insertionOrder.removeAll()
    }

    /// Forgets pending inserts and deletes and puts fetched recipes back as they were saved.
    public func rollback() {
        for recipe in inserted.values { recipe.modelContext = nil }
        for recipe in deleted.values { recipe.isDeleted = false }
        inserted.removeAll()
        insertionOrder.removeAll()
        deleted.removeAll()
        for (recipe, saved) in registered.values {
            Self.restore(recipe, to: saved)
        }
    }

    /// The recipes `descriptor` selects, in its order. With `includePendingChanges` (the
    /// default) the context's unsaved inserts count, its unsaved deletes do not, and its
    /// unsaved edits match on their new values; the context's own object is returned for a
    /// recipe it holds, so a context has one object per id.
    package func fetch<T: Recipe>(_ descriptor: StoreQuery<T>) throws -> [T] {
        var result: [T] = []
        try forEachMatch(descriptor) { recipe in
            result.append(register(recipe))
        }
        return result
    }

    /// How many recipes `descriptor` selects, its limit and offset applied: `fetch(d).count`
    /// without reading the recipes when SQL can count them.
    package func fetchCount<T: Recipe>(_ descriptor: StoreQuery<T>) throws -> Int {
        guard descriptor.includePendingChanges, hasPendingChanges else { return try store.count(descriptor) }
        var count = 0
        try forEachMatch(descriptor) { _ in count += 1 }
        return count
    }

    /// The recipes tracked here whose saved row no longer says what the context holds.
    var pendingIDs: Set<UUID> {
        var ids = Set(inserted.keys).union(deleted.keys)
        for (id, entry) in registered where Self.isEdited(entry) { ids.insert(id) }
        return ids
    }

    private var hasPendingChanges: Bool { !pendingIDs.isEmpty }

    /// Delivers the matches of `descriptor` in order. Without pending changes the store does
    /// all the work; with them, the store's rows for changed recipes are set aside, the
    /// context's own versions are matched in memory, and the two are merged in order.
    private func forEachMatch<T: Recipe>(_ descriptor: StoreQuery<T>, _ body: (T) throws -> Void) throws {
        let pending = descriptor.includePendingChanges ? pendingIDs : []
        guard !pending.isEmpty else {
            try store.enumerate(descriptor) { recipe in try body(recipe); return true }
            return
        }
        try refreshPending(pending)
        var stored = descriptor
        stored.fetchOffset = nil
        // Enough saved rows that set-aside ones cannot leave the page short.
        stored.fetchLimit = descriptor.fetchLimit.flatMap { $0 >= 0 ? $0 + max(descriptor.fetchOffset ?? 0, 0) + pending.count : nil }
        var candidates: [T] = []
        try store.enumerate(stored) { recipe in
            if !pending.contains(recipe.id) { candidates.append(recipe) }
            return true
        }
        for case let recipe as T in currentVersions(of: pending) {
            do {
                if try descriptor.predicate?.evaluate(recipe) ?? true { candidates.append(recipe) }
            } catch {
                throw RecipeStoreError.predicate(String(describing: error))
            }
        }
        let ordering = SortKey.inOrder(descriptor.sortBy)
        // Ties break by id, as in SQL.
        candidates.sort { lhs, rhs in
            if ordering(lhs, rhs) { return true }
            if ordering(rhs, lhs) { return false }
            return lhs.id.precedes(rhs.id)
        }
        var page = candidates.dropFirst(max(descriptor.fetchOffset ?? 0, 0))[...]
        if let limit = descriptor.fetchLimit, limit >= 0 { page = page.prefix(limit) }
        for recipe in page { try body(recipe) }
    }

    /// The context's own versions of the recipes in `pending`: its unsaved inserts and its
    /// edited recipes, deleted ones left out.
    func currentVersions(of pending: Set<UUID>) -> [Recipe] {
        inserted.values.map { $0 } + registered.values.filter { pending.contains($0.recipe.id) && deleted[$0.recipe.id] == nil }.map(\.recipe)
    }

    /// The context's object for the recipe `stored` holds, brought up to date with it, or a
    /// new one made from it and now tracked (see ``register(_:)``).
    func trackedRecipe(for stored: RecipeRecord) -> Recipe {
        if registered[stored.id] != nil { refresh(stored.id, from: stored) }
        return registeredModel(for: stored.id) ?? register(stored.makeRecipe())
    }

    /// The recipe with `id`, from the context when it tracks it, else from the store.
    public func model(for id: UUID) throws -> Recipe? {
        if let recipe = registered[id]?.recipe ?? inserted[id] { return recipe }
        // No pending change concerns a recipe the context does not hold, so the store alone
        // answers (matching every pending insert in memory would make an import quadratic).
        var descriptor = StoreQuery<Recipe>(predicate: #Predicate { $0.id == id })
        descriptor.includePendingChanges = false
        return try fetch(descriptor).first
    }

    /// How `descriptor` runs: its SQL and what is left to memory.
    package func queryPlan<T: Recipe>(for descriptor: StoreQuery<T>) -> QueryPlan {
        store.compiled(descriptor).plan
    }

    /// The context's own object for the fetched recipe's id, when it holds one (fetched,
    /// inserted, or deleted but not yet saved), brought up to date with the fetched row; else
    /// the fetched one, now tracked.
    func register<T: Recipe>(_ fetched: T) -> T {
        if let existing = registered[fetched.id]?.recipe as? T {
            refresh(fetched.id, from: RecipeRecord(fetched))
            return existing
        }
        if let existing = (inserted[fetched.id] ?? deleted[fetched.id]) as? T { return existing }
        if inserted[fetched.id] != nil { return fetched }
        fetched.modelContext = self
        registered[fetched.id] = (fetched, RecipeRecord(fetched))
        return fetched
    }

    /// Runs `body` and saves what it changed in one write transaction, so nothing another
    /// process writes can come between what `body` reads and the save (SwiftData's
    /// `transaction`). When `body` throws, nothing is saved and its changes stay pending.
    public func transaction(_ body: () throws -> Void) throws {
        // The save inside marks changes as saved before the commit; if the commit then
        // fails, they are pending again.
        var before: (registered: [UUID: (recipe: Recipe, saved: RecipeRecord)], inserted: [UUID: Recipe], insertionOrder: [UUID], deleted: [UUID: Recipe])?
        do {
            try store.write {
                try body()
                before = (registered, inserted, insertionOrder, deleted)
                try save()
            }
        } catch {
            if let before { (registered, inserted, insertionOrder, deleted) = before }
            throw error
        }
    }

    /// Brings a tracked recipe up to date with `stored`, what the store holds now (another
    /// context or process saved it), as SwiftData merges other contexts' saves: each field
    /// this context has not changed takes the stored value, and its observers are told; a
    /// field it changed keeps its value and the value it was read with, so that saving it
    /// still finds the other change (``RecipeStoreError/conflict(_:)``).
    private func refresh(_ id: UUID, from stored: RecipeRecord) {
        guard let (recipe, saved) = registered[id], deleted[id] == nil, !stored.sameContent(as: saved) else { return }
        let current = RecipeRecord(recipe)
        var base = stored
        var wanted = current
        for field in RecipeRecord.editableFields {
            if field.isEqual(current, saved) { field.copy(&wanted, stored) } else { field.copy(&base, saved) }
        }
        for column in RecipeRecord.columns where column.isEditable && !column.isEqual(current, wanted) { column.apply(recipe, wanted) }
        if wanted.ingredients != current.ingredients { recipe.ingredients = wanted.ingredients.map { $0.makeIngredient() } }
        recipe.updatedAt = stored.updatedAt
        registered[id] = (recipe, base)
    }

    /// Brings the recipes this context tracks up to date with what other contexts and
    /// processes saved, field by field: a field changed here and not saved keeps its value
    /// (saving it finds the other change as a conflict); every other field takes the stored
    /// value, and its observers (`withObservationTracking`, a UI) are told. A fetch does this
    /// for each recipe it returns; call this with each element of
    /// ``ModelContainer/changes()`` to keep objects a view holds current without fetching.
    ///
    /// ```swift
    /// for try await change in container.changes() { try context.mergeChanges(change) }
    /// ```
    public func mergeChanges(_ change: StoreChange) throws {
        for id in change.updated.union(change.inserted) where registered[id.id] != nil {
            if let stored = try store.record(withID: id.id) { refresh(id.id, from: stored) }
        }
    }

    /// Brings the tracked recipes with unsaved changes up to date with the store, field by
    /// field (see ``refresh(_:from:)``), before a fetch matches them in memory.
    func refreshPending(_ ids: Set<UUID>) throws {
        for id in ids where registered[id] != nil && deleted[id] == nil {
            if let stored = try store.record(withID: id) { refresh(id, from: stored) }
        }
    }

    private static func restore(_ recipe: Recipe, to saved: RecipeRecord, onlyWhereDifferent: Bool = false) {
        if onlyWhereDifferent {
            let current = RecipeRecord(recipe)
            guard RecipeRecord.editableFields.contains(where: { !$0.isEqual(current, saved) }) else { return }
            // Keep the ingredient objects a caller holds unless the list itself changed.
            if current.ingredients == saved.ingredients {
                let ingredients = recipe.ingredients
                restore(recipe, to: saved)
                recipe.ingredients = ingredients
                return
            }
        }
        for column in RecipeRecord.columns where column.isEditable { column.apply(recipe, saved) }
        recipe.ingredients = saved.ingredients.map { $0.makeIngredient() }
    }
}
