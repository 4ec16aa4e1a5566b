import FoundationEssentials

/// What to buy for a set of recipes: their ingredients merged by name (ignoring case,
/// accents and punctuation), with amounts added up where their units agree.
///
/// ```swift
/// let list = ShoppingList(recipes: try store.plannedRecipes(from: now, to: nextWeek))
/// for item in list.items { print(item.name, item.amounts.map(\.text)) }
/// ```
///
/// An amount adds up when it starts with a number — whole ("2"), decimal ("2.5" or "2,5"),
/// fraction ("1/2"), mixed ("1 1/2") or a vulgar fraction ("½", "1½") — and the rest (the
/// unit, such as "cups" or "g") matches another's, singular or plural. Anything else ("a
/// pinch", "to taste") is listed as it is, with the recipe it comes from.
public struct ShoppingList: Sendable {
    /// One amount of an item: a summed number with its unit, or free text as written.
    public struct Amount: Sendable, Equatable {
        /// The summed number, when the amounts parsed; nil for free text.
        public let quantity: Double?
        /// The unit as first written ("cups"), or the free text.
        public let unit: String
        /// The recipes that need this amount, in the order they were given.
        public let recipes: [String]

        /// "1½ cups", "3", "a pinch".
        public var text: String {
            guard let quantity else { return unit }
            let number = ShoppingList.format(quantity)
            return unit.isEmpty ? number : number + " " + unit
        }
    }

    /// One thing to buy, with every amount the recipes ask for.
    public struct Item: Sendable, Equatable {
        /// The name as first written.
        public let name: String
        /// The amounts, those with the same unit added up.
        public let amounts: [Amount]
    }

    /// The items, in the order their names first appear.
    public let items: [Item]

    /// The shopping list for the ingredients of `recipes`, same names merged.
    public init(recipes: [Recipe]) {
        self.init(portions: recipes.map { ($0, 1) })
    }

    /// The shopping list for planned meals: each meal counts (pancakes twice is twice the
    /// ingredients), scaled by the meal's servings over the recipe's when both are known.
    public init(meals: [(recipe: Recipe, servings: Int?)]) {
        self.init(portions: meals.map { meal in
            guard let wanted = meal.servings, let own = meal.recipe.servings, own > 0 else { return (meal.recipe, 1) }
            return (meal.recipe, Double(wanted) / Double(own))
        })
    }

    /// Each recipe's ingredients times its factor; amounts without a number stay as written.
    private init(portions: [(recipe: Recipe, factor: Double)]) {
        var order: [String] = []
        var names: [String: String] = [:]
        var amounts: [String: [(key: String?, quantity: Double?, unit: String, recipes: [String])]] = [:]
        for (recipe, factor) in portions {
            for ingredient in recipe.ingredients where !ingredient.isHeading {
                let key = TextMatching.nameKey(ingredient.name)
                guard !key.isEmpty else { continue }
                if names[key] == nil {
                    names[key] = ingredient.name
                    order.append(key)
                }
                let parsed = Self.parse(ingredient.amount).map { (quantity: $0.quantity * factor, unit: $0.unit, unitKey: $0.unitKey) }
                var list = amounts[key] ?? []
                if let parsed, let index = list.firstIndex(where: { $0.key == parsed.unitKey && $0.quantity != nil }) {
                    list[index].quantity! += parsed.quantity
                    if !list[index].recipes.contains(recipe.name) { list[index].recipes.append(recipe.name) }
                } else if let parsed {
                    list.append((parsed.unitKey, parsed.quantity, parsed.unit, [recipe.name]))
                } else if let index = list.firstIndex(where: { $0.quantity == nil && $0.unit == ingredient.amount.trimmedWhitespace }) {
                    // The same words ("to taste", none) are one amount, however many meals need them.
                    if !list[index].recipes.contains(recipe.name) { list[index].recipes.append(recipe.name) }
                } else {
                    list.append((nil, nil, ingredient.amount.trimmedWhitespace, [recipe.name]))
                }
                amounts[key] = list
            }
        }
        items = order.map { key in
            Item(name: names[key]!, amounts: (amounts[key] ?? []).map { Amount(quantity: $0.quantity, unit: $0.unit, recipes: $0.recipes) })
        }
    }

    /// A leading quantity and the unit after it, or nil when the amount does not start with one.
    static func parse(_ amount: String) -> (quantity: Double, unit: String, unitKey: String)? {
        var rest = Substring(amount.trimmedWhitespace)
        var total = 0.0
        var found = false
        // Up to two numbers: "1 1/2", "1½", "2".
        for _ in 0..<2 {
            guard let (value, remainder) = leadingNumber(rest) else { break }
            total += value
            found = true
            rest = remainder.drop(while: \.isWhitespace)
        }
        guard found else { return nil }
        let unit = String(rest).trimmedWhitespace
        return (total, unit, unitKey(unit))
    }

    static let vulgarFractions: [Character: Double] = ["½": 0.5, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "¼": 0.25, "¾": 0.75,
                                                       "⅕": 0.2, "⅛": 0.125, "⅜": 0.375, "⅝": 0.625, "⅞": 0.875]

    private static func leadingNumber(_ text: Substring) -> (Double, Substring)? {
        if let first = text.first, let fraction = vulgarFractions[first] { return (fraction, text.dropFirst()) }
        let digits = text.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "," || $0 == "/") }
        guard let firstDigit = digits.first, firstDigit.isNumber else { return nil }
        var rest = text.dropFirst(digits.count)
        if let next = rest.first, let fraction = vulgarFractions[next] {
            rest = rest.dropFirst()
            guard let whole = Double(digits), whole < largestQuantity else { return nil }
            return (whole + fraction, rest)
        }
        if digits.contains("/") {
            let parts = digits.split(separator: "/")
            guard parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator != 0,
                  numerator / denominator < largestQuantity else { return nil }
            return (numerator / denominator, rest)
        }
        guard let value = Double(digits.replacing(",", with: ".")), value < largestQuantity else { return nil }
        return (value, rest)
    }

    /// Amounts from here up are text, not numbers to add: no recipe needs them, and they
    /// would not fit the integer arithmetic of formatting (found by fuzzing).
    static let largestQuantity = 1e12

    /// Units compare folded, without a plural "s": "Cups" and "cup" agree.
    static func unitKey(_ unit: String) -> String {
        let folded = TextMatching.fold(unit)
        return folded.count > 2 && folded.hasSuffix("s") ? String(folded.dropLast()) : folded
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
}

extension StringProtocol {
    /// Without leading and trailing white space.
    var trimmedWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
