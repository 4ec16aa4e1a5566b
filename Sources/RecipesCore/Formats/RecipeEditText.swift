import FoundationEssentials

/// A recipe as text a person edits in `$EDITOR` (`recipes edit`): its fields as `Key: value`
/// lines, then its summary, ingredients (one a line, as written or `AMOUNT :: NAME`, a heading
/// as `== For the dough ==`) and
/// instructions under headings. Reading it back gives the fields to change, or the line at
/// fault.
///
/// ```
/// Name: Pancakes
/// Kind: dish
/// Source:
/// Servings: 4
/// Yield:
/// Prep: 10m
/// Cook: 20m
/// Total:
/// Tags: breakfast, quick
/// Image:
/// Nutrition: 310 kcal, 9 g fat, 11 g protein
///
/// Summary:
/// Thin, with lemon.
///
/// Ingredients:
/// 2 eggs
/// 125 g :: flour
///
/// Instructions:
/// Whisk, rest, fry.
/// ```
public struct RecipeEditText: RecipeDetailsHolder, Equatable, Sendable {
    /// The recipe's name.
    public var name: String
    /// Dish, baked good or beverage.
    public var kind: RecipeVariety
    /// Source, servings, times, tags, picture and nutrition, one `Label: value` line each
    /// (``RecipeDetails``); read as the text's own properties (`text.servings`).
    public var details: RecipeDetails
    /// Baked goods: the oven temperature in °C.
    public var ovenTemperature: Int?
    /// Baked goods: minutes in the oven.
    public var bakeMinutes: Int?
    /// Beverages: whether it contains alcohol.
    public var isAlcoholic: Bool?
    /// Beverages: whether it is served hot.
    public var isServedHot: Bool?
    /// A short description.
    public var summary: String
    /// The ingredients in order, each as amount and name; a heading ("For the dough") is
    /// written `== For the dough ==` and has no amount.
    public var ingredients: [(amount: String, name: String, isHeading: Bool)]
    /// How to make it.
    public var instructions: String

    public static func == (lhs: RecipeEditText, rhs: RecipeEditText) -> Bool {
        lhs.name == rhs.name && lhs.kind == rhs.kind && lhs.details == rhs.details && lhs.ovenTemperature == rhs.ovenTemperature
            && lhs.bakeMinutes == rhs.bakeMinutes && lhs.isAlcoholic == rhs.isAlcoholic && lhs.isServedHot == rhs.isServedHot
            && lhs.summary == rhs.summary && lhs.instructions == rhs.instructions
            && lhs.ingredients.map(\.amount) == rhs.ingredients.map(\.amount) && lhs.ingredients.map(\.name) == rhs.ingredients.map(\.name)
            && lhs.ingredients.map(\.isHeading) == rhs.ingredients.map(\.isHeading)
    }


    /// A line the text cannot be read at, and why.
    public struct Problem: Error, Equatable, CustomStringConvertible, Sendable {
        /// The line at fault, counted from 1.
        public let line: Int
        /// What is wrong with it.
        public let reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    /// The text form of `recipe`.
    public init(_ recipe: Recipe) {
        name = recipe.name
        kind = recipe.variety
        details = recipe.details
        let baked = recipe as? BakedGood
        ovenTemperature = baked?.ovenTemperature
        bakeMinutes = baked?.bakeMinutes
        let beverage = recipe as? Beverage
        isAlcoholic = beverage?.isAlcoholic
        isServedHot = beverage?.isServedHot
        summary = recipe.summary
        ingredients = recipe.ingredients.map { ($0.amount, $0.name, $0.isHeading) }
        instructions = recipe.instructions
    }

    /// The text to edit, after comment lines (each starting with `#`) that explain it.
    public func text(comments: [String]) -> String {
        var lines = comments.map { "# " + $0 }
        lines.append("Name: \(oneLine(name))")
        lines.append("Kind: \(kind.rawValue)")
        lines += RecipeDetails.fields.map { "\($0.label): \($0.text(details))" }
        if kind == .bakedGood {
            lines.append("Oven: \(ovenTemperature.map(String.init) ?? "")")
            lines.append("Bake minutes: \(bakeMinutes.map(String.init) ?? "")")
        }
        if kind == .beverage {
            lines.append("Alcoholic: \(isAlcoholic == true ? "yes" : "no")")
            lines.append("Served hot: \(isServedHot == true ? "yes" : "no")")
        }
        lines += ["", "Summary:", summary, "", "Ingredients:"]
        // A name alone when it reads back as itself; else with the separator ("3 eggs" kept whole).
        lines += ingredients.map { ingredient in
            let name = oneLine(ingredient.name)
            if ingredient.isHeading { return "== \(name) ==" }
            if ingredient.amount.isEmpty {
                return Ingredient.split(name) == (name, "") && Ingredient.heading(in: name) == nil ? name : ":: " + name
            }
            return "\(oneLine(ingredient.amount)) :: \(name)"
        }
        lines += ["", "Instructions:", instructions]
        return lines.joined(separator: "\n") + "\n"
    }

    private func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// Reads an edited text. Comment lines before the first field are ignored.
    public init(parsing text: String) throws(Problem) {
        let lines = text.replacing("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var fields: [String: (line: Int, value: String)] = [:]
        var index = 0
        while index < lines.count, lines[index].hasPrefix("#") || lines[index].trimmedWhitespace.isEmpty { index += 1 }
        // The fields, up to the first heading.
        while index < lines.count, !Self.headings.contains(lines[index].trimmedWhitespace) {
            let line = lines[index]
            index += 1
            if line.trimmedWhitespace.isEmpty || line.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":") else {
                throw Problem(line: index, reason: "expected 'Field: value' (\(Self.labels.joined(separator: ", "))) or a heading")
            }
            let key = line[..<colon].trimmedWhitespace.lowercased()
            guard Self.fieldNames.contains(key) else { throw Problem(line: index, reason: "unknown field '\(line[..<colon].trimmedWhitespace)'") }
            guard fields[key] == nil else { throw Problem(line: index, reason: "'\(line[..<colon].trimmedWhitespace)' is given twice") }
            fields[key] = (index, String(line[line.index(after: colon)...]).trimmedWhitespace)
        }
        // The headings and what is under each.
        var sections: [String: (line: Int, lines: [String])] = [:]
        var current: String?
        while index < lines.count {
            let line = lines[index]
            index += 1
            if Self.headings.contains(line.trimmedWhitespace) {
                let heading = line.trimmedWhitespace
                guard sections[heading] == nil else { throw Problem(line: index, reason: "'\(heading)' is given twice") }
                sections[heading] = (index, [])
                current = heading
            } else if let heading = current {
                sections[heading]?.lines.append(line)
            }
        }
        func block(_ heading: String) -> String {
            var body = sections[heading]?.lines ?? []
            while body.first?.trimmedWhitespace.isEmpty == true { body.removeFirst() }
            while body.last?.trimmedWhitespace.isEmpty == true { body.removeLast() }
            return body.joined(separator: "\n")
        }
        guard let nameField = fields["name"], nameField.value.contains(where: { !$0.isWhitespace }) else {
            throw Problem(line: fields["name"]?.line ?? 1, reason: "the name is empty")
        }
        guard nameField.value.count <= Recipe.maximumNameLength else {
            throw Problem(line: nameField.line, reason: "the name is longer than \(Recipe.maximumNameLength) characters")
        }
        name = nameField.value
        let kindText = fields["kind"]?.value.lowercased() ?? "dish"
        guard let kind = RecipeVariety(rawValue: kindText) else {
            throw Problem(line: fields["kind"]?.line ?? 1, reason: "the kind is one of dish, baked, beverage, not '\(kindText)'")
        }
        self.kind = kind
        var details = RecipeDetails()
        for field in RecipeDetails.fields {
            guard let line = fields[field.label.lowercased()] else { continue }
            if let problem = field.problem(line.value) { throw Problem(line: line.line, reason: problem) }
            field.assign(&details, line.value)
        }
        self.details = details
        func number(_ key: String, _ limit: FieldLimit) throws(Problem) -> Int? {
            guard let field = fields[key], !field.value.isEmpty else { return nil }
            if let problem = limit.problem(field.value) { throw Problem(line: field.line, reason: problem) }
            return Int(field.value)
        }
        func flag(_ key: String) throws(Problem) -> Bool? {
            guard let field = fields[key], !field.value.isEmpty else { return nil }
            switch field.value.lowercased() {
            case "yes", "y", "true": return true
            case "no", "n", "false": return false
            default: throw Problem(line: field.line, reason: "'\(field.value)' is not yes or no")
            }
        }
        ovenTemperature = try number("oven", .ovenTemperature)
        bakeMinutes = try number("bake minutes", .bakeMinutes)
        isAlcoholic = try flag("alcoholic")
        isServedHot = try flag("served hot")
        for (key, field) in fields where Self.kindFieldNames.contains(key) && !field.value.isEmpty {
            let forBaked = ["oven", "bake minutes"].contains(key)
            if forBaked ? kind != .bakedGood : kind != .beverage {
                throw Problem(line: field.line, reason: "'\(key)' is for \(forBaked ? "baked goods" : "beverages"), not a \(kind.rawValue)")
            }
        }
        summary = block("Summary:")
        instructions = block("Instructions:")
        var ingredients: [(amount: String, name: String, isHeading: Bool)] = []
        for (offset, line) in (sections["Ingredients:"]?.lines ?? []).enumerated() where !line.trimmedWhitespace.isEmpty {
            if let separator = line.firstRange(of: "::") {
                let name = line[separator.upperBound...].trimmedWhitespace
                guard !name.isEmpty else { throw Problem(line: (sections["Ingredients:"]?.line ?? 0) + offset + 1, reason: "an ingredient has no name") }
                ingredients.append((line[..<separator.lowerBound].trimmedWhitespace, name, false))
            } else if let heading = Ingredient.heading(in: line) {
                ingredients.append(("", heading, true))
            } else {
                let split = Ingredient.split(line)
                ingredients.append((split.amount, split.name, false))
            }
        }
        self.ingredients = ingredients
    }

    static let headings: Set<String> = ["Summary:", "Ingredients:", "Instructions:"]
    static let kindFieldNames: Set<String> = ["oven", "bake minutes", "alcoholic", "served hot"]
    /// The fields' labels, in the text's order.
    static let labels = ["Name", "Kind"] + RecipeDetails.fields.map(\.label) + ["Oven", "Bake minutes", "Alcoholic", "Served hot"]
    static let fieldNames = Set(labels.map { $0.lowercased() })


    /// Writes these fields into `recipe` (whose kind must be ``kind``); returns the names of
    /// the fields that changed. Ingredients keep their identity when the list is unchanged.
    public func apply(to recipe: Recipe) -> [String] {
        var changed: [String] = []
        if recipe.name != name { recipe.name = name; changed.append("name") }
        // A field whose line reads as it was written is unchanged, though what is stored may
        // differ in what a line cannot show (a line break from an import).
        let current = recipe.details
        // (A line that reads otherwise holds another value: the line is the value's text.)
        for field in RecipeDetails.fields where field.text(current) != field.text(details) {
            field.apply(recipe, details)
            changed.append(field.label.lowercased())
        }
        if recipe.summary != summary { recipe.summary = summary; changed.append("summary") }
        if recipe.instructions != instructions { recipe.instructions = instructions; changed.append("instructions") }
        if recipe.ingredients.map({ [$0.amount, $0.name, String($0.isHeading)] }) != ingredients.map({ [$0.amount, $0.name, String($0.isHeading)] }) {
            recipe.ingredients = ingredients.map { Ingredient(name: $0.name, amount: $0.amount, isHeading: $0.isHeading) }
            changed.append("ingredients")
        }
        if let baked = recipe as? BakedGood {
            if baked.ovenTemperature != ovenTemperature { baked.ovenTemperature = ovenTemperature; changed.append("oven") }
            if baked.bakeMinutes != bakeMinutes { baked.bakeMinutes = bakeMinutes; changed.append("bake minutes") }
        }
        if let beverage = recipe as? Beverage {
            if let isAlcoholic, beverage.isAlcoholic != isAlcoholic { beverage.isAlcoholic = isAlcoholic; changed.append("alcoholic") }
            if let isServedHot, beverage.isServedHot != isServedHot { beverage.isServedHot = isServedHot; changed.append("served hot") }
        }
        return changed
    }
}
