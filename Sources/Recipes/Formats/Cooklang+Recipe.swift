import FoundationEssentials

extension CooklangRecipe {
    /// The recipe this Cooklang text describes. The name comes from the `title` metadata,
    /// else `fallbackTitle` (the file's name); servings, tags and description go into the
    /// summary; every ingredient mention becomes an ingredient, in order; the steps, written
    /// out as text, become the instructions. Tags or a category such as dessert or bread make a
    /// baked good, drink or cocktail a beverage.
    public func makeRecipe(fallbackTitle: String) -> RecipeJSON {
        let meta = Dictionary(metadata.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        var summary: [String] = []
        if let description = meta["description"] { summary.append(description) }
        if let servings = meta["servings"] ?? meta["serves"] { summary.append("Servings: \(servings)") }
        if let tags = meta["tags"] { summary.append("Tags: \(tags)") }
        var ingredients: [RecipeJSON.IngredientJSON] = []
        // A first step that only lists ingredients ("@flour{125%g}, @eggs{2}", as the export
        // writes it) says nothing to do: its ingredients count, it is not an instruction.
        let listsOnlyIngredients = steps.first.map(Self.listsOnlyIngredients) ?? false
        let instructions = steps.enumerated().filter { $0.offset > 0 || !listsOnlyIngredients }.map(\.element).map { step in
            step.map { item -> String in
                switch item {
                case .text(let text): return text
                case .ingredient(let name, let quantity, let units):
                    ingredients.append(.init(id: nil, name: name, amount: Self.amount(quantity, units)))
                    return name
                case .cookware(let name, _): return name
                case .timer(let name, let quantity, let units):
                    let amount = Self.amount(quantity, units)
                    return amount.isEmpty ? name : amount
                }
            }.joined()
        }.joined(separator: "\n\n")
        if listsOnlyIngredients, let list = steps.first {
            let listed: [RecipeJSON.IngredientJSON] = list.compactMap { item in
                guard case .ingredient(let name, let quantity, let units) = item else { return nil }
                return .init(id: nil, name: name, amount: Self.amount(quantity, units))
            }
            ingredients = listed + ingredients
        }
        let hints = [meta["tags"], meta["category"], meta["course"]].compactMap { $0 }
        let kind = KindHints.variety(from: hints)
        var recipe = RecipeJSON(id: nil, kind: kind, name: meta["title"] ?? fallbackTitle, summary: summary.joined(separator: ". "),
                          instructions: instructions, ingredients: ingredients)
        if kind == .beverage {
            let words = hints + [recipe.name] + ingredients.map(\.name)
            recipe.alcoholic = KindHints.isAlcoholic(words)
            recipe.servedHot = KindHints.isServedHot(hints + [recipe.name])
        }
        return recipe
    }

    private static func listsOnlyIngredients(_ step: [Item]) -> Bool {
        step.contains { if case .ingredient = $0 { true } else { false } } && step.allSatisfy { item in
            switch item {
            case .ingredient: true
            case .text(let text): text.allSatisfy { $0 == "," || $0.isWhitespace }
            default: false
            }
        }
    }

    static func amount(_ quantity: Quantity, _ units: String) -> String {
        let number: String = switch quantity {
        case .number(let value): ShoppingList.format(value)
        case .text(let text): text == "some" ? "" : text
        }
        return [number, units].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A recipe as Cooklang text: front matter, the ingredients as one step of `@` mentions
    /// (the store does not know where in the instructions each one is used), then the
    /// instructions, a paragraph per step. It reads back as the same recipe whenever
    /// ``canWriteExactly(_:)`` says so; what Cooklang cannot write is replaced (a sigil in
    /// the instructions by words, a brace in a name by a parenthesis, `%` by "percent").
    public static func text(of recipe: Recipe) -> String {
        var lines = ["---", "title: \(oneLine(recipe.name))"]
        if !recipe.summary.isEmpty { lines.append("description: \(oneLine(recipe.summary))") }
        // A category, not tags: tags are read back into the summary.
        if recipe.variety != .dish { lines.append("category: \(recipe.variety == .bakedGood ? "baking" : "drink")") }
        lines.append("---")
        lines.append("")
        if !recipe.ingredients.isEmpty {
            lines.append(withoutComments(recipe.ingredients.map { ingredient in
                let name = oneLine(ingredient.name).replacing("{", with: "(").replacing("}", with: ")")
                let amount = oneLine(ingredient.amount).replacing("}", with: ")").replacing("%", with: " percent")
                // "125 g" is written {125%g} so the quantity reads back as a number, when
                // that reads back as the same text.
                if let parsed = ShoppingList.parse(amount), !parsed.unit.isEmpty,
                   "\(ShoppingList.format(parsed.quantity)) \(parsed.unit)" == amount {
                    return "@\(name){\(ShoppingList.format(parsed.quantity))%\(parsed.unit)}"
                }
                return "@\(name){\(amount)}"
            }.joined(separator: ", ")))
            lines.append("")
        }
        for paragraph in recipe.instructions.split(separator: "\n", omittingEmptySubsequences: true) {
            // Sigils at the start of a word would be read back as components.
            lines.append(withoutComments(String(paragraph).replacing("@", with: "(at) ").replacing(" #", with: " no. ").replacing("~", with: "about ")))
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// "--" starts a comment, so a double dash in text is written with a word joiner between
    /// its dashes: it looks the same in any Cooklang reader, and this one reads "--" back.
    static let doubleDashInText = "-\u{2060}-"

    private static func withoutComments(_ line: String) -> String {
        guard line.contains("--") else { return line }
        var result = ""
        var dashes = 0
        func flush() {
            result += dashes == 2 ? doubleDashInText : String(repeating: "-", count: dashes)
            dashes = 0
        }
        for character in line {
            if character == "-" { dashes += 1; continue }
            flush()
            result.append(character)
        }
        flush()
        return result
    }

    /// Whether ``text(of:)`` writes `recipe` so that it reads back the same in every field
    /// Cooklang holds (name, summary, kind, ingredients, instructions). Not when a field has
    /// what the format has no way to write: a sigil (`@ # ~`) or brace, a `%` in an amount, a
    /// line break in a name, summary, ingredient or amount, a single line break or a blank
    /// line with spaces in the instructions, space around a name, summary or amount, or an
    /// amount whose number reads back in another form ("1.50" as "1.5").
    public static func canWriteExactly(_ recipe: Recipe) -> Bool {
        func isPlain(_ text: String) -> Bool {
            !text.contains { "@#~{}\r\n".contains($0) || $0.isNewline } && text == text.trimmedWhitespace && !text.contains(doubleDashInText)
        }
        guard isPlain(recipe.name), !recipe.name.isEmpty, isPlain(recipe.summary) else { return false }
        for ingredient in recipe.ingredients {
            guard isPlain(ingredient.name), !ingredient.name.isEmpty, isPlain(ingredient.amount), !ingredient.amount.contains("%"),
                  ingredient.amount != "some" else { return false }
            if case .number(let value) = quantity(ingredient.amount), ShoppingList.format(value) != ingredient.amount { return false }
        }
        if recipe.instructions.isEmpty { return true }
        let paragraphs = recipe.instructions.components(separatedBy: "\n\n")
        return paragraphs.allSatisfy { paragraph in
            !paragraph.trimmedWhitespace.isEmpty && !paragraph.contains { "@#~\r\n".contains($0) || $0.isNewline }
                && !paragraph.contains(doubleDashInText)
        }
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
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
