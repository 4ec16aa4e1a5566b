import RecipesCore

/// A whole recipe as text for a terminal.
struct RecipeTextRenderer {
    let formatter: PlannedTimeFormatter
    /// Amounts multiplied by this (`show --scale`), said in the ingredients' heading.
    var scale: Double = 1
    /// The system amounts and oven temperatures are converted to (`show --units`), if any.
    var units: MeasureUnit.System?
    /// The recipe's plan entries, listed under "Plan:".
    var plan: [PlanEntry] = []
    /// Each ingredient line against the pantry (`show --pantry`), marked after it.
    var pantry: [PantryMatch.Line?]?

    func write(_ recipe: Recipe, to output: TextOutput) {
        output.line(TerminalText.oneLine(recipe.name))
        var facts = ["kind: \(recipe.variety.rawValue)"]
        if let planned = recipe.plannedDate { facts.append("planned: \(formatter.full(planned))") }
        if let baked = recipe as? BakedGood {
            if let temperature = baked.ovenTemperature {
                facts.append("oven: " + (units == .us ? UnitConversion.convertingTemperatures(in: "\(temperature) °C", to: .us) : "\(temperature) °C"))
            }
            if let minutes = baked.bakeMinutes { facts.append("bake: \(minutes) min") }
        }
        if let beverage = recipe as? Beverage {
            facts.append(beverage.isServedHot ? "served hot" : "served cold")
            facts.append(beverage.isAlcoholic ? "alcoholic" : "non-alcoholic")
        }
        facts.append("id: \(recipe.id.uuidString)")
        output.line(facts.joined(separator: " · "))
        let details = recipe.details
        var servings: [String] = []
        for field in RecipeDetails.fields {
            switch field.shape {
            case .servings:
                if let count = field.number(details) { servings.append(scale == 1 ? "serves \(count)" : "serves \(AmountScaling.format(Double(count) * scale))") }
            case .makes:
                // What it makes is text, not scaled: said as that many times what it makes
                // ("makes 1 cocktail × 4" beside "serves 4", not a contradiction).
                let text = field.text(details)
                if !text.isEmpty { servings.append("makes \(TerminalText.oneLine(text))" + (scale == 1 ? "" : " × \(AmountScaling.format(scale))")) }
            case .minutes:
                if let minutes = field.number(details) { servings.append("\(field.label.lowercased()): \(Self.duration(minutes))") }
            default:
                break
            }
        }
        if !servings.isEmpty { output.line(servings.joined(separator: " · ")) }
        if !details.tags.isEmpty { output.line("tags: " + details.tags.map(TerminalText.oneLine).joined(separator: ", ")) }
        // Where it came from, to open the page again (a terminal makes the address a link),
        // and its picture.
        for field in RecipeDetails.fields where field.shape == .address {
            let address = field.text(details)
            if !address.isEmpty { output.line("\(field.label.lowercased()): " + TerminalText.oneLine(address)) }
        }
        if let nutrition = recipe.nutrition, !nutrition.isEmpty {
            output.line("nutrition per serving: " + nutrition.text)
            // Scaled to a number of servings, what they hold together.
            if scale != 1, let count = recipe.servings {
                let servings = Double(count) * scale
                output.line("nutrition for \(AmountScaling.format(servings)) serving\(servings == 1 ? "" : "s"): " + nutrition.times(servings).text)
            }
        }
        if let cooked = cookedLine(recipe) { output.line(cooked) }
        PlanEntriesText(formatter: formatter).write(plan, planned: recipe.plannedDate, to: output)
        if !recipe.summary.isEmpty {
            output.line("")
            output.line(TerminalText.block(converted(recipe.summary)))
        }
        if !recipe.ingredients.isEmpty {
            output.line("")
            output.line(scale == 1 ? "Ingredients:" : "Ingredients (amounts × \(AmountScaling.format(scale))):")
            // Headings break the list into parts, each aligned on its own.
            var rows: [[String]] = []
            for (index, ingredient) in recipe.ingredients.enumerated() {
                if ingredient.isHeading {
                    if !rows.isEmpty { TextColumns.write(rows, to: output) }
                    rows = []
                    output.line(" " + TerminalText.oneLine(ingredient.name) + ":")
                } else {
                    let amount = ScalingOptions.amount(ingredient.amount, of: ingredient.name, by: scale, units: units)
                    var row = ["  " + TerminalText.oneLine(amount), TerminalText.oneLine(ingredient.name)]
                    if let pantry, index < pantry.count { row.append(Self.mark(pantry[index])) }
                    rows.append(row)
                }
            }
            if !rows.isEmpty { TextColumns.write(rows, to: output) }
        }
        if !recipe.instructions.isEmpty {
            output.line("")
            output.line("Instructions:")
            output.line(TerminalText.block(converted(recipe.instructions)))
        }
    }

    /// A line's mark against the pantry: "✓ have", "✗ missing cheddar", "✗ missing black
    /// pepper" (of "salt and pepper" with salt held), "(optional)"; nothing for a line that
    /// names no ingredient.
    static func mark(_ line: PantryMatch.Line?) -> String {
        switch line {
        case .held: "✓ have"
        case .missing(let names): "✗ missing " + names.joined(separator: ", ")
        case .optional: "(optional)"
        case nil: ""
        }
    }

    /// In metric, the density of what an ingredient line names when cooks weigh it.
    static func weighingDensity(_ name: String, units: MeasureUnit.System) -> Double? {
        guard units == .metric else { return nil }
        let vocabulary = IngredientVocabulary.active
        return vocabulary.reading(of: name).identities.first.flatMap(vocabulary.weighingDensity(of:))
    }

    /// Text with its oven temperatures in the system asked for.
    private func converted(_ text: String) -> String {
        units.map { UnitConversion.convertingTemperatures(in: text, to: $0) } ?? text
    }

    /// "cooked 3 times, last Sun 2026-11-29 18:00", "cooked once, ..."; nil when never cooked.
    func cookedLine(_ recipe: Recipe) -> String? {
        guard let last = recipe.lastCooked, recipe.timesCooked > 0 else { return nil }
        let times = recipe.timesCooked == 1 ? "once" : recipe.timesCooked == 2 ? "twice" : "\(recipe.timesCooked) times"
        return "cooked \(times), last \(formatter.full(last))"
    }

    /// Minutes as cooks read them: "45 min", "1 h 30 min", "2 d 3 h".
    static func duration(_ minutes: Int) -> String {
        let days = minutes / 1_440, hours = minutes % 1_440 / 60, rest = minutes % 60
        let parts = [(days, "d"), (hours, "h"), (rest, "min")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return parts.isEmpty ? "0 min" : parts.joined(separator: " ")
    }
}
