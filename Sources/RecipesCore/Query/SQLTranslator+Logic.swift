import FoundationEssentials

// Boolean structure: AND, OR, NOT, the ternary, and the library's predicate combinator.

extension PredicateExpressions.Conjunction: SQLTranslatable {
    // Swift evaluates the right side only where the left holds; where it does not, AND is
    // false whatever the right side gives, so the right side may rely on the left.
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        let left = try translator.condition(lhs)
        let right = try translator.assuming(lhs, holds: true) { try translator.condition(rhs) }
        return SQLFragment(sql: "(\(left) AND \(right))", shape: .condition)
    }

    // A side that cannot be narrowed is dropped: the rest still holds wherever both do.
    func narrow(_ translator: SQLTranslator) -> SQLFragment? {
        SQLTranslator.and(translator.narrow(lhs), translator.narrow(rhs))
    }
}

extension PredicateExpressions.Disjunction: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        let left = try translator.condition(lhs)
        let right = try translator.assuming(lhs, holds: false) { try translator.condition(rhs) }
        return SQLFragment(sql: "(\(left) OR \(right))", shape: .condition)
    }

    func narrow(_ translator: SQLTranslator) -> SQLFragment? {
        SQLTranslator.or(translator.narrow(lhs), translator.narrow(rhs))
    }
}

extension PredicateExpressions.Negation: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        SQLFragment(sql: "(NOT \(try translator.condition(wrapped)))", shape: .condition)
    }
}

extension PredicateExpressions.Conditional: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        let condition = try translator.condition(test)
        let whenTrue = try translator.assuming(test, holds: true) { try translator.translate(trueBranch) }
        let whenFalse = try translator.assuming(test, holds: false) { try translator.translate(falseBranch) }
        // Rows and ingredient lists are not values SQL can choose between.
        guard whenTrue.shape == whenFalse.shape, whenTrue.shape.isScalar else {
            throw UntranslatableNode(node: "Conditional")
        }
        return SQLFragment(sql: "(CASE WHEN \(condition) THEN \(whenTrue.sql) ELSE \(whenFalse.sql) END)",
                           shape: whenTrue.shape, nullable: whenTrue.nullable || whenFalse.nullable)
    }
}

extension PredicateExpressions.PredicateCombination: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        let input = try translator.value(of: variable.key)
        let left = try translator.binding(lhs.variable.key, to: input) { try translator.condition(lhs.expression) }
        switch op {
        case .andNot:
            return SQLFragment(sql: "(NOT \(left))", shape: .condition)
        case .and, .or:
            let right = try translator.binding(rhs.variable.key, to: input) { try translator.condition(rhs.expression) }
            return SQLFragment(sql: "(\(left) \(op == .and ? "AND" : "OR") \(right))", shape: .condition)
        }
    }

    func narrow(_ translator: SQLTranslator) -> SQLFragment? {
        guard let input = try? translator.value(of: variable.key) else { return nil }
        let left = translator.binding(lhs.variable.key, to: input) { translator.narrow(lhs.expression) }
        switch op {
        case .andNot: return nil
        case .and, .or:
            let right = translator.binding(rhs.variable.key, to: input) { translator.narrow(rhs.expression) }
            return op == .and ? SQLTranslator.and(left, right) : SQLTranslator.or(left, right)
        }
    }
}

extension SQLTranslator {
    static func and(_ lhs: SQLFragment?, _ rhs: SQLFragment?) -> SQLFragment? {
        switch (lhs, rhs) {
        case let (l?, r?): SQLFragment(sql: "(\(l.sql) AND \(r.sql))", shape: .condition)
        case let (l?, nil): l
        case let (nil, r?): r
        case (nil, nil): nil
        }
    }

    /// Either side may hold, so both must narrow for the whole to narrow.
    static func or(_ lhs: SQLFragment?, _ rhs: SQLFragment?) -> SQLFragment? {
        guard let lhs, let rhs else { return nil }
        return SQLFragment(sql: "(\(lhs.sql) OR \(rhs.sql))", shape: .condition)
    }
}

extension SQLFragment.Shape {
    var isScalar: Bool {
        switch self {
        case .condition, .text, .number, .date, .identifier: true
        case .recipe, .ingredient, .ingredients, .planEntry: false
        }
    }
}
