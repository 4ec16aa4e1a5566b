import FoundationEssentials
import FoundationInternationalization

// What SwiftData code calls on a context, under SwiftData's names, where they differ from the
// library's own (see the article "Porting SwiftData code").

extension ModelContext {
    /// A context over a new connection to the container's store: SwiftData's
    /// `ModelContext(container)`.
    public convenience init(_ container: ModelContainer) throws {
        self.init(try container.makeStore())
    }

    /// The recipe with `id`: the context's own object when it tracks one, else read from the
    /// store (and tracked); nil when the store has none.
    public func model(for id: PersistentIdentifier) throws -> Recipe? {
        try model(for: id.id)
    }

    /// The recipe with `id` this context tracks, without reading the store; nil when it
    /// tracks none, or one of another class than `T`.
    public func registeredModel<T: Recipe>(for id: PersistentIdentifier) -> T? {
        registeredModel(for: id.id) as? T
    }

    /// The identifiers of the recipes `descriptor` selects, in its order (pending changes
    /// counted as a fetch counts them).
    public func fetchIdentifiers<T: Recipe>(_ descriptor: FetchDescriptor<T>) throws -> [PersistentIdentifier] {
        try fetch(descriptor).map(\.persistentModelID)
    }

    /// Schedules every recipe of class `model` that `predicate` selects (all of them without
    /// one) for deletion by the next ``save()``, with its ingredients: SwiftData's
    /// `delete(model:where:)`.
    public func delete<T: Recipe>(model: T.Type, where predicate: Predicate<T>? = nil) throws {
        for recipe in try fetch(FetchDescriptor<T>(predicate: predicate)) { delete(recipe) }
    }

    /// Calls `block` with each saved recipe `descriptor` selects, in order, without tracking
    /// them: SwiftData's `enumerate(_:batchSize:block:)`. SQLite's cursor hands over one row
    /// at a time, so memory stays flat whatever `batchSize` says (it is taken for SwiftData's
    /// signature) when SQL does all the work. Unsaved changes of this context are not seen.
    public func enumerate<T: Recipe>(_ descriptor: FetchDescriptor<T>, batchSize: Int = 5_000, block: (T) throws -> Void) throws {
        try store.enumerate(descriptor) { recipe in
            try block(recipe)
            return true
        }
    }
}
