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
            Ingredients with the same name (ignoring case, accents and punctuation) are merged. \
            Amounts that start with a number (2, 2.5, 1/2, 1 1/2, ½) and have the same unit (cup \
            and cups agree) are added up; other amounts are listed side by side, each with the \
            recipes it comes from. Exits 1 when nothing is planned.
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
        let list = ShoppingList(meals: meals)
        if asJSON {
            environment.output.line(Self.json(list))
        } else {
            let rows = list.items.map { item in
                [TerminalText.oneLine(item.name),
                 item.amounts.map { "\(TerminalText.oneLine($0.text)) (\($0.recipes.map(TerminalText.oneLine).joined(separator: ", ")))" }
                    .joined(separator: "; ")]
            }
            if !rows.isEmpty { TextColumns.write(rows, to: environment.output) }
        }
        return list.items.isEmpty ? .nothingFound : .success
    }

    static func json(_ list: ShoppingList) -> String {
        let items = list.items.map { item in
            let amounts = item.amounts.map { amount in
                JSONText.object([
                    ("quantity", amount.quantity.map { String($0) } ?? "null"),
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
