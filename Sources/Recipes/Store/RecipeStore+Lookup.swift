import FoundationEssentials

extension RecipeStore {
    /// The recipes a person means by `reference`: those whose name equals it ignoring case,
    /// accents and punctuation ("creme brulee" finds "Crème Brûlée", "moms spaghetti" finds
    /// "Mom's Spaghetti"), or whose id starts with it (at least four hex digits). By name.
    ///
    /// ```swift
    /// let matches = try store.recipes(matching: "moms spaghetti")
    /// ```
    public func recipes(matching reference: String) throws -> [Recipe] {
        let trimmed = reference.trimmedWhitespace
        let isIDPrefix = trimmed.count >= 4 && trimmed.allSatisfy { $0.isHexDigit || $0 == "-" }
        let sql = """
            SELECT \(recipeSelection) FROM recipe r
            WHERE recipes_name_key(r.name) = ?1 OR (?2 <> '' AND substr(r.id, 1, length(?2)) = ?2)
            ORDER BY r.name COLLATE swift, r.id
            """
        var result: [Recipe] = []
        try forEachRecord(sql: sql, parameters: [.text(TextMatching.nameKey(trimmed)), .text(isIDPrefix ? trimmed.uppercased() : "")]) {
            result.append($0.makeRecipe())
            return true
        }
        return result
    }
}
