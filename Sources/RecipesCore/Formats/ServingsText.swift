import FoundationEssentials

/// How imports read a yield: a number of servings when the text is one ("4", "4 servings",
/// "Serves 4", "4 porzioni"), else text the recipe keeps as its yield ("1 loaf", "4-6"); a
/// range of servings also gives its lower end as the servings.
enum ServingsText {
    /// The number of servings `text` gives, or nil when it says something else.
    static func servings(_ text: String) -> Int? {
        let words = text.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == ":" }).filter { !servingWords.contains(String($0)) }
        guard words.count == 1 else { return nil }
        // "2人份" (Chinese), "4人前" (Japanese): the number written against its word.
        var word = words[0]
        if let suffix = cjkServingSuffixes.first(where: { word.hasSuffix($0) && word.count > $0.count }) { word = word.dropLast(suffix.count) }
        guard let number = Int(word), number > 0, number <= 10_000 else { return nil }
        return number
    }

    /// The lower end of a range of servings ("3 to 4 servings", "4-6", "serves 4–6"): a recipe
    /// scales from it, and keeps the range as its yield text. Nil for anything else.
    static func servingsRange(_ text: String) -> Int? {
        let spaced = text.lowercased().replacing("–", with: " - ").replacing("-", with: " - ")
        let words = spaced.split(whereSeparator: { $0.isWhitespace || $0 == ":" }).map(String.init).filter { !servingWords.contains($0) }
        guard words.count == 3, ["-", "to", "or", "a", "à", "bis", "tot", "till", "til", "do"].contains(words[1]),
              let low = Int(words[0]), let high = Int(words[2]), low > 0, low < high, high <= 10_000 else { return nil }
        return low
    }

    /// Chinese and Japanese for servings, written straight after the number.
    private static let cjkServingSuffixes = ["人份", "人分", "人前", "份", "人"]

    /// Words around the number that only say it counts servings, in the languages imports see.
    private static let servingWords: Set<String> = [
        "serves", "serving", "servings", "people", "persons", "person", "portions", "portion",
        "porzioni", "porzione", "persone", "personen", "portionen", "portion(en)", "personnes", "parts",
        "raciones", "porciones", "personas", "pessoas", "porções", "porcje", "porsjoner", "portioner", "personer",
        "für", "pour", "per", "para", "for", "makes", "yield", "yields",
    ]
}

extension RecipeDetails {
    /// Sets the times an import found; a page or file that gives no total means preparation
    /// and cooking together.
    mutating func setTimes(prep: Int?, cook: Int?, total: Int?) {
        prepMinutes = prep
        cookMinutes = cook
        totalMinutes = Recipe.readyMinutes(total: total, prep: prep, cook: cook)
    }

    /// Sets servings from the first text that is a number of servings; the others are kept
    /// as what it makes.
    mutating func setServings(from texts: [String]) {
        let servingsIndex = texts.firstIndex { ServingsText.servings($0) != nil }
        servings = servingsIndex.flatMap { ServingsText.servings(texts[$0]) }
        let rest = texts.indices.filter { $0 != servingsIndex }.map { texts[$0] }
        yield = rest.isEmpty ? nil : rest.joined(separator: ", ")
        // "3 to 4 servings": scale from 3, and keep what the page said.
        if servings == nil { servings = texts.lazy.compactMap(ServingsText.servingsRange).first }
    }

    /// The texts schema.org's `recipeYield` and Cooklang's `servings` say this with: the
    /// servings as "4 servings" (so importers read them as servings again), then what it makes.
    var servingsTexts: [String] {
        [servings.map { $0 == 1 ? "1 serving" : "\($0) servings" }, yield].compactMap { $0 }
    }

    /// Whether what it makes reads back from a Cooklang file as itself: one trimmed line
    /// that is not a number of servings (which would read back as servings).
    var makesReadsBack: Bool {
        guard let yield else { return true }
        return !yield.isEmpty && !yield.contains(where: \.isNewline) && yield == yield.trimmedWhitespace && ServingsText.servings(yield) == nil
    }

    /// The fields read together from a text that says servings or what it makes.
    static var servingsFields: [RecipeDetail] { fields.filter { $0.shape == .servings || $0.shape == .makes } }
}
