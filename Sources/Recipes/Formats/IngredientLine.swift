/// Splits an ingredient as recipe pages write it ("2 ½ cups flour, sifted") into the amount
/// ("2 ½ cups") and the name ("flour, sifted"), so that shopping lists can add amounts up.
/// A line that does not start with a quantity is all name: "Salt, to taste".
enum IngredientLine {
    static func split(_ line: String) -> (name: String, amount: String) {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        var index = 0
        var amount: [String] = []
        // Quantities, ranges and mixed numbers: "1", "1 1/2", "1-2", "1 to 2", "½", "500g".
        while index < words.count, isQuantity(words[index]) || (isRangeWord(words[index]) && !amount.isEmpty
                                                                  && index + 1 < words.count && isQuantity(words[index + 1])) {
            amount.append(words[index])
            index += 1
        }
        guard !amount.isEmpty else { return (line.trimmedWhitespace, "") }
        let attachedUnit = amount.last.map(hasAttachedUnit) ?? false
        // A size in brackets, before or after the unit: "1 (400 g) can", "1 can (400 g)".
        func takeBracket() {
            if index < words.count, words[index].hasPrefix("("),
               let close = words[index...].firstIndex(where: { $0.hasSuffix(")") }), close - index < 4 {
                amount.append(contentsOf: words[index...close])
                index = close + 1
            }
        }
        takeBracket()
        if !attachedUnit, index < words.count, units.contains(normalizedUnit(words[index])) {
            amount.append(words[index])
            index += 1
        } else if !attachedUnit, index + 1 < words.count, normalizedUnit(words[index]) == "fl", normalizedUnit(words[index + 1]) == "oz" {
            amount.append(contentsOf: words[index...(index + 1)])
            index += 2
        }
        takeBracket()
        if index < words.count, words[index].lowercased() == "of" { index += 1 }
        let name = words[index...].joined(separator: " ")
        guard !name.isEmpty else { return (line.trimmedWhitespace, "") }
        return (name, amount.joined(separator: " ").trimmingCharacters(of: ","))
    }

    private static func isQuantity(_ word: String) -> Bool {
        var sawDigit = false
        var rest = Substring(word)
        while let character = rest.first, character.isNumber || "./-–,".contains(character) || vulgarFractions.contains(character) {
            sawDigit = sawDigit || character.isNumber || vulgarFractions.contains(character)
            rest = rest.dropFirst()
        }
        return sawDigit && (rest.isEmpty || units.contains(normalizedUnit(String(rest))))
    }

    /// "500g": the quantity carries its unit.
    private static func hasAttachedUnit(_ word: String) -> Bool {
        word.last.map { $0.isLetter } ?? false
    }

    private static func isRangeWord(_ word: String) -> Bool {
        ["to", "-", "–", "or"].contains(word.lowercased())
    }

    private static func normalizedUnit(_ word: String) -> String {
        word.lowercased().trimmingCharacters(of: ".,")
    }

    private static let vulgarFractions: Set<Character> = ["½", "⅓", "⅔", "¼", "¾", "⅕", "⅖", "⅗", "⅘", "⅙", "⅚", "⅛", "⅜", "⅝", "⅞", "⁄"]

    private static let units: Set<String> = [
        "g", "gr", "gram", "grams", "gramme", "grammes", "kg", "kilo", "kilos", "kilogram", "kilograms", "mg",
        "ml", "millilitre", "millilitres", "milliliter", "milliliters", "cl", "dl", "l", "litre", "litres", "liter", "liters",
        "tsp", "tsps", "teaspoon", "teaspoons", "t", "tbsp", "tbsps", "tbs", "tbl", "tablespoon", "tablespoons",
        "cup", "cups", "c", "oz", "ounce", "ounces", "lb", "lbs", "pound", "pounds", "pint", "pints", "pt",
        "quart", "quarts", "qt", "gallon", "gallons", "pinch", "pinches", "dash", "dashes", "drop", "drops",
        "clove", "cloves", "can", "cans", "tin", "tins", "jar", "jars", "package", "packages", "pkg", "packet", "packets",
        "stick", "sticks", "slice", "slices", "bunch", "bunches", "handful", "handfuls", "sprig", "sprigs",
        "piece", "pieces", "sheet", "sheets", "bottle", "bottles", "shot", "shots", "jigger", "jiggers", "splash",
        "el", "tl", "msp", "prise", "stück", "bund", "zehe", "zehen", "becher", "päckchen", "cs", "cc", "cuillère", "cuillères",
    ]
}

extension StringProtocol {
    /// Without the given characters at either end.
    func trimmingCharacters(of set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
