import FoundationEssentials

/// How far a whole-number field may go, defined once. The store checks it on every write (a
/// save, an import, a plan entry, a change from another machine); the edit text and the
/// command line check the same limit before that, in the same words, so what one path takes
/// no other path refuses.
///
/// ```swift
/// FieldLimit.servings.problem(20_000)   // "'20000' is not a whole number of servings from 1 to 9999"
/// ```
public struct FieldLimit: Sendable, Equatable {
    /// The values the field may hold.
    public let range: ClosedRange<Int>
    /// What the number counts, for messages: "servings", "minutes", "°C".
    public let unit: String

    /// A limit of `range`, whose values count `unit`.
    public init(_ range: ClosedRange<Int>, unit: String) {
        self.range = range
        self.unit = unit
    }

    /// "1 to 9999", for help texts.
    public var rangeText: String { "\(range.lowerBound) to \(range.upperBound)" }

    /// "a whole number of servings from 1 to 9999".
    public var expected: String { "a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound)" }

    /// Why `text` (as the user wrote it) cannot be stored, or nil when it can.
    public func problem(_ text: String) -> String? {
        guard let value = Int(text), range.contains(value) else { return "'\(text)' is not \(expected)" }
        return nil
    }

    /// Why `value` cannot be stored, or nil when it can (nil, no value, always can).
    public func problem(_ value: Int?) -> String? {
        value.flatMap { range.contains($0) ? nil : "'\($0)' is not \(expected)" }
    }
}

extension FieldLimit {
    /// A recipe's servings, a planned meal's, and what `show --servings` scales to.
    public static let servings = FieldLimit(1...9_999, unit: "servings")
    /// A baked good's time in the oven, as long as any time of a recipe can be.
    public static let bakeMinutes = FieldLimit(0...Recipe.longestMinutes, unit: "minutes")
    /// A baked good's oven temperature, in °C: beyond any kitchen or pizza oven, short of a
    /// Fahrenheit figure typed as Celsius passing unnoticed only up to 999.
    public static let ovenTemperature = FieldLimit(0...999, unit: "°C")
}
