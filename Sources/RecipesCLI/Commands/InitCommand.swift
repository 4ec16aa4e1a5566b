import FoundationEssentials
import RecipesCore

/// `recipes init`: starts an empty store, for a second machine that will fill it by sync
/// or a user who does not want the samples.
struct InitCommand: RecipesCommand {
    static let spec = CommandSpec(
        name: "init",
        abstract: "Start an empty recipe store.",
        discussion: """
            Creates the store (--store, $RECIPES_STORE, or the default path) with no recipes, \
            where the first use of another command would add the sample recipes. Use it on a \
            second machine before 'recipes sync', or to start from nothing. A store that \
            already exists is left as it is.
            """,
        examples: ["recipes init", "recipes --store ~/recipes.sqlite init"])

    init(_ arguments: ParsedArguments) throws(UsageError) {}

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let path = environment.storePath
        let existed = FileManager.default.fileExists(atPath: path)
        let store = try environment.openStore(creating: true, samples: false)
        if existed {
            let count = try store.count(StoreQuery<Recipe>())
            environment.output.line("\(TerminalText.oneLine(path)) is already a recipe store (\(count) \(count == 1 ? "recipe" : "recipes")); nothing changed")
        } else {
            environment.output.line("created an empty recipe store at \(TerminalText.oneLine(path))")
        }
        return .success
    }
}
