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
