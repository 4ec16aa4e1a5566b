import FoundationEssentials

/// How a fetch runs: the SQL, and what (if anything) is left to do in memory.
///
/// ```swift
/// let plan = context.queryPlan(for: descriptor)
/// if plan.filtersInMemory { print("untranslated:", plan.untranslatedNodes) }
/// ```
///
/// Translated to SQL: `&&`, `||`, `!`, the ternary, `==`, `!=`, `<`, `<=`, `>`, `>=`,
/// `??`, optional chaining and `if let` (flat-map), `is BakedGood` / `is Beverage`,
/// `as? BakedGood`, `String.contains`, `starts(with:)`, `localizedStandardContains`,
/// `isEmpty`, `ingredients.contains { }`, `ingredients.allSatisfy { }`,
/// `ingredients.count`, `== nil`, `!= nil`, a force unwrap guarded by `x != nil &&` (or
/// `x == nil ||`, or a ternary), and the key paths of ``Recipe``, ``BakedGood``, ``Beverage`` and
/// ``Ingredient``, with constants of type String, Date, Int, Double, Bool and UUID. Anything
/// else is evaluated in memory on the rows that the translatable part lets through.
public struct QueryPlan: Sendable {
    /// The SELECT statement the fetch runs, with `?1`, `?2`, ... for values.
    public let sql: String
    /// The values bound to the statement's parameters, in order.
    package let parameters: [SQLiteValue]
    /// True when part of the predicate is evaluated in memory on the rows SQL returns.
    public let filtersInMemory: Bool
    /// True when a sort descriptor has no SQL equivalent and sorting happens in memory.
    public let sortsInMemory: Bool
    /// The predicate nodes that SQL could not express.
    public let untranslatedNodes: [String]

    /// True when SQL does all the work.
    public var isExact: Bool { !filtersInMemory && !sortsInMemory }
}

/// The columns a recipe is read from, in the order ``RecipeStore`` reads them, after the
/// `rowid` its ingredient lines are keyed by.
let recipeSelection = "\(SQLTranslator.recipeAlias).rowid, " + RecipeRecord.columns.selection(alias: SQLTranslator.recipeAlias)

struct CompiledFetch<T: Recipe> {
    let plan: QueryPlan
    let residualPredicate: Predicate<T>?
    let memorySort: [SortKey<T>]?
    let limit: Int?
    let offset: Int

    /// The query compiled for one store: the plan plus what memory must still do.
    init(_ descriptor: StoreQuery<T>, select: String = recipeSelection, store: RecipeStore? = nil) {
        let translator = SQLTranslator()
        if let store {
            translator.ingredientNeedsAreCurrent = { store.ingredientNeedsAreCurrent() }
            translator.coveredIdentities = { held in try? store.coveredIdentities(byIdentities: held, needsAreCurrent: true) }
        }
        var conditions: [String] = []
        let kinds = SQLTranslator.kindCondition(alias: SQLTranslator.recipeAlias, T.varieties)
        if kinds != "1" { conditions.append(kinds) }
        var exactFilter = true
        if let predicate = descriptor.predicate {
            let (condition, exact, search) = translator.translate(predicate)
            // First, so SQLite drives the query from the index's few candidate rows.
            if let search {
                let match = search.matchExpression(translator.bind)
                conditions.insert("r.rowid IN (SELECT rowid FROM recipe_words WHERE recipe_words MATCH \(match))", at: 0)
            }
            if let condition { conditions.append(condition) }
            exactFilter = exact
        }
        let order = Self.orderBy(descriptor.sortBy)
        var sql = "SELECT \(select) FROM recipe r"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY " + (order ?? []).joined(separator: ", ") + ((order ?? []).isEmpty ? "" : ", ") + "r.id"
        let sqlDoesAll = exactFilter && order != nil
        var parameters = translator.parameters
        if sqlDoesAll { descriptor.appendLimit(to: &sql, &parameters) }
        plan = QueryPlan(sql: sql, parameters: parameters, filtersInMemory: !exactFilter,
                         sortsInMemory: order == nil, untranslatedNodes: translator.untranslated)
        residualPredicate = exactFilter ? nil : descriptor.predicate
        memorySort = order == nil ? descriptor.sortBy : nil
        // A negative limit means none, in memory as in SQLite's LIMIT.
        limit = sqlDoesAll ? nil : descriptor.fetchLimit.flatMap { $0 >= 0 ? $0 : nil }
        offset = sqlDoesAll ? 0 : max(descriptor.fetchOffset ?? 0, 0)
    }

    /// ORDER BY terms, or nil when some descriptor has no SQL equivalent.
    static func orderBy(_ keys: [SortKey<T>]) -> [String]? {
        let columns = SQLTranslator.recipeColumns(rootedAt: T.self)
        var terms: [String] = []
        for key in keys {
            guard let keyPath = key.keyPath, let column = columns[keyPath], column.shape != .condition else { return nil }
            let direction = key.ascending ? "ASC" : "DESC"
            terms.append("\(SQLTranslator.sortTerm(column.sql(alias: SQLTranslator.recipeAlias), column.shape)) \(direction)")
        }
        return terms
    }
}
