import FoundationEssentials

/// A query on the trigram search index (the `recipe_search` FTS5 table) that every recipe a
/// predicate accepts must satisfy. It never decides a match; it lets SQLite start from the
/// few recipes that contain the right trigrams instead of reading every row.
indirect enum SearchIndexQuery: Equatable {
    /// The document contains every one of these three-character strings.
    case trigrams([String])
    case and(SearchIndexQuery, SearchIndexQuery)
    case or(SearchIndexQuery, SearchIndexQuery)

    /// The trigrams of a folded needle; nil when it is shorter than three characters, which
    /// the index cannot look up (such needles are checked row by row).
    init?(foldedNeedle: String) {
        let scalars = Array(foldedNeedle.unicodeScalars)
        guard scalars.count >= 3 else { return nil }
        var seen = Set<String>()
        var trigrams: [String] = []
        for start in 0...(scalars.count - 3) {
            var trigram = String.UnicodeScalarView()
            trigram.append(contentsOf: scalars[start..<start + 3])
            let text = String(trigram)
            if seen.insert(text).inserted { trigrams.append(text) }
        }
        self = .trigrams(trigrams)
    }

    /// FTS5 query syntax: each trigram a quoted string (quotes doubled), combined with AND/OR.
    var matchExpression: String {
        switch self {
        case .trigrams(let trigrams):
            let terms = trigrams.map { "\"" + $0.replacing("\"", with: "\"\"") + "\"" }
            return terms.count == 1 ? terms[0] : "(" + terms.joined(separator: " AND ") + ")"
        case .and(let lhs, let rhs):
            return "(\(lhs.matchExpression) AND \(rhs.matchExpression))"
        case .or(let lhs, let rhs):
            return "(\(lhs.matchExpression) OR \(rhs.matchExpression))"
        }
    }

    static func and(_ lhs: SearchIndexQuery?, _ rhs: SearchIndexQuery?) -> SearchIndexQuery? {
        switch (lhs, rhs) {
        case let (l?, r?): l == r ? l : .and(l, r)
        case let (l?, nil): l
        case let (nil, r?): r
        case (nil, nil): nil
        }
    }

    /// Only when both sides need the index can the index narrow their disjunction.
    static func or(_ lhs: SearchIndexQuery?, _ rhs: SearchIndexQuery?) -> SearchIndexQuery? {
        guard let lhs, let rhs else { return nil }
        return lhs == rhs ? lhs : .or(lhs, rhs)
    }
}

/// A predicate node that implies a search-index query.
protocol SearchIndexFilterable {
    func searchIndexQuery(_ translator: SQLTranslator) -> SearchIndexQuery?
}

extension PredicateExpressions.FoldedStringContains: SearchIndexFilterable {
    func searchIndexQuery(_ translator: SQLTranslator) -> SearchIndexQuery? {
        guard let constant = other as? PredicateExpressions.Value<String>,
              let text = try? translator.translate(root), text.inSearchIndex else { return nil }
        return SearchIndexQuery(foldedNeedle: TextMatching.fold(constant.value))
    }
}

extension PredicateExpressions.Conjunction: SearchIndexFilterable {
    func searchIndexQuery(_ translator: SQLTranslator) -> SearchIndexQuery? {
        .and(translator.searchIndexQuery(lhs), translator.searchIndexQuery(rhs))
    }
}

extension PredicateExpressions.Disjunction: SearchIndexFilterable {
    func searchIndexQuery(_ translator: SQLTranslator) -> SearchIndexQuery? {
        .or(translator.searchIndexQuery(lhs), translator.searchIndexQuery(rhs))
    }
}

extension PredicateExpressions.SequenceContainsWhere: SearchIndexFilterable {
    // Ingredient text is in the recipe's document, so a matching ingredient implies it.
    func searchIndexQuery(_ translator: SQLTranslator) -> SearchIndexQuery? {
        guard case .ingredients? = try? translator.translate(sequence).shape else { return nil }
        let alias = translator.newIngredientAlias()
        return translator.binding(variable.key, to: SQLFragment(sql: alias, shape: .ingredient(alias: alias))) {
            translator.searchIndexQuery(test)
        }
    }
}

extension PredicateExpressions.PredicateCombination: SearchIndexFilterable {
    func searchIndexQuery(_ translator: SQLTranslator) -> SearchIndexQuery? {
        guard op != .andNot, let input = try? translator.value(of: variable.key) else { return nil }
        let left = translator.binding(lhs.variable.key, to: input) { translator.searchIndexQuery(lhs.expression) }
        let right = translator.binding(rhs.variable.key, to: input) { translator.searchIndexQuery(rhs.expression) }
        return op == .and ? .and(left, right) : .or(left, right)
    }
}
