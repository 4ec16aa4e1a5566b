import FoundationEssentials
import RecipesCore

/// `recipes shopping`: what to buy for the recipes planned in the next days.
struct ShoppingCommand: RecipesCommand {
    static let days = OptionSpec("--days", short: "d", value: "n", help: "Meals planned from now through the end of the Nth day, today the first (default: 7, at most 366).")
    static let format = OptionSpec("--format", value: "format", choosing: DocumentFormat.self, help: "text (default) or json.")

    static let spec = CommandSpec(
        name: "shopping",
        abstract: "List the ingredients of the recipes planned in the next days.",
        discussion: """
            Every planned meal counts: a recipe planned twice needs its ingredients twice, and a \
            meal planned for more servings than the recipe makes (plan --servings) scales them. \
            Ingredients with the same name (ignoring case, accents, punctuation and a plural: \
            egg and eggs) are merged. Amounts that start with a number (2, 2.5, 1/2, 1 1/2, ½) \
            or a range (1-2) and have the same unit (cup and cups agree) are added up and \
            rounded as cooks measure (2⅞ tsp; whole numbers from 10); a count in the name \
            (garlic cloves, 2) is its unit (garlic, 2 cloves). Other amounts are listed side by \
            side, each with the recipes it comes from. A Cooklang reference to another recipe \
            (@./Components/Dough{2%servings}) is that recipe's ingredients, scaled, when the \
            store has it. Exits 1 when nothing is planned.
            """,
        options: [days, format],
        examples: ["recipes shopping", "recipes shopping --days 3 --format json | jq -r '.[].name'"])

    let window: Int
    let asJSON: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        // A year at most: every repeat counts each time it comes.
        window = try arguments.integer(Self.days, minimum: 1, maximum: 366, command: Self.spec.name) ?? 7
        asJSON = arguments.choice(Self.format) == DocumentFormat.json
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let local = environment.local
        // N days, today the first: `--days 7` is the coming week.
        let end = local.adding(days: window, to: local.startOfDay(environment.now))
        // Every meal from now on counts, a repeat's each time, not yet cooked.
        let store = try environment.openStore()
        let context = ModelContext(store)
        let meals = try store.plannedMeals(from: environment.now, to: end, local: local).filter { !$0.isCooked }
            .compactMap { meal in try context.model(for: meal.recipe.id).map { (recipe: $0, servings: meal.entry.servings) } }
        let list = ShoppingList(meals: meals) { path in Self.recipe(at: path, in: store) }
        if asJSON {
            environment.output.line(Self.json(list))
        } else {
            let rows = list.items.map { item -> [String] in
                let amounts = item.amounts.map { amount in
                    let recipes = "(" + amount.recipes.map(TerminalText.oneLine).joined(separator: ", ") + ")"
                    return amount.text.isEmpty ? recipes : TerminalText.oneLine(amount.text) + " " + recipes
                }
                // An item no recipe gives an amount for is its name alone, with its recipes.
                guard item.amounts.contains(where: { !$0.text.isEmpty }) else { return [TerminalText.oneLine(item.name) + " " + amounts.joined(separator: "; ")] }
                return [TerminalText.oneLine(item.name), amounts.joined(separator: "; ")]
            }
            if !rows.isEmpty { TextColumns.write(rows, to: environment.output) }
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

    static func json(_ list: ShoppingList) -> String {
        let items = list.items.map { item in
            let amounts = item.amounts.map { amount in
                JSONText.object([
                    ("quantity", amount.quantity.map { String($0) } ?? "null"),
                    ("upTo", amount.upTo.map { String($0) } ?? "null"),
                    ("unit", JSONText.quoted(amount.unit)),
                    ("text", JSONText.quoted(amount.text)),
                    ("recipes", "[" + amount.recipes.map(JSONText.quoted).joined(separator: ",") + "]"),
                ])
            }
            return JSONText.object([("name", JSONText.quoted(item.name)), ("amounts", "[" + amounts.joined(separator: ",") + "]")])
        }
        return "[" + items.joined(separator: ",\n") + "]"
    }
}
