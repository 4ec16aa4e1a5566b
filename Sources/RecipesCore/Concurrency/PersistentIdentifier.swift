import FoundationEssentials

/// A recipe's identity that can cross actors and processes: what SwiftData calls a
/// `PersistentIdentifier`.
///
/// A ``Recipe`` is a class that belongs to the ``ModelContext`` (and so the actor) that
/// fetched it; its identifier is a value that any task may hold and hand to another actor,
/// which looks the recipe up in its own context.
///
/// ```swift
/// let id = recipe.persistentModelID
/// let name = try await otherActor.snapshot(for: id)?.name
/// ```
public struct PersistentIdentifier: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The recipe's ``Recipe/id``, the same in every store the recipe is synced to.
    public let id: UUID

    /// The identifier of the recipe whose ``Recipe/id`` is `id`.
    public init(_ id: UUID) {
        self.id = id
    }

    /// Orders by the id's text, the order SQL breaks ties in.
    public static func < (lhs: PersistentIdentifier, rhs: PersistentIdentifier) -> Bool {
        lhs.id.precedes(rhs.id)
    }

    /// The id as a UUID string.
    public var description: String { id.uuidString }
}

extension Recipe {
    /// The recipe's identity as a `Sendable` value, to pass to another actor.
    public var persistentModelID: PersistentIdentifier { PersistentIdentifier(id) }
}
