import FoundationEssentials

extension CooklangRecipe {
    /// The recipe this Cooklang text describes. The name comes from the `title` metadata,
    /// else `fallbackTitle` (the file's name); the source from `source` (or `source.url`);
    /// `servings` (a number, else what it makes), `tags` and the times (`prep time`,
    /// `cook time`, `time`) fill their fields; description, cuisine, course, author and a time
    /// that cannot be read go into the summary;
    /// every ingredient mention becomes an ingredient, in order, with its amount as written
    /// (`1/2 cup`, `1-2`, `4 150g each`) and its note in parentheses (`200 g (cubed)`); the
    /// steps, written out as text, become the instructions, a section heading as a line of its
    /// own (`Sauce:`). Tags or a category such as dessert or bread make a baked good, drink or
    /// cocktail a beverage.
    public func makeRecipe(fallbackTitle: String) -> RecipeJSON {
        let meta = Dictionary(metadata.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        var summary: [String] = []
        if let description = meta["description"] ?? meta["introduction"] { summary.append(description) }
        func value(_ keys: [String]) -> String? { keys.lazy.compactMap { meta[$0] }.first { !$0.isEmpty } }
        // A time that does not read as one stays in the summary as written.
        var times: [String: Int] = [:]
        for (label, keys) in Self.timeFields {
            guard let text = value(keys) else { continue }
            if let minutes = ISODuration.minutes(text) { times[label] = minutes } else { summary.append("\(label): \(text)") }
        }
        for (label, keys) in Self.summaryFields {
            if let value = value(keys) { summary.append("\(label): \(value)") }
        }
        // Nutrition keys fill the recipe's nutrition; a value that does not read as an
        // amount stays in the summary as written.
        var nutrition = Nutrition()
        var unread: [String] = []
        for key in Self.nutritionKeys {
            guard let text = meta[key] ?? meta["nutrition." + key], !text.isEmpty else { continue }
            if let (nutrient, amount) = Nutrition.reading("\(key) \(text)"), nutrition[nutrient] == nil {
                nutrition[nutrient] = amount
            } else {
                unread.append("\(key) \(text)")
            }
        }
        if !unread.isEmpty { summary.append("Nutrition: " + unread.joined(separator: ", ")) }
        var mentionsLeft = mentions[...]
        var ingredients: [RecipeJSON.IngredientJSON] = []
        let instructions = steps.enumerated().map { index, step in
            // A first or last step that only lists ingredients (as exports write those the
            // instructions do not name) counts its ingredients but is not an instruction.
            let onlyLists = (index == 0 || index == steps.count - 1) && Self.listsOnlyIngredients(step)
            let text = step.map { item -> String in
                switch item {
                case .text(let text): return text
                case .ingredient(let name, _, _):
                    if let mention = mentionsLeft.popFirst() { ingredients.append(.init(id: nil, name: name, amount: Self.amount(mention))) }
                    return Self.displayName(name)
                case .cookware(let name, _): return name
                case .timer(let name, let quantity, let units):
                    let amount = Self.amount(quantity, units)
                    return amount.isEmpty ? name : amount
                case .section(let name): return name.isEmpty || name.hasSuffix(":") ? name : name + ":"
                case .note(let text): return text
                }
            }.joined()
            return onlyLists ? "" : text
        }.filter { !$0.isEmpty }.joined(separator: "\n\n")
        let hints = [meta["tags"], meta["category"], meta["course"]].compactMap { $0 }
        let kind = KindHints.variety(categories: hints, name: meta["title"] ?? fallbackTitle, steps: instructions)
        var recipe = RecipeJSON(id: nil, kind: kind, name: meta["title"] ?? fallbackTitle, summary: SchemaOrgImport.sentences(summary),
                                instructions: instructions, ingredients: ingredients)
        // Texts under their keys; of the web page and the picture, only an address a browser opens.
        for field in RecipeDetails.fields where [.address, .text].contains(field.shape) {
            guard let text = value(field.cooklangKeys), field.problem(text) == nil else { continue }
            if field.shape == .address, !text.hasPrefix("http://"), !text.hasPrefix("https://") { continue }
            field.assign(&recipe.details, text)
        }
        recipe.nutrition = nutrition.isEmpty ? nil : nutrition
        recipe.details.setServings(from: RecipeDetails.servingsFields.compactMap { value($0.cooklangKeys) })
        recipe.details.setTimes(prep: times["Prep time"], cook: times["Cook time"], total: times["Time"])
        recipe.tags = Recipe.canonicalTags(meta["tags"]?.split(separator: ",").map(String.init) ?? [])
        if kind == .beverage {
            let words = hints + [recipe.name] + ingredients.map(\.name)
            recipe.alcoholic = KindHints.isAlcoholic(words)
            recipe.servedHot = KindHints.isServedHot(hints + [recipe.name])
        }
        return recipe
    }

    /// Exactly what exports write: "Ingredients: @a{1}, @b{2}." (this version, last) or
    /// "@a{1}, @b{2}" (earlier versions, first): mentions joined by ", ", nothing else.
    static func listsOnlyIngredients(_ step: [Item]) -> Bool {
        var items = step[...]
        if case .text(let label)? = items.first, label == listLabel + " " {
            guard case .text(".")? = items.last else { return false }
            items = items.dropFirst().dropLast()
        }
        guard !items.isEmpty else { return false }
        for (offset, item) in items.enumerated() {
            switch item {
            case .ingredient: if offset % 2 == 1 { return false }
            case .text(", "): if offset % 2 == 0 { return false }
            default: return false
            }
        }
        return items.count % 2 == 1
    }

    /// Begins the step that lists the ingredients the instructions do not name.
    static let listLabel = "Ingredients:"

    /// Metadata kept in the summary, by the label it gets there and the keys that give it.
    /// Servings, tags and times have fields of their own.
    static let summaryFields: [(String, [String])] = [("Cuisine", ["cuisine"]), ("Course", ["course"]), ("Author", ["author"])]

    /// The times, by the label a time that cannot be read gets in the summary and the keys
    /// that give it.
    static let timeFields: [(String, [String])] = [
        ("Time", ["time", "duration", "total time", "time.total", "time required", "total", "total_time", "totaltime", "ready in"]),
        ("Prep time", ["prep time", "time.prep", "prep", "prep_time", "preptime", "preparation time", "preparation"]),
        ("Cook time", ["cook time", "time.cook", "cook_time", "cooktime", "cooking time"]),
    ]

    /// Nutrition keys as Cooklang files write them, in the order a label lists them (also
    /// under `nutrition.`); the first of a nutrient's keys counts.
    static let nutritionKeys = ["calories", "kcal", "energy", "fat", "saturated fat", "saturated_fat", "carbohydrates", "carbohydrate", "carbs",
                                "sugar", "sugars", "fiber", "fibre", "protein", "sodium", "salt", "cholesterol"]

    /// The key ``text(of:)`` writes a nutrient under, which ``nutritionKeys`` reads back.
    static func nutritionKey(_ nutrient: Nutrition.Nutrient) -> String {
        switch nutrient {
        case .calories: "calories"
        case .saturatedFat: "saturated fat"
        case .carbohydrate: "carbohydrates"
        default: nutrient.rawValue
        }
    }

    /// A recipe reference (`@./sauces/Hollandaise{}`) is named by its last path component.
    static func displayName(_ name: String) -> String {
        guard name.hasPrefix("./") || name.hasPrefix("../") else { return name }
        return String(name.split(separator: "/").last ?? Substring(name))
    }

    static func amount(_ mention: IngredientMention) -> String {
        let amount = [mention.quantity, mention.units].filter { !$0.isEmpty }.joined(separator: " ")
        guard let note = mention.note, !note.isEmpty else { return amount }
        return amount.isEmpty ? "(\(note))" : amount + " (\(note))"
    }

    static func amount(_ quantity: Quantity, _ units: String) -> String {
        let number: String = switch quantity {
        case .number(let value): ShoppingList.format(value)
        case .text(let text): text == "some" ? "" : text
        }
        return [number, units].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A recipe as Cooklang text: front matter (every value quoted as YAML needs), then the
    /// instructions, a paragraph per step, with each ingredient marked where its name first
    /// appears after the one before (`@flour{1/2%cup}`). Ingredients the instructions do not
    /// name in that order follow in a last step. Text that Cooklang would read as markup (`@`, `#`, `~`, `--`,
    /// `[-`, a leading `>` or `=`) is escaped, so the file reads back as the same recipe.
    public static func text(of recipe: Recipe) -> String {
        var lines = ["---", "title: \(CooklangFrontMatter.quoted(oneLine(recipe.name)))"]
        if !recipe.summary.isEmpty { lines.append("description: \(CooklangFrontMatter.quoted(oneLine(recipe.summary)))") }
        if recipe.variety != .dish { lines.append("category: \(recipe.variety == .bakedGood ? "baking" : "drink")") }
        // The details Cooklang keeps as text under a key of their own, each as the edit text
        // writes it; tags, times and nutrition have their own forms below.
        let details = recipe.details
        for field in RecipeDetails.fields where [.address, .text, .servings, .makes].contains(field.shape) && !field.cooklangKeys.isEmpty {
            let text = field.text(details)
            guard !text.isEmpty else { continue }
            lines.append("\(field.cooklangKeys[0]): " + (field.shape == .servings ? text : CooklangFrontMatter.quoted(text)))
        }
        if !recipe.tags.isEmpty {
            lines.append("tags: [\(recipe.tags.map { CooklangFrontMatter.quoted($0.replacing(",", with: " ")) }.joined(separator: ", "))]")
        }
        for (key, minutes) in [("prep time", recipe.prepMinutes), ("cook time", recipe.cookMinutes), ("time", recipe.totalMinutes)] {
            if let minutes { lines.append("\(key): \(minutes) minutes") }
        }
        for nutrient in Nutrition.Nutrient.allCases {
            guard let amount = recipe.nutrition?[nutrient] else { continue }
            lines.append("\(nutritionKey(nutrient)): \(Nutrition.number(amount))\(nutrient == .calories ? "" : " " + nutrient.unit)")
        }
        lines.append("---")
        lines.append("")
        let paragraphs = recipe.instructions.split(whereSeparator: \.isNewline).map { String($0).trimmedWhitespace }.filter { !$0.isEmpty }
        // A heading line ("Sauce:") is a Cooklang section (`== Sauce ==`), which reads back as
        // that line; no ingredient is marked in it.
        let sections = paragraphs.map(section(heading:))
        var placer = IngredientPlacer(paragraphs: zip(paragraphs, sections).map { $1 == nil ? $0 : "" })
        var unplaced: [String] = []
        // In order: once one cannot be placed after the one before, the rest follow it in the
        // last step, so the file lists the ingredients in the recipe's order. Cooklang has no
        // headings in ingredient lists: they are left out.
        for ingredient in recipe.ingredients where !ingredient.isHeading {
            let mention = mentionText(ingredient)
            // A recipe reference stands in the text by its last part ("Red Beans").
            if !unplaced.isEmpty || !placer.place(name: displayName(ingredient.name), as: mention) { unplaced.append(mention) }
        }
        for (paragraph, section) in zip(placer.rendered(), sections) {
            lines.append(section.map { "== \($0) ==" } ?? paragraph)
            lines.append("")
        }
        if !unplaced.isEmpty {
            lines.append(listLabel + " " + unplaced.joined(separator: ", ") + ".")
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// The section a heading line of the instructions makes ("Sauce:" is `== Sauce ==`), or nil
    /// for a step, or a heading whose name Cooklang would read as markup or back otherwise.
    static func section(heading line: String) -> String? {
        guard CookingSteps.isHeading(line) else { return nil }
        let name = String(line.dropLast())
        guard !name.isEmpty, name == name.trimmedWhitespace, !name.hasSuffix(":"), !name.contains(where: { "=@#~{}[]\\-".contains($0) })
        else { return nil }
        return name
    }

    /// `@name{quantity%units}(note)` for a stored ingredient, its amount split the way the
    /// importer joined it: a leading quantity (a number, a fraction, a range, a mixed number;
    /// Unicode fractions written as `1/2`), the units after it, a note in parentheses at the end.
    static func mentionText(_ ingredient: Ingredient) -> String {
        var amount = oneLine(ingredient.amount).trimmedWhitespace
        var note: String?
        // "200 g (cubed)" or "(cubed)": what the importer made of a note.
        if let (before, inside) = IngredientLine.trailingBrackets(ofAmount: amount) { (amount, note) = (before, inside) }
        let (quantity, units) = splitQuantity(amount)
        var braces = escapedInBraces(quantity)
        if !units.isEmpty { braces += "%" + escapedInBraces(units) }
        var text = "@" + escapedName(ingredient.name) + "{" + braces + "}"
        if let note, !note.isEmpty { text += "(" + note.replacing(")", with: "]") + ")" }
        return text
    }

    static func splitQuantity(_ amount: String) -> (quantity: String, units: String) {
        let words = amount.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var pieces: [String] = []
        var consumed = 0
        for word in words {
            let written = asciiFractions(word).split(separator: " ").map(String.init)
            guard written.allSatisfy(isQuantityWord), pieces.count + written.count <= 2 else { break }
            // A second number only as the fraction of a mixed number ("1 1/2").
            if !pieces.isEmpty, !(written.count == 1 && written[0].contains("/")) { break }
            pieces += written
            consumed += 1
        }
        // A range written in words or with spaces: "1/2 to 3/4", "2 - 3", "5 or 6".
        if !pieces.isEmpty, consumed + 1 < words.count, ["to", "-", "–", "or"].contains(words[consumed].lowercased()),
           isQuantityWord(asciiFractions(words[consumed + 1])) {
            pieces += [words[consumed], asciiFractions(words[consumed + 1])]
            consumed += 2
        }
        if pieces.isEmpty { return (amount, "") }
        return (pieces.joined(separator: " "), words.dropFirst(consumed).joined(separator: " "))
    }

    private static func isQuantityWord(_ word: String) -> Bool {
        let allowed = Set("0123456789./-")
        return !word.isEmpty && word.first!.isASCII && word.first!.isNumber && word.allSatisfy { allowed.contains($0) }
    }

    /// "1½" as "1 1/2", "½" as "1/2".
    static func asciiFractions(_ word: String) -> String {
        let fractions: [Character: String] = ["½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8", "⅞": "7/8"]
        guard let last = word.last, let fraction = fractions[last] else { return word }
        let whole = word.dropLast()
        return whole.isEmpty ? fraction : whole + " " + fraction
    }

    /// Text inside `{…}` with everything that could end or split it, or open a comment,
    /// escaped; a leading `=` too, which would make the amount fixed.
    private static func escapedInBraces(_ text: String) -> String {
        var result = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            let dash = character == "-" && ((index > 0 && characters[index - 1] == "-") || (index + 1 < characters.count && characters[index + 1] == "-"))
            if "%{}\\[".contains(character) || dash || (index == 0 && character == "=") { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// A name as Cooklang can hold it: braces become parentheses; sigils, backslashes and
    /// comment openers are escaped.
    private static func escapedName(_ name: String) -> String {
        let characters = Array(oneLine(name).replacing("{", with: "(").replacing("}", with: ")"))
        var result = ""
        for (index, character) in characters.enumerated() {
            let dash = character == "-" && ((index > 0 && characters[index - 1] == "-") || (index + 1 < characters.count && characters[index + 1] == "-"))
            let opensComment = character == "[" && index + 1 < characters.count && characters[index + 1] == "-"
            if "@#~\\".contains(character) || dash || opensComment { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// Whether ``text(of:)`` writes `recipe` so that it imports back the same in every field
    /// Cooklang holds (name, summary, kind, ingredient names and amounts, instructions). Not
    /// when a field has what the format cannot hold: a brace in an ingredient's name, a name
    /// that reads as a recipe reference (`./…`), a line break inside a name, summary,
    /// ingredient or paragraph, a paragraph break other than one
    /// blank line, space around a name, summary or amount, or an amount whose quantity is
    /// written another way (a Unicode fraction as `1/2`, two spaces as one).
    public static func canWriteExactly(_ recipe: Recipe) -> Bool {
        func isOneTrimmedLine(_ text: String) -> Bool {
            !text.contains(where: \.isNewline) && text == text.trimmedWhitespace
        }
        guard !recipe.name.isEmpty, isOneTrimmedLine(recipe.name), isOneTrimmedLine(recipe.summary) else { return false }
        // What it makes must read back as itself, not as servings; tags also say the kind;
        // a missing total is read back as preparation and cooking together.
        guard recipe.details.makesReadsBack else { return false }
        guard !recipe.tags.contains(where: { $0.contains(",") }) else { return false }
        let category = recipe.variety == .dish ? [] : [recipe.variety == .bakedGood ? "baking" : "drink"]
        guard recipe.tags.isEmpty || KindHints.variety(categories: [recipe.tags.joined(separator: ", ")] + category, name: recipe.name,
                                                              steps: recipe.instructions) == recipe.variety
        else { return false }
        guard recipe.totalMinutes != nil || (recipe.prepMinutes == nil && recipe.cookMinutes == nil) else { return false }
        // Cooklang has nowhere to keep an ingredient list's headings.
        guard !recipe.ingredients.contains(where: \.isHeading) else { return false }
        for ingredient in recipe.ingredients {
            // A recipe reference ("./Sauces/Hollandaise") reads back as its last part in the text.
            guard !ingredient.name.isEmpty, isOneTrimmedLine(ingredient.name), !ingredient.name.contains(where: { "{}".contains($0) }),
                  displayName(ingredient.name) == ingredient.name,
                  isOneTrimmedLine(ingredient.amount) else { return false }
            let split = splitQuantity(ingredient.amount)
            guard [split.quantity, split.units].filter({ !$0.isEmpty }).joined(separator: " ") == ingredient.amount else { return false }
        }
        guard !recipe.instructions.isEmpty else { return true }
        let paragraphs = recipe.instructions.components(separatedBy: "\n\n")
        // A first or last paragraph of nothing but ingredient names, as an export lists
        // them, would be read back as that list.
        let names = Set(recipe.ingredients.map(\.name))
        func looksLikeAList(_ paragraph: String) -> Bool {
            let body = paragraph.hasPrefix(listLabel + " ") && paragraph.hasSuffix(".")
                ? String(paragraph.dropFirst(listLabel.count + 1).dropLast()) : paragraph
            return body.components(separatedBy: ", ").allSatisfy(names.contains)
        }
        if let first = paragraphs.first, looksLikeAList(first) { return false }
        if let last = paragraphs.last, looksLikeAList(last) { return false }
        return paragraphs.allSatisfy { !$0.isEmpty && isOneTrimmedLine($0) }
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

/// Marks ingredients in instruction paragraphs where their names first appear, and writes the
/// rest of the text with Cooklang's markup characters escaped.
struct IngredientPlacer {
    private var paragraphs: [[Character]]
    /// Placed mentions by paragraph: the range of the name they replace, and their text.
    private var placed: [[(range: Range<Int>, text: String)]]

    init(paragraphs: [String]) {
        self.paragraphs = paragraphs.map(Array.init)
        placed = Array(repeating: [], count: paragraphs.count)
    }

    /// Where the last mention ended: the next one goes after it.
    private var cursor = (paragraph: 0, offset: 0)

    /// Puts `mention` where `name` next appears as a whole word after the mention before;
    /// false when it does not.
    mutating func place(name: String, as mention: String) -> Bool {
        // Exactly as written: reading the mention back writes the name where it stood.
        let wanted = Array(name)
        guard !wanted.isEmpty else { return false }
        for index in cursor.paragraph..<paragraphs.count {
            let paragraph = paragraphs[index]
            let lowered = paragraph
            var start = index == cursor.paragraph ? cursor.offset : 0
            while start + wanted.count <= lowered.count {
                if Array(lowered[start..<(start + wanted.count)]) == wanted, isWordBoundary(paragraph, start, start + wanted.count) {
                    placed[index].append((start..<(start + wanted.count), mention))
                    cursor = (index, start + wanted.count)
                    return true
                }
                start += 1
            }
        }
        return false
    }

    private func isWordBoundary(_ text: [Character], _ start: Int, _ end: Int) -> Bool {
        (start == 0 || !text[start - 1].isLetter) && (end == text.count || !text[end].isLetter)
    }

    func rendered() -> [String] {
        paragraphs.enumerated().map { index, paragraph in
            var result = ""
            var position = 0
            for mention in placed[index].sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                result += Self.escaped(paragraph[position..<mention.range.lowerBound], atStart: position == 0, afterMention: position > 0)
                result += mention.text
                position = mention.range.upperBound
            }
            return result + Self.escaped(paragraph[position...], atStart: position == 0, afterMention: position > 0)
        }
    }

    /// Text with `@ # ~ \`, `[-` and runs of dashes escaped, and a leading `>` or `=` too.
    /// Right after an ingredient a `(` is escaped too: it would make a note of what follows.
    static func escaped(_ text: ArraySlice<Character>, atStart: Bool, afterMention: Bool = false) -> String {
        var result = ""
        var previous: Character?
        for (offset, character) in text.enumerated() {
            let leading = offset == 0 && ((atStart && (character == ">" || character == "=")) || (afterMention && character == "("))
            let opensComment = character == "[" && text.dropFirst(offset + 1).first == "-"
            if "@#~\\".contains(character) || opensComment || leading || (character == "-" && (previous == "-" || text.dropFirst(offset + 1).first == "-")) {
                result.append("\\")
            }
            result.append(character)
            previous = character
        }
        return result
    }
}

extension RecipeJSON {
    init(id: UUID?, kind: RecipeVariety, name: String, summary: String, instructions: String, ingredients: [IngredientJSON]) {
        self.id = id
        self.kind = kind
        self.name = name
        self.summary = summary
        self.instructions = instructions
        self.ingredients = ingredients
    }
}
