import FoundationEssentials

// Variables, constants, comparisons, and optionals.

extension PredicateExpressions.Variable: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        try translator.value(of: key)
    }
}

extension PredicateExpressions.Value: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        guard let (value, shape) = SQLTranslator.sqlValue(value, type: Output.self) else {
            throw UntranslatableNode(node: "Value<\(Output.self)>")
        }
        return SQLFragment(sql: translator.bind(value), shape: shape, nullable: value == .null, constant: value)
    }
}

extension SQLTranslator {
    /// The SQL form of a Swift constant, typed by its static type so that `nil` has a shape.
    static func sqlValue(_ value: Any, type: Any.Type) -> (SQLiteValue, SQLFragment.Shape)? {
        guard let shape = shape(of: type) else { return nil }
        if let optional = value as? any OptionalValue, optional.isNone { return (.null, shape) }
        let unwrapped = (value as? any OptionalValue)?.wrappedAny ?? value
        switch unwrapped {
        case let text as String: return (.text(text), shape)
        case let date as Date: return (.real(date.timeIntervalSinceReferenceDate), shape)
        case let flag as Bool: return (.integer(flag ? 1 : 0), shape)
        case let number as Int: return (.integer(Int64(number)), shape)
        case let number as Double: return (.real(number), shape)
        case let id as UUID: return (.text(id.uuidString), shape)
        case let order as ComparisonResult: return (.integer(Int64(order.rawValue)), shape)
        default: return nil
        }
    }

    static func shape(of type: Any.Type) -> SQLFragment.Shape? {
        switch type {
        case is String.Type, is String?.Type: .text
        case is Date.Type, is Date?.Type: .date
        case is Bool.Type, is Bool?.Type: .condition
        case is Int.Type, is Int?.Type, is Double.Type, is Double?.Type, is ComparisonResult.Type: .number
        case is UUID.Type, is UUID?.Type: .identifier
        // A plan entry's repeat is stored as its RRULE text; only nil is compared with it.
        case is RepeatRule.Type, is RepeatRule?.Type: .text
        default: nil
        }
    }
}

/// Lets a constant of unknown type be checked for `nil`.
protocol OptionalValue {
    var isNone: Bool { get }
    var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
    var isNone: Bool { self == nil }
    var wrappedAny: Any? {
        switch self {
        case .some(let wrapped): wrapped
        case .none: nil
        }
    }
}

extension PredicateExpressions.Equal: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        try translator.equality(lhs, rhs, negated: false)
    }
}

extension PredicateExpressions.NotEqual: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        try translator.equality(lhs, rhs, negated: true)
    }
}

extension PredicateExpressions.Comparison: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        let left = try translator.translate(lhs), right = try translator.translate(rhs)
        guard left.shape == right.shape, [.text, .number, .date, .identifier].contains(left.shape) else {
            throw UntranslatableNode(node: "Comparison")
        }
        let symbol = switch op {
        case .lessThan: "<"
        case .lessThanOrEqual: "<="
        case .greaterThan: ">"
        case .greaterThanOrEqual: ">="
        }
        if let decided = SQLTranslator.decidedCoalescedComparison(left, symbol, right) { return decided }
        return SQLFragment(sql: "(\(left.sql) \(symbol) \(right.sql)\(SQLTranslator.collation(left.shape)))",
                           shape: .condition, nullable: left.nullable || right.nullable)
    }
}

extension SQLTranslator {
    func equality(_ lhs: Any, _ rhs: Any, negated: Bool) throws -> SQLFragment {
        let left = try translate(lhs), right = try translate(rhs)
        guard left.shape == right.shape, left.shape.isScalar else { throw UntranslatableNode(node: "Equal") }
        // IS treats NULL as a value, as Swift's == treats nil.
        let symbol = (left.nullable || right.nullable) ? (negated ? "IS NOT" : "IS") : (negated ? "<>" : "=")
        return SQLFragment(sql: "(\(left.sql) \(symbol) \(right.sql)\(Self.collation(left.shape)))", shape: .condition)
    }

    /// `(x ?? c) > v` with constants `c` and `v`: whether `c > v` holds is known now, so the
    /// comparison becomes `x IS NOT NULL AND x > v` (or `x IS NULL OR x > v`). Same result,
    /// but SQLite can then answer it from the partial index on planned dates.
    static func decidedCoalescedComparison(_ left: SQLFragment, _ symbol: String, _ right: SQLFragment) -> SQLFragment? {
        guard let (value, fallback) = left.coalesced, let constant = right.constant,
              let order = compare(fallback, constant) else { return nil }
        let holds = switch symbol {
        case "<": order < 0
        case "<=": order <= 0
        case ">": order > 0
        default: order >= 0
        }
        let comparison = "\(value) \(symbol) \(right.sql)\(collation(left.shape))"
        let sql = holds ? "(\(value) IS NULL OR \(comparison))" : "(\(value) IS NOT NULL AND \(comparison))"
        return SQLFragment(sql: sql, shape: .condition)
    }

    /// Compares two constants as the predicate would, or nil when they are not comparable.
    static func compare(_ lhs: SQLiteValue, _ rhs: SQLiteValue) -> Int? {
        func number(_ value: SQLiteValue) -> Double? {
            switch value {
            case .integer(let number): Double(number)
            case .real(let number): number
            default: nil
            }
        }
        if let l = number(lhs), let r = number(rhs) { return l < r ? -1 : (l > r ? 1 : 0) }
        if case .text(let l) = lhs, case .text(let r) = rhs {
            var l = l, r = r
            return Int(l.withUTF8 { lb in r.withUTF8 { rb in TextMatching.compare(lb, rb) } })
        }
        return nil
    }

    /// Text compares with Swift's String semantics (canonical equivalence), not bytes.
    static func collation(_ shape: SQLFragment.Shape) -> String {
        shape == .text ? " COLLATE swift" : ""
    }

    /// What an ORDER BY sorts a value by. Text sorts by its NFC form in byte order, which is
    /// Swift's order (String `<` compares the scalars of NFC forms, and UTF-8 keeps scalar
    /// order): the same order `COLLATE swift` gives, with one call per row instead of one per
    /// comparison, which let SQLite's own text comparison do the sorting (`search salt` at
    /// 100,000 recipes: a sort through the collation was a fifth of the process).
    static func sortTerm(_ sql: String, _ shape: SQLFragment.Shape) -> String {
        shape == .text ? "recipes_sort_text(\(sql))" : sql
    }
}

extension PredicateExpressions.NilCoalesce: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        let left = try translator.translate(lhs), right = try translator.translate(rhs)
        guard left.shape == right.shape, left.shape.isScalar else { throw UntranslatableNode(node: "NilCoalesce") }
        var fragment = SQLFragment(sql: "COALESCE(\(left.sql), \(right.sql))", shape: left.shape, nullable: right.nullable)
        if let fallback = right.constant, fallback != .null { fragment.coalesced = (left.sql, fallback) }
        return fragment
    }
}

extension PredicateExpressions.OptionalFlatMap: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        let input = try translator.translate(wrapped)
        let result = try translator.binding(variable.key, to: SQLFragment(sql: input.sql, shape: input.shape)) {
            try translator.translate(transform)
        }
        guard result.shape.isScalar else { throw UntranslatableNode(node: "OptionalFlatMap") }
        let present: String
        switch input.shape {
        case .recipe(let alias, let varieties):
            present = SQLTranslator.kindCondition(alias: alias, varieties)
        default:
            present = "\(input.sql) IS NOT NULL"
        }
        return SQLFragment(sql: "(CASE WHEN \(present) THEN \(result.sql) END)", shape: result.shape, nullable: true)
    }
}
