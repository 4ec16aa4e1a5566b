import FoundationEssentials

/// Where a store lives, as a `Sendable` value that any number of actors share: SwiftData's
/// `ModelContainer` for a store file.
///
/// A ``RecipeStore`` is one SQLite connection and belongs to one thread of control at a time;
/// the container holds no connection, only the file's location. Each ``RecipeModelActor``
/// made from it opens its own connection, and SQLite's locking (write-ahead log, one writer at
/// a time, a 15 s busy timeout) keeps their reads consistent and their writes whole.
///
/// ```swift
/// let container = try ModelContainer(url: URL(fileURLWithPath: "recipes.sqlite"))
/// let importer = try RecipeModelActor(modelContainer: container)
/// let reader = try RecipeModelActor(modelContainer: container)
/// ```
public final class ModelContainer: Sendable {
    /// The store file.
    public let url: URL

    /// Opens (and creates or upgrades) the store at `url` once, so that a file that is not a
    /// store, or one from a newer version, is refused here rather than in every actor. That
    /// connection becomes ``mainContext``'s.
    public init(url: URL) throws {
        self.url = url
        mainStore = try RecipeStore(url: url)
    }

    // Used only on the main actor (by mainContext), after init hands it over.
    nonisolated(unsafe) private let mainStore: RecipeStore
    nonisolated(unsafe) private var madeMainContext: ModelContext?

    /// The context for the main actor (a UI's): SwiftData's `container.mainContext`, one per
    /// container, over the connection `init` opened. Other actors make their own
    /// (``RecipeModelActor``, or `ModelContext(container)` on a thread of their own).
    @MainActor public var mainContext: ModelContext {
        if let made = madeMainContext { return made }
        let context = ModelContext(mainStore)
        madeMainContext = context
        return context
    }

    /// A new connection to the store, for use by one actor or thread.
    public func makeStore() throws -> RecipeStore {
        try RecipeStore(url: url)
    }

    /// The commits to the store from now on, by this process and by others.
    ///
    /// ```swift
    /// for try await change in container.changes() { print(change.ids.count, "recipes changed") }
    /// ```
    public func changes() -> StoreChanges {
        StoreChanges(url: url)
    }
}
