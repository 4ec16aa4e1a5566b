import FoundationEssentials
import RecipesCore

/// `recipes shopping`: what to buy for the recipes planned in the next days.
struct ShoppingCommand: RecipesCommand {
    static let days = OptionSpec("--days", short: "d", value: "n", help: "Meals planned from now through the end of the Nth day, today the first (default: 7, at most 366).")
    static let units = OptionSpec("--units", value: "system", choosing: MeasureUnit.System.self,
                                  help: "Write every measured amount in metric (g, ml) or us (cups, spoons, oz, lb) units (default: the config's units line, else as written).")
    static let format = OptionSpec("--format", value: "format", choosing: ShoppingFormat.self,
                                   help: "text (default, under aisle headings), json, or markdown (a checklist for notes apps).")

    static let bought = OptionSpec("--bought", help: "Put the items given as arguments into the pantry, as 'pantry add' does: shopping --bought eggs \"500 g flour\".")

    static let spec = CommandSpec(
        name: "shopping",
        abstract: "List the ingredients of the recipes planned in the next days, aisle by aisle.",
        discussion: """
            Every planned meal counts: a recipe planned twice needs its ingredients twice, and a \
            meal planned for more servings than the recipe makes (plan --servings) scales them. \
            Lines that name the same ingredient are one item, in any language the vocabulary \
            knows ("2 large eggs, beaten", "Eier" and "egg"; see recipes-ingredients(7)); other \
            lines merge when their names agree ignoring case, accents, punctuation and a plural. \
            "Salt and pepper" with no amount is both. Amounts that start with a number (2, 2.5, \
            1/2, 1 1/2, ½) or a range (1-2) are added up: in one unit as written (cup and cups \
            agree), across units of one dimension converted (1 cup and 250 ml of milk, in metric \
            when any was metric, or in --units), and from volume into weight for ingredients \
            with a known density (1 cup and 200 g of flour). Sums are rounded as cooks measure \
            (2⅞ tsp, 250 ml). A count in the name (garlic cloves, 2) is its unit. Amounts in no \
            known unit (1 can, a pinch) are kept as written, each with its recipes, and a last \
            line names those left apart from a sum. Items are listed under their aisles (the \
            config's aisle.NAME lines move ingredients and order aisles). A Cooklang reference to \
            another recipe (@./Components/Dough{2%servings}) is that recipe's ingredients, \
            scaled, when the store has it. What the pantry holds (recipes pantry) is left out: an \
            item held without an amount, and a held amount is taken from the sum it converts to \
            (750 g of flour needed, 500 g held: 250 g). --bought ITEM... puts what was bought into \
            the pantry. Exits 1 when nothing is planned.
            """,
        arguments: [ArgumentSpec("item", optional: true, variadic: true, help: "The items bought, one each (with --bought).")],
        options: [days, units, format, bought],
        examples: ["recipes shopping", "recipes shopping --bought eggs \"500 g flour\"", "recipes shopping --units metric --format markdown > list.md",
                   "recipes shopping --days 3 --format json | jq -r '.[].name'"])

    let window: Int
    let units: MeasureUnit.System?
    let format: ShoppingFormat
    /// With --bought: the items bought, as typed.
    let bought: [String]?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        // A year at most: every repeat counts each time it comes.
        window = try arguments.integer(Self.days, minimum: 1, maximum: 366, command: Self.spec.name) ?? 7
        units = arguments.choice(Self.units)
        format = arguments.choice(Self.format) ?? .text
        if arguments.has(Self.bought) {
            guard !arguments.positionals.isEmpty else { throw UsageError(.missingArgument("item"), command: Self.spec.name) }
            bought = arguments.positionals
        } else {
            guard arguments.positionals.isEmpty else { throw UsageError(.needs(option: "'\(arguments.positionals[0])'", what: "--bought (shopping --bought ITEM... puts what was bought in the pantry)"), command: Self.spec.name) }
            bought = nil
        }
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let local = environment.local
        // The config is read first: a bad line stops the command before the store is opened.
        let vocabulary = try environment.vocabulary()
        if let bought { return try PantryCommand.add(bought, useBy: nil, vocabulary: vocabulary, environment) }
        let units = try units ?? environment.preferredUnits()
        // N days, today the first: `--days 7` is the coming week.
        let end = local.adding(days: window, to: local.startOfDay(environment.now))
        // Every meal from now on counts, a repeat's each time, not yet cooked.
        let store = try environment.openStore()
        let context = ModelContext(store)
        let meals = try store.plannedMeals(from: environment.now, to: end, local: local).filter { !$0.isCooked }
            .compactMap { meal in try context.model(for: meal.recipe.id).map { (recipe: $0, servings: meal.entry.servings) } }
        let list = ShoppingList(meals: meals, vocabulary: vocabulary, units: units, pantry: try store.pantryItems()) { path in Self.recipe(at: path, in: store) }
        switch format {
        case .text: ShoppingTextRenderer.write(list, to: environment.output)
        case .json: environment.output.line(ShoppingJSONRenderer.json(list))
        case .markdown: ShoppingMarkdownRenderer.write(list, to: environment.output)
        }
        return list.items.isEmpty ? .nothingFound : .success
    }

    /// The one recipe a Cooklang reference names: by the file it was imported from
    /// ("Components/Dough"), else by its last part as a name.
    private static func recipe(at path: String, in store: RecipeStore) -> Recipe? {
        for reference in [path, String(path.split(separator: "/").last ?? "")] where !reference.isEmpty {
            if let found = try? store.recipes(matching: reference), found.count == 1 { return found[0] }
        }
        return nil
    }
}
