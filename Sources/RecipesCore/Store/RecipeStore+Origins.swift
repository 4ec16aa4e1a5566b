import FoundationEssentials

/// The text a recipe was imported from, kept beside it so that an unchanged recipe exports
/// exactly as it came (a Cooklang file keeps its cookware, timers, notes, sections and
/// comments), and where in an imported folder it was, so that importing the folder again
/// finds it.
public struct RecipeOrigin: Sendable, Equatable {
    /// The format a recipe was imported from.
    public enum Format: String, Sendable {
        /// A Cooklang `.cook` file.
        case cooklang
    }

    /// The format of ``text``.
    public var format: Format
    /// The file's path relative to the folder imported (`Dinners/Meatballs.cook`), or its
    /// name when a single file was imported; nil for standard input.
    public var path: String?
    /// The text as it was imported.
    public var text: String

    /// An origin in `format`, found at `path` in the imported folder, with its `text`.
    public init(format: Format, path: String?, text: String) {
        self.format = format
        self.path = path
        self.text = text
    }
}

extension RecipeStore {
    /// The recipe as Cooklang: the text it was imported from while the recipe is as it was
    /// then (its plan aside), else written anew from its fields
    /// (``CooklangRecipe/text(of:)``).
    ///
    /// ```swift
    /// let text = try store.cooklangText(of: recipe)
    /// ```
    public func cooklangText(of recipe: Recipe) throws -> String {
        if let origin = try origin(of: recipe.id), origin.format == .cooklang,
           origin.fingerprint == Self.fingerprint(RecipeRecord(recipe)) {
            return origin.text
        }
        return CooklangRecipe.text(of: recipe)
    }

    /// Recipe ids by the path of the file they were imported from.
    func recipeIDsByOriginPath() throws -> [String: UUID] {
        var found: [String: UUID] = [:]
        try readSnapshot {
            try database.forEachRow("SELECT path, recipe_id FROM recipe_origin WHERE path IS NOT NULL") { row in
                if let id = UUID(storedText: try row["recipe_id"]) { found[try row["path"]] = id }
                return true
            }
        }
        return found
    }

    /// The path, in its folder, of the file recipe `id` was imported from (`Dinners/Meatballs.cook`),
    /// which names it where its name is shared; nil for a recipe from no file.
    package func originPath(of id: UUID) throws -> String? {
        try reading {
            try database.fetchOne(String.self, "SELECT path FROM recipe_origin WHERE recipe_id = ? AND path IS NOT NULL", [id])
        }
    }

    /// Records where the recipe `id` came from; called inside the import's transaction, after
    /// the recipe is written.
    func setOrigin(_ origin: RecipeOrigin, of id: UUID) throws {
        guard let record = try record(withID: id) else { return }
        try database.execute("""
            INSERT INTO recipe_origin (recipe_id, format, path, text, fingerprint) VALUES (?1, ?2, ?3, ?4, ?5)
            ON CONFLICT (recipe_id) DO UPDATE SET format = ?2, path = ?3, text = ?4, fingerprint = ?5
            """, [id, origin.format.rawValue, origin.path, origin.text, Int64(bitPattern: Self.fingerprint(record))])
    }

    func origin(of id: UUID) throws -> (format: RecipeOrigin.Format, text: String, fingerprint: UInt64)? {
        try readSnapshot {
            let row = try database.fetchOne("SELECT format, text, fingerprint FROM recipe_origin WHERE recipe_id = ?", [id]) { row in
                (format: RecipeOrigin.Format(rawValue: try row["format"]), text: try row["text"] as String, fingerprint: try row["fingerprint"] as Int64)
            }
            guard let row, let format = row.format else { return nil }
            return (format, row.text, UInt64(bitPattern: row.fingerprint))
        }
    }

    /// What an exported file says of a recipe: everything but its id, plan and dates.
    static func fingerprint(_ record: RecipeRecord) -> UInt64 {
        record.canonicalHash { json in
            json.id = nil
            json.planned = nil
            json.lastCooked = nil
            json.timesCooked = nil
            json.created = nil
            json.updated = nil
            json.ingredients = json.ingredients?.map { .init(id: nil, name: $0.name, amount: $0.amount) }
        }
    }
}
