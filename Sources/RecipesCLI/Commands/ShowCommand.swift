import FoundationEssentials
import Recipes

/// `recipes show`: one whole recipe.
struct ShowCommand: RecipesCommand {
    static let format = OptionSpec("--format", value: "format", choices: ["text", "json"], help: "text (default) or json.")

    static let spec = CommandSpec(
        name: "show",
        abstract: "Show one recipe in full.",
        discussion: """
            RECIPE is a name, matched ignoring case and accents, or the first four or more \
            characters of an id (as search prints). When several recipes match, the error lists \
            them with their ids.
            """,
        arguments: [ArgumentSpec("recipe", variadic: true, help: "The recipe's name or an id prefix.")],
        options: [format],
        examples: ["recipes show creme brulee", "recipes show 3F2A --format json"])

    let reference: String
    let asJSON: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        reference = arguments.positionals.joined(separator: " ")
        asJSON = arguments.value(Self.format) == "json"
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let recipe = try CommonOptions.resolve(reference, in: try environment.openStore())
        if asJSON {
            environment.output.line(JSONText.printable(try RecipeJSON(recipe).encoded()))
        } else {
            RecipeTextRenderer(formatter: PlannedTimeFormatter(now: environment.now, local: environment.local))
                .write(recipe, to: environment.output)
        }
        return .success
    }
}
