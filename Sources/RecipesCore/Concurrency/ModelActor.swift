import FoundationEssentials

/// An actor that does its work with a context of its own: what SwiftData's `@ModelActor`
/// macro writes, declared by hand (macros need a package this library does not use).
///
/// ```swift
/// actor Importer: ModelActor {
///     nonisolated let modelContainer: ModelContainer
///     nonisolated let modelExecutor: any ModelExecutor
///
///     init(modelContainer: ModelContainer) throws {
///         self.modelContainer = modelContainer
///         modelExecutor = DefaultSerialModelExecutor(modelContext: try ModelContext(modelContainer))
///     }
///
///     func add(_ names: [String]) throws -> [PersistentIdentifier] {
///         let recipes = names.map { Recipe(name: $0) }
///         recipes.forEach(modelContext.insert)
///         try modelContext.save()
///         return recipes.map(\.persistentModelID)
///     }
/// }
/// ```
///
/// The two stored properties and the initializer are the macro's expansion; the rest
/// (``modelContext``, `self[id, as: Recipe.self]`) comes from this protocol. Pass
/// ``PersistentIdentifier``s between actors, never recipes.
public protocol ModelActor: Actor {
    /// The container whose store the actor's context is open to.
    nonisolated var modelContainer: ModelContainer { get }
    /// What holds the actor's context.
    nonisolated var modelExecutor: any ModelExecutor { get }
}

/// Holds the context of a ``ModelActor``: SwiftData's `ModelExecutor`.
public protocol ModelExecutor: AnyObject, Sendable {
    /// The context; read it only on the actor that owns this executor (``ModelActor/modelContext``).
    var modelContext: ModelContext { get }
}

/// The executor a ``ModelActor`` declares: it holds one context for the actor. The actor
/// itself keeps its work serial, so reads and writes of the context never overlap.
public final class DefaultSerialModelExecutor: ModelExecutor, @unchecked Sendable {
    // @unchecked: the context is reached through ModelActor.modelContext, which is
    // isolated to the one actor that owns this executor.
    public let modelContext: ModelContext

    /// An executor for an actor that will use `modelContext` and nothing else will.
    public init(modelContext: ModelContext) {
        self.modelContext = modelContext
    }
}

extension ModelActor {
    /// The actor's own context (SwiftData's `modelContext` of a `@ModelActor`).
    public var modelContext: ModelContext { modelExecutor.modelContext }

    /// The recipe with `id` as this actor's context holds or reads it, when it is a `T`;
    /// nil when the store has none. Throws when the store cannot be read (SwiftData's
    /// subscript returns nil then).
    public subscript<T: Recipe>(id: PersistentIdentifier, as type: T.Type) -> T? {
        get throws { try modelContext.model(for: id.id) as? T }
    }
}
