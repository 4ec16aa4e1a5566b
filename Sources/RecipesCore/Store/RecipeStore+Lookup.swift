import FoundationEssentials

extension RecipeStore {
    /// The recipes a person means by `reference`: those whose name equals it ignoring case,
    /// accents and punctuation ("creme brulee" finds "Crème Brûlée", "moms spaghetti" finds
    /// "Mom's Spaghetti"), whose id starts with it (at least four hex digits), or that was
    /// imported from the file at that path in a folder (`Dinners/Meatballs`, with or without
    /// `.cook`). By name.
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
               OR r.id IN (SELECT recipe_id FROM recipe_origin WHERE path = ?3 OR path = ?3 || '.cook')
            ORDER BY \(SQLTranslator.sortTerm("r.name", .text)), r.id
            """
        var result: [Recipe] = []
        try forEachRecord(sql: sql, arguments: [TextMatching.nameKey(trimmed), isIDPrefix ? trimmed.uppercased() : "", trimmed]) {
            result.append($0.makeRecipe())
            return true
        }
        return result
    }
}

extension RecipeStore {
    /// Recipe ids by the key of their source address (``SourceAddress/key(_:)``), for the
    /// addresses exactly one recipe in the store came from.
    func recipeIDsBySourceAddress() throws -> [String: UUID] {
        var found: [String: UUID?] = [:]
        try reading {
            try database.forEachRow("SELECT id, source FROM recipe WHERE source IS NOT NULL") { row in
                let key = SourceAddress.key(try row["source"])
                // An address two recipes share says nothing about either.
                found[key] = found[key] == nil ? UUID(storedText: try row["id"]) : .some(nil)
                return true
            }
        }
        return found.compactMapValues { $0 }
    }
}

/// Compares the web addresses recipes came from.
enum SourceAddress {
    /// The address without its scheme, `www.`, `#fragment` and trailing slash, lowercased:
    /// `http://www.Example.com/pie/` and `https://example.com/pie#recipe` are the same page.
    static func key(_ address: String) -> String {
        var text = Substring(address.trimmedWhitespace.lowercased())
        text = text.prefix { $0 != "#" }
        for scheme in ["https://", "http://"] where text.hasPrefix(scheme) { text = text.dropFirst(scheme.count) }
        if text.hasPrefix("www.") { text = text.dropFirst(4) }
        while text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }
}
