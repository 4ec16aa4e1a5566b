import FoundationEssentials
import RecipesCore

/// `recipes show`: one whole recipe.
struct ShowCommand: RecipesCommand {
    static let format = OptionSpec("--format", value: "format", choosing: DocumentFormat.self, help: "text (default) or json.")
    static let pantry = OptionSpec("--pantry", help: "Mark each ingredient line as held in the pantry, missing, or optional (text only).")
    static let next = OptionSpec("--next", help: "Show the next planned recipe (as 'recipes next' finds it) instead of RECIPE.")
    static let scale = OptionSpec("--scale", value: "factor", help: "Multiply the ingredients' amounts: 2, 1.5, 1/2.")
    static let servings = OptionSpec("--servings", value: "count", help: "Scale the amounts for this many servings, \(FieldLimit.servings.rangeText) (the recipe must say its servings).")
    static let units = OptionSpec("--units", value: "system", choosing: MeasureUnit.System.self,
                                  help: "Convert amounts and oven temperatures to metric (g, ml, °C) or us (cups, oz, lb, °F) (default: the config's units line).")

    static let spec = CommandSpec(
        name: "show",
        abstract: "Show one recipe in full.",
        discussion: """
            RECIPE is a name, matched ignoring case and accents, its first words when they name \
            one recipe ("pepper fried chicken"), or the first four or more characters of an id \
            (as search prints). When several recipes match, the error lists them with their ids; \
            a typo is told the nearest name. With --next, the next planned recipe (for a status bar's \
            click); exit 1 when nothing is planned. --scale multiplies every amount that starts \
            with a quantity (whole numbers, decimals, fractions, ranges, mixed numbers), keeping \
            units and leaving "to taste" or "a pinch" alone. --servings scales by the servings \
            asked for over the recipe's own. --units converts amounts in known units (cups and \
            millilitres, ounces and grams; spoons and counts stay as they are) and the oven \
            temperatures in the text (350°F is 175 °C, rounded as recipes round); a units line in \
            the config file (units = metric) makes it the default.
            """,
        arguments: [ArgumentSpec("recipe", optional: true, variadic: true, completes: .recipe, help: "The recipe's name or an id prefix.")],
        options: [format, next, scale, servings, units, pantry],
        examples: ["recipes show creme brulee", "recipes show 3F2A --format json", "recipes show --next",
                   "recipes show pancakes --scale 2", "recipes show pancakes --servings 6", "recipes show brownies --units metric"])

    /// The recipe named, or nil for the next planned one.
    let reference: String?
    let asJSON: Bool
    let factor: Double
    /// The servings asked for, which make the factor once the recipe is known.
    let servingsWanted: Int?
    /// The system amounts are converted to, when asked on the command line.
    let units: MeasureUnit.System?
    /// Whether the lines are marked against the pantry.
    let marksPantry: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        servingsWanted = try arguments.number(Self.servings, .servings, command: Self.spec.name)
        if servingsWanted != nil, arguments.has(Self.scale) { throw UsageError(.servingsWithScale, command: Self.spec.name) }
        if let text = arguments.value(Self.scale) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Double($0) }
            let value: Double? = parts.count == 2 ? parts[0].flatMap { top in parts[1].map { top / $0 } } : parts.count == 1 ? parts[0] : nil
            guard let value, value.isFinite, value > 0, value <= 100 else {
                throw UsageError(.badScale(text), command: Self.spec.name)
            }
            factor = value
        } else {
            factor = 1
        }
        let named = arguments.positionals.isEmpty ? nil : arguments.positionals.joined(separator: " ")
        switch (named, arguments.has(Self.next)) {
        case (nil, false): throw UsageError(.missingArgument("recipe"), command: Self.spec.name)
        case (.some, true): throw UsageError(.recipeAndNext, command: Self.spec.name)
        default: reference = named
        }
        asJSON = arguments.choice(Self.format) == DocumentFormat.json
        units = arguments.choice(Self.units)
        marksPantry = arguments.has(Self.pantry)
        if marksPantry, asJSON { throw UsageError(.exclusive("--pantry", "--format json"), command: Self.spec.name) }
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let units = try units ?? environment.preferredUnits()
        // Converting and marking read the lines with the vocabulary the config extends.
        if units != nil || marksPantry { IngredientVocabulary.active = try environment.vocabulary() }
        let store = try environment.openStore()
        let recipe: Recipe
        if let reference {
            recipe = try CommonOptions.resolve(reference, in: store)
        } else if let upcoming = try store.nextPlannedRecipe(after: environment.now, local: environment.local) {
            recipe = upcoming.recipe
        } else {
            environment.errors.line("recipes: nothing planned")
            return .nothingFound
        }
        var factor = self.factor
        if let servingsWanted {
            guard let servings = recipe.servings else {
                throw CommandFailure("\(TerminalText.oneLine(recipe.name)) does not say how many it serves; "
                                     + "set it with 'recipes set \(CommonOptions.shortID(recipe.id)) --servings N', or use --scale")
            }
            factor = Double(servingsWanted) / Double(servings)
        }
        if asJSON {
            var json = RecipeJSON(recipe)
            json.ingredients = json.ingredients?.map { ingredient in
                var scaled = ingredient
                scaled.amount = ingredient.amount.map { amount in
                    let amount = AmountScaling.scale(amount, by: factor)
                    return units.map { UnitConversion.converted(amount, to: $0, density: RecipeTextRenderer.weighingDensity(ingredient.name, units: $0)) } ?? amount
                }
                return scaled
            }
            if let units {
                json.instructions = json.instructions.map { UnitConversion.convertingTemperatures(in: $0, to: units) }
                json.summary = json.summary.map { UnitConversion.convertingTemperatures(in: $0, to: units) }
            }
            if servingsWanted != nil { json.servings = servingsWanted }
            // The same plan and cooked lists as an export of the recipe.
            json.plan = try store.planEntries(of: recipe.id).map { PlanEntryJSON($0) }
            json.cooked = try store.cookedRecords(of: recipe.id).map { CookedJSON($0) }
            environment.output.line(JSONText.printable(try json.encoded()))
        } else {
            let pantry = marksPantry ? PantryMatch.lines(of: recipe, pantry: try store.pantryItems(), vocabulary: .active) : nil
            RecipeTextRenderer(formatter: PlannedTimeFormatter(now: environment.now, local: environment.local), scale: factor,
                               units: units, plan: try store.planEntries(of: recipe.id), pantry: pantry)
                .write(recipe, to: environment.output)
        }
        return .success
    }
}
