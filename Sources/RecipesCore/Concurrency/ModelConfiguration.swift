import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Where and how a ``ModelContainer`` keeps its store: SwiftData's `ModelConfiguration`.
///
/// ```swift
/// let preview = try ModelContainer(for: Recipe.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
/// let shared = try ModelContainer(for: Recipe.self, configurations: ModelConfiguration(url: url, allowsSave: false))
/// ```
public struct ModelConfiguration: Sendable, Hashable {
    /// The store file; for a store kept in memory only, nil until the container makes one.
    public var url: URL?
    /// Whether the store lives only as long as its container (tests, previews).
    public var isStoredInMemoryOnly: Bool
    /// False opens the store read-only: every save fails with
    /// ``RecipeStoreError/readOnly(path:)``, and the file must exist.
    public var allowsSave: Bool

    /// A configuration: the store at `url`, or without one the store `recipes` itself uses
    /// (`$XDG_DATA_HOME/recipes/recipes.sqlite`, else `~/.local/share/recipes/recipes.sqlite`),
    /// so an app and the command line share the user's recipes.
    public init(url: URL? = nil, isStoredInMemoryOnly: Bool = false, allowsSave: Bool = true) {
        self.url = isStoredInMemoryOnly ? nil : url ?? Self.defaultURL
        self.isStoredInMemoryOnly = isStoredInMemoryOnly
        self.allowsSave = allowsSave
    }

    /// The store the `recipes` command uses when given none.
    public static var defaultURL: URL {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "/") + "/.local/share"
        return URL(fileURLWithPath: base + "/recipes/recipes.sqlite")
    }
}
