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
/// to it are kept; fetches read what is saved in the store.
public final class ModelContext {
    public let store: RecipeStore
    /// Recipes the context tracks, with the state last read from or written to the store.
    private var registered: [UUID: (recipe: Recipe, saved: RecipeRecord)] = [:]
    private var inserted: [UUID: Recipe] = [:]
    private var insertionOrder: [UUID] = []
    private var deleted: [UUID: Recipe] = [:]

    public init(_ store: RecipeStore) {
        self.store = store
    }

    /// Schedules `recipe` (and its ingredients) to be written by the next ``save()``.
    ///
    /// A different object with the id of a recipe deleted in this context replaces it: the
    /// save deletes before it inserts. Any other duplicate id makes the save fail.
    public func insert(_ recipe: Recipe) {
        if let pending = deleted[recipe.id], pending === recipe {
            deleted[recipe.id] = nil
            return
        }
        if registered[recipe.id]?.recipe === recipe || inserted[recipe.id] === recipe { return }
        if inserted[recipe.id] == nil { insertionOrder.append(recipe.id) }
        inserted[recipe.id] = recipe
    }

    /// Schedules `recipe` to be deleted by the next ``save()``, with its ingredients.
    public func delete(_ recipe: Recipe) {
        if inserted.removeValue(forKey: recipe.id) != nil {
            insertionOrder.removeAll { $0 == recipe.id }
            return
        }
        if registered[recipe.id] != nil { deleted[recipe.id] = recipe }
    }

    /// True when a ``save()`` would write something.
    public var hasChanges: Bool {
        !inserted.isEmpty || !deleted.isEmpty
            || registered.values.contains { !RecipeRecord($0.recipe).sameContent(as: $0.saved) }
    }

    /// Writes every insert, delete and change in one transaction; on failure nothing is
    /// written and the context keeps its pending changes.
    public func save() throws {
        let now = Date()
        var written: [(Recipe, RecipeRecord)] = []
        try store.write {
            for id in deleted.keys.sorted(by: { $0.uuidString < $1.uuidString }) {
                try store.deleteRecord(id: id)
            }
            for (recipe, saved) in registered.values where deleted[recipe.id] == nil {
                var record = RecipeRecord(recipe)
                guard !record.sameContent(as: saved) else { continue }
                record.updatedAt = now
                try store.update(record, from: saved)
                written.append((recipe, record))
            }
            for id in insertionOrder {
                guard let recipe = inserted[id] else { continue }
                var record = RecipeRecord(recipe)
                record.createdAt = now
                record.updatedAt = now
                try store.insert(record)
                written.append((recipe, record))
            }
        }
        for id in deleted.keys { registered[id] = nil }
        for (recipe, record) in written {
            recipe.createdAt = record.createdAt
            recipe.updatedAt = record.updatedAt
            registered[recipe.id] = (recipe, record)
        }
        deleted.removeAll()
        inserted.removeAll()
        insertionOrder.removeAll()
    }

    /// Forgets pending inserts and deletes and puts fetched recipes back as they were saved.
    public func rollback() {
        inserted.removeAll()
        insertionOrder.removeAll()
        deleted.removeAll()
        for (recipe, saved) in registered.values {
            Self.restore(recipe, to: saved)
        }
    }

    /// The recipes `descriptor` selects, in its order.
    public func fetch<T: Recipe>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        var result: [T] = []
        try store.enumerate(descriptor) { recipe in
            result.append(register(recipe))
            return true
        }
        return result
    }

    /// How many recipes `descriptor` selects, its limit and offset applied: `fetch(d).count`
    /// without reading the recipes when SQL can count them.
    public func fetchCount<T: Recipe>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        try store.count(descriptor)
    }

    /// The recipe with `id`, from the context when it tracks it, else from the store.
    public func model(for id: UUID) throws -> Recipe? {
        if let recipe = registered[id]?.recipe ?? inserted[id] { return recipe }
        let descriptor = FetchDescriptor<Recipe>(predicate: #Predicate { $0.id == id })
        return try fetch(descriptor).first
    }

    /// How `descriptor` runs: its SQL and what is left to memory.
    public func queryPlan<T: Recipe>(for descriptor: FetchDescriptor<T>) -> QueryPlan {
        CompiledFetch(descriptor).plan
    }

    private func register<T: Recipe>(_ fetched: T) -> T {
        if let existing = registered[fetched.id]?.recipe as? T { return existing }
        registered[fetched.id] = (fetched, RecipeRecord(fetched))
        return fetched
    }

    private static func restore(_ recipe: Recipe, to saved: RecipeRecord) {
        let fresh = saved.makeRecipe()
        recipe.name = fresh.name
        recipe.summary = fresh.summary
        recipe.instructions = fresh.instructions
        recipe.plannedDate = fresh.plannedDate
        recipe.sourceURL = fresh.sourceURL
        recipe.ingredients = fresh.ingredients
        if let baked = recipe as? BakedGood, let freshBaked = fresh as? BakedGood {
            baked.ovenTemperature = freshBaked.ovenTemperature
            baked.bakeMinutes = freshBaked.bakeMinutes
        }
        if let beverage = recipe as? Beverage, let freshBeverage = fresh as? Beverage {
            beverage.isAlcoholic = freshBeverage.isAlcoholic
            beverage.isServedHot = freshBeverage.isServedHot
        }
    }
}
