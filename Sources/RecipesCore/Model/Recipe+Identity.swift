import FoundationEssentials

/// `Identifiable` by the stored ``Recipe/id``; `Hashable` by object identity, as SwiftData's
/// models are: a context holds one object per recipe, so two objects with the same id are two
/// contexts' copies (perhaps with different unsaved edits) and are not equal. Compare
/// ``RecipeSnapshot`` values to compare content, or `persistentModelID`s to compare identity
/// across contexts.
///
/// A recipe is not `Codable` itself: decoding would make an object outside any context with
/// a subclass chosen by the data. Encode its ``snapshot`` instead, and insert
/// ``RecipeSnapshot/makeRecipe()`` to bring one back.
extension Recipe: Identifiable, Hashable {
    /// The same object.
    public static func == (lhs: Recipe, rhs: Recipe) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// The recipe's content now, unsaved changes included, as a `Sendable`, `Codable` value.
    public var snapshot: RecipeSnapshot { RecipeSnapshot(self) }
}

/// `Identifiable` by ``Ingredient/id``; `Hashable` by object identity, like ``Recipe``.
extension Ingredient: Identifiable, Hashable {
    /// The same object.
    public static func == (lhs: Ingredient, rhs: Ingredient) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
