import FoundationEssentials
import Recipes

/// `recipes shopping`: what to buy for the recipes planned in the next days.
struct ShoppingCommand: RecipesCommand {
    static let days = OptionSpec("--days", short: "d", value: "n", help: "Recipes planned in the next N days (default: 7).")
    static let format = OptionSpec("--format", value: "format", choosing: DocumentFormat.self, help: "text (default) or json.")

    static let spec = CommandSpec(
        name: "shopping",
        abstract: "List the ingredients of the recipes planned in the next days.",
        discussion: """
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
        window = try arguments.integer(Self.days, minimum: 1, command: Self.spec.name) ?? 7
        asJSON = arguments.choice(Self.format) == DocumentFormat.json
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let local = environment.local
        let end = local.adding(days: window + 1, to: local.startOfDay(environment.now))
        let recipes = try environment.openStore().plannedRecipes(from: environment.now, to: end)
        let list = ShoppingList(recipes: recipes)
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
