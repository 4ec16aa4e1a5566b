import FoundationEssentials

/// A query on the word index (the `recipe_words` FTS5 table) that every recipe a predicate
/// accepts must satisfy. It never decides a match; it lets SQLite start from the recipes
/// that hold the right words instead of reading every row.
///
/// The index holds each recipe's folded text (see ``SearchDocument``) cut into words by
/// FTS5's `ascii` tokenizer: a word is a run of ASCII letters and digits and of any
/// non-ASCII characters; every other ASCII character separates words. That rule is simple
/// enough to apply to a needle here exactly as SQLite applies it to the text, so a needle
/// becomes its runs of word characters, and each run is a piece of some indexed word: the
/// whole word when separators surround it in the needle, its start or end when one does, and
/// anywhere inside it otherwise (`ffron` in `saffron`). Pieces that may sit inside a word are
/// turned into the matching words by a scan of the index's vocabulary (`search_word`), which
/// is small beside the text.
indirect enum SearchIndexQuery: Equatable {
    case word(WordPiece)
    /// Any of these whole words: one flat FTS5 OR, however many (an ingredient's names).
    case anyWord([String])
    case and(SearchIndexQuery, SearchIndexQuery)
    case or(SearchIndexQuery, SearchIndexQuery)

    /// A run of word characters from a needle and where it must sit in an indexed word.
    struct WordPiece: Equatable {
        enum Position: Equatable { case whole, start, end, inside }
        let text: String
        let position: Position
    }

    /// The pieces of a folded needle, AND-ed; nil when it has none the index can look up:
    /// only separators, or a single character inside a word, which nearly every word
    /// contains (such needles are checked row by row).
    init?(foldedNeedle: String) {
        let bytes = Array(foldedNeedle.utf8)
        var pieces: [WordPiece] = []
        var start = 0
        while start < bytes.count {
            guard Self.isWordByte(bytes[start]) else {
                start += 1
                continue
            }
            var end = start
            while end < bytes.count && Self.isWordByte(bytes[end]) { end += 1 }
            let text = String(decoding: bytes[start..<end], as: UTF8.self)
            let position: WordPiece.Position = switch (start > 0, end < bytes.count) {
            case (true, true): .whole
            case (true, false): .start
            case (false, true): .end
            case (false, false): .inside
            }
            if position != .inside || text.unicodeScalars.count > 1 {
                pieces.append(WordPiece(text: text, position: position))
            }
            start = end
        }
        guard let first = pieces.first else { return nil }
        self = pieces.dropFirst().reduce(.word(first)) { .and($0, .word($1)) }
    }

    /// Word characters of FTS5's `ascii` tokenizer: ASCII letters and digits, and every byte
    /// of a non-ASCII character.
    static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
    }

    /// An SQL expression whose value is the FTS5 query, with the pieces bound through `bind`.
    /// Whole words and word starts are plain FTS5 terms and prefixes; the other pieces read
    /// the vocabulary, and a piece no word contains becomes an empty phrase, which matches
    /// nothing.
    func matchExpression(_ bind: (SQLiteValue) -> String) -> String {
        switch self {
        case .word(let piece):
            // Pieces hold no ASCII punctuation, so no quote needs doubling.
            let quoted = "\"" + piece.text + "\""
            switch piece.position {
            case .whole: return bind(.text(quoted))
            case .start: return bind(.text(quoted + " *"))
            case .end, .inside:
                let text = bind(.text(piece.text))
                let test = piece.position == .end ? "substr(word, -length(\(text))) = \(text)" : "instr(word, \(text)) > 0"
                return "coalesce((SELECT '(' || group_concat('\"' || word || '\"', ' OR ') || ')' FROM search_word WHERE \(test)), '\"\"')"
            }
        case .anyWord(let words):
            // Words hold no ASCII punctuation, so no quote needs doubling.
            return bind(.text("(" + words.map { "\"" + $0 + "\"" }.joined(separator: " OR ") + ")"))
        case .and(let lhs, let rhs):
            return "('(' || \(lhs.matchExpression(bind)) || ' AND ' || \(rhs.matchExpression(bind)) || ')')"
        case .or(let lhs, let rhs):
            return "('(' || \(lhs.matchExpression(bind)) || ' OR ' || \(rhs.matchExpression(bind)) || ')')"
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

extension PredicateExpressions.FoldedStringContains {
    func searchIndexQuery(_ translator: SQLTranslator) -> SearchIndexQuery? {
        guard let constant = other as? PredicateExpressions.Value<String>,
              let text = try? translator.translate(root), text.inSearchIndex else { return nil }
        return SearchIndexQuery(foldedNeedle: TextMatching.fold(constant.value))
    }
}

extension PredicateExpressions.Conjunction {
    func searchIndexQuery(_ translator: SQLTranslator) -> SearchIndexQuery? {
        .and(translator.searchIndexQuery(lhs), translator.searchIndexQuery(rhs))
    }
}

extension PredicateExpressions.Disjunction {
    func searchIndexQuery(_ translator: SQLTranslator) -> SearchIndexQuery? {
        .or(translator.searchIndexQuery(lhs), translator.searchIndexQuery(rhs))
    }
}

extension PredicateExpressions.SequenceContainsWhere {
    // Ingredient text is in the recipe's document, so a matching ingredient implies it.
    func searchIndexQuery(_ translator: SQLTranslator) -> SearchIndexQuery? {
        guard case .ingredients? = try? translator.translate(sequence).shape else { return nil }
        let alias = translator.newIngredientAlias()
        return translator.binding(variable.key, to: SQLFragment(sql: alias, shape: .ingredient(alias: alias))) {
            translator.searchIndexQuery(test)
        }
    }
}

extension PredicateExpressions.PredicateCombination {
    func searchIndexQuery(_ translator: SQLTranslator) -> SearchIndexQuery? {
        guard op != .andNot, let input = try? translator.value(of: variable.key) else { return nil }
        let left = translator.binding(lhs.variable.key, to: input) { translator.searchIndexQuery(lhs.expression) }
        let right = translator.binding(rhs.variable.key, to: input) { translator.searchIndexQuery(rhs.expression) }
        return op == .and ? .and(left, right) : .or(left, right)
    }
}

// MARK: - Where the index alone is exact

extension PredicateExpressions.Conjunction {
    var isConjunction: Bool { true }
}

extension PredicateExpressions.PredicateCombination {
    var isConjunction: Bool { op == .and }
}

/// What a tree of `||` of `localizedStandardContains` tests on text fields tests: which
/// fields, and the folded needles.
struct SearchFieldTests {
    /// `recipe.<column>` or `ingredient.<column>`.
    var fields: Set<String> = []
    var needles: Set<String> = []
}

extension PredicateExpressions.Disjunction {
    var isSearchIndexFieldTest: Bool { true }

    func collectFieldTests(_ translator: SQLTranslator, scope: String, into tests: inout SearchFieldTests) -> Bool {
        translator.collectFieldTests(lhs, scope: scope, into: &tests) && translator.collectFieldTests(rhs, scope: scope, into: &tests)
    }
}

extension PredicateExpressions.FoldedStringContains {
    var isSearchIndexFieldTest: Bool { true }

    func collectFieldTests(_ translator: SQLTranslator, scope: String, into tests: inout SearchFieldTests) -> Bool {
        guard let constant = other as? PredicateExpressions.Value<String>, let text = translator.probe(root),
              text.shape == .text, text.inSearchIndex, text.sql.hasPrefix(scope + ".") else { return false }
        let owner = scope == SQLTranslator.recipeAlias ? "recipe" : "ingredient"
        tests.fields.insert(owner + text.sql.dropFirst(scope.count))
        tests.needles.insert(TextMatching.fold(constant.value))
        return true
    }
}

extension PredicateExpressions.SequenceContainsWhere {
    var isSearchIndexFieldTest: Bool { true }

    // Only the recipe's own ingredients, tested on their own fields: a test of the recipe
    // inside `contains { }` is false for a recipe without ingredients.
    func collectFieldTests(_ translator: SQLTranslator, scope: String, into tests: inout SearchFieldTests) -> Bool {
        guard scope == SQLTranslator.recipeAlias, case .ingredients(let recipeAlias)? = translator.probe(sequence)?.shape,
              recipeAlias == scope else { return false }
        let alias = translator.newIngredientAlias()
        return translator.binding(variable.key, to: SQLFragment(sql: alias, shape: .ingredient(alias: alias))) {
            translator.collectFieldTests(test, scope: alias, into: &tests)
        }
    }
}

extension SearchIndexQuery {
    /// True unless the index holds a word of 32,768 bytes or more. FTS5 keeps only a word's
    /// first 32,768 bytes, so two such words that start alike are one word to it; below that
    /// length every word is itself. Constant, so SQLite evaluates it once per query, from the
    /// partial index `search_word_long` (migration 14), which holds only such words.
    static let exactnessGuard = "NOT EXISTS (SELECT 1 FROM search_word WHERE length(CAST(word AS BLOB)) >= 32768)"

    /// The index columns: what ``SearchDocument`` folds into a recipe's document.
    static let indexedFields: Set<String> = {
        // From the column lists, not the key path tables: this needs no key path.
        let recipe = RecipeRecord.columns.compactMap(\.mapping).filter(\.inSearchIndex).map { "recipe" + $0.sql(alias: "") }
        let ingredient = RecipeRecord.IngredientRecord.columns.compactMap(\.mapping).filter(\.inSearchIndex).map { "ingredient" + $0.sql(alias: "") }
        return Set(recipe + ingredient)
    }()
}

extension SQLTranslator {
    func collectFieldTests(_ node: Any, scope: String, into tests: inout SearchFieldTests) -> Bool {
        (node as? any SQLTranslatable)?.collectFieldTests(self, scope: scope, into: &tests) ?? false
    }

    /// True when the search-index query of `node` (a test of the fetched recipe) holds exactly
    /// where `node` does, so that no row needs checking. That is the case for "the needle
    /// occurs in the name, the summary, the instructions or an ingredient's name or amount"
    /// (every field of the index, ``RecipePredicates/search(_:)``'s test for one word) when
    /// the folded needle is one run of word characters, at least two characters long.
    ///
    /// Proof. The query is then the OR of every listed word (`search_word`) that contains
    /// the needle `n`. A recipe's document is its fields, each folded as the row check folds
    /// it and ended by a line break, cut into words at every ASCII character that is not a
    /// letter or digit. If a field's folded text contains `n`, that occurrence holds only word
    /// characters, so it lies inside one word of that field, which is in the document and in
    /// `search_word` (every write lists its words before it commits): the query holds.
    /// Conversely, if the document has a word containing `n`, that word lies inside one field
    /// (line breaks separate fields), so that field contains `n`: the node holds (a needle in
    /// the folded text is what `localizedStandardContains` tests; its ASCII shortcut finds
    /// only what the folded text has). FTS5 matches the listed words as they are only below
    /// its word length limit, hence ``SearchIndexQuery/exactnessGuard``. A needle with any
    /// other character is not decided: a word start in the index need not follow the
    /// character before it in the needle (`a-b` against `a b`), so those rows are checked.
    func searchIndexDecides(_ node: Any) -> Bool {
        guard (node as? any SQLTranslatable)?.isSearchIndexFieldTest == true else { return false }
        var tests = SearchFieldTests()
        guard collectFieldTests(node, scope: Self.recipeAlias, into: &tests), tests.fields == SearchIndexQuery.indexedFields,
              tests.needles.count == 1, let needle = tests.needles.first else { return false }
        return SearchIndexQuery(foldedNeedle: needle) == .word(.init(text: needle, position: .inside))
    }
}
