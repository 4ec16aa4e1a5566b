import FoundationEssentials

/// Both predicates hold. On Linux `#Predicate` cannot call another predicate's `evaluate`,
/// so composition is this expression type; the SQL translator recognises it.
///
/// ```swift
/// let both = #Predicate<Recipe> { $0 is BakedGood } && #Predicate<Recipe> { $0.plannedDate != nil }
/// ```
public func && <T>(lhs: Predicate<T>, rhs: Predicate<T>) -> Predicate<T> {
    Predicate<T> { input in PredicateExpressions.PredicateCombination(lhs, .and, rhs, input) }
}

/// Either predicate holds.
public func || <T>(lhs: Predicate<T>, rhs: Predicate<T>) -> Predicate<T> {
    Predicate<T> { input in PredicateExpressions.PredicateCombination(lhs, .or, rhs, input) }
}

/// The predicate does not hold.
public prefix func ! <T>(predicate: Predicate<T>) -> Predicate<T> {
    Predicate<T> { input in PredicateExpressions.PredicateCombination(predicate, .andNot, Predicate<T>.true, input) }
}

extension PredicateExpressions {
    /// Two whole predicates joined by a logical operator, evaluated on the same input.
    public struct PredicateCombination<Input>: StandardPredicateExpression {
        /// A combination is true or false.
        public typealias Output = Bool

        /// How the two predicates combine.
        public enum Operator: String, Sendable {
            /// `lhs && rhs`.
            case and
            /// `lhs || rhs`.
            case or
            /// `!lhs`; the right side is ignored.
            case andNot
        }

        /// The left-hand predicate (the only one for `!`).
        public let lhs: Predicate<Input>
        /// `&&` or `||` (or `!`).
        public let op: Operator
        /// The right-hand predicate.
        public let rhs: Predicate<Input>
        /// The input both predicates are evaluated on.
        public let variable: PredicateExpressions.Variable<Input>

        init(_ lhs: Predicate<Input>, _ op: Operator, _ rhs: Predicate<Input>, _ variable: PredicateExpressions.Variable<Input>) {
            self.lhs = lhs
            self.op = op
            self.rhs = rhs
            self.variable = variable
        }

        /// Evaluates the predicates on the bound input and combines their results.
        public func evaluate(_ bindings: PredicateBindings) throws -> Bool {
            guard let input = bindings[variable] else { throw PredicateCombinationError.unboundInput }
            switch op {
            case .and: return try lhs.evaluate(input) && rhs.evaluate(input)
            case .or: return try lhs.evaluate(input) || rhs.evaluate(input)
            case .andNot: return try !lhs.evaluate(input)
            }
        }

        // A combined predicate holds closures of other predicates' inputs and cannot be
        // archived; Codable is required by StandardPredicateExpression.
        public func encode(to encoder: any Encoder) throws {
            throw PredicateCombinationError.notCodable
        }

        public init(from decoder: any Decoder) throws {
            throw PredicateCombinationError.notCodable
        }
    }
}

enum PredicateCombinationError: Error, CustomStringConvertible {
    case unboundInput
    case notCodable

    var description: String {
        switch self {
        case .unboundInput: "a combined predicate was evaluated without its input"
        case .notCodable: "combined predicates cannot be encoded"
        }
    }
}
