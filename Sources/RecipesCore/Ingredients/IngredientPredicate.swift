import FoundationEssentials
import Synchronization

extension RecipePredicates {
    /// Recipes with an ingredient line the vocabulary reads as `identity` or a kind of it:
    /// "egg" finds "2 large eggs, beaten" and "Eier", not "eggplant"; "cheese" finds cheddar.
    /// Runs as SQL: the word index narrows to recipes holding one of the ingredient's names,
    /// and the SQL function `recipes_ingredient_is` reads their lines with
    /// ``IngredientVocabulary/active``.
    ///
    /// ```swift
    /// let eggs = FetchDescriptor<Recipe>(predicate: RecipePredicates.usingIngredient("egg"))
    /// ```
    public static func usingIngredient(_ identity: String) -> Predicate<Recipe> {
        Predicate<Recipe> { recipe in PredicateExpressions.RecipeUsesIngredient(recipe: recipe, identity: identity) }
    }
}

extension RecipePredicates {
    /// Recipes using the ingredient a user names: an identity of ``IngredientVocabulary/active``
    /// with its kinds ("flour" is every flour), else as the vocabulary reads a line ("eggs",
    /// "Eier" and "egg" are egg; "salt and pepper" both, "butter or margarine" either); a name
    /// it does not know is looked for in the ingredient lines' names, case and
    /// accents aside. Nil for a name without letters or digits.
    public static func usingIngredient(named text: String) -> Predicate<Recipe>? {
        // A search for an identity itself is for it and its kinds: "flour" finds every flour,
        // though a recipe's "flour" means all-purpose flour. Known without making the vocabulary.
        let typed = IngredientVocabulary.identityKey(text)
        if IngredientReadings.shared.knowsIdentity(typed) { return usingIngredient(typed) }
        let reading = IngredientVocabulary.active.reading(of: text)
        guard let first = reading.identities.first else {
            guard text.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
            return #Predicate<Recipe> { recipe in recipe.ingredients.contains { $0.name.localizedStandardContains(text) } }
        }
        return reading.identities.dropFirst().reduce(usingIngredient(first)) { combined, identity in
            reading.isAlternatives ? combined || usingIngredient(identity) : combined && usingIngredient(identity)
        }
    }
}

extension IngredientVocabulary {
    /// The vocabulary predicates and the store's SQL read ingredient lines with: the built-in
    /// one unless a program sets its own (the `recipes` command sets the one its configuration
    /// file extends). Setting it forgets the readings remembered with the previous one.
    public static var active: IngredientVocabulary {
        get { IngredientReadings.shared.vocabulary }
        set { IngredientReadings.shared.vocabulary = newValue }
    }

    /// Makes the built-in vocabulary extended by a configuration file the active one, the
    /// file's text and path got from `configuration` (nil: none) only when first needed, and
    /// the vocabulary made only when a line is to be read: a program that reads no line (a
    /// status bar's `next`) reads no file, and a search by ingredient in a store whose lines
    /// were read already knows the fingerprint and the identities without making it. A file
    /// whose `ingredient.` lines cannot be read leaves the built-in one.
    package static func activate(configuration: @escaping @Sendable () -> (text: String, path: String)?) {
        IngredientReadings.shared.activate(configuration)
    }

    /// The active vocabulary's fingerprint, without making it.
    package static var activeFingerprint: String {
        IngredientReadings.shared.fingerprint
    }
}

/// The active vocabulary and the readings made with it, remembered by name: a store's lines
/// repeat ("salt", "2 eggs"), and SQL asks once per line of every candidate recipe.
final class IngredientReadings: Sendable {
    static let shared = IngredientReadings()

    private struct State {
        /// Nil until first asked for, when it is made from the configuration (else the
        /// built-in one).
        var made: IngredientVocabulary?
        /// Where the configuration comes from; nil for none.
        var source: (@Sendable () -> (text: String, path: String)?)?
        /// The configuration, once got from `source`.
        var loaded: (text: String, path: String)??
        var identities: [String: [String]] = [:]

        var configuration: (text: String, path: String)? {
            mutating get {
                if let loaded { return loaded }
                let read = source?()
                loaded = .some(read)
                return read
            }
        }

        var vocabulary: IngredientVocabulary {
            mutating get {
                if let made { return made }
                let vocabulary = configuration.flatMap { try? IngredientVocabulary(configuration: $0.text, path: $0.path) } ?? .builtIn
                made = vocabulary
                return vocabulary
            }
        }

        /// The fingerprint of what `vocabulary` makes, without making it.
        var fingerprint: String {
            mutating get {
                if let made { return made.fingerprint }
                let configuration = configuration
                return IngredientVocabulary.fingerprint(configuration: configuration?.text, path: configuration?.path ?? "")
            }
        }
    }

    private let state = Mutex(State())

    /// Readings remembered at most; past it the memory starts again.
    private static let remembered = 50_000

    var vocabulary: IngredientVocabulary {
        get { state.withLock { $0.vocabulary } }
        set { state.withLock { $0 = State(made: newValue) } }
    }

    func activate(_ configuration: @escaping @Sendable () -> (text: String, path: String)?) {
        state.withLock { $0 = State(source: configuration) }
    }

    /// Whether `identity` is one of the active vocabulary's, made or not.
    func knowsIdentity(_ identity: String) -> Bool {
        state.withLock { state in
            if let made = state.made { return made.entry(for: identity) != nil }
            if IngredientVocabulary.isBuiltInIdentity(identity) { return true }
            return state.configuration.map { IngredientVocabulary.identities(configuration: $0.text, path: $0.path).contains(identity) } ?? false
        }
    }

    var fingerprint: String {
        state.withLock { $0.fingerprint }
    }

    /// Whether the line `name` names `identity` or a kind of it.
    func reads(_ name: String, as identity: String) -> Bool {
        state.withLock { state in
            let identities: [String]
            if let known = state.identities[name] {
                identities = known
            } else {
                identities = state.vocabulary.reading(of: name).identities
                if state.identities.count >= Self.remembered { state.identities.removeAll(keepingCapacity: true) }
                state.identities[name] = identities
            }
            return identities.contains { state.vocabulary.isKind($0, of: identity) }
        }
    }
}

extension PredicateExpressions {
    /// Whether an ingredient's name reads as an ingredient or a kind of it, with the active
    /// vocabulary (``RecipePredicates/usingIngredient(_:)`` builds it).
    public struct IngredientNameIs<Name: PredicateExpression>: PredicateExpression, Sendable, Codable
    where Name.Output == String, Name: Sendable, Name: Codable {
        /// Whether the name reads as the identity.
        public typealias Output = Bool
        /// The ingredient line's name.
        public let name: Name
        /// The ingredient asked for ("egg").
        public let identity: String

        /// Whether `name` reads as `identity`.
        public init(name: Name, identity: String) {
            self.name = name
            self.identity = identity
        }

        /// Reads the name with the active vocabulary.
        public func evaluate(_ bindings: PredicateBindings) throws -> Bool {
            IngredientReadings.shared.reads(try name.evaluate(bindings), as: identity)
        }
    }
}

extension PredicateExpressions.IngredientNameIs: StandardPredicateExpression where Name: StandardPredicateExpression {}

extension PredicateExpressions {
    /// Whether a recipe has an ingredient line that reads as an ingredient or a kind of it,
    /// with the active vocabulary: what `recipe.ingredients.contains { IngredientNameIs(...) }`
    /// says, as one node (``RecipePredicates/usingIngredient(_:)`` builds it). The nested
    /// form's five generic types were made at run time from their names, with their
    /// requirements checked, in every process that searched by ingredient: a twelfth of
    /// `recipes search --ingredient`.
    public struct RecipeUsesIngredient: StandardPredicateExpression, Sendable, Codable {
        /// Whether some line reads as the identity.
        public typealias Output = Bool
        /// The recipe whose lines are read.
        public let recipe: PredicateExpressions.Variable<Recipe>
        /// The ingredient asked for ("egg").
        public let identity: String

        /// Whether `recipe` has a line that reads as `identity`.
        public init(recipe: PredicateExpressions.Variable<Recipe>, identity: String) {
            self.recipe = recipe
            self.identity = identity
        }

        /// Reads the recipe's lines with the active vocabulary.
        public func evaluate(_ bindings: PredicateBindings) throws -> Bool {
            try recipe.evaluate(bindings).ingredients.contains { IngredientReadings.shared.reads($0.name, as: identity) }
        }
    }
}

extension PredicateExpressions.RecipeUsesIngredient: SQLTranslatable {
    /// A lookup in the stored needs when they are current (see
    /// ``SQLTranslator/ingredientNeedCondition(in:variable:test:)``), else each line read by
    /// `recipes_ingredient_is`.
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        guard case .recipe(let alias, _) = try translator.translate(recipe).shape else { throw UntranslatableNode(node: "usingIngredient") }
        if translator.readsIngredientNeeds { return translator.storedNeedCondition(recipeAlias: alias, identity: identity) }
        let identity = translator.bind(.text(identity))
        let line = translator.newIngredientAlias()
        return SQLFragment(sql: "(EXISTS (SELECT 1 FROM ingredient \(line) WHERE \(line).recipe = \(alias).rowid AND recipes_ingredient_is(\(line).name, \(identity))))",
                           shape: .condition)
    }

    /// As for ``PredicateExpressions/IngredientNameIs``: one of the words of the
    /// ingredient's names narrows, unless the stored needs answer.
    func searchIndexQuery(_ translator: SQLTranslator) -> SearchIndexQuery? {
        translator.ingredientWordsQuery(identity)
    }
}

extension PredicateExpressions.IngredientNameIs: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        let text = try translator.translate(name)
        guard text.shape == .text else { throw UntranslatableNode(node: "usingIngredient") }
        return SQLFragment(sql: "recipes_ingredient_is(\(text.sql), \(translator.bind(.text(identity))))", shape: .condition, nullable: text.nullable)
    }

    /// A line that reads as the ingredient holds one of its names (or a kind's), each word
    /// of a name in the recipe's document: any of them, with its regular plurals, narrows
    /// (unless the stored needs answer: see ``SQLTranslator/ingredientNeedCondition(in:variable:test:)``).
    func searchIndexQuery(_ translator: SQLTranslator) -> SearchIndexQuery? {
        guard let text = try? translator.translate(name), text.inSearchIndex else { return nil }
        return translator.ingredientWordsQuery(identity)
    }
}

extension SQLTranslator {
    /// `recipe.ingredients.contains { IngredientNameIs($0.name, identity) }` as a lookup in
    /// the stored needs (`ingredient_need`, by its identity index) of the identity and its
    /// kinds (from the kinds stored with them), when they are current; nil for any other
    /// test, or when they are not.
    func ingredientNeedCondition(in sequence: Any, variable: PredicateExpressions.VariableID, test: Any) throws -> SQLFragment? {
        typealias LineName = PredicateExpressions.KeyPath<PredicateExpressions.Variable<Ingredient>, String>
        guard let test = test as? PredicateExpressions.IngredientNameIs<LineName>, test.name.root.key == variable,
              test.name.keyPath == \Ingredient.name, case .ingredients(let recipeAlias) = try translate(sequence).shape,
              readsIngredientNeeds else { return nil }
        return storedNeedCondition(recipeAlias: recipeAlias, identity: test.identity)
    }

    /// The recipe at `recipeAlias` has a stored need of `identity` or a kind of it.
    func storedNeedCondition(recipeAlias: String, identity: String) -> SQLFragment {
        SQLFragment(sql: "(\(recipeAlias).rowid IN (SELECT recipe FROM ingredient_need WHERE identity IN (\(RecipeStore.kindsSQL(of: bind(.text(identity)))))))",
                    shape: .condition)
    }

    /// What narrows a search for lines read as `identity` in the word index: any word of its
    /// names or its kinds' (``IngredientVocabulary/indexWords(of:)``); nil when the stored
    /// needs answer, or the vocabulary has no such ingredient.
    func ingredientWordsQuery(_ identity: String) -> SearchIndexQuery? {
        guard !readsIngredientNeeds else { return nil }
        let words = IngredientReadings.shared.vocabulary.indexWords(of: identity)
        return words.isEmpty ? nil : .anyWord(words)
    }
}

extension IngredientVocabulary {
    /// Words one of which, as the word index holds words, every line read as `identity` (or
    /// a kind of it) contains: the longest word of each of their names, and its regular
    /// plurals. Empty when the vocabulary has no such ingredient.
    package func indexWords(of identity: String) -> [String] {
        var words: Set<String> = []
        for entry in entries.values where isKind(entry.identity, of: identity) {
            for name in [entry.identity] + entry.names.values.joined() {
                let parts = Self.words(name)
                guard let longest = parts.max(by: { $0.count < $1.count }) else { continue }
                var forms = [longest] + Self.pluralEndings.map { longest + $0 }
                if longest.hasSuffix("y") { forms.append(longest.dropLast() + "ies") }
                words.formUnion(forms)
                // A typographic apostrophe is a word character to the index: "d’huile" is one
                // word there, so elided articles before a vowel or h are words of their own.
                if let first = longest.first, "aeiouh".contains(first) {
                    for article in Self.elidedArticles { words.formUnion(forms.map { article + $0 }) }
                }
            }
        }
        // Word-index words are runs of ASCII letters and digits or non-ASCII characters.
        return words.filter { $0.utf8.allSatisfy(SearchIndexQuery.isWordByte) }.sorted()
    }

    /// French and Italian articles and prepositions that elide before a vowel, folded, with
    /// the typographic apostrophe.
    static let elidedArticles = ["d\u{2019}", "l\u{2019}", "dell\u{2019}", "dall\u{2019}", "all\u{2019}", "nell\u{2019}", "sull\u{2019}",
                                 "un\u{2019}", "qu\u{2019}"]
}
