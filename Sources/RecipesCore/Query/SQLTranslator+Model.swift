import FoundationEssentials
import Synchronization

// Key paths of the model, kind checks and casts, and the ingredient list.

/// Where a key path's value lives in SQL.
struct ColumnMapping {
    /// The column's name in its table.
    let column: String
    let shape: SQLFragment.Shape
    let nullable: Bool
    /// Part of the search document (SearchDocument).
    var inSearchIndex = false
    /// An SQL function of the column that gives the value (a computed property).
    var function: String?
    /// A column that keeps the function's value as the row is written, read instead of
    /// calling the function where it is not NULL (a row another program wrote).
    var storedAs: String?

    func sql(alias: String) -> String {
        let value = function.map { "\($0)(\(alias).\(column))" } ?? alias + "." + column
        return storedAs.map { "coalesce(\(alias).\($0), \(value))" } ?? value
    }
}

extension SQLTranslator {
    /// Key paths cannot be read as names on Linux, so the stored columns list theirs (see
    /// ``RecipeRecord/columns(for:)``), with the computed sort key beside them: one table per
    /// model class a key path starts from.
    static func recipeColumns(rootedAt root: Any.Type) -> KeyPathColumns {
        switch root {
        case is BakedGood.Type: bakedGoodColumns
        case is Beverage.Type: beverageColumns
        default: recipeColumns
        }
    }

    private static let recipeColumns = columnTable(Recipe.self)
    private static let bakedGoodColumns = columnTable(BakedGood.self)
    private static let beverageColumns = columnTable(Beverage.self)

    private static func columnTable<Root: Recipe>(_ root: Root.Type) -> KeyPathColumns {
        var sortKey = ColumnMapping(column: "name", shape: .text, nullable: false, function: "recipes_standard_key")
        sortKey.storedAs = "name_key"
        return KeyPathColumns(RecipeRecord.columns(for: root), adding: [({ \Root.nameSortKey }, sortKey)])
    }

    static let ingredientColumns = KeyPathColumns(RecipeRecord.IngredientRecord.columns)

    static func isIngredientList(_ keyPath: AnyKeyPath) -> Bool {
        keyPath == \Recipe.ingredients || keyPath == \BakedGood.ingredients || keyPath == \Beverage.ingredients
    }

    static func kindCondition(alias: String, _ varieties: [RecipeVariety]) -> String {
        if varieties.count == RecipeVariety.allCases.count { return "1" }
        let names = varieties.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        return "\(alias).kind IN (\(names))"
    }
}

extension PredicateExpressions.KeyPath: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        let base = try translator.translate(root)
        switch base.shape {
        case .recipe(let alias, _):
            if SQLTranslator.isIngredientList(keyPath) {
                return SQLFragment(sql: alias, shape: .ingredients(recipeAlias: alias))
            }
            if let column = SQLTranslator.recipeColumns(rootedAt: Root.Output.self)[keyPath] {
                return SQLFragment(sql: column.sql(alias: alias), shape: column.shape, nullable: column.nullable,
                                   inSearchIndex: column.inSearchIndex)
            }
        case .ingredient(let alias):
            // A line's recipe is the one row its query joins or its EXISTS is correlated
            // with, `r` in both (IngredientFetch, ingredientExists).
            if keyPath == \Ingredient.recipe {
                let recipe = SQLTranslator.recipeAlias
                return SQLFragment(sql: recipe, shape: .recipe(alias: recipe, varieties: RecipeVariety.allCases))
            }
            if keyPath == \Ingredient.position {
                return SQLFragment(sql: "\(alias).position", shape: .number)
            }
            if let column = SQLTranslator.ingredientColumns[keyPath] {
                return SQLFragment(sql: column.sql(alias: alias), shape: column.shape, nullable: column.nullable,
                                   inSearchIndex: column.inSearchIndex)
            }
        case .planEntry(let alias):
            if let column = SQLTranslator.planEntryColumns[keyPath] {
                return SQLFragment(sql: column.sql(alias: alias), shape: column.shape, nullable: column.nullable)
            }
        case .ingredients(let recipeAlias):
            if keyPath == \[Ingredient].count {
                return SQLFragment(sql: "(SELECT count(*) FROM ingredient WHERE recipe = \(recipeAlias).rowid)", shape: .number)
            }
            if keyPath == \[Ingredient].isEmpty {
                return SQLFragment(sql: "(NOT EXISTS (SELECT 1 FROM ingredient WHERE recipe = \(recipeAlias).rowid))", shape: .condition)
            }
        case .text:
            // String.count counts Characters, which SQL's length() does not; isEmpty agrees.
            if keyPath == \String.isEmpty {
                return SQLFragment(sql: "(\(base.sql) = '')", shape: .condition, nullable: base.nullable)
            }
        default:
            break
        }
        throw UntranslatableNode(node: "KeyPath \(SQLTranslator.describe(keyPath))")
    }
}

extension PredicateExpressions.TypeCheck: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        guard case .recipe(let alias, let varieties) = try translator.translate(input).shape,
              let desired = Desired.self as? Recipe.Type else {
            throw UntranslatableNode(node: "TypeCheck")
        }
        let kept = varieties.filter { $0.modelType.isSubclass(of: desired) }
        return SQLFragment(sql: kept.isEmpty ? "0" : "(\(SQLTranslator.kindCondition(alias: alias, kept)))", shape: .condition)
    }
}

extension PredicateExpressions.ConditionalCast: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        guard case .recipe(let alias, let varieties) = try translator.translate(input).shape,
              let desired = Desired.self as? Recipe.Type else {
            throw UntranslatableNode(node: "ConditionalCast")
        }
        let kept = varieties.filter { $0.modelType.isSubclass(of: desired) }
        return SQLFragment(sql: alias, shape: .recipe(alias: alias, varieties: kept), nullable: kept != varieties)
    }
}

extension Recipe {
    /// `Recipe` is not open and its two subclasses are final, so the hierarchy is this one.
    static func isSubclass(of other: Recipe.Type) -> Bool {
        other == Recipe.self || other == self
    }
}

extension PredicateExpressions.SequenceContainsWhere: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        if let needs = try translator.ingredientNeedCondition(in: sequence, variable: variable.key, test: test) { return needs }
        return try translator.ingredientExists(in: sequence, variable: variable.key) { try translator.condition(test) }
    }

    func narrow(_ translator: SQLTranslator) -> SQLFragment? {
        try? translator.ingredientExists(in: sequence, variable: variable.key) {
            guard let weaker = translator.narrow(test) else { throw UntranslatableNode(node: "SequenceContainsWhere") }
            return weaker.sql
        }
    }
}

extension PredicateExpressions.SequenceAllSatisfy: SQLTranslatable {
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        let someFails = try translator.ingredientExists(in: sequence, variable: variable.key) {
            "(NOT \(try translator.condition(test)))"
        }
        return SQLFragment(sql: "(NOT \(someFails.sql))", shape: .condition)
    }
}

extension SQLTranslator {
    /// `EXISTS` over the ingredients of the recipe that `sequence` names, with `variable`
    /// bound to each ingredient row while `test` is translated.
    func ingredientExists(in sequence: Any, variable: PredicateExpressions.VariableID,
                          _ test: () throws -> String) throws -> SQLFragment {
        guard case .ingredients(let recipeAlias) = try translate(sequence).shape else {
            throw UntranslatableNode(node: "SequenceContainsWhere")
        }
        let alias = newIngredientAlias()
        let condition = try binding(variable, to: SQLFragment(sql: alias, shape: .ingredient(alias: alias)), test)
        return SQLFragment(
            sql: "(EXISTS (SELECT 1 FROM ingredient \(alias) WHERE \(alias).recipe = \(recipeAlias).rowid AND \(condition)))",
            shape: .condition)
    }
}

/// A model's key paths and the columns they are stored in. Each key path is made the first
/// time a lookup reaches it, in column order: making them all (some thirty, each
/// instantiated from its pattern at run time) was a thirtieth of a `recipes search`
/// process, which looks up a handful (`perf` on 200 searches at 100,000 recipes).
final class KeyPathColumns: @unchecked Sendable {
    // @unchecked: `made` is read and written under `lock` only; the closures and the key
    // paths they make are immutable but not marked Sendable.
    private let entries: [(makeKeyPath: () -> AnyKeyPath, mapping: ColumnMapping)]
    private let lock = Mutex(())
    /// The key paths of the first `made.count` entries.
    private var made: [AnyKeyPath] = []

    /// The `extra` key paths, then the columns' (those that have a mapping). The extra one
    /// of a recipe is the name's sort key, which every list sorts by: first, a lookup of it
    /// makes no other key path.
    init<Record>(_ columns: [StoredColumn<Record>], adding extra: [(() -> AnyKeyPath, ColumnMapping)] = []) {
        entries = extra.map { ($0.0, $0.1) } + columns.compactMap { column in column.mapping.map { (column.modelKeyPath, $0) } }
    }

    /// How many key paths lookups have made so far.
    var madeCount: Int { lock.withLock { _ in made.count } }

    /// Where `keyPath`'s value is stored; nil for a key path of no column.
    subscript(keyPath: AnyKeyPath) -> ColumnMapping? {
        lock.withLock { _ in
            if let index = made.firstIndex(of: keyPath) { return entries[index].mapping }
            while made.count < entries.count {
                let entry = entries[made.count]
                made.append(entry.makeKeyPath())
                if made[made.count - 1] == keyPath { return entry.mapping }
            }
            return nil
        }
    }
}
