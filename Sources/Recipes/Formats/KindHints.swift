/// Which kind of recipe a file's categories, tags or types suggest: desserts and breads are
/// baked goods, drinks and cocktails beverages, anything else a plain dish. Used by the
/// Cooklang and schema.org importers, which both only have words to go by.
enum KindHints {
    static func variety(from hints: [String]) -> RecipeVariety {
        // The first hint that names a kind decides: "Drinks, Desserts" is a drink.
        for word in hints.flatMap(words) {
            if bakedWords.contains(word) { return .bakedGood }
            if beverageWords.contains(word) { return .beverage }
        }
        return .dish
    }

    /// Whether a beverage's words say it contains alcohol.
    static func isAlcoholic(_ hints: [String]) -> Bool {
        let all = Set(hints.flatMap(words))
        return all.isDisjoint(with: ["mocktail", "virgin", "nonalcoholic", "alcoholfree"]) && !all.isDisjoint(with: alcoholWords)
    }

    /// Whether a beverage's words say it is served hot.
    static func isServedHot(_ hints: [String]) -> Bool {
        let all = Set(hints.flatMap(words))
        return all.isDisjoint(with: ["iced", "cold", "frozen", "chilled"]) && !all.isDisjoint(with: ["hot", "mulled", "warm", "toddy", "glühwein", "chai"])
    }

    /// Lowercased words, hyphens dropped ("non-alcoholic" → "nonalcoholic"), a plural "s" too.
    private static func words(_ text: String) -> [String] {
        text.lowercased().replacing("-", with: "").split { !$0.isLetter }.flatMap { word -> [String] in
            let word = String(word)
            return word.count > 3 && word.hasSuffix("s") ? [word, String(word.dropLast())] : [word]
        }
    }

    private static let bakedWords: Set<String> = [
        "baked", "baking", "bake", "bread", "cake", "cupcake", "cookie", "biscuit", "biscotti", "brownie", "muffin",
        "pastry", "pastries", "pie", "tart", "scone", "loaf", "croissant", "dessert", "cheesecake", "focaccia", "brioche",
        "bagel", "pretzel", "strudel", "galette", "cobbler", "crumble", "gebäck", "kuchen", "torte", "brot", "gâteau", "pâtisserie",
    ]

    private static let beverageWords: Set<String> = [
        "drink", "beverage", "cocktail", "mocktail", "smoothie", "shake", "milkshake", "juice", "lemonade", "punch",
        "tea", "coffee", "latte", "cocoa", "toddy", "sangria", "eggnog", "lassi", "getränk", "boisson",
    ]

    private static let alcoholWords: Set<String> = [
        "cocktail", "alcoholic", "vodka", "gin", "rum", "whisky", "whiskey", "bourbon", "tequila", "mezcal", "brandy",
        "cognac", "wine", "beer", "liqueur", "vermouth", "champagne", "prosecco", "sake", "schnapps", "aperol",
        "campari", "cider", "port", "sherry", "absinthe", "amaretto", "kahlua", "glühwein",
    ]
}
