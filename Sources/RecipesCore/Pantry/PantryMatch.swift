import FoundationEssentials

/// What a recipe lacks of a pantry: the required lines no item serves. A line is met by an
/// item of the same ingredient or a more specific kind of it (cheddar for "cheese"), never a
/// more general one; an "A or B" line by either; optional lines never count, and water and
/// ice are always there.
///
/// ```swift
/// let missing = try store.missingFromPantry([soup.id], pantry: try store.pantryItems())
/// missing[soup.id]    // ["leek", "cream"]
/// ```
public enum PantryMatch {
    /// What every kitchen has.
    public static let alwaysThere = ["water", "ice"]

    /// The names of what `needs` (one recipe's, ``IngredientNeed``) lack when the identities in
    /// `covered` are there: each ingredient once ("leek"), and each "A or B" line none of
    /// whose ingredients is there ("butter or margarine", by name). The stored needs' SQL
    /// counts the same.
    static func missing(_ needs: [IngredientNeed], covered: Set<String>) -> [String] {
        var missing: [String] = []
        var seen: Set<String> = []
        // Lines in order; a line's ingredients by name, as the stored needs keep them.
        for (_, unordered) in Dictionary(grouping: needs.filter { !$0.isOptional }, by: \.position).sorted(by: { $0.key < $1.key }) {
            let line = unordered.sorted { $0.identity < $1.identity }
            if line.contains(where: \.isEither) {
                if !line.contains(where: { covered.contains($0.identity) }) {
                    missing.append(line.map(\.identity).joined(separator: " or "))
                }
            } else {
                for need in line where !covered.contains(need.identity) && seen.insert(need.identity).inserted { missing.append(need.identity) }
            }
        }
        return missing
    }
}

extension PantryMatch {
    /// How one ingredient line stands against a pantry (``lines(of:pantry:vocabulary:)``).
    public enum Line: Sendable, Equatable {
        /// Every ingredient it needs is there (or one, for "A or B").
        case held
        /// What it needs that is not there, by identity (or folded name).
        case missing([String])
        /// The line can be left out.
        case optional
    }

    /// Each line of `recipe` against `pantry`, in order; nil for a heading and for a line that
    /// names nothing (`show --pantry` marks them).
    public static func lines(of recipe: Recipe, pantry: [PantryItem], vocabulary: IngredientVocabulary) -> [Line?] {
        let covered = vocabulary.identitiesServed(by: pantry.map(\.identity) + alwaysThere)
        return recipe.ingredients.enumerated().map { position, line in
            guard !line.isHeading else { return nil }
            let needs = vocabulary.needs(ofLine: line.name, at: position, amount: line.amount)
            guard !needs.isEmpty else { return nil }
            if needs.contains(where: \.isOptional) { return .optional }
            let missing = missing(needs, covered: covered)
            return missing.isEmpty ? .held : .missing(missing)
        }
    }
}

extension RecipeStore {
    /// The identities a pantry holding `identities` serves: each and every more general kind
    /// of it, with ``PantryMatch/alwaysThere`` unless `withWater` is false; by the kinds
    /// stored with the needs when they are current, else by the active vocabulary.
    func coveredIdentities(byIdentities identities: [String], needsAreCurrent: Bool, withWater: Bool = true) throws -> Set<String> {
        let held = identities + (withWater ? PantryMatch.alwaysThere : [])
        guard needsAreCurrent else {
            return IngredientVocabulary.active.identitiesServed(by: held)
        }
        let list = "[" + held.map { JSONString.quoted($0) }.joined(separator: ",") + "]"
        return Set(try reading {
            try database.fetchAll("""
                WITH RECURSIVE have(identity) AS (SELECT value FROM json_each(?1)
                    UNION SELECT k.kind FROM ingredient_kind k JOIN have ON k.identity = have.identity WHERE k.kind IS NOT NULL)
                SELECT identity FROM have
                """, [list]) { try $0[0] as String }
        })
    }

    /// What each of the recipes `ids` lacks of `pantry` (see ``PantryMatch``), by recipe id;
    /// a recipe with nothing missing maps to an empty list, one the store does not have is
    /// left out.
    public func missingFromPantry(_ ids: [UUID], pantry: [PantryItem]) throws -> [UUID: [String]] {
        try pantryUse(of: ids, pantry: pantry).mapValues(\.missing)
    }

    /// What each of the recipes `ids` lacks of `pantry` and which of its items the recipe
    /// uses, by recipe id (one the store does not have is left out): `search --can-cook`
    /// ranks first what uses an item to be used soon.
    public func pantryUse(of ids: [UUID], pantry: [PantryItem]) throws -> [UUID: PantryUse] {
        let current = ingredientNeedsAreCurrent()
        let covered = try coveredIdentities(byIdentities: pantry.map(\.identity), needsAreCurrent: current)
        // What each item serves: itself and its more general kinds.
        let serving = try pantry.map { (item: $0.identity, serves: try coveredIdentities(byIdentities: [$0.identity], needsAreCurrent: current, withWater: false)) }
        func use(_ needs: [IngredientNeed]) -> PantryUse {
            let needed = Set(needs.filter { !$0.isOptional }.map(\.identity))
            return PantryUse(missing: PantryMatch.missing(needs, covered: covered),
                             using: serving.filter { !$0.serves.isDisjoint(with: needed) }.map(\.item))
        }
        var result: [UUID: PantryUse] = [:]
        if current {
            let statement = "SELECT n.position, n.identity, n.known, n.either, n.optional FROM ingredient_need n JOIN recipe r ON r.rowid = n.recipe WHERE r.id = ?"
            try readSnapshot {
                for id in ids where try recipeExists(id) {
                    result[id] = use(try database.fetchAll(statement, [id]) { row in
                        IngredientNeed(position: try row[0], identity: try row[1], isKnown: try row[2], isEither: try row[3], isOptional: try row[4])
                    })
                }
            }
        } else {
            var reader = IngredientNeedReader(.active)
            for id in ids {
                guard let record = try record(withID: id) else { continue }
                result[id] = use(reader.needs(of: record))
            }
        }
        return result
    }
}

/// What a recipe lacks of a pantry, and which of its items it uses.
public struct PantryUse: Sendable, Equatable {
    /// The names of what it lacks (see ``PantryMatch``).
    public let missing: [String]
    /// The identities of the pantry items it uses, in the pantry's order.
    public let using: [String]
}

extension RecipePredicates {
    /// Recipes `pantry` can cook, missing at most `missing` of their required lines (see
    /// ``PantryMatch``); recipes without ingredient lines are left out. Runs as SQL on the
    /// stored needs of the lines when they are current, else in memory.
    ///
    /// ```swift
    /// let tonight = FetchDescriptor<Recipe>(predicate: RecipePredicates.canCook(with: try store.pantryItems(), missingAtMost: 1))
    /// ```
    public static func canCook(with pantry: [PantryItem], missingAtMost missing: Int = 0) -> Predicate<Recipe> {
        let held = pantry.map(\.identity)
        return Predicate<Recipe> { recipe in
            PredicateExpressions.CookableWith(recipe: recipe, held: held, missingAtMost: missing)
        }
    }
}

extension PredicateExpressions {
    /// Whether a recipe misses at most a number of required lines with a pantry's
    /// identities (``RecipePredicates/canCook(with:missingAtMost:)`` builds it).
    public struct CookableWith<Input: PredicateExpression>: PredicateExpression, Sendable, Codable
    where Input.Output: Recipe, Input: Sendable, Input: Codable {
        /// Whether the recipe can be cooked.
        public typealias Output = Bool
        /// The recipe.
        public let recipe: Input
        /// The pantry's identities.
        public let held: [String]
        /// How many required lines may be missing.
        public let missingAtMost: Int

        /// The test of `recipe` against `held`.
        public init(recipe: Input, held: [String], missingAtMost: Int) {
            self.recipe = recipe
            self.held = held
            self.missingAtMost = missingAtMost
        }

        /// Reads the recipe's lines with the active vocabulary.
        public func evaluate(_ bindings: PredicateBindings) throws -> Bool {
            let recipe = try recipe.evaluate(bindings)
            guard !recipe.ingredients.isEmpty else { return false }
            let vocabulary = IngredientVocabulary.active
            let covered = vocabulary.identitiesServed(by: held + PantryMatch.alwaysThere)
            var reader = IngredientNeedReader(vocabulary)
            let needs = recipe.ingredients.enumerated().flatMap { reader.needs(ofLine: $1.name, at: $0, isHeading: $1.isHeading, amount: $1.amount) }
            return PantryMatch.missing(needs, covered: covered).count <= missingAtMost
        }
    }
}

extension PredicateExpressions.CookableWith: StandardPredicateExpression where Input: StandardPredicateExpression {}

extension PredicateExpressions.CookableWith: SQLTranslatable {
    /// The recipes missing more than allowed, found once over the stored needs (not per
    /// recipe): a required line of all-needed ingredients misses each one not covered, an
    /// "A or B" line misses once when none is (as ``PantryMatch/missing(_:covered:)`` counts).
    func translate(_ translator: SQLTranslator) throws -> SQLFragment {
        guard case .recipe(let alias, _) = try translator.translate(recipe).shape, translator.readsIngredientNeeds,
              let covered = translator.coveredIdentities(held) else { throw UntranslatableNode(node: "canCook") }
        let list = covered.sorted().map { translator.bind(.text($0)) }.joined(separator: ", ")
        let limit = translator.bind(.integer(Int64(missingAtMost)))
        return SQLFragment(sql: """
            (EXISTS (SELECT 1 FROM ingredient i WHERE i.recipe = \(alias).rowid AND i.heading = 0) AND \(alias).rowid NOT IN (\(Self.lackingSQL(covered: list)) \
            GROUP BY recipe HAVING count(*) > \(limit)))
            """, shape: .condition)
    }

    /// One row (`recipe`, `name`) for each thing a recipe lacks, `covered` being an SQL list
    /// of the identities there.
    static func lackingSQL(covered: String) -> String {
        """
        SELECT recipe FROM (SELECT n.recipe, n.identity FROM ingredient_need n WHERE n.optional = 0 AND n.either = 0 \
        AND n.identity NOT IN (\(covered)) GROUP BY n.recipe, n.identity \
        UNION ALL SELECT n.recipe, n.position FROM ingredient_need n WHERE n.optional = 0 AND n.either = 1 \
        GROUP BY n.recipe, n.position HAVING max(n.identity IN (\(covered))) = 0)
        """
    }
}
