import FoundationEssentials

extension Recipe {
    /// The recipe as a schema.org `Recipe` node, as recipe sites publish them: name,
    /// description, `recipeIngredient` lines, `recipeInstructions` as HowToSteps (one per
    /// line of the instructions), a category that says its kind, the servings and what it
    /// makes as `recipeYield`, the times (for baked goods the bake time when there is no cook time),
    /// the tags as `keywords`, the picture as `image` and the nutrition per serving as
    /// `NutritionInformation`.
    var schemaOrgNode: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("@type", .string("Recipe")),
            ("@id", .string("urn:uuid:" + id.uuidString.lowercased())),
            ("identifier", .string(id.uuidString)),
            ("name", .string(name)),
        ]
        if !summary.isEmpty { members.append(("description", .string(summary))) }
        let servingsTexts = details.servingsTexts
        if !servingsTexts.isEmpty {
            members.append((RecipeDetails.servingsFields[0].schemaOrgProperties[0],
                            servingsTexts.count == 1 ? .string(servingsTexts[0]) : .array(servingsTexts.map { .string($0) })))
        }
        var cook = cookMinutes
        var keywords = tags
        switch self {
        case let baked as BakedGood:
            members.append(("recipeCategory", .string(SchemaOrgImport.ownCategories[0])))
            cook = cook ?? baked.bakeMinutes
        case let beverage as Beverage:
            members.append(("recipeCategory", .string(SchemaOrgImport.ownCategories[1])))
            keywords += [beverage.isAlcoholic ? "alcoholic" : "non-alcoholic", beverage.isServedHot ? "hot" : "cold"]
        default:
            break
        }
        for (key, minutes) in [("prepTime", prepMinutes), ("cookTime", cook), ("totalTime", totalMinutes)] {
            if let minutes, minutes > 0 { members.append((key, .string(ISODuration.string(minutes: minutes)))) }
        }
        if !keywords.isEmpty { members.append(("keywords", .string(keywords.joined(separator: ", ")))) }
        members.append(("recipeIngredient", .array(ingredients.map { .string(Self.ingredientLine($0)) })))
        let steps = instructions.split(whereSeparator: \.isNewline).map(\.trimmedWhitespace).filter { !$0.isEmpty }
        members.append(("recipeInstructions", .array(Self.instructionItems(steps))))
        // Addresses and plain texts under their first schema.org property.
        for field in RecipeDetails.fields where [.address, .text].contains(field.shape) && !field.schemaOrgProperties.isEmpty {
            let text = field.text(details)
            if !text.isEmpty { members.append((field.schemaOrgProperties[0], .string(text))) }
        }
        if let nutrition, !nutrition.isEmpty {
            let amounts = Nutrition.Nutrient.allCases.compactMap { nutrient in
                nutrition[nutrient].map { (nutrient.schemaOrgProperty, JSONValue.string("\(Nutrition.number($0)) \(nutrient.unit)")) }
            }
            members.append(("nutrition", .object([("@type", .string("NutritionInformation"))] + amounts)))
        }
        members.append(("dateCreated", .string(ISO8601.string(from: createdAt))))
        members.append(("dateModified", .string(ISO8601.string(from: updatedAt))))
        return .object(members)
    }

    /// The steps as HowToSteps, and a heading line ("Marinate the chicken:") with the steps
    /// after it as a HowToSection, as other recipe managers (Mealie, Tandoor, Nextcloud
    /// Cookbook) show sections; a heading with no step after it stays a step.
    private static func instructionItems(_ lines: [String]) -> [JSONValue] {
        func step(_ text: String) -> JSONValue { .object([("@type", .string("HowToStep")), ("text", .string(text))]) }
        var items: [JSONValue] = []
        var section: (heading: String, steps: [JSONValue])?
        func close() {
            guard let open = section else { return }
            items.append(open.steps.isEmpty ? step(open.heading) : .object([
                ("@type", .string("HowToSection")), ("name", .string(String(open.heading.dropLast()).trimmedWhitespace)),
                ("itemListElement", .array(open.steps)),
            ]))
            section = nil
        }
        for line in lines {
            if CookingSteps.isHeading(line), line.count > 1 {
                close()
                section = (line, [])
            } else if section != nil {
                section?.steps.append(step(line))
            } else {
                items.append(step(line))
            }
        }
        close()
        return items
    }

    /// "500 g flour" when the amount starts with a quantity, so that importers split it again;
    /// "Salt, to taste" otherwise.
    private static func ingredientLine(_ ingredient: Ingredient) -> String {
        // A heading is a line of its own, as pages write them, which import reads back as one.
        if ingredient.isHeading { return ingredient.name.hasSuffix(":") ? ingredient.name : ingredient.name + ":" }
        let amount = ingredient.amount.trimmedWhitespace
        guard !amount.isEmpty else { return ingredient.name }
        return IngredientLine.split(amount + " " + ingredient.name).amount.isEmpty
            ? "\(ingredient.name), \(amount)" : "\(amount) \(ingredient.name)"
    }
}

extension SchemaOrgImport {
    /// Recipes as schema.org JSON-LD: one `Recipe` node, or an `@graph` of several, ready to
    /// paste into a `<script type="application/ld+json">` block (a `<` is always escaped).
    public static func jsonLD(for recipes: [Recipe]) -> String {
        let context: (key: String, value: JSONValue) = ("@context", .string("https://schema.org"))
        let document: JSONValue
        if recipes.count == 1, case .object(let members) = recipes[0].schemaOrgNode {
            document = .object([context] + members)
        } else {
            document = .object([context, ("@graph", .array(recipes.map(\.schemaOrgNode)))])
        }
        return document.serialized(indent: "")
    }
}

extension JSONValue {
    /// JSON text, indented two spaces a level. Characters that could end a script block or
    /// confuse a terminal (`<`, `>`, `&`, controls) are escaped.
    func serialized(indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number: return text ?? "0"
        case .string(let value): return Self.quoted(value)
        case .array(let values):
            guard !values.isEmpty else { return "[]" }
            return "[\n" + values.map { inner + $0.serialized(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            return "{\n" + members.map { inner + Self.quoted($0.key) + ": " + $0.value.serialized(indent: inner) }
                .joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    /// Also escaped: what could end a script block (`<`, `>`, `&`) and invisible controls.
    private static func quoted(_ text: String) -> String {
        JSONString.quoted(text) { scalar in
            "<>&\u{2028}\u{2029}".unicodeScalars.contains(scalar) || (0x7F...0x9F).contains(scalar.value)
        }
    }
}
