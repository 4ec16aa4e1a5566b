import FoundationEssentials
import RecipesCore

/// `recipes show`: one whole recipe.
struct ShowCommand: RecipesCommand {
    static let format = OptionSpec("--format", value: "format", choosing: DocumentFormat.self, help: "text (default) or json.")
    static let pantry = OptionSpec("--pantry", help: "Mark each ingredient line as held in the pantry, missing, or optional (text only).")
    static let next = OptionSpec("--next", help: "Show the next planned recipe (as 'recipes next' finds it) instead of RECIPE.")
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
        options: [format, next, ScalingOptions.scale, ScalingOptions.servings, ScalingOptions.units, pantry],
        examples: ["recipes show creme brulee", "recipes show 3F2A --format json", "recipes show --next",
                   "recipes show pancakes --scale 2", "recipes show pancakes --servings 6", "recipes show brownies --units metric"])

    /// The recipe named, or nil for the next planned one.
    let reference: String?
    let asJSON: Bool
    let scaling: ScalingOptions
    /// Whether the lines are marked against the pantry.
    let marksPantry: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        scaling = try ScalingOptions(arguments, command: Self.spec.name)
        reference = try CommonOptions.recipeOrNext(arguments, next: Self.next, command: Self.spec.name)
        asJSON = arguments.choice(Self.format) == DocumentFormat.json
        marksPantry = arguments.has(Self.pantry)
        if marksPantry, asJSON { throw UsageError(.exclusive("--pantry", "--format json"), command: Self.spec.name) }
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let units = try scaling.units ?? environment.preferredUnits()
        // Converting and marking read the lines with the vocabulary the config extends.
        if units != nil || marksPantry { IngredientVocabulary.active = try environment.vocabulary() }
        let store = try environment.openStore()
        guard let recipe = try reference.map({ try CommonOptions.resolve($0, in: store) })
                ?? store.nextPlannedRecipe(after: environment.now, local: environment.local)?.recipe else {
            environment.errors.line("recipes: nothing planned")
            return .nothingFound
        }
        let factor = try scaling.factor(for: recipe)
        if asJSON {
            var json = RecipeJSON(recipe)
            json.ingredients = json.ingredients?.map { ingredient in
                var scaled = ingredient
                scaled.amount = ingredient.amount.map { ScalingOptions.amount($0, of: ingredient.name, by: factor, units: units) }
                return scaled
            }
            if let units {
                json.instructions = json.instructions.map { UnitConversion.convertingTemperatures(in: $0, to: units) }
                json.summary = json.summary.map { UnitConversion.convertingTemperatures(in: $0, to: units) }
            }
            if let wanted = scaling.servingsWanted { json.servings = wanted }
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
