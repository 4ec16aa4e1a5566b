import FoundationEssentials

/// A piece of SQL produced from a predicate node, with what it denotes.
struct SQLFragment {
    enum Shape: Equatable {
        /// 0 or 1 (NULL only inside optional chains).
        case condition
        case text
        case number
        /// REAL seconds since the reference date.
        case date
        /// A UUID as its upper-case string.
        case identifier
        /// A recipe row under `alias`, known to be one of `varieties`.
        case recipe(alias: String, varieties: [RecipeVariety])
        /// An ingredient row under `alias`.
        case ingredient(alias: String)
        /// The ingredient list of the recipe row under `recipeAlias`.
        case ingredients(recipeAlias: String)
        /// A plan entry row under `alias`.
        case planEntry(alias: String)
    }

    var sql: String
    var shape: Shape
    /// True when the SQL can be NULL (an optional in Swift).
    var nullable: Bool = false
    /// The value, when the fragment is a bound constant.
    var constant: SQLiteValue?
    /// For `value ?? constant`: the optional value's SQL and the constant, so a comparison
    /// against another constant can be decided for the nil case while translating.
    var coalesced: (value: String, fallback: SQLiteValue)?
    /// True for a text column that the search index covers (see SearchDocument).
    var inSearchIndex = false
}

/// Why a node was not translated; named in ``QueryPlan/untranslatedNodes``.
struct UntranslatableNode: Error {
    let node: String
}

/// A predicate node that has an exact SQL equivalent, and what else the translator asks
/// of some nodes (each with a default for the nodes that have nothing to say).
///
/// One protocol, not one per question: the first `as?` cast of a node type to a protocol
/// scans every conformance in the binary, and a search's dozen node types asked five
/// protocols each were a tenth of `recipes search`'s start-up.
protocol SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment

    /// When the node cannot be translated exactly, a weaker SQL condition that holds for
    /// every row where the node holds (so that SQL can narrow what memory checks), or nil.
    func narrow(_ translator: SQLTranslator) -> SQLFragment?

    /// The search-index query the node implies, or nil (see ``SearchIndexQuery``).
    func searchIndexQuery(_ translator: SQLTranslator) -> SearchIndexQuery?

    /// `&&` (and the library's `&&` of predicates): a node that only these stand above must
    /// hold wherever the whole predicate does.
    var isConjunction: Bool { get }

    /// Whether the node may be part of "some indexed field contains the needle".
    var isSearchIndexFieldTest: Bool { get }

    /// Adds what this node tests to `tests`; false when it is not made only of
    /// `localizedStandardContains` tests, with a constant needle, of indexed fields of the row
    /// `scope` (the recipe, or the ingredient the enclosing `contains { }` binds).
    func collectFieldTests(_ translator: SQLTranslator, scope: String, into tests: inout SearchFieldTests) -> Bool

    /// For a Bool node known to hold (or not), the SQL expressions that are then not NULL:
    /// `x != nil` when it holds, `x == nil` when it does not, and what `&&`, `||` and `!`
    /// make of their parts.
    func nonNullColumns(_ translator: SQLTranslator, when holds: Bool) -> Set<String>
}

extension SQLTranslatable {
    func narrow(_ translator: SQLTranslator) -> SQLFragment? { nil }
    func searchIndexQuery(_ translator: SQLTranslator) -> SearchIndexQuery? { nil }
    var isConjunction: Bool { false }
    var isSearchIndexFieldTest: Bool { false }
    func collectFieldTests(_ translator: SQLTranslator, scope: String, into tests: inout SearchFieldTests) -> Bool { false }
    func nonNullColumns(_ translator: SQLTranslator, when holds: Bool) -> Set<String> { [] }
}

/// Translates `Predicate` expression trees into SQL over the `recipe` (alias `r`) and
/// `ingredient` tables, with every value bound as a numbered parameter.
///
/// Each supported `PredicateExpressions` node conforms to ``SQLTranslatable`` in its own
/// extension; anything else throws ``UntranslatableNode``.
final class SQLTranslator {
    private(set) var parameters: [SQLiteValue] = []
    private(set) var untranslated: [String] = []
    private var variables: [PredicateExpressions.VariableID: SQLFragment] = [:]
    private var aliasCount = 0
    /// SQL expressions a guard has shown not to be NULL where the node being translated is
    /// evaluated (`x != nil && ...`), so a force unwrap of them cannot fail there.
    private var knownNonNull: Set<String> = []
    /// True while translating a node that only ANDs stand above in the whole predicate: a
    /// row passes only where such a node holds, and the fetch's search-index filter holds.
    private var onlyConjunctionsAbove = false
    /// Whether the store's `ingredient_need` rows are the active vocabulary's reading of its
    /// lines; asked at most once, by the first node that can use them.
    var ingredientNeedsAreCurrent: () -> Bool = { false }
    /// The identities a pantry holding these serves (RecipeStore.coveredIdentities), by the
    /// stored kinds; nil when they cannot be had.
    var coveredIdentities: ([String]) -> Set<String>? = { _ in nil }
    private(set) lazy var readsIngredientNeeds = ingredientNeedsAreCurrent()

    static let recipeAlias = "r"

    /// Binds a value and returns its placeholder.
    func bind(_ value: SQLiteValue) -> String {
        parameters.append(value)
        return "?\(parameters.count)"
    }

    func newIngredientAlias() -> String {
        aliasCount += 1
        return "i\(aliasCount)"
    }

    func translate(_ node: Any) throws -> SQLFragment {
        guard let translatable = node as? any SQLTranslatable else {
            throw UntranslatableNode(node: Self.name(of: node))
        }
        let conjunctionsOnly = onlyConjunctionsAbove
        onlyConjunctionsAbove = conjunctionsOnly && translatable.isConjunction
        defer { onlyConjunctionsAbove = conjunctionsOnly }
        // Where the fetch's search-index filter already decides the node (see
        // searchIndexDecides), its row-by-row check is kept only behind the guard.
        if conjunctionsOnly, searchIndexDecides(node) {
            let checked = try translatable.translate(self)
            return SQLFragment(sql: "(\(SearchIndexQuery.exactnessGuard) OR \(checked.sql))", shape: .condition)
        }
        return try translatable.translate(self)
    }

    /// A condition that holds wherever `node` holds, or nil when SQL cannot narrow it.
    func narrow(_ node: Any) -> SQLFragment? {
        let mark = parameters.count
        do {
            return try translate(node)
        } catch let error as UntranslatableNode {
            parameters.removeLast(parameters.count - mark)
            if let narrowable = node as? any SQLTranslatable, let weaker = narrowable.narrow(self) {
                return weaker
            }
            untranslated.append(error.node)
            return nil
        } catch {
            parameters.removeLast(parameters.count - mark)
            return nil
        }
    }

    /// Translates `node` as a condition (a Bool expression).
    func condition(_ node: Any) throws -> String {
        let fragment = try translate(node)
        guard fragment.shape == .condition else { throw UntranslatableNode(node: Self.name(of: node)) }
        return fragment.sql
    }

    /// Translates `node` to look at it, keeping no parameter it bound; nil when it has no SQL.
    func probe(_ node: Any) -> SQLFragment? {
        let mark = parameters.count
        defer { parameters.removeLast(parameters.count - mark) }
        return try? translate(node)
    }

    /// Runs `body` where `node` is known to evaluate to `holds` (the other side of `&&` and
    /// `||`, a branch of the ternary), so what that tells about nil is known there too.
    func assuming<R>(_ node: Any, holds: Bool, _ body: () throws -> R) rethrows -> R {
        let facts = nilFacts(node, when: holds)
        let previous = knownNonNull
        knownNonNull.formUnion(facts)
        defer { knownNonNull = previous }
        return try body()
    }

    func isKnownNonNull(_ sql: String) -> Bool { knownNonNull.contains(sql) }

    func value(of variable: PredicateExpressions.VariableID) throws -> SQLFragment {
        guard let fragment = variables[variable] else { throw UntranslatableNode(node: "unbound variable") }
        return fragment
    }

    func binding<R>(_ variable: PredicateExpressions.VariableID, to fragment: SQLFragment, _ body: () throws -> R) rethrows -> R {
        let previous = variables[variable]
        variables[variable] = fragment
        defer { variables[variable] = previous }
        return try body()
    }

    /// Translates a whole predicate over rows of `Input`. Returns the exact condition, or a
    /// narrowing one (possibly nil: no narrowing) together with `exact: false`, and the
    /// search-index query every matching recipe satisfies, when there is one. The condition
    /// holds exactly where the predicate does only together with that search-index query:
    /// the caller must filter by both (a node the index decides has no check of its own).
    func translate<Input: Recipe>(_ predicate: Predicate<Input>) -> (condition: String?, exact: Bool, search: SearchIndexQuery?) {
        translate(predicate, root: SQLFragment(sql: Self.recipeAlias, shape: .recipe(alias: Self.recipeAlias, varieties: Input.varieties)))
    }

    /// The same over rows that `root` stands for (a recipe, a plan entry).
    func translate<Input>(_ predicate: Predicate<Input>, root: SQLFragment) -> (condition: String?, exact: Bool, search: SearchIndexQuery?) {
        binding(predicate.variable.key, to: root) {
            let search = searchIndexQuery(predicate.expression)
            onlyConjunctionsAbove = true
            defer { onlyConjunctionsAbove = false }
            if let exact = try? condition(predicate.expression) {
                return (exact, true, search)
            }
            parameters.removeAll()
            return (narrow(predicate.expression).map(\.sql), false, search)
        }
    }

    /// Appends `predicate`'s condition over rows that `root` stands for to `conditions`
    /// (nothing for no predicate); returns whether SQL alone decides it.
    func filter<Input>(_ predicate: Predicate<Input>?, root: SQLFragment, into conditions: inout [String]) -> Bool {
        guard let predicate else { return true }
        let (condition, exact, _) = translate(predicate, root: root)
        if let condition { conditions.append(condition) }
        return exact
    }

    /// A search-index query implied by `node`, or nil when the node implies none.
    func searchIndexQuery(_ node: Any) -> SearchIndexQuery? {
        (node as? any SQLTranslatable)?.searchIndexQuery(self)
    }

    static func name(of node: Any) -> String {
        let full = String(describing: type(of: node))
        return full.split(separator: "<").first.map(String.init) ?? full
    }
}

extension Recipe {
    /// The stored kinds a fetch of this class returns.
    static var varieties: [RecipeVariety] {
        if self == BakedGood.self { return [.bakedGood] }
        if self == Beverage.self { return [.beverage] }
        return RecipeVariety.allCases
    }
}
