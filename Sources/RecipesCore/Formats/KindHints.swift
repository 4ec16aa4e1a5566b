/// Which kind of recipe a file's categories, name and keywords suggest: breads, cakes,
/// cookies and pies are baked goods, drinks beverages, anything else a plain dish — a dessert
/// is not baked for being a dessert (ice cream, tiramisu, no-bake cakes, fried sweets and
/// compotes are dishes). Words of the main European languages count as well as English. Used
/// by the Cooklang and schema.org importers, which both only have words to go by.
enum KindHints {
    /// The categories decide first, then the name, then the keywords; within each, the first
    /// word that names a kind ("Drinks, Desserts" is a drink; "No-bake cheesecake" is not
    /// baked, "Cheesecake with ice cream" is).
    ///
    /// A keyword that is one of the recipe's ingredients says nothing of its kind ("latte",
    /// milk in Italian, among a bavarese's keywords), and keywords do not make a beverage of
    /// what its category calls a course of food ("Dolci", "Dessert", "Main course").
    ///
    /// The steps weigh too: what is set in a mould or baked in an oven is no drink, whatever
    /// its name or keywords say ("Bavarese al caffè", set in a mould in the fridge); only a
    /// category still makes it one.
    static func variety(categories: [String], name: String = "", keywords: [String] = [], ingredients: [String] = [],
                        steps: String = "") -> RecipeVariety {
        let ingredientWords = Set(ingredients.flatMap(words))
        let food = categories.flatMap(words).contains(where: foodCourseWords.contains)
        let setOrBaked = !steps.isEmpty && words(steps).contains(where: setOrBakedWords.contains)
        for (index, source) in [categories, [name], keywords].enumerated() {
            var sawBeverage = false
            for word in source.flatMap(words) where index != 2 || !ingredientWords.contains(word) {
                if beverageWords.contains(word) {
                    if index == 2, food { continue }
                    if index > 0, setOrBaked { continue }
                    // In a name, a drink's word flavours a food ("Coffee soufflé", "Coffee
                    // cake"); a food word later in the name decides.
                    if index != 1 { return .beverage }
                    sawBeverage = true
                    continue
                }
                if unbakedWords.contains(word) { return .dish }
                // "Baking" as a category names the kind; "Baked salmon" as a name does not.
                if bakedWords.contains(word) || (index == 0 && bakingWords.contains(word))
                    || bakedCompoundHeads.contains(where: { word.count > $0.count && word.hasSuffix($0) }) { return .bakedGood }
            }
            if sawBeverage { return .beverage }
            // A savoury course is a dish, whatever its name bakes ("Pork pie" as a main course).
            if index == 0, categories.flatMap(words).contains(where: savouryCourseWords.contains) { return .dish }
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
        return all.isDisjoint(with: ["iced", "cold", "frozen", "chilled"]) && !all.isDisjoint(with: ["hot", "hotchocolate", "mulled", "warm", "toddy", "glühwein", "chai"])
    }

    /// Lowercased words, hyphens dropped ("non-alcoholic" → "nonalcoholic"), two-word names
    /// joined ("ice cream" → "icecream"), a plural "s" too.
    private static func words(_ text: String) -> [String] {
        var text = text.lowercased().replacing("-", with: "")
        for (phrase, word) in phrases where text.contains(phrase) { text = text.replacing(phrase, with: word) }
        return text.split { !$0.isLetter }.flatMap { word -> [String] in
            let word = String(word)
            return word.count > 3 && word.hasSuffix("s") ? [word, String(word.dropLast())] : [word]
        }
    }

    private static let phrases: [(String, String)] = [
        ("ice cream", "icecream"), ("panna cotta", "pannacotta"), ("crème glacée", "glace"), ("creme glacee", "glace"),
        ("no bake", "nobake"), ("sans cuisson", "nobake"), ("senza cottura", "nobake"), ("sin horno", "nobake"),
        ("ohne backen", "nobake"), ("hot chocolate", "hotchocolate"), ("chocolat chaud", "hotchocolate"),
        ("until set", "untilset"), ("until firm", "untilset"), ("au four", "aufour"), ("fest werden", "untilset"),
        ("shepherd's pie", "shepherdspie"), ("shepherd’s pie", "shepherdspie"), ("shepherds pie", "shepherdspie"),
        ("shepherd pie", "shepherdspie"), ("cottage pie", "cottagepie"), ("pot pie", "potpie"), ("fish pie", "fishpie"),
    ]

    /// Courses of savoury food: a recipe filed under one is a dish, though its name says pie.
    /// Not desserts, breakfasts, meals or sides, which are often baked (banana bread for
    /// lunch, cornbread on the side).
    private static let savouryCourseWords: Set<String> = [
        "main", "maincourse", "starter", "appetizer", "soup", "salad", "secondi", "primi", "antipasti", "hauptgericht",
        "hauptspeise", "vorspeise", "entrée", "plat", "hoofdgerecht", "voorgerecht", "huvudrätt", "hovedrett", "danie",
    ]

    /// Steps that set a dish in a mould or bake it, in the languages imports read: a drink is
    /// poured, not unmoulded.
    private static let setOrBakedWords: Set<String> = [
        "mould", "mold", "ramekin", "untilset", "oven", "bake", "baked", "baking", "aufour", "moule", "ofen", "backofen",
        "backen", "backform", "stampo", "stampi", "stampini", "rapprendere", "rassodare", "forno", "horno", "molde", "moldes",
        "cuajar", "ugn", "ovn", "bakvorm", "pudding", "gelatin", "gelatine", "colla", "agar",
    ]

    private static let bakedWords: Set<String> = [
        // English
        "bread", "cake", "cupcake", "cookie", "biscuit", "brownie", "muffin", "pastry",
        "pastries", "pie", "tart", "scone", "loaf", "croissant", "cheesecake", "focaccia", "brioche", "bagel", "pretzel",
        "strudel", "galette", "cobbler", "crumble", "shortbread", "gingerbread", "baguette", "flapjack",
        // Italian, French, Spanish, Portuguese
        "pane", "torta", "crostata", "ciambella", "ciambellone", "biscotto", "biscotti", "panettone", "pandoro", "cornetto",
        "pain", "gâteau", "gateau", "tarte", "madeleine", "financier", "pâtisserie", "viennoiserie", "clafoutis", "soufflé", "souffle",
        "pastel", "tarta", "galleta", "bizcocho", "magdalena", "roscón", "pão", "bolo", "broa", "biscoito", "bolacha",
        // German, Dutch, Scandinavian, Polish
        "brot", "brötchen", "kuchen", "torte", "plätzchen", "keks", "kekse", "stollen", "gebäck",
        "brood", "taart", "koek", "koekje", "bröd", "brød", "kaka", "kake", "bulle", "bolle", "kanelbulle", "kanelbullar",
        "chleb", "ciasto", "sernik", "babka", "ciasteczka", "rogal", "drożdżówka",
    ]

    /// Germanic compounds end in what they are: "Apfelkuchen", "appeltaart", "roggebrød".
    private static let bakedCompoundHeads = ["kuchen", "torte", "brot", "brötchen", "gebäck", "taart", "brood", "koek",
                                             "bröd", "brød", "kaka", "kake", "bullar", "boller"]

    /// The technique, which says the kind only in a category.
    private static let bakingWords: Set<String> = ["baked", "baking", "bake", "backen", "gebacken", "forno", "four", "horno"]

    /// Sweets that are not baked, and savoury pies that are dishes, which win over a baked
    /// word after them in the same text.
    private static let unbakedWords: Set<String> = [
        "shepherdspie", "cottagepie", "potpie", "fishpie", "parmentier",
        "icecream", "gelato", "sorbet", "sorbetto", "semifreddo", "granita", "tiramisu", "tiramisù", "pannacotta", "mousse",
        "nobake", "unbaked", "fried", "deepfried", "compote", "kompott", "compota", "parfait", "trifle", "jelly", "jello",
        "glace", "helado", "sorvete", "gelado", "eis", "speiseeis", "eiscreme", "ijs", "lody", "fritti", "frittelle", "beignet",
        "churros", "doughnut", "donut", "pancake", "crepe", "crêpe", "waffle", "pfannkuchen", "palatschinken", "naleśniki",
    ]

    /// Categories that name a course of food, in the languages imports read.
    private static let foodCourseWords: Set<String> = [
        "dessert", "desserts", "main", "maincourse", "starter", "appetizer", "side", "soup", "salad", "breakfast", "lunch", "dinner",
        "dolci", "dolce", "secondi", "primi", "antipasti", "contorni", "postre", "postres", "entrante", "plato", "nachspeise",
        "nachtisch", "hauptgericht", "vorspeise", "beilage", "entrée", "plat", "accompagnement", "sobremesa", "prato", "nagerecht",
        "hoofdgerecht", "voorgerecht", "efterrätt", "huvudrätt", "deser", "danie",
    ]

    private static let beverageWords: Set<String> = [
        "drink", "beverage", "cocktail", "mocktail", "smoothie", "shake", "milkshake", "juice", "lemonade", "punch",
        "tea", "coffee", "latte", "cocoa", "hotchocolate", "toddy", "sangria", "sangría", "eggnog", "lassi",
        "bevanda", "bibita", "frullato", "spremuta", "caffè", "boisson", "jus", "thé", "café", "bebida", "batido",
        "zumo", "jugo", "horchata", "limonada", "suco", "chá", "caipirinha", "getränk", "saft", "tee", "kaffee",
        "bowle", "drankje", "thee", "koffie", "glögg", "gløgg", "napój", "sok", "herbata", "kawa", "koktajl", "kompot",
        "lemoniada", "kakao",
    ]

    private static let alcoholWords: Set<String> = [
        "cocktail", "alcoholic", "vodka", "gin", "rum", "whisky", "whiskey", "bourbon", "tequila", "mezcal", "brandy",
        "cognac", "wine", "beer", "liqueur", "vermouth", "champagne", "prosecco", "sake", "schnapps", "aperol",
        "campari", "cider", "port", "sherry", "absinthe", "amaretto", "kahlua", "glühwein",
        "vino", "vin", "wein", "birra", "bière", "bier", "cerveza", "ron", "wodka", "wódka", "grappa", "limoncello",
        "glögg", "gløgg", "cachaça", "caipirinha", "spritz",
    ]
}
