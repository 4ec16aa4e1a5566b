import FoundationEssentials

/// Recipes read from schema.org `Recipe` JSON-LD: the `<script type="application/ld+json">`
/// blocks of a saved web page (or its Recipe microdata), or a JSON file.
///
/// Every `Recipe` node is found wherever it sits (top level, arrays, `@graph`, `mainEntity`,
/// later blocks, `@type` given as a list). What is sound is imported; what is not is left out
/// and listed in ``skipped`` with the reason.
///
/// ```swift
/// let page = try SchemaOrgImport(html: String(decoding: data, as: UTF8.self))
/// try store.importArchive(RecipeArchive(recipes: page.recipes))
/// ```
public struct SchemaOrgImport: Sendable {
    /// The categories the export writes for a baked good and a beverage.
    static let ownCategories = ["Baking", "Drinks"]
    /// The keywords the export adds last for a beverage; an export read back does not make them tags.
    static let ownKindWords: Set<String> = ["alcoholic", "non-alcoholic", "hot", "cold"]

    /// The recipes found.
    public private(set) var recipes: [RecipeJSON] = []
    /// What was left out and why, one sentence each.
    public private(set) var skipped: [String] = []
    /// The names the page gives its site, which are no tags.
    private var siteNames: [String] = []

    /// Reads the JSON-LD blocks of an HTML page; a page without a usable recipe is an error.
    /// `address`, where the page was fetched from, is the recipes' source when neither they
    /// nor the page's canonical link name one.
    public init(html: String, address: String? = nil) throws {
        let blocks = HTMLText.linkedDataBlocks(in: html)
        // Some pages carry their recipe only as microdata (itemprop attributes).
        let microdata = Microdata.recipes(in: html)
        guard !blocks.isEmpty || !microdata.isEmpty else {
            throw RecipeFormatError(reason: "the page has no schema.org data (no <script type=\"application/ld+json\"> block, no Recipe microdata)")
        }
        let canonical = HTMLText.canonicalAddress(in: html) ?? address
        siteNames = HTMLText.siteNames(in: html)
        var documents: [JSONValue] = []
        for (number, block) in blocks.enumerated() {
            do {
                documents.append(try JSONValue.parse(block))
            } catch {
                skipped.append("JSON-LD block \(number + 1) is not JSON (\(error)); it was skipped")
            }
        }
        try read(documents + microdata, pageAddress: canonical)
    }

    /// Reads a JSON file of schema.org data; `address` is as for ``init(html:address:)``.
    public init(json: String, address: String? = nil) throws {
        do {
            try self.init(json: try JSONValue.parse(json), address: address)
        } catch let error as JSONSyntaxError {
            throw RecipeFormatError(reason: "not valid JSON (\(error))")
        }
    }

    init(json: JSONValue, address: String? = nil) throws {
        try read([json], pageAddress: address)
    }

    private mutating func read(_ documents: [JSONValue], pageAddress: String?) throws {
        var nodes: [JSONValue] = []
        for document in documents { Self.collectRecipes(in: document, into: &nodes) }
        guard !nodes.isEmpty else {
            throw RecipeFormatError(reason: "no schema.org Recipe found" + (skipped.isEmpty ? "" : "; " + skipped.joined(separator: "; ")))
        }
        var seenIDs = Set<String>()
        for node in nodes {
            // Pages repeat a recipe under the same @id (once in @graph, once as mainEntity).
            if let id = node["@id"]?.string, !seenIDs.insert(id).inserted { continue }
            var notes: [String] = []
            if let recipe = Self.recipe(from: node, pageAddress: pageAddress, siteNames: siteNames, notes: &notes) {
                recipes.append(recipe)
            }
            skipped.append(contentsOf: notes)
        }
        guard !recipes.isEmpty else {
            throw RecipeFormatError(reason: "no usable schema.org Recipe: " + skipped.joined(separator: "; "))
        }
        // A page may show its recipe twice (again as a review's itemReviewed, without an @id):
        // one recipe per name, the fullest, where the first stood. Importing twice then finds it.
        var kept: [String: Int] = [:]
        var unique: [RecipeJSON] = []
        for recipe in recipes {
            let key = TextMatching.nameKey(recipe.name)
            guard let index = kept[key] else {
                kept[key] = unique.count
                unique.append(recipe)
                continue
            }
            if Self.fullness(recipe) > Self.fullness(unique[index]) { unique[index] = recipe }
        }
        recipes = unique
        // One address shared by several recipes (a round-up page) names none of them.
        let addresses = Dictionary(grouping: recipes.compactMap(\.sourceURL), by: { $0 })
        for index in recipes.indices where (addresses[recipes[index].sourceURL ?? ""]?.count ?? 0) > 1 {
            recipes[index].sourceURL = nil
        }
    }

    private static func fullness(_ recipe: RecipeJSON) -> Int {
        (recipe.ingredients?.count ?? 0) * 1_000 + (recipe.instructions?.count ?? 0)
    }

    // MARK: - Finding Recipe nodes

    private static func collectRecipes(in value: JSONValue, into nodes: inout [JSONValue]) {
        switch value {
        case .array(let elements):
            for element in elements { collectRecipes(in: element, into: &nodes) }
        case .object(let members):
            if isRecipe(value) {
                nodes.append(value)
                return
            }
            for member in members { collectRecipes(in: member.value, into: &nodes) }
        default:
            break
        }
    }

    /// `"Recipe"`, `["Recipe", "NewsArticle"]`, `"schema:Recipe"`, `"http://schema.org/Recipe"`.
    private static func isRecipe(_ node: JSONValue) -> Bool {
        types(of: node).contains("recipe")
    }

    private static func types(of node: JSONValue) -> [String] {
        (node["@type"]?.elements ?? []).compactMap(\.string).map { type in
            String(type.trimmedWhitespace.lowercased().split(whereSeparator: { $0 == "/" || $0 == ":" }).last ?? "")
        }
    }

    // MARK: - One recipe

    private static func recipe(from node: JSONValue, pageAddress: String?, siteNames: [String], notes: inout [String]) -> RecipeJSON? {
        let name = (node["name"] ?? node["headline"])?.text.map { HTMLText.plainText($0) } ?? ""
        guard !name.isEmpty else {
            notes.append("a Recipe without a name was skipped")
            return nil
        }
        guard name.count <= Recipe.maximumNameLength else {
            notes.append("a Recipe whose name is longer than \(Recipe.maximumNameLength) characters was skipped")
            return nil
        }
        let label = "'\(name.prefix(60))'"
        let ingredients = self.ingredients(node["recipeIngredient"] ?? node["ingredients"], label: label, notes: &notes)
        let instructions = instructionLines(steps(node["recipeInstructions"] ?? .null, depth: 0, label: label, notes: &notes))
        // Pages add a block that only rates the recipe: it says nothing to cook. A node with
        // times or what it serves is a thin recipe, imported with what it has.
        let hasFacts = ["prepTime", "cookTime", "totalTime", "recipeYield"].contains { node[$0] != nil && node[$0] != .null }
        if ingredients.isEmpty, instructions.isEmpty, !hasFacts,
           node["aggregateRating"] != nil || node["review"] != nil || node["reviewRating"] != nil {
            notes.append("\(label) holds only a rating, not a recipe; it was skipped")
            return nil
        }
        if ingredients.isEmpty, instructions.isEmpty {
            notes.append("\(label) has no ingredients or instructions to import; its name, times and what it serves or makes were imported")
        }
        let times = [("prepTime", "prep"), ("cookTime", "cook"), ("totalTime", "total")].compactMap { key, word -> (String, Int)? in
            guard let value = node[key], value != .null else { return nil }
            // A Duration object carries the text in its value (or name).
            let text = value.string ?? value["value"]?.string ?? value["@value"]?.string ?? value["name"]?.string
            guard let text, let minutes = ISODuration.minutes(text) else {
                notes.append("\(label): \(key) \(describe(value)) "
                             + (text.map(ISODuration.isTooLong) == true ? "is longer than 30 days" : "is not an ISO 8601 duration") + "; it was left out")
                return nil
            }
            return minutes > 0 ? (word, minutes) : nil
        }
        // Categories and any @type besides Recipe ("Cocktail") say what kind of recipe it is,
        // then the name and the keywords.
        let categories = texts(node["recipeCategory"]) + types(of: node).filter { $0 != "recipe" }
        let keywords = texts(node["keywords"]).flatMap { $0.split(separator: ",") }.map(\.trimmedWhitespace).filter { !$0.isEmpty }
        // What `recipes export --format schema.org` wrote keeps its id on the way back, and its
        // kind: a dish has no category there, which must not leave its name to guess ("Pie").
        let identifier = node["identifier"]?.string.flatMap { UUID(uuidString: $0) }
        let urn = node["@id"]?.string.flatMap { $0.hasPrefix("urn:uuid:") ? UUID(uuidString: String($0.dropFirst(9))) : nil }
        let ownExport = identifier != nil && identifier == urn
        let said = Set(categories.map { $0.lowercased() })
        let kind: RecipeVariety = !ownExport ? KindHints.variety(categories: categories, name: name, keywords: keywords,
                                                                 ingredients: ingredients.map(\.name), steps: instructions.joined(separator: "\n"))
            : said.contains(Self.ownCategories[0].lowercased()) ? .bakedGood
            : said.contains(Self.ownCategories[1].lowercased()) ? .beverage : .dish

        var summary: [String] = []
        if let description = node["description"]?.text.map({ HTMLText.plainText($0) }), !description.isEmpty {
            summary.append(description)
        }
        var recipe = RecipeJSON(id: nil, kind: kind, name: name, summary: sentences(summary),
                                instructions: instructions.joined(separator: "\n"),
                                ingredients: ingredients.map { .init(id: nil, name: $0.name, amount: $0.amount, heading: $0.heading ? true : nil) })
        recipe.sourceURL = address(of: node) ?? pageAddress
        recipe.imageURL = image(node["image"] ?? node["thumbnailUrl"], page: recipe.sourceURL)
        recipe.nutrition = nutrition(node["nutrition"], label: label, notes: &notes)
        for field in RecipeDetails.fields where field.shape == .text {
            if let text = field.schemaOrgProperties.lazy.compactMap({ node[$0]?.text }).first.map({ HTMLText.plainText($0) }), field.problem(text) == nil {
                field.assign(&recipe.details, text)
            }
        }
        recipe.details.setServings(from: yields(RecipeDetails.servingsFields[0].schemaOrgProperties.lazy.compactMap { node[$0] }.first))
        func time(_ word: String) -> Int? { times.first { $0.0 == word }?.1 }
        recipe.details.setTimes(prep: time("prep"), cook: time("cook"), total: time("total"))
        recipe.id = identifier ?? urn
        // The words that say how a beverage is served: every keyword, or in our own export
        // only the two it writes for that, so that a tag such as "cold" cannot contradict them.
        var servingWords = keywords
        if ownExport {
            // Our own export: its category says the kind, and for a beverage the last two
            // keywords say alcoholic and hot; the recipe holds those already, so only the
            // keywords before them are its tags (a tag "hot" of its own stays).
            let kindWords = kind == .beverage && keywords.suffix(2).allSatisfy { Self.ownKindWords.contains($0.lowercased()) } ? 2 : 0
            recipe.tags = Recipe.canonicalTags(Array(keywords.dropLast(kindWords)))
            if kindWords > 0 { servingWords = Array(keywords.suffix(2)) }
        } else {
            let sites = [node["publisher"]?["name"]?.text, PageTags.site(ofAddress: recipe.sourceURL ?? pageAddress)].compactMap { $0 } + siteNames
            recipe.tags = PageTags.tags(groups: texts(node["recipeCategory"]) + texts(node["recipeCuisine"]), keywords: keywords, name: name,
                                        ingredients: ingredients.filter { !$0.heading }.map(\.name), sites: sites)
        }
        switch kind {
        case .bakedGood:
            recipe.bakeMinutes = times.first { $0.0 == "cook" }?.1
            recipe.ovenTemperature = ovenTemperature(in: recipe.instructions ?? "")
        case .beverage:
            recipe.alcoholic = KindHints.isAlcoholic(categories + servingWords + [name] + ingredients.filter { !$0.heading }.map(\.name))
            recipe.servedHot = KindHints.isServedHot(categories + servingWords + [name])
        case .dish:
            break
        }
        return recipe
    }

    private static func ingredients(_ value: JSONValue?, label: String, notes: inout [String]) -> [(name: String, amount: String, heading: Bool)] {
        var lines: [String] = []
        func collect(_ value: JSONValue, depth: Int) {
            switch value {
            case .string, .number:
                lines.append(contentsOf: HTMLText.plainText(value.text ?? "", keepingLines: true).split(separator: "\n").map(String.init))
            case .array(let elements) where depth < 4:
                for element in elements { collect(element, depth: depth + 1) }
            case .object:
                // {"@type": "PropertyValue", "name": "flour", "value": "200 g"} and similar.
                let name = (value["text"] ?? value["name"])?.text.map { HTMLText.plainText($0) } ?? ""
                let amount = (value["amount"] ?? value["value"] ?? value["quantity"])?.text.map { HTMLText.plainText($0) } ?? ""
                if name.isEmpty {
                    notes.append("\(label): an ingredient \(describe(value)) has no text; it was left out")
                } else {
                    lines.append(amount.isEmpty ? name : amount + " " + name)
                }
            case .null:
                break
            default:
                notes.append("\(label): an ingredient \(describe(value)) is not text; it was left out")
            }
        }
        collect(value ?? .null, depth: 0)
        // Pages put section headings among the lines ("For the dough:"); they stay in place
        // as headings, not ingredients to buy.
        return lines.filter { !$0.isEmpty }.map { line in
            if let heading = IngredientLine.heading(line) { return (heading, "", true) }
            let split = IngredientLine.split(line)
            return (split.name, split.amount, false)
        }
    }

    /// Instruction lines from any of the forms pages use: one string (maybe with HTML), a list
    /// of strings, HowToStep objects, HowToSection objects with nested steps, or a mixture.
    /// Objects are read by what they hold, not by their `@type`, which pages misspell.
    private static func steps(_ value: JSONValue, depth: Int, label: String, notes: inout [String]) -> [String] {
        guard depth < 8 else { return [] }
        switch value {
        case .string(let text):
            return HTMLText.plainText(text, keepingLines: true).split(separator: "\n").map(String.init)
        case .array(let elements):
            return elements.flatMap { steps($0, depth: depth + 1, label: label, notes: &notes) }
        case .object:
            if let list = value["itemListElement"] ?? value["steps"] {
                let heading = value["name"]?.text.map { HTMLText.plainText($0) } ?? ""
                let nested = steps(list, depth: depth + 1, label: label, notes: &notes)
                return (heading.isEmpty || nested.isEmpty ? [] : [heading.hasSuffix(":") ? heading : heading + ":"]) + nested
            }
            if let text = (value["text"] ?? value["description"])?.text {
                let lines = steps(.string(text), depth: depth + 1, label: label, notes: &notes)
                // A step's own title ("Make the broth") leads it as a heading, unless it is
                // only the text's start again or "Step 2", as many plugins write it.
                guard let title = value["name"]?.text.map({ HTMLText.plainText($0) }), isTitle(title, of: lines.joined(separator: " "))
                else { return lines }
                return [title.hasSuffix(":") ? title : title + ":"] + lines
            }
            if let name = value["name"]?.text {
                return steps(.string(name), depth: depth + 1, label: label, notes: &notes)
            }
            notes.append("\(label): an instruction \(describe(value)) has no text; it was left out")
            return []
        case .null:
            return []
        case .number, .bool:
            notes.append("\(label): an instruction \(describe(value)) is not text; it was left out")
            return []
        }
    }

    /// Whether a step's `name` is a title of its own: short, and neither the text's start
    /// (plugins copy the text into the name, cut with "…") nor a number ("Step 2", "2").
    private static func isTitle(_ title: String, of text: String) -> Bool {
        let key = TextMatching.nameKey(title), textKey = TextMatching.nameKey(text)
        guard !key.isEmpty, title.count <= 80, !textKey.hasPrefix(key) else { return false }
        let words = key.split(separator: " ").filter { !$0.allSatisfy(\.isNumber) }
        return !words.isEmpty && !(words.count == 1 && CookingSteps.stepWords.contains(String(words[0])))
    }

    /// The page's step lines as the recipe keeps them: a line of numbered steps run together
    /// ("1.鸡蛋打散。2.锅中放油。") one line each, and lines with no word or number — the ","
    /// a page's HTML list leaves between its items — left out.
    private static func instructionLines(_ lines: [String]) -> [String] {
        lines.flatMap { line in CookingSteps.runOnSteps(line) ?? [line] }
            .filter { line in line.contains { $0.isLetter || $0.isNumber } }
    }

    /// `4`, `"4 servings"`, `["4", "4 servings"]`, `{"value": 12, "unitText": "muffins"}`.
    private static func yields(_ value: JSONValue?) -> [String] {
        let candidates = (value?.elements ?? []).compactMap { element -> String? in
            if case .object = element {
                let amount = (element["value"] ?? element["minValue"])?.text ?? ""
                let unit = (element["unitText"] ?? element["unitCode"] ?? element["name"])?.text ?? ""
                return [amount, unit].filter { !$0.isEmpty }.joined(separator: " ")
            }
            return element.text
        }.map { HTMLText.plainText($0) }.filter { !$0.isEmpty }
        // "4" says less than "4 servings": a value another one contains and says no more
        // than is left out. "10" beside "1 loaf (10 slices)" stays: it is the servings.
        var kept: [String] = []
        for candidate in candidates where !kept.contains(candidate) {
            let servings = ServingsText.servings(candidate)
            if candidates.contains(where: { $0 != candidate && $0.contains(candidate) && ServingsText.servings($0) == servings }) { continue }
            kept.append(candidate)
        }
        return kept
    }

    /// The picture's address: `image` as a text, a list (the first, which pages make the
    /// largest), or an `ImageObject` (`url`, `contentUrl`); a relative one resolved against
    /// the page's address.
    private static func image(_ value: JSONValue?, page: String?) -> String? {
        guard let value else { return nil }
        let candidates = value.elements.compactMap { element -> String? in
            (element.string ?? element["url"]?.string ?? element["contentUrl"]?.string ?? element["@id"]?.string)?.trimmedWhitespace
        }
        for candidate in candidates {
            if candidate.hasPrefix("http://") || candidate.hasPrefix("https://") { return candidate }
            if candidate.hasPrefix("//") { return "https:" + candidate }
            if candidate.hasPrefix("/"), let page, let host = SourceAddress.host(of: page) {
                return page[..<host.endIndex] + candidate
            }
        }
        return nil
    }

    /// schema.org `NutritionInformation`, per serving as the vocabulary defines it: each
    /// property's number in its unit ("12 g", "240 calories", "1000 kJ"); one that does not
    /// read is left out, and said.
    private static func nutrition(_ value: JSONValue?, label: String, notes: inout [String]) -> Nutrition? {
        guard let value, case .object = value else { return nil }
        var nutrition = Nutrition()
        for nutrient in Nutrition.Nutrient.allCases {
            guard let given = value[nutrient.schemaOrgProperty], given != .null, let text = given.text, !text.trimmedWhitespace.isEmpty
            else { continue }
            if let amount = Nutrition.amount(schemaOrg: text, of: nutrient) {
                nutrition[nutrient] = amount
            } else {
                notes.append("\(label): nutrition \(nutrient.schemaOrgProperty) \(describe(given)) is not an amount; it was left out")
            }
        }
        return nutrition.isEmpty ? nil : nutrition
    }

    /// The recipe's own address: `url`, `mainEntityOfPage`, or an `@id` that is a web address,
    /// without its `#fragment`.
    private static func address(of node: JSONValue) -> String? {
        let candidates = [node["url"]?.string, node["mainEntityOfPage"]?.string, node["mainEntityOfPage"]?["@id"]?.string,
                          node["@id"]?.string]
        guard let found = candidates.compactMap({ $0?.trimmedWhitespace }).first(where: { $0.hasPrefix("http://") || $0.hasPrefix("https://") })
        else { return nil }
        return String(found.prefix { $0 != "#" })
    }

    /// The oven temperature the instructions give ("220 °C", "425°F"), in Celsius: the first
    /// one in Celsius, else the first in Fahrenheit converted.
    private static func ovenTemperature(in text: String) -> Int? {
        let characters = Array(text)
        var fahrenheit: Int?
        for (index, character) in characters.enumerated() where character == "°" {
            var start = index
            while start > 0, characters[start - 1] == " " { start -= 1 }
            var digitsStart = start
            while digitsStart > 0, characters[digitsStart - 1].isASCII, characters[digitsStart - 1].isNumber { digitsStart -= 1 }
            guard digitsStart < start, start - digitsStart <= 3, let value = Int(String(characters[digitsStart..<start])) else { continue }
            let unit = characters[(index + 1)...].first { $0 != " " }
            if unit == "F" || unit == "f" {
                let celsius = Int((Double(value - 32) * 5 / 9).rounded())
                if fahrenheit == nil, (50...350).contains(celsius) { fahrenheit = celsius }
            } else if (50...350).contains(value) {
                return value
            }
        }
        return fahrenheit
    }

    private static func texts(_ value: JSONValue?) -> [String] {
        (value?.elements ?? []).compactMap(\.text).map { HTMLText.plainText($0) }.filter { !$0.isEmpty }
    }

    /// Parts joined as sentences, without doubling the full stop a part already ends with.
    static func sentences(_ parts: [String]) -> String {
        parts.enumerated().map { index, part in
            index == parts.count - 1 || part.last.map({ ".!?".contains($0) }) == true ? part : part + "."
        }.joined(separator: " ")
    }

    /// A short picture of a value for a message: its text, or what kind of value it is.
    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "'\(text.prefix(40))'"
        case .number, .bool: "'\(value.text ?? (value == .bool(true) ? "true" : "false"))'"
        case .object: value["@type"]?.string.map { "of type \($0.prefix(40))" } ?? "object"
        case .array: "list"
        case .null: "null"
        }
    }
}
