import FoundationEssentials

/// What to buy for a set of recipes: their ingredients merged by what they are, with amounts
/// added up and converted where their units allow, each item in its shop aisle.
///
/// ```swift
/// let list = ShoppingList(recipes: try store.plannedRecipes(from: now, to: nextWeek))
/// for (aisle, items) in list.aisles { print(aisle, items.map(\.name)) }
/// ```
///
/// Lines merge when the vocabulary (``IngredientVocabulary``) reads them as one ingredient
/// ("2 large eggs, beaten", "Eier", "egg"), else when their names agree ignoring case, accents,
/// punctuation and an English plural. "Salt and pepper" with no number is both salt and black
/// pepper. An amount adds up when it starts with a number — whole ("2"), decimal ("2.5" or
/// "2,5"), fraction ("1/2"), mixed ("1 1/2") or a vulgar fraction ("½", "1½"), or a range of them
/// ("1-2", "1 to 2"). Amounts in known units (``MeasureUnit``) add across units of one
/// dimension (1 cup and 250 ml of milk are one amount, in metric when any was metric) and, for
/// an ingredient with a density, from volume into weight; a count in the name ("garlic
/// cloves", 2) is its unit. Anything else ("a pinch", "1 can") is kept as written, apart, with
/// the recipes it comes from. Sums print as cooks write them: "2⅞ tsp", never "2.83 tsp".
public struct ShoppingList: Sendable {
    /// One amount of an item: a summed number with its unit, or free text as written.
    public struct Amount: Sendable, Equatable {
        /// The summed number (a range's lower end), when the amounts parsed; nil for free text.
        public let quantity: Double?
        /// The upper end, when a range was added ("1-2 tbsp" and "1 tbsp" are 2-3 tbsp).
        public let upTo: Double?
        /// The unit ("cups" as first written, or the one amounts were converted to), or the
        /// free text.
        public let unit: String
        /// The recipes that need this amount, in the order they were given.
        public let recipes: [String]
        /// "1½ cups", "2-3 tbsp", "3", "a pinch", "480 ml".
        public let text: String
        /// Whether the amount is in a unit the planner knows (or a count), so it was added to
        /// others of its dimension; false for free text and unknown units, kept apart.
        public let isMeasured: Bool
    }

    /// One thing to buy, with every amount the recipes ask for.
    public struct Item: Sendable, Equatable {
        /// The name as most of its recipes write it (the first of equals): the words that name
        /// the ingredient when the vocabulary knows it ("eggs" in "large eggs, beaten"), else
        /// the whole name.
        public let name: String
        /// The ingredient the vocabulary reads it as ("egg"), or nil when it knows none.
        public let identity: String?
        /// The aisle it is shopped in.
        public let aisle: Aisle
        /// Whether every line that asks for it says it can be left out.
        public let isOptional: Bool
        /// The amounts, those that add up added.
        public let amounts: [Amount]
    }

    /// The items, in the order their names first appear.
    public let items: [Item]
    /// The aisles in shopping order, each with its items by name; empty aisles left out.
    public let aisles: [(aisle: Aisle, items: [Item])]

    /// The shopping list for the ingredients of `recipes`, same ingredients merged.
    public init(recipes: [Recipe], vocabulary: IngredientVocabulary = .builtIn, units: MeasureUnit.System? = nil) {
        self.init(portions: recipes.map { ($0, 1) }, recipeNamed: { _ in nil }, vocabulary: vocabulary, units: units)
    }

    /// The shopping list for planned meals: each meal counts (pancakes twice is twice the
    /// ingredients), scaled by the meal's servings over the recipe's when both are known. A
    /// line that names another recipe (Cooklang's `@./Components/Dough{2%servings}`) is that
    /// recipe's ingredients, scaled to the servings it asks for, when `recipeNamed` finds it
    /// from the reference's path ("Components/Dough"). With `units`, every measured amount is
    /// written in that system; without, amounts in one unit stay in it.
    ///
    /// What `pantry` holds is left out: an item held without an amount, and an amount held
    /// taken from the sum it converts to (750 g of flour needed, 500 g held: 250 g). A sum in
    /// a unit the held amount does not convert to (2 jars against grams) stays whole.
    public init(meals: [(recipe: Recipe, servings: Int?)], vocabulary: IngredientVocabulary = .builtIn, units: MeasureUnit.System? = nil,
                pantry: [PantryItem] = [], recipeNamed: (String) -> Recipe? = { _ in nil }) {
        self.init(portions: meals.map { meal in
            guard let wanted = meal.servings, let own = meal.recipe.servings, own > 0 else { return (meal.recipe, 1) }
            return (meal.recipe, Double(wanted) / Double(own))
        }, recipeNamed: recipeNamed, vocabulary: vocabulary, units: units, pantry: pantry)
    }

    /// Each recipe's ingredients times its factor; amounts without a number stay as written.
    private init(portions: [(recipe: Recipe, factor: Double)], recipeNamed: (String) -> Recipe?, vocabulary: IngredientVocabulary,
                 units: MeasureUnit.System?, pantry: [PantryItem] = []) {
        var gathering = ShoppingGathering(vocabulary: vocabulary)
        func gather(_ recipe: Recipe, factor: Double, as name: String, depth: Int) {
            for ingredient in recipe.ingredients where !ingredient.isHeading {
                if depth < Self.referenceDepth, let referenced = Self.reference(ingredient, recipeNamed: recipeNamed) {
                    gather(referenced.recipe, factor: factor * referenced.factor, as: name, depth: depth + 1)
                } else {
                    gathering.add(name: ingredient.name, amount: ingredient.amount, factor: factor, from: name)
                }
            }
        }
        for (recipe, factor) in portions { gather(recipe, factor: factor, as: recipe.name, depth: 0) }
        let items = gathering.items(units: units, pantry: pantry)
        self.items = items
        aisles = vocabulary.aisleOrder.compactMap { aisle in
            let here = items.filter { $0.aisle == aisle }
                .sorted { TextMatching.nameKey($0.name).utf8.lexicographicallyPrecedes(TextMatching.nameKey($1.name).utf8) }
            return here.isEmpty ? nil : (aisle, here)
        }
    }

    /// How deep references to other recipes are followed (a recipe naming itself stops there).
    static let referenceDepth = 4

    /// The recipe a Cooklang reference line names, and how much of it: `{2%servings}` of a
    /// recipe that serves 4 is half of it; without an amount, all of it. Nil for any other
    /// line, a recipe not found, or an amount in other units (150 g of a sauce), which stays a line.
    static func reference(_ ingredient: Ingredient, recipeNamed: (String) -> Recipe?) -> (recipe: Recipe, factor: Double)? {
        let name = ingredient.name.trimmedWhitespace
        guard name.hasPrefix("./") || name.hasPrefix("../") else { return nil }
        let path = name.split(separator: "/").filter { $0 != "." && $0 != ".." }.joined(separator: "/")
        guard !path.isEmpty, let recipe = recipeNamed(path) else { return nil }
        guard let parsed = parse(ingredient.amount) else {
            return ingredient.amount.trimmedWhitespace.isEmpty ? (recipe, 1) : nil
        }
        guard ["serving", "servings", "portion", "portions"].contains(TextMatching.fold(parsed.unit)), let servings = recipe.servings,
              servings > 0 else { return nil }
        return (recipe, parsed.quantity / Double(servings))
    }

    /// A leading quantity (a range's lower end, and its upper) and the unit after it, or nil
    /// when the amount does not start with one.
    ///
    /// Amounts cooks write in two parts are read as one: "1 dozen" is 12, "1 lb 2 oz" is 1⅛ lb,
    /// and "1 (400 g) tin" is 400 g, the size in brackets times the count.
    static func parse(_ amount: String) -> (quantity: Double, upTo: Double?, unit: String, unitKey: String)? {
        // "a dozen", "half a dozen": a count in words.
        let spelled = TextMatching.fold(amount.trimmedWhitespace).split(separator: " ").map(String.init)
        if let last = spelled.last, dozenWords.contains(last), ["a", "half a"].contains(spelled.dropLast().joined(separator: " ")) {
            return (spelled.count == 2 ? 12 : 6, nil, "", "")
        }
        guard let leading = AmountScaling.leadingQuantity(Substring(amount.trimmedWhitespace)), leading.value < largestQuantity,
              (leading.upper?.value ?? 0) < largestQuantity else { return nil }
        var quantity = leading.value, upTo = leading.upper?.value
        var unit = String(leading.rest).trimmedWhitespace
        let words = unit.split(separator: " ")
        if let first = words.first, dozenWords.contains(TextMatching.fold(String(first))) {
            // "2 dozen eggs": pieces.
            quantity *= 12
            upTo = upTo.map { $0 * 12 }
            unit = words.dropFirst().joined(separator: " ")
        } else if let open = unit.firstIndex(of: "("), unit[..<open].split(separator: " ").count <= 1,
                  let close = unit.firstIndex(of: ")"), open < close,
                  let size = AmountScaling.leadingQuantity(unit[unit.index(after: open)..<close]), size.upper == nil,
                  let sizeUnit = MeasureUnit.named(String(size.rest).trimmedWhitespace.replacing("-", with: " ")), sizeUnit.dimension != .count {
            // "1 (400 g) tin", "2 cans (14 oz)", "2 (14-oz) cans": what the tins hold.
            quantity *= size.value
            upTo = upTo.map { $0 * size.value }
            unit = String(size.rest).trimmedWhitespace.replacing("-", with: "")
        } else if upTo == nil, words.count >= 3, let large = MeasureUnit.named(String(words[0])),
                  let small = AmountScaling.leadingQuantity(Substring(words[1...].joined(separator: " "))), small.upper == nil,
                  let smallUnit = MeasureUnit.named(String(small.rest).trimmedWhitespace),
                  smallUnit.dimension == large.dimension, smallUnit.size < large.size, large.dimension != .count {
            // "1 lb 2 oz", "1 cup 2 tbsp": the smaller unit adds to the larger.
            quantity += small.value * smallUnit.size / large.size
            unit = String(words[0])
        }
        return (quantity, upTo, unit, unitKey(unit))
    }

    /// "dozen" in the languages read: a count of twelve.
    static let dozenWords: Set<String> = ["dozen", "doz", "dutzend", "douzaine", "douzaines", "docena", "docenas", "dozzina", "dozzine",
                                          "duzia", "dozijn", "dussin"]

    static let vulgarFractions: [Character: Double] = ["½": 0.5, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "¼": 0.25, "¾": 0.75,
                                                       "⅕": 0.2, "⅛": 0.125, "⅜": 0.375, "⅝": 0.625, "⅞": 0.875]

    /// Amounts from here up are text, not numbers to add: no recipe needs them, and they
    /// would not fit the integer arithmetic of formatting (found by fuzzing).
    static let largestQuantity = 1e12

    /// Units compare folded, without a plural "s": "Cups" and "cup" agree; so do a clove in
    /// the languages read ("gousses", "Zehen", "dientes") and a head of garlic ("bulb", "Knolle").
    static func unitKey(_ unit: String) -> String {
        let folded = TextMatching.fold(unit)
        let key = folded.count > 2 && folded.hasSuffix("s") ? String(folded.dropLast()) : folded
        return countSynonyms[key] ?? key
    }

    /// What a count counts, as the pantry keeps it: singular and folded, a clove or head in
    /// any language as the English word ("gousses" and "Zehen" are "clove", "jars" "jar").
    static func countKey(_ unit: String) -> String {
        let single = singular(TextMatching.fold(unit.trimmedWhitespace))
        if let synonym = countSynonyms[single] { return synonym }
        // unitKey knows "gousses" as a clove where the English singular ("gouss") does not.
        let key = unitKey(unit)
        return Set(countSynonyms.values).contains(key) ? key : single
    }

    /// Count words of other languages, by the English one they count as.
    static let countSynonyms: [String: String] = {
        var table: [String: String] = [:]
        for word in ["gousse", "zehe", "zehen", "diente", "spicchio", "spicchi", "dente", "teen", "teentje", "klyfta", "klyftor", "fedd"] {
            table[word] = "clove"
        }
        for word in ["bulb", "tete", "knolle", "knollen", "cabeza", "testa", "bol", "bollen", "huvud"] { table[word] = "head" }
        return table
    }()

    /// The name as items merge: folded (``TextMatching/nameKey(_:)``), its last word singular
    /// as English writes plurals ("eggs", "tomatoes", "berries", "peaches" are "egg",
    /// "tomato", "berry", "peach").
    static func itemKey(_ name: String) -> String {
        var words = TextMatching.nameKey(name).split(separator: " ").map(String.init)
        guard let last = words.popLast() else { return "" }
        words.append(singular(last))
        return words.joined(separator: " ")
    }

    static func singular(_ word: String) -> String {
        guard word.count > 3, word.hasSuffix("s"), !["ss", "us", "is"].contains(where: word.hasSuffix) else { return word }
        if word.hasSuffix("ies") { return word.dropLast(3) + "y" }
        if ["oes", "ches", "shes", "xes", "sses"].contains(where: word.hasSuffix) { return String(word.dropLast(2)) }
        return String(word.dropLast())
    }

    /// Words that count what a name's last word names: "garlic cloves", "salmon fillets".
    static let countWords: Set<String> = ["clove", "slice", "can", "tin", "sprig", "stalk", "stick", "head", "bunch", "fillet", "piece",
                                          "leaf", "leave", "sheet", "rasher", "strip"]

    /// "garlic cloves" → ("garlic", "cloves"), "head of garlic" → ("garlic", "head"),
    /// "Knoblauchzehen" → ("Knoblauch", "Zehen"); nil when no word of it counts anything.
    static func countInName(_ name: String) -> (name: String, unit: String)? {
        let words = name.trimmedWhitespace.split(separator: " ")
        func counts(_ word: Substring) -> Bool {
            let key = unitKey(String(word))
            return countWords.contains(singular(key)) || countWords.contains(key)
        }
        if words.count > 1, let last = words.last, counts(last) { return (words.dropLast().joined(separator: " "), String(last)) }
        // A count word first: "head of garlic", "bulb garlic", "cloves garlic".
        if words.count > 1, counts(words[0]) {
            let rest = words.dropFirst().drop { ["of", "de", "d'", "di", "van"].contains(TextMatching.fold(String($0))) }
            if !rest.isEmpty { return (rest.joined(separator: " "), String(words[0])) }
        }
        // German writes the count into the word: "Knoblauchzehen".
        if words.count == 1, let word = words.first {
            for suffix in ["zehen", "zehe"] where TextMatching.fold(String(word)).hasSuffix(suffix) && word.count > suffix.count + 2 {
                return (String(word.dropLast(suffix.count)), String(word.suffix(suffix.count)).capitalized)
            }
        }
        return nil
    }

    /// Halves, thirds and quarters as fractions; otherwise at most two decimals.
    static func format(_ value: Double) -> String {
        // Beyond what Int holds (or what a kitchen measures), the plain decimal form.
        guard abs(value) < largestQuantity else { return "\(value)" }
        let whole = value.rounded(.down)
        let fraction = value - whole
        let names: [(Double, String)] = [(0, ""), (0.25, "¼"), (1.0 / 3, "⅓"), (0.5, "½"), (2.0 / 3, "⅔"), (0.75, "¾")]
        if let (_, name) = names.first(where: { abs($0.0 - fraction) < 0.005 }) {
            return whole == 0 && !name.isEmpty ? name : "\(Int(whole))\(name)"
        }
        if abs(1 - fraction) < 0.005 { return "\(Int(whole) + 1)" }
        var text = String(Int((value * 100).rounded()))
        while text.count < 3 { text = "0" + text }
        text.insert(".", at: text.index(text.endIndex, offsetBy: -2))
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// A sum as a cook measures it: under 10, to the nearest eighth or third ("2⅞", "⅓");
    /// from 10, to the nearest whole number ("154"). A sum too small for an eighth is "⅛".
    static func rounded(_ value: Double) -> String {
        guard abs(value) < largestQuantity, value > 0 else { return format(value) }
        guard value < 10 else { return format(value.rounded()) }
        let whole = value.rounded(.down)
        let parts: [Double] = [0, 0.125, 0.25, 1.0 / 3, 0.375, 0.5, 0.625, 2.0 / 3, 0.75, 0.875, 1]
        var nearest = 0.125
        for part in parts where whole + part > 0 && abs(whole + part - value) < abs(nearest - value) { nearest = whole + part }
        return fractionText(nearest)
    }

    /// A whole number and eighths or thirds as vulgar fractions.
    private static func fractionText(_ value: Double) -> String {
        let whole = value.rounded(.down)
        let names: [(Double, String)] = [(0, ""), (1.0 / 8, "⅛"), (0.25, "¼"), (1.0 / 3, "⅓"), (3.0 / 8, "⅜"), (0.5, "½"), (5.0 / 8, "⅝"),
                                         (2.0 / 3, "⅔"), (0.75, "¾"), (7.0 / 8, "⅞")]
        let name = names.first { abs($0.0 - (value - whole)) < 0.001 }?.1 ?? ""
        return whole == 0 && !name.isEmpty ? name : "\(Int(whole))\(name)"
    }
}

extension StringProtocol {
    /// Without leading and trailing white space.
    var trimmedWhitespace: String {
        trimming(\.isWhitespace)
    }
}
