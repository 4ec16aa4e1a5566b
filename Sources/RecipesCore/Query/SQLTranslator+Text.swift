import FoundationEssentials

// String matching, through the SQL functions that keep Swift's semantics (TextMatching).

extension PredicateExpressions.CollectionContainsCollection: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        try translator.textFunction("swift_contains", base, other)
    }
}

extension PredicateExpressions.SequenceStartsWith: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        try translator.textFunction("swift_starts_with", base, prefix)
    }
}

extension PredicateExpressions.FoldedStringContains: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        let text = try translator.translate(root)
        guard text.shape == .text else { throw UntranslatableNode(node: "localizedStandardContains") }
        // A constant needle is folded once here rather than once per row.
        let needle: String
        if let constant = other as? PredicateExpressions.Value<String> {
            needle = translator.bind(.text(TextMatching.fold(constant.value)))
        } else {
            let other = try translator.translate(other)
            guard other.shape == .text else { throw UntranslatableNode(node: "localizedStandardContains") }
            needle = "recipes_fold(\(other.sql))"
        }
        return SQLFragment(sql: "folded_contains(\(text.sql), \(needle))", shape: .condition, nullable: text.nullable)
    }
}

extension SQLTranslator {
    func textFunction(_ function: String, _ lhs: Any, _ rhs: Any) throws -> SQLFragment {
        let left = try translate(lhs), right = try translate(rhs)
        guard left.shape == .text, right.shape == .text else { throw UntranslatableNode(node: function) }
        return SQLFragment(sql: "\(function)(\(left.sql), \(right.sql))", shape: .condition,
                           nullable: left.nullable || right.nullable)
    }
}
