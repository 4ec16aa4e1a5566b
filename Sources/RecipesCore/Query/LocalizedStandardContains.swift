import FoundationEssentials

extension StringProtocol {
    /// What `#Predicate` sees when the library's own predicates call
    /// `localizedStandardContains`: it must type-check before the macro replaces it with
    /// ``PredicateExpressions/FoldedStringContains``. Internal, so that code importing
    /// Foundation keeps Foundation's method.
    func localizedStandardContains<T: StringProtocol>(_ other: T) -> Bool {
        TextMatching.foldedContains(String(self), String(other))
    }
}

extension PredicateExpressions {
    /// The expression `#Predicate` builds for `localizedStandardContains`. Foundation on Linux
    /// has the String method but not this builder, so without it the macro cannot expand.
    /// Matching is case- and diacritic-insensitive, on folded text (see
    /// ``TextMatching/fold(_:)``); an empty needle matches nothing, as on Apple platforms.
    public struct FoldedStringContains<Root: PredicateExpression, Other: PredicateExpression>: PredicateExpression
    where Root.Output: StringProtocol, Other.Output: StringProtocol {
        /// Whether `root` contains `other`.
        public typealias Output = Bool
        /// The text searched.
        public let root: Root
        /// The text searched for.
        public let other: Other

        /// Whether `root` contains `other`, case and accents aside.
        public init(root: Root, other: Other) {
            self.root = root
            self.other = other
        }

        /// Folds both strings and looks for one in the other.
        public func evaluate(_ bindings: PredicateBindings) throws -> Bool {
            try TextMatching.foldedContains(String(root.evaluate(bindings)), String(other.evaluate(bindings)))
        }
    }

    /// Builds `a.localizedStandardContains(b)` inside `#Predicate`.
    public static func build_localizedStandardContains<Root, Other>(_ root: Root, _ other: Other) -> FoldedStringContains<Root, Other> {
        FoldedStringContains(root: root, other: other)
    }
}

extension PredicateExpressions.FoldedStringContains: Sendable where Root: Sendable, Other: Sendable {}

extension PredicateExpressions.FoldedStringContains: Codable where Root: Codable, Other: Codable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(root)
        try container.encode(other)
    }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        root = try container.decode(Root.self)
        other = try container.decode(Other.self)
    }
}

extension PredicateExpressions.FoldedStringContains: StandardPredicateExpression
where Root: StandardPredicateExpression, Other: StandardPredicateExpression {}
