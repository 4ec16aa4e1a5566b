import FoundationEssentials

// The `ingredient_need` table (see Schema, "ingredient needs"): each line's ingredients as a
// vocabulary reads them. A recipe saved is marked unread (`needs_read` NULL) and read when a
// feature first asks; every line is read again when one asks with another vocabulary than
// the one `local_state` names, whose kinds are kept beside them (`ingredient_kind`).

extension RecipeStore {
    static let needsVocabularyKey = "ingredient vocabulary"

    static let needInsertSQL = "INSERT OR IGNORE INTO ingredient_need (recipe, position, identity, known, either, optional) VALUES (?, ?, ?, ?, ?, ?)"

    /// A subquery of `identity` (an SQL expression) and every identity that is a kind of it
    /// at any depth, by the kinds stored with the needs; empty for one the vocabulary does
    /// not know.
    static func kindsSQL(of identity: String) -> String {
        """
        WITH RECURSIVE kinds(identity) AS (SELECT identity FROM ingredient_kind WHERE identity = \(identity)
            UNION SELECT k.identity FROM ingredient_kind k JOIN kinds ON k.kind = kinds.identity)
        SELECT identity FROM kinds
        """
    }

    /// The fingerprint of the vocabulary the stored needs were read with; nil before any.
    private func storedNeedsVocabulary() throws -> String? {
        try database.fetchOne(String.self, "SELECT value FROM local_state WHERE key = ?", [Self.needsVocabularyKey])
    }

    /// Whether every line's needs are stored, read by the active vocabulary (or `vocabulary`).
    /// When they are not and the store can be written (not read-only, in no transaction),
    /// the lines saved since the last reading are read first, or with another vocabulary
    /// than the stored reading's, every line, in a write of its own; when that cannot be,
    /// false: the caller reads the lines itself (``RecipePredicates/usingIngredient(_:)`` then
    /// runs its SQL function). Saving a recipe reads nothing: its lines are read here, when
    /// a feature first needs them.
    func ingredientNeedsAreCurrent(for vocabulary: IngredientVocabulary? = nil) -> Bool {
        let fingerprint = vocabulary?.fingerprint ?? IngredientVocabulary.activeFingerprint
        do {
            if try storedNeedsVocabulary() == fingerprint,
               try database.fetchOne(Int.self, "SELECT 1 FROM recipe WHERE needs_read IS NULL LIMIT 1") == nil {
                return true
            }
            guard !isReadOnly, !database.isInTransaction else { return false }
            // Made before the write: it takes a while, and the write holds the store's lock.
            let vocabulary = vocabulary ?? .active
            try write { try readIngredientNeeds(with: vocabulary) }
            return true
        } catch {
            return false
        }
    }

    /// Reads the lines not read yet with `vocabulary`, every line when the stored needs
    /// were read with another; in the caller's write.
    func readIngredientNeeds(with vocabulary: IngredientVocabulary) throws {
        if try storedNeedsVocabulary() != vocabulary.fingerprint {
            try database.execute("DELETE FROM ingredient_need")
            try database.execute("UPDATE recipe SET needs_read = NULL WHERE needs_read IS NOT NULL")
            try database.execute("DELETE FROM ingredient_kind")
            let kind = try database.cachedStatement("INSERT INTO ingredient_kind (identity, kind) VALUES (?, ?)")
            for entry in vocabulary.entries.values { try kind.run([.text(entry.identity), entry.kind.map(SQLiteValue.text) ?? .null]) }
            try database.execute("INSERT OR REPLACE INTO local_state (key, value) VALUES (?, ?)", [Self.needsVocabularyKey, vocabulary.fingerprint])
        }
        let insert = try database.cachedStatement(Self.needInsertSQL)
        var reader = IngredientNeedReader(vocabulary)
        try database.forEachRow("""
            SELECT recipe, position, name, amount, heading FROM ingredient WHERE recipe IN (SELECT rowid FROM recipe WHERE needs_read IS NULL)
            """, cached: false) { row in
            let recipe: Int64 = try row["recipe"]
            for need in reader.needs(ofLine: try row["name"], at: try row["position"], isHeading: try row["heading"], amount: try row["amount"]) {
                try insert.run([recipe.sqliteValue, need.position.sqliteValue, .text(need.identity), need.isKnown.sqliteValue,
                                need.isEither.sqliteValue, need.isOptional.sqliteValue])
            }
            return true
        }
        try database.execute("UPDATE recipe SET needs_read = 1 WHERE needs_read IS NULL")
    }

    /// Forgets what the lines of the recipe at `rowID` needed, when they change: they are
    /// read again when next asked.
    func forgetNeeds(ofRecipeRow rowID: Int64) throws {
        try database.execute("DELETE FROM ingredient_need WHERE recipe = ?", [rowID])
        try database.execute("UPDATE recipe SET needs_read = NULL WHERE rowid = ?", [rowID])
    }
}

/// Reads lines into needs with one vocabulary, remembering the lines it has read: a store's
/// lines repeat ("salt", "2 eggs"), and a bulk save or a new reading reads them all.
struct IngredientNeedReader {
    let vocabulary: IngredientVocabulary
    private var remembered: [String: [IngredientNeed]] = [:]

    /// Lines remembered at most; past it the memory starts again.
    private static let rememberedLines = 50_000

    init(_ vocabulary: IngredientVocabulary) {
        self.vocabulary = vocabulary
    }

    /// The needs of the line `name` at `position`. A heading ("For the eggs") is never
    /// needed, but an ingredient it names is kept as optional: a search by ingredient reads
    /// every line's name, in SQL as in memory. A note ending the `amount` that says the line
    /// can be left out makes its needs optional.
    mutating func needs(ofLine name: String, at position: Int, isHeading: Bool = false, amount: String = "") -> [IngredientNeed] {
        let read: [IngredientNeed]
        if let known = remembered[name] {
            read = known
        } else {
            read = vocabulary.needs(ofLine: name, at: 0)
            if remembered.count >= Self.rememberedLines { remembered.removeAll(keepingCapacity: true) }
            remembered[name] = read
        }
        if isHeading { return read.filter(\.isKnown).map {
            IngredientNeed(position: position, identity: $0.identity, isKnown: true, isEither: $0.isEither, isOptional: true)
        } }
        let optional = vocabulary.amountSaysOptional(amount)
        return position == 0 && !optional ? read : read.map {
            IngredientNeed(position: position, identity: $0.identity, isKnown: $0.isKnown, isEither: $0.isEither, isOptional: $0.isOptional || optional)
        }
    }

    /// The needs of a record's lines.
    mutating func needs(of record: RecipeRecord) -> [IngredientNeed] {
        record.ingredients.enumerated().flatMap { position, line in
            needs(ofLine: line.name, at: position, isHeading: line.isHeading, amount: line.amount)
        }
    }
}
