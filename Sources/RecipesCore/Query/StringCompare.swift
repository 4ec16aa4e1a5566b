import FoundationEssentials

extension TextMatching {
    /// `caseInsensitiveCompare` as predicates evaluate it, in memory and in SQL alike: the
    /// strings' lower-case forms in Swift's `String` order (accents still count).
    public static func caseInsensitiveOrder(_ lhs: String, _ rhs: String) -> ComparisonResult {
        order(lhs.lowercased(), rhs.lowercased())
    }

    /// `localizedCompare` as predicates evaluate it, the same in every locale so that SQL and
    /// memory agree: by the folded form (case and accents ignored, "Crème" next to "creme"),
    /// then by the exact text.
    public static func localizedOrder(_ lhs: String, _ rhs: String) -> ComparisonResult {
        let folded = order(fold(lhs), fold(rhs))
        return folded == .orderedSame ? order(canonical(lhs), canonical(rhs)) : folded
    }

    /// The key that ``Recipe/nameSortKey`` sorts by, Finder-like (`.localizedStandard`): case
    /// and accents folded, and each run of digits padded so that numbers sort by value
    /// ("Step 2" before "Step 10").
    public static func standardSortKey(_ text: String) -> String {
        var key = ""
        var digits = ""
        func flushDigits() {
            guard !digits.isEmpty else { return }
            let trimmed = digits.drop { $0 == "0" }
            key += String(repeating: "0", count: max(0, 20 - trimmed.count)) + trimmed
            digits = ""
        }
        for character in fold(text) {
            if let digit = character.wholeNumberValue, character.isASCII, (0...9).contains(digit) {
                digits.append(character)
            } else {
                flushDigits()
                key.append(character)
            }
        }
        flushDigits()
        return key
    }

    private static func order(_ lhs: String, _ rhs: String) -> ComparisonResult {
        lhs == rhs ? .orderedSame : (lhs < rhs ? .orderedAscending : .orderedDescending)
    }
}

extension Recipe {
    /// The name as `.localizedStandard` orders it (see ``TextMatching/standardSortKey(_:)``);
    /// sort by it in SQL with `SortDescriptor(\.nameSortKey)`.
    public var nameSortKey: String { TextMatching.standardSortKey(name) }
}

/// How a `PredicateExpressions.StringCompare` orders two strings: one type per order, so
/// that the expression is one generic whose order is part of its type (the translator and
/// `evaluate` need no run-time switch).
public protocol StringOrdering: Sendable {
    /// -1, 0 or 1 as a `ComparisonResult`, as `#Predicate` evaluates it in memory.
    static func order(_ lhs: String, _ rhs: String) -> ComparisonResult
    /// The SQL function's mode for this order (`recipes_compare(a, b, mode)`).
    static var sqlMode: Int { get }
    /// The Swift method's name, for the error when the operands cannot be translated.
    static var methodName: String { get }
}

/// `caseInsensitiveCompare`: ``TextMatching/caseInsensitiveOrder(_:_:)``.
public enum CaseInsensitiveOrdering: StringOrdering {
    /// ``TextMatching/caseInsensitiveOrder(_:_:)``.
    public static func order(_ lhs: String, _ rhs: String) -> ComparisonResult { TextMatching.caseInsensitiveOrder(lhs, rhs) }
    /// 0.
    public static var sqlMode: Int { 0 }
    /// "caseInsensitiveCompare".
    public static var methodName: String { "caseInsensitiveCompare" }
}

/// `localizedCompare`: ``TextMatching/localizedOrder(_:_:)``, the same in every locale.
public enum LocalizedOrdering: StringOrdering {
    /// ``TextMatching/localizedOrder(_:_:)``.
    public static func order(_ lhs: String, _ rhs: String) -> ComparisonResult { TextMatching.localizedOrder(lhs, rhs) }
    /// 1.
    public static var sqlMode: Int { 1 }
    /// "localizedCompare".
    public static var methodName: String { "localizedCompare" }
}

extension PredicateExpressions {
    /// The expression `#Predicate` builds for `a.caseInsensitiveCompare(b)` and
    /// `a.localizedCompare(b)`: Foundation on Linux lacks the builders, so without them the
    /// macro cannot expand. Compare its result with `==` / `!=` (`.orderedSame`, ...);
    /// translated to SQL.
    public struct StringCompare<Ordering: StringOrdering, Root: PredicateExpression, Other: PredicateExpression>: PredicateExpression
    where Root.Output: StringProtocol, Other.Output: StringProtocol {
        /// -1, 0 or 1 as a `ComparisonResult`.
        public typealias Output = ComparisonResult
        /// The string compared.
        public let root: Root
        /// The string compared with.
        public let other: Other

        /// Compares `root` with `other`.
        public init(root: Root, other: Other) {
            self.root = root
            self.other = other
        }

        /// `Ordering`'s order of the two strings.
        public func evaluate(_ bindings: PredicateBindings) throws -> ComparisonResult {
            try Ordering.order(String(root.evaluate(bindings)), String(other.evaluate(bindings)))
        }
    }

    /// `a.caseInsensitiveCompare(b)` in a predicate.
    public typealias StringCaseInsensitiveCompare<Root: PredicateExpression, Other: PredicateExpression> = StringCompare<CaseInsensitiveOrdering, Root, Other>
    where Root.Output: StringProtocol, Other.Output: StringProtocol

    /// `a.localizedCompare(b)` in a predicate; see ``TextMatching/localizedOrder(_:_:)`` for its
    /// (locale-independent) order.
    public typealias StringLocalizedCompare<Root: PredicateExpression, Other: PredicateExpression> = StringCompare<LocalizedOrdering, Root, Other>
    where Root.Output: StringProtocol, Other.Output: StringProtocol

    /// Builds `a.caseInsensitiveCompare(b)` inside `#Predicate`.
    public static func build_caseInsensitiveCompare<Root, Other>(_ root: Root, _ other: Other) -> StringCaseInsensitiveCompare<Root, Other> {
        StringCompare(root: root, other: other)
    }

    /// Builds `a.localizedCompare(b)` inside `#Predicate`.
    public static func build_localizedCompare<Root, Other>(_ root: Root, _ other: Other) -> StringLocalizedCompare<Root, Other> {
        StringCompare(root: root, other: other)
    }
}

extension PredicateExpressions.StringCompare: Sendable where Root: Sendable, Other: Sendable {}

extension PredicateExpressions.StringCompare: Codable where Root: Codable, Other: Codable {
    /// Encodes the two operands.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(root)
        try container.encode(other)
    }

    /// Decodes the two operands.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        root = try container.decode(Root.self)
        other = try container.decode(Other.self)
    }
}

extension PredicateExpressions.StringCompare: StandardPredicateExpression
where Root: StandardPredicateExpression, Other: StandardPredicateExpression {}

extension PredicateExpressions.StringCompare: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        try translator.compareFunction(mode: Ordering.sqlMode, method: Ordering.methodName, root, other)
    }
}

extension SQLTranslator {
    /// `recipes_compare(a, b, mode)`: -1, 0 or 1, as the Swift expression's raw value.
    func compareFunction(mode: Int, method: String, _ lhs: Any, _ rhs: Any) throws -> SQLFragment {
        let left = try translate(lhs), right = try translate(rhs)
        guard left.shape == .text, right.shape == .text else { throw UntranslatableNode(node: method) }
        return SQLFragment(sql: "recipes_compare(\(left.sql), \(right.sql), \(mode))", shape: .number,
                           nullable: left.nullable || right.nullable)
    }
}
