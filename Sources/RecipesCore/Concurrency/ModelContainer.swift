import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

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
    /// How the store is kept.
    public let configuration: ModelConfiguration

    /// Opens (and creates or upgrades) the store at `url` once, so that a file that is not a
    /// store, or one from a newer version, is refused here rather than in every actor. That
    /// connection becomes ``mainContext``'s.
    public convenience init(url: URL) throws {
        try self.init(configuration: ModelConfiguration(url: url))
    }

    /// A container for the library's model classes, kept as `configurations` says (the
    /// first one; one store holds every recipe class): SwiftData's
    /// `ModelContainer(for:configurations:)`. Without a configuration, the store `recipes`
    /// uses (see ``ModelConfiguration/defaultURL``), its folder made when missing.
    public convenience init(for types: Recipe.Type..., configurations: ModelConfiguration...) throws {
        try self.init(configuration: configurations.first ?? ModelConfiguration())
    }

    /// A store kept in memory only is a file in `/dev/shm` (memory, on Linux) or the
    /// temporary folder, removed with the container: SQLite's own in-memory databases belong
    /// to one connection, and every actor of a container opens its own.
    private init(configuration: ModelConfiguration) throws {
        var configuration = configuration
        if configuration.isStoredInMemoryOnly {
            let folder = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : FileManager.default.temporaryDirectory.path
            configuration.url = URL(fileURLWithPath: folder + "/recipes-in-memory-\(UUID().uuidString).sqlite")
        }
        let url = configuration.url ?? ModelConfiguration.defaultURL
        if !configuration.isStoredInMemoryOnly, configuration.allowsSave, url == ModelConfiguration.defaultURL {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        self.url = url
        self.configuration = configuration
        mainStore = try RecipeStore(url: url, readOnly: !configuration.allowsSave)
    }

    deinit {
        guard configuration.isStoredInMemoryOnly else { return }
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(url.path + suffix) }
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
        context.savesOnMainActor = true
        context.autosaveEnabled = true
        madeMainContext = context
        return context
    }

    /// A new connection to the store, for use by one actor or thread.
    public func makeStore() throws -> RecipeStore {
        try RecipeStore(url: url, readOnly: !configuration.allowsSave)
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
