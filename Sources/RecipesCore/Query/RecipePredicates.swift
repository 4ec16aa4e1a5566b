import FoundationEssentials

/// Ready-made predicates for the two questions every recipe list asks: which kind, and
/// which text. Composed as in SwiftData's recipe sample.
///
/// ```swift
/// let predicate = RecipePredicates.matching(kind: .bakedGoods, search: "chocolate")
/// let recipes = try context.fetch(FetchDescriptor(predicate: predicate))
/// ```
public enum RecipePredicates {
    /// Recipes of `kind`; nil for `.all`, which needs no filter.
    public static func kind(_ kind: RecipeKind) -> Predicate<Recipe>? {
        switch kind {
        case .all: return nil
        case .bakedGoods: return #Predicate<Recipe> { $0 is BakedGood }
        case .beverages: return #Predicate<Recipe> { $0 is Beverage }
        }
    }

    /// Plain dishes: neither baked goods nor beverages. (``RecipeKind`` keeps SwiftData's
    /// sample's three cases, so a `switch` over it stays exhaustive in code written for it.)
    public static var dishes: Predicate<Recipe> {
        #Predicate<Recipe> { !($0 is BakedGood) && !($0 is Beverage) }
    }

    /// Recipes in which every word of `text` occurs, case- and diacritic-insensitively, in
    /// the name, summary, instructions, or an ingredient's name or amount. Nil when `text`
    /// has no words.
    public static func search(_ text: String) -> Predicate<Recipe>? {
        let words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        return words.map(anyField(contains:)).reduce(nil) { combined, next in
            combined.map { $0 && next } ?? next
        }
    }

    /// The kind and search predicates AND-ed; nil when both are empty.
    public static func matching(kind: RecipeKind, search text: String) -> Predicate<Recipe>? {
        switch (self.kind(kind), search(text)) {
        case (nil, nil): nil
        case (let typePredicate?, nil): typePredicate
        case (nil, let searchPredicate?): searchPredicate
        case (let typePredicate?, let searchPredicate?): typePredicate && searchPredicate
        }
    }

    static func anyField(contains word: String) -> Predicate<Recipe> {
        #Predicate<Recipe> { recipe in
            recipe.name.localizedStandardContains(word)
                || recipe.summary.localizedStandardContains(word)
                || recipe.instructions.localizedStandardContains(word)
                || recipe.ingredients.contains {
                    $0.name.localizedStandardContains(word) || $0.amount.localizedStandardContains(word)
                }
        }
    }
}
