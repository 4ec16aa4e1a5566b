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
    /// What a person may have meant by `reference` when ``recipes(matching:)`` finds nothing:
    /// the recipes whose name begins with its words ("pepper fried chicken" for "Pepper fried
    /// chicken (Yuringi)"), and else the one name its words are a typo away from (one edit in
    /// a short word, two from eight letters on, compared with as many of the name's first
    /// words), nil when none or several are as near.
    package func namesMeant(by reference: String) throws -> (leading: [RecipeSummary], nearest: RecipeSummary?) {
        let wanted = TextMatching.nameKey(reference)
        guard !wanted.isEmpty else { return ([], nil) }
        let wordCount = wanted.split(separator: " ").count
        let allowed = wanted.count >= 8 ? 2 : wanted.count >= 4 ? 1 : 0
        var leading: [RecipeSummary] = [], nearest: [RecipeSummary] = [], nearestDistance = allowed + 1
        try enumerateSummaries(StoreQuery<Recipe>(sortBy: [SortKey(\.nameSortKey)])) { summary in
            let key = TextMatching.nameKey(summary.name)
            if key.hasPrefix(wanted + " ") { leading.append(summary) }
            guard leading.isEmpty, allowed > 0 else { return true }
            let start = key.split(separator: " ").prefix(wordCount).joined(separator: " ")
            // One past the nearest so far: a distance equal to it is told from a greater one.
            let distance = Self.editDistance(Array(wanted), Array(start), atMost: nearestDistance + 1)
            if distance < nearestDistance {
                nearest = [summary]
                nearestDistance = distance
            } else if distance == nearestDistance, distance <= allowed {
                nearest.append(summary)
            }
            return true
        }
        let names = Set(nearest.map { TextMatching.nameKey($0.name) })
        return (leading, leading.isEmpty && names.count == 1 ? nearest.first : nil)
    }

    /// Levenshtein distance between `a` and `b`, or `limit` when it is at least that.
    static func editDistance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int {
        guard abs(a.count - b.count) < limit else { return limit }
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, right) in b.enumerated() {
                current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            if current.min()! >= limit { return limit }
            previous = current
        }
        return Swift.min(previous[b.count], limit)
    }

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
package enum SourceAddress {
    /// The host and port an address names ("ricette.giallozafferano.it" of
    /// `https://ricette.giallozafferano.it/x?y`), as part of it: what precedes it is the
    /// scheme, what follows the path. Nil without a "://".
    package static func host(of address: String) -> Substring? {
        guard let schemeEnd = address.firstRange(of: "://")?.upperBound else { return nil }
        return address[schemeEnd...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }

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
