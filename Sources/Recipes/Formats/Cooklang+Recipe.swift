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
        let instructions = steps.map { step in
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

    static func amount(_ quantity: Quantity, _ units: String) -> String {
        let number: String = switch quantity {
        case .number(let value): ShoppingList.format(value)
        case .text(let text): text == "some" ? "" : text
        }
        return [number, units].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A recipe as Cooklang text: front matter, the ingredients as one step of `@` mentions
    /// (the store does not know where in the instructions each one is used), then the
    /// instructions, a paragraph per step.
    public static func text(of recipe: Recipe) -> String {
        var lines = ["---", "title: \(oneLine(recipe.name))"]
        if !recipe.summary.isEmpty { lines.append("description: \(oneLine(recipe.summary))") }
        if recipe.variety != .dish { lines.append("tags: \(recipe.variety == .bakedGood ? "baking" : "drink")") }
        lines.append("---")
        lines.append("")
        if !recipe.ingredients.isEmpty {
            lines.append(recipe.ingredients.map { ingredient in
                let name = oneLine(ingredient.name).replacing("{", with: "(").replacing("}", with: ")")
                // "125 g" is written {125%g} so the quantity reads back as a number.
                let amount = oneLine(ingredient.amount).replacing("}", with: ")").replacing("%", with: " percent")
                if let parsed = ShoppingList.parse(amount), !parsed.unit.isEmpty {
                    return "@\(name){\(ShoppingList.format(parsed.quantity))%\(parsed.unit)}"
                }
                return "@\(name){\(amount)}"
            }.joined(separator: ", "))
            lines.append("")
        }
        for paragraph in recipe.instructions.split(separator: "\n", omittingEmptySubsequences: true) {
            // Sigils at the start of a word would be read back as components.
            lines.append(String(paragraph).replacing("@", with: "(at) ").replacing(" #", with: " no. ").replacing("~", with: "about "))
            lines.append("")
        }
        return lines.joined(separator: "\n")
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
