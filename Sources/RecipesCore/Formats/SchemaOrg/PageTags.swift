/// The tags a web page's recipe gets: its category and cuisine, then those of its keywords that
/// say something a tag should. Pages fill `keywords` for search engines — the recipe's own
/// name again, every ingredient, the site's name, "ricetta", "recette facile", long phrases —
/// and sixteen tags of that bury the two a person would filter by.
enum PageTags {
    /// The most tags an imported page gives a recipe: its groups come first, then keywords in
    /// the page's order.
    static let maximum = 8

    /// Categories and cuisines (each may be a comma list) first, then the keywords a tag
    /// should keep, lowercased, each once, at most ``maximum``.
    static func tags(groups: [String], keywords: [String], name: String, ingredients: [String], sites: [String]) -> [String] {
        let nameWords = words(name)
        let ingredientWords = ingredients.map(words)
        let siteWords = sites.map(words)
        var kept: [String] = []
        func keep(_ tag: String) {
            let tag = Recipe.canonicalTags([tag]).first ?? ""
            if !tag.isEmpty, !kept.contains(tag), kept.count < maximum { kept.append(tag) }
        }
        for group in groups.flatMap({ $0.split(separator: ",") }).map(\.trimmedWhitespace) {
            // "Cocktail Recipes" groups cocktails; "Ricette" alone groups nothing, nor does the
            // "in" left of "Fatto in casa".
            let tokens = group.split(separator: " ")
            var kept = tokens.filter { !genericWords.contains(words(String($0)).joined()) }
            if kept.count < tokens.count { kept.removeAll { $0.count <= 2 } }
            if !words(kept.joined(separator: " ")).isEmpty { keep(kept.joined(separator: " ")) }
        }
        let foldedName = TextMatching.fold(name).filter { !$0.isWhitespace }
        for keyword in keywords {
            let keywordWords = words(keyword)
            guard !keywordWords.isEmpty, keywordWords.count <= 3, keyword.count <= 40,
                  keywordWords.allSatisfy({ !genericWords.contains($0) })
            else { continue }
            // The site's name ("Giallo Zafferano" of "giallozafferano"), or part of it ("good
            // food" of "BBC Good Food").
            if siteWords.contains(where: { site in
                site.joined() == keywordWords.joined() || (keywordWords.count > 1 && keywordWords.allSatisfy(site.contains))
            }) { continue }
            // The name, a phrase made only of its words ("bavarese fragole"), or the name with
            // more ("moist banana bread", "番茄炒蛋的做法"); one word of it ("cookies") is a fair tag.
            if keywordWords.count > 1 || keywordWords == nameWords, keywordWords.allSatisfy(nameWords.contains) { continue }
            if nameWords.count > 1, nameWords.allSatisfy(keywordWords.contains) { continue }
            if foldedName.count >= 2, TextMatching.fold(keyword).filter({ !$0.isWhitespace }).contains(foldedName) { continue }
            // An ingredient: every word of the keyword in one line's name ("latte" of
            // "latte intero", "chicken" of "chicken thighs"), or a line's whole name in the
            // keyword ("fragole fresche" of "fragole").
            if ingredientWords.contains(where: { line in
                keywordWords.allSatisfy(line.contains) || (!line.isEmpty && line.allSatisfy(keywordWords.contains))
            }) { continue }
            keep(keyword)
        }
        return kept.sorted()
    }

    /// The site a page's address names, for leaving out a keyword that is only that:
    /// "giallozafferano" of `https://ricette.giallozafferano.it/...`.
    static func site(ofAddress address: String?) -> String? {
        guard let host = address.flatMap(SourceAddress.host(of:)) else { return nil }
        let labels = host.prefix { $0 != ":" }.split(separator: ".").map(String.init)
        // The label before the public suffix: good enough for "bbcgoodfood.com",
        // "marmiton.org", "chefkoch.de"; for "co.uk" it takes the label before that.
        let secondLevel: Set<String> = ["co", "com", "org", "net"]
        let twoPartSuffix = labels.count >= 3 && secondLevel.contains(labels[labels.count - 2]) && labels[labels.count - 1].count == 2
        let index = labels.count - (twoPartSuffix ? 3 : 2)
        return labels.indices.contains(index) ? String(labels[index]) : nil
    }

    /// Folded words, a plural "s" dropped, for comparing a keyword with a name or a line.
    private static func words(_ text: String) -> [String] {
        TextMatching.nameKey(text).split(separator: " ").map { word in
            word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") ? String(word.dropLast()) : String(word)
        }
    }

    /// "Recipe" and "to cook" in the languages the importers read, and the words that only
    /// advertise ("best", "homemade"): a keyword with one of them is a
    /// search phrase, not a tag. Plurals are dropped before the lookup ("recipes" is "recipe").
    static let genericWords: Set<String> = [
        "recipe", "ricetta", "ricette", "receta", "recette", "rezept", "rezepte", "receita", "recept", "recepten",
        "recepter", "oppskrift", "oppskrifter", "opskrift", "przepis", "przepisy",
        "cooking", "cucinare", "cocinar", "cuisiner", "kochen", "cozinhar", "koken", "matlagning",
        "homemade", "fatto", "casa", "fait", "maison", "casera", "casero", "caseira", "selbstgemacht", "zelfgemaakt",
        "best", "migliore", "meilleure", "beste", "mejor",
    ]
}
