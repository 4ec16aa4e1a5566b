import FoundationEssentials

// `nil` literals, and force unwraps where a guard has ruled nil out.

extension PredicateExpressions.NilLiteral: SQLTranslatable {
    // `$0.plannedDate == nil` compiles to a NilLiteral, not a Value holding nil.
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        guard let shape = SQLTranslator.shape(of: Wrapped.self) else { throw UntranslatableNode(node: "NilLiteral<\(Wrapped.self)>") }
        return SQLFragment(sql: "NULL", shape: shape, nullable: true, constant: .null)
    }
}

extension PredicateExpressions.ForcedUnwrap: SQLTranslatable {
    /// Exact only where a guard (`x != nil &&`, `x == nil ||`, a ternary on `x != nil`) rules
    /// nil out: the plain column then keeps the planned-date index usable. Elsewhere Swift
    /// throws on nil, so the predicate is left to memory, which throws the same way.
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        let wrapped = try translator.translate(inner)
        guard wrapped.shape.isScalar, !wrapped.nullable || translator.isKnownNonNull(wrapped.sql) else {
            throw UntranslatableNode(node: "ForcedUnwrap")
        }
        var unwrapped = wrapped
        unwrapped.nullable = false
        return unwrapped
    }
}

extension SQLTranslator {
    /// The SQL of the side compared with a nil constant, or nil when neither side is one.
    func comparedWithNil(_ lhs: Any, _ rhs: Any) -> String? {
        guard let left = probe(lhs), let right = probe(rhs) else { return nil }
        if left.constant == .null, right.constant == nil { return right.sql }
        if right.constant == .null, left.constant == nil { return left.sql }
        return nil
    }

    func nilFacts(_ node: Any, when holds: Bool) -> Set<String> {
        (node as? any SQLTranslatable)?.nonNullColumns(self, when: holds) ?? []
    }
}

extension PredicateExpressions.NotEqual {
    func nonNullColumns(_ translator: SQLTranslator, when holds: Bool) -> Set<String> {
        guard holds, let column = translator.comparedWithNil(lhs, rhs) else { return [] }
        return [column]
    }
}

extension PredicateExpressions.Equal {
    func nonNullColumns(_ translator: SQLTranslator, when holds: Bool) -> Set<String> {
        guard !holds, let column = translator.comparedWithNil(lhs, rhs) else { return [] }
        return [column]
    }
}

extension PredicateExpressions.Conjunction {
    func nonNullColumns(_ translator: SQLTranslator, when holds: Bool) -> Set<String> {
        holds ? translator.nilFacts(lhs, when: true).union(translator.nilFacts(rhs, when: true)) : []
    }
}

extension PredicateExpressions.Disjunction {
    func nonNullColumns(_ translator: SQLTranslator, when holds: Bool) -> Set<String> {
        holds ? [] : translator.nilFacts(lhs, when: false).union(translator.nilFacts(rhs, when: false))
    }
}

extension PredicateExpressions.Negation {
    func nonNullColumns(_ translator: SQLTranslator, when holds: Bool) -> Set<String> {
        translator.nilFacts(wrapped, when: !holds)
    }
}
