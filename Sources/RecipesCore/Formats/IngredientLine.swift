/// Splits an ingredient as recipe pages write it ("2 ½ cups flour, sifted") into the amount
/// ("2 ½ cups") and the name ("flour, sifted"), so that shopping lists can add amounts up.
/// A line that does not start with a quantity is all name: "Salt, to taste".
enum IngredientLine {
    /// The brackets that end an amount as a Cooklang import writes a note,
    /// `@parmesan{200%g}(finely grated)` as "200 g (finely grated)" and `@parsley{}(optional)`
    /// as "(optional)": the amount before them and what they hold; nil when there are none.
    static func trailingBrackets(ofAmount amount: String) -> (amount: String, inside: String)? {
        let trimmed = amount.trimmedWhitespace
        guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "("), !trimmed[trimmed.index(after: open)...].dropLast().contains("("),
              open == trimmed.startIndex || trimmed[trimmed.index(before: open)] == " " else { return nil }
        return (String(trimmed[..<open]).trimmedWhitespace, String(trimmed[trimmed.index(after: open)...].dropLast()))
    }

    /// The note that ends an amount (``trailingBrackets(ofAmount:)``) and the amount without
    /// it, for adding amounts up; nil when there is none. Brackets with a number are a size
    /// that is part of the amount ("1 can (400 g)"), not a note.
    static func note(ofAmount amount: String) -> (amount: String, note: String?) {
        guard let (before, inside) = trailingBrackets(ofAmount: amount), !inside.contains(where: \.isNumber) else { return (amount, nil) }
        return (before, inside.trimmedWhitespace)
    }

    static func split(_ line: String) -> (name: String, amount: String) {
        let words = whitespaceSeparatedWords(line)
        var index = 0
        var amount: [String] = []
        // Quantities, ranges and mixed numbers: "1", "1 1/2", "1-2", "1 to 2", "½", "500g".
        while index < words.count, isQuantity(words[index]) || (isRangeWord(words[index]) && !amount.isEmpty
                                                                  && index + 1 < words.count && isQuantity(words[index + 1])) {
            amount.append(words[index])
            index += 1
        }
        guard !amount.isEmpty else { return amountInWords(words) ?? amountLast(words) ?? (line.trimmedWhitespace, "") }
        let attachedUnit = amount.last.map(hasAttachedUnit) ?? false
        // A size in brackets, before or after the unit: "1 (400 g) can", "1 can (400 g)".
        func takeBracket() {
            if index < words.count, words[index].hasPrefix("("),
               let close = words[index...].firstIndex(where: { $0.hasSuffix(")") }), close - index < 4 {
                amount.append(contentsOf: words[index...close])
                index = close + 1
            }
        }
        func takeUnit() {
            // "1 small bunch", "2 large cans": a size before the unit goes with it.
            if index + 1 < words.count, sizeWords.contains(words[index].lowercased()), let length = unitLength(words, at: index + 1) {
                amount.append(contentsOf: words[index...(index + length)])
                index += 1 + length
            } else if let length = unitLength(words, at: index) {
                amount.append(contentsOf: words[index..<(index + length)])
                index += length
            }
        }
        takeBracket()
        if !attachedUnit { takeUnit() }
        takeBracket()
        // A smaller unit after the larger: "1 lb 2 oz", "1 cup 2 tbsp".
        if index + 1 < words.count, isQuantity(words[index]), !hasAttachedUnit(words[index]), let length = unitLength(words, at: index + 1),
           let large = amount.last.flatMap({ MeasureUnit.named($0) }), large.dimension != .count,
           let small = MeasureUnit.named(words[(index + 1)..<(index + 1 + length)].joined(separator: " ")),
           small.dimension == large.dimension, small.size < large.size {
            amount.append(contentsOf: words[index..<(index + 1 + length)])
            index += 1 + length
        }
        // A second measure after a slash: "250 g / 8¾ oz".
        if index + 1 < words.count, words[index] == "/", isQuantity(words[index + 1]) {
            amount.append(contentsOf: words[index...(index + 1)])
            index += 2
            if !hasAttachedUnit(amount.last ?? "") { takeUnit() }
        }
        // "of", "di", "de": the word that joins the amount to the name.
        if index + 1 < words.count, connectors.contains(words[index].lowercased()) { index += 1 }
        var rest = Array(words[index...])
        // French and Italian elide it: "d'huile", "d’olio".
        if let first = rest.first?.lowercased(), first.count > 2, first.hasPrefix("d'") || first.hasPrefix("d’") {
            rest[0] = String(rest[0].dropFirst(2))
        }
        let name = rest.joined(separator: " ")
        guard !name.isEmpty else { return (line.trimmedWhitespace, "") }
        return (name, amount.joined(separator: " ").trimmingCharacters(of: ","))
    }

    /// `line` split at whitespace. An ASCII line by its bytes, whose whitespace is the same
    /// (a carriage return and line feed, one Character, separate alike): asking each
    /// Character's properties was a tenth of reading a line with an amount.
    private static func whitespaceSeparatedWords(_ line: String) -> [String] {
        guard line.utf8.allSatisfy({ $0 < 0x80 }) else { return line.split(whereSeparator: \.isWhitespace).map(String.init) }
        return line.utf8.split { $0 == 0x20 || (0x09...0x0D).contains($0) }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// An amount without a number, in words: "a pinch of salt", "eine Prise Salz", "une
    /// pincée de sel", "a handful of basil", "etwas Pfeffer" (found by a user trial: the whole line was the
    /// name, and the shopping list lost "a pinch").
    private static func amountInWords(_ words: [String]) -> (name: String, amount: String)? {
        guard words.count >= 2, let length = [3, 2, 1].first(where: { length in
            words.count > length && wordAmounts.contains(words.prefix(length).map { TextMatching.fold($0) }.joined(separator: " "))
        }) else { return nil }
        var rest = Array(words.dropFirst(length))
        if rest.count > 1, connectors.contains(rest[0].lowercased()) { rest.removeFirst() }
        if let first = rest.first?.lowercased(), first.count > 2, first.hasPrefix("d'") || first.hasPrefix("d’") {
            rest[0] = String(rest[0].dropFirst(2))
        }
        guard !rest.isEmpty else { return nil }
        return (rest.joined(separator: " "), words.prefix(length).joined(separator: " "))
    }

    /// Amounts in words, folded: an article and a small measure.
    private static let wordAmounts: Set<String> = [
        "a dozen", "half a dozen", "a pinch", "a dash", "a handful", "a splash", "a drizzle", "a knob", "a sprig", "a squeeze", "a few",
        "eine prise", "ein schuss", "eine handvoll", "ein spritzer", "une pincee", "un filet", "une poignee", "un trait",
        "una pizca", "un chorrito", "un punado", "un pizzico", "un filo", "una manciata", "uma pitada", "een snufje", "een scheutje",
        "en nypa", "en skvatt", "en klype", "en skvett",
        // "Some", which says there is an amount without giving one.
        "some", "etwas", "un peu", "un po'", "un po", "un poco", "wat", "lite", "litt", "troche",
    ]

    /// A line that names the ingredient first, as Italian and some French pages do: "Latte
    /// intero 200 ml", "Zucchero 105 g", "Uova 2", "Sale q.b.". The amount is the quantity (a
    /// range in one word, or "1 - 2") and unit at the end; a bare number counts only where it
    /// cannot be part of the name ("Farina 00", "Farina tipo 1" are names). Nil when the line
    /// does not end with an amount.
    private static func amountLast(_ words: [String]) -> (name: String, amount: String)? {
        guard words.count >= 2 else { return nil }
        var start = words.count
        if tasteWords.contains(normalizedUnit(words[start - 1])) {
            start -= 1
        } else {
            var unitStart = start
            if let unit = multiWordUnits.first(where: { unit in
                unit.count < start && zip(unit, words[(start - unit.count)..<start]).allSatisfy { $0 == normalizedUnit($1) }
            }) {
                unitStart = start - unit.count
            } else if units.contains(normalizedUnit(words[start - 1])) {
                unitStart = start - 1
            }
            guard unitStart > 0, isQuantity(words[unitStart - 1]) else { return nil }
            let quantity = words[unitStart - 1]
            if unitStart == start, !hasAttachedUnit(quantity) {
                // A bare number: not a type or grade of the ingredient ("00", "tipo 1").
                let before = normalizedUnit(words[unitStart - 2 < 0 ? 0 : unitStart - 2])
                guard !quantity.hasPrefix("0"), unitStart >= 2, !numberedNames.contains(before) else { return nil }
            }
            start = unitStart - 1
            // "1 - 2 ml", "1 to 2 ml".
            if start >= 3, isRangeWord(words[start - 1]), isQuantity(words[start - 2]) { start -= 2 }
        }
        let name = words[..<start].joined(separator: " ").trimmingCharacters(of: ",:-–").trimmedWhitespace
        guard name.contains(where: \.isLetter) else { return nil }
        return (name, words[start...].joined(separator: " "))
    }

    /// Words after which a number belongs to the name: "Farina tipo 1", "Mehl Type 405".
    private static let numberedNames: Set<String> = ["tipo", "type", "typ", "nr", "no", "n", "n°", "grade", "nummer"]

    /// "As much as needed", written after the name: "Sale q.b.", "盐 适量".
    private static let tasteWords: Set<String> = ["qb", "适量", "少许", "少量", "適量", "少々"]

    /// How many words from `index` name a unit ("g", "c. à soupe", "colheres de sopa"), or nil.
    private static func unitLength(_ words: [String], at index: Int) -> Int? {
        guard index < words.count else { return nil }
        // The first word normalized once: normalizing it again for each unit of several words
        // was a sixth of reading a line with an amount.
        let first = normalizedUnit(words[index])
        for unit in multiWordUnits where index + unit.count <= words.count && unit[0] == first
            && zip(unit, words[index..<(index + unit.count)]).allSatisfy({ $0 == normalizedUnit($1) }) {
            return unit.count
        }
        return units.contains(first) ? 1 : nil
    }

    private static func isQuantity(_ word: String) -> Bool {
        // A mass and a volume together, "250g/8¾oz".
        let halves = word.split(separator: "/", omittingEmptySubsequences: false)
        if halves.count == 2, halves.allSatisfy({ $0.last?.isLetter == true }) {
            return halves.allSatisfy { isQuantity(String($0)) }
        }
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

    /// Lowercased, without dots ("c.à.s" is "càs", "tbsp." is "tbsp"), a comma at either end,
    /// or the plural German sites add in brackets or after a slash ("Zehe(n)", "Prise/n").
    private static func normalizedUnit(_ word: String) -> String {
        var unit = word.lowercased().filter { $0 != "." }.trimmingCharacters(of: ",")
        for plural in ["(n)", "(en)", "(e)", "(s)", "/n", "/en", "/e"] where unit.hasSuffix(plural) && unit.count > plural.count + 1 {
            unit.removeLast(plural.count)
            break
        }
        return unit
    }

    private static let vulgarFractions: Set<Character> = ["½", "⅓", "⅔", "¼", "¾", "⅕", "⅖", "⅗", "⅘", "⅙", "⅚", "⅛", "⅜", "⅝", "⅞", "⁄"]

    private static let units = Set<String>([
        "g", "gr", "gram", "grams", "gramme", "grammes", "kg", "kilo", "kilos", "kilogram", "kilograms", "mg",
        "ml", "millilitre", "millilitres", "milliliter", "milliliters", "cl", "dl", "l", "litre", "litres", "liter", "liters",
        "tsp", "tsps", "teaspoon", "teaspoons", "t", "tbsp", "tbsps", "tbs", "tbl", "tablespoon", "tablespoons",
        "cup", "cups", "c", "oz", "ounce", "ounces", "lb", "lbs", "pound", "pounds", "pint", "pints", "pt",
        "quart", "quarts", "qt", "gallon", "gallons", "pinch", "pinches", "dash", "dashes", "drop", "drops",
        "clove", "cloves", "can", "cans", "tin", "tins", "jar", "jars", "package", "packages", "pkg", "packet", "packets",
        "stick", "sticks", "slice", "slices", "bunch", "bunches", "handful", "handfuls", "sprig", "sprigs",
        "piece", "pieces", "sheet", "sheets", "bottle", "bottles", "shot", "shots", "jigger", "jiggers", "splash",
        "head", "heads", "bulb", "bulbs", "portion", "portions",
        // German
        "el", "tl", "msp", "prise", "prisen", "stück", "stk", "bund", "zehe", "zehen", "becher", "päckchen", "pck", "scheibe",
        "scheiben", "dose", "dosen", "tasse", "tassen", "glas", "gläser", "zweig", "zweige", "blatt", "blätter", "handvoll",
        "spritzer", "würfel", "esslöffel", "teelöffel", "messerspitze", "tropfen", "portionen",
        // French
        "cs", "cc", "càs", "càc", "cuillère", "cuillères", "verre", "verres", "tasses", "gousse", "gousses", "pincée",
        "pincées", "botte", "tranche", "tranches", "sachet", "sachets", "boîte", "boîtes", "feuille", "feuilles", "brin",
        "brins", "poignée", "poignées",
        // Italian
        "cucchiaio", "cucchiai", "cucchiaino", "cucchiaini", "bicchiere", "bicchieri", "tazza", "tazze", "tazzina", "spicchio",
        "spicchi", "pizzico", "pizzichi", "etto", "etti", "foglia", "foglie", "fetta", "fette", "mazzetto", "mazzo", "bustina",
        "bustine", "confezione", "confezioni", "lattina", "barattolo", "vasetto", "rametto", "rametti", "manciata",
        // Spanish
        "cda", "cdas", "cdta", "cdtas", "cdita", "cditas", "cucharada", "cucharadas", "cucharadita", "cucharaditas", "taza",
        "tazas", "diente", "dientes", "pizca", "pizcas", "vaso", "vasos", "lata", "latas", "rebanada", "rebanadas", "sobre",
        "sobres", "hoja", "hojas", "ramita", "ramitas", "manojo", "puñado",
        // Portuguese
        "colher", "colheres", "xícara", "xícaras", "chávena", "chávenas", "dente", "dentes", "pitada", "pitadas", "copo", "copos",
        "fatia", "fatias", "ramo", "pacote", "pacotes",
        // Scandinavian
        "ss", "msk", "tsk", "ts", "krm", "st", "fedd", "nypa", "klype", "kopp", "koppar", "boks", "pk", "pakke", "bunt",
        "skive", "skiver", "skiva", "skivor",
        // Dutch
        "eetlepel", "eetlepels", "theelepel", "theelepels", "kopje", "kopjes", "teentje", "teentjes", "snufje", "blik",
        "blikje", "zakje", "plak", "plakje", "plakjes", "takje", "takjes", "bosje",
        // Polish
        "łyżka", "łyżki", "łyżek", "łyżeczka", "łyżeczki", "łyżeczek", "szklanka", "szklanki", "szklanek", "ząbek", "ząbki",
        "ząbków", "szczypta", "szczypty", "opakowanie", "opakowania", "puszka", "puszki", "plaster", "plastry", "pęczek",
        "garść", "kostka", "torebka",
        // Chinese, written against the number after the name ("西红柿 2个", "白糖 1小勺")
        "个", "克", "千克", "公斤", "毫升", "升", "勺", "小勺", "大勺", "汤匙", "茶匙", "杯", "根", "片", "瓣", "块", "只", "颗",
        "条", "把", "碗", "斤", "两", "袋", "包", "罐",
    ]).union(ShoppingList.dozenWords)

    /// Units of several words, as their words come normalized.
    private static let multiWordUnits: [[String]] = [
        ["fl", "oz"], ["fluid", "ounce"], ["fluid", "ounces"], ["c", "à", "soupe"], ["c", "à", "café"], ["c", "à", "s"], ["c", "à", "c"],
        ["cuillère", "à", "soupe"], ["cuillères", "à", "soupe"], ["cuillère", "à", "café"], ["cuillères", "à", "café"],
        ["colher", "de", "sopa"], ["colheres", "de", "sopa"], ["colher", "de", "chá"], ["colheres", "de", "chá"],
        ["cucchiaio", "da", "tavola"], ["cucchiai", "da", "tavola"],
    ]

    /// Sizes that go with the unit after them ("1 small bunch"), not with a name ("1 large onion").
    private static let sizeWords: Set<String> = ["small", "medium", "large", "big", "heaped", "level", "rounded", "generous"]

    /// Words between an amount and a name: "2 cups of flour", "200 g di farina", "de harina".
    private static let connectors: Set<String> = ["of", "di", "de", "del", "della", "du", "do", "da"]
}

extension StringProtocol {
    /// Without the given characters at either end.
    func trimmingCharacters(of set: String) -> String {
        trimming { set.contains($0) }
    }

    /// Without the characters `trimmed` holds for at either end. By indexes: a reversed
    /// view made into a string goes a character at a time, and reading the ingredient
    /// vocabulary spent two thirds of its time there.
    func trimming(_ trimmed: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !trimmed($0) }), let last = lastIndex(where: { !trimmed($0) }) else { return "" }
        return String(self[first...last])
    }
}

extension Ingredient {
    /// An ingredient line as people write it, split into amount and name the way imports
    /// split recipe pages: "2 eggs" gives ("2", "eggs"), "1 ½ cups flour, sifted" gives
    /// ("1 ½ cups", "flour, sifted"), "Salt, to taste" is all name.
    ///
    /// ```swift
    /// let (name, amount) = Ingredient.split("200 g di farina")   // ("farina", "200 g")
    /// ```
    public static func split(_ line: String) -> (name: String, amount: String) {
        IngredientLine.split(line)
    }

    /// The heading a line of an ingredient list is, without its marks, or nil for an
    /// ingredient: `== Dough ==` (as `recipes edit` writes headings), a short line without a
    /// number that ends in a colon ("For the sauce:", "Füllung:"), or one that starts "for
    /// the" in one of the languages imports read ("For the dough", "Pour la pâte").
    ///
    /// ```swift
    /// Ingredient.heading(in: "For the dough:")   // "For the dough"
    /// Ingredient.heading(in: "2 eggs")           // nil
    /// ```
    public static func heading(in line: String) -> String? {
        IngredientLine.heading(line)
    }
}

extension IngredientLine {
    static func heading(_ line: String) -> String? {
        let text = line.trimmedWhitespace
        if text.hasPrefix("=="), text.hasSuffix("=="), text.count > 4 {
            let inner = text.trimmingCharacters(of: "=").trimmedWhitespace
            return inner.isEmpty ? nil : inner
        }
        // A quantity means an ingredient ("Salt: 1 tsp"), and a long line is a sentence.
        guard !text.contains(where: \.isNumber), !text.isEmpty, text.count <= 60 else { return nil }
        if text.hasSuffix(":") {
            let inner = String(text.dropLast()).trimmedWhitespace
            return inner.isEmpty ? nil : inner
        }
        let lower = text.lowercased()
        guard text.count <= 40, headingOpenings.contains(where: { lower.hasPrefix($0) }) else { return nil }
        return text
    }

    private static let headingOpenings = ["for the ", "pour la ", "pour le ", "pour les ", "pour l'", "für den ", "für die ", "für das ",
                                          "per la ", "per il ", "per i ", "per le ", "para la ", "para el ", "para los ", "para las ",
                                          "voor de ", "voor het ", "do ciasta", "na ciasto"]
}
