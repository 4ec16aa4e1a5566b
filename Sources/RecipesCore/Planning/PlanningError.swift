import FoundationEssentials

/// A WHEN or DURATION that could not be understood, naming the part that is wrong.
public struct PlanningInputError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The part of the input that is wrong, as the user typed it.
    public let part: String
    /// Why it is not understood.
    public let reason: String

    /// An error about the input `part`, for `reason`.
    public init(part: String, reason: String) {
        self.part = part
        self.reason = reason
    }

    public var description: String { "'\(part)': \(reason)" }
}

/// A meal recorded cooked already: ``RecipeStore/recordCooked(recipeID:at:meal:again:servings:now:local:takingFromPantry:)``
/// refuses to record it twice unless asked.
public struct AlreadyCooked: Error, Equatable, Sendable {
    /// The recipe.
    public let recipeID: UUID
    /// The planned meal that is done already, when it was a planned one.
    public let plannedFor: Date?
    /// The record nearest in time.
    public let recordedAt: Date

    /// A refusal for `recipeID`'s meal planned for `plannedFor`, recorded at `recordedAt`.
    public init(recipeID: UUID, plannedFor: Date?, recordedAt: Date) {
        self.recipeID = recipeID
        self.plannedFor = plannedFor
        self.recordedAt = recordedAt
    }
}
