import FoundationEssentials

/// An actor with its own ``ModelContext`` over a shared store: SwiftData's `@ModelActor`.
///
/// Work that reads or writes recipes runs on the actor; what leaves it is `Sendable`:
/// ``RecipeSnapshot`` values and ``PersistentIdentifier``s. Several actors (and other
/// processes) may use one store file at once.
///
/// ```swift
/// let worker = try RecipeModelActor(modelContainer: container)
/// let id = try await worker.insert(RecipeSnapshot(Recipe(name: "Pancakes")))
/// try await worker.update(id) { $0.plannedDate = Recipe.dateAt6PM(daysFromNow: 1) }
/// let planned = try await worker.fetch(FetchDescriptor<Recipe>(predicate: #Predicate { $0.plannedDate != nil }))
/// ```
///
/// A ``ModelActor``: its ``ModelActor/modelContext`` is for SwiftData-style code inside
/// ``perform(_:)``.
public actor RecipeModelActor: ModelActor {
    /// The store this actor's connection is open to.
    public nonisolated let modelContainer: ModelContainer
    /// Holds the actor's own context.
    public nonisolated let modelExecutor: any ModelExecutor

    /// Opens the actor's own connection to the container's store.
    public init(modelContainer: ModelContainer) throws {
        self.modelContainer = modelContainer
        modelExecutor = DefaultSerialModelExecutor(modelContext: ModelContext(try modelContainer.makeStore()))
    }

    /// Runs `body` on the actor with its context. Return only `Sendable` values (snapshots,
    /// identifiers, counts), never the context's recipes.
    ///
    /// ```swift
    /// let count = try await worker.perform { context in
    ///     try context.fetchCount(FetchDescriptor<BakedGood>())
    /// }
    /// ```
    ///
    /// The closure is `sending`: called from the main actor (or any other), a closure literal
    /// that captures only values it hands over compiles without `@Sendable`, as SwiftData's
    /// model-actor code does.
    public func perform<Result: Sendable>(_ body: sending (ModelContext) throws -> Result) rethrows -> Result {
        try body(modelContext)
    }

    /// The saved recipe with `id`, or nil when the store has none.
    public func snapshot(for id: PersistentIdentifier) throws -> RecipeSnapshot? {
        let uuid = id.id
        var found: RecipeSnapshot?
        try modelContext.store.enumerate(StoreQuery<Recipe>(predicate: #Predicate { $0.id == uuid })) { recipe in
            found = RecipeSnapshot(recipe)
            return false
        }
        return found
    }

    /// Saves a new recipe with the snapshot's content (and id) in one transaction.
    @discardableResult
    public func insert(_ snapshot: RecipeSnapshot) throws -> PersistentIdentifier {
        let context = ModelContext(modelContext.store)
        context.insert(snapshot.makeRecipe())
        try context.save()
        return snapshot.persistentModelID
    }

    /// Reads the recipe with `id`, lets `change` edit it and saves, all in one write
    /// transaction: no other writer can come between the read and the save, so concurrent
    /// updates (a counter incremented from many tasks) are never lost. Returns the saved
    /// recipe, or nil when there is no recipe with `id` (then nothing is written).
    @discardableResult
    public func update(_ id: PersistentIdentifier, _ change: (Recipe) throws -> Void) throws -> RecipeSnapshot? {
        // A context of its own: the actor's context may hold an older copy of the recipe,
        // and a read inside the write transaction must see the latest one.
        let context = ModelContext(modelContext.store)
        var edited: Recipe?
        try context.transaction {
            guard let recipe = try context.model(for: id.id) else { return }
            try change(recipe)
            edited = recipe
        }
        // After the save, which set `updatedAt`.
        return edited.map(RecipeSnapshot.init)
    }

    /// Deletes the recipe with `id` and its ingredients; returns whether there was one.
    @discardableResult
    public func delete(_ id: PersistentIdentifier) throws -> Bool {
        let context = ModelContext(modelContext.store)
        var found = false
        try context.transaction {
            guard let recipe = try context.model(for: id.id) else { return }
            context.delete(recipe)
            found = true
        }
        return found
    }

    /// Saves what code in ``perform(_:)`` changed in ``modelContext``.
    public func save() throws {
        try modelContext.save()
    }
}
