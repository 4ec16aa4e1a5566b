import FoundationEssentials
import RecipesCore

/// `recipes rename OLD NEW`: the most common edit, without options.
struct RenameCommand: RecipesCommand {
    static let spec = CommandSpec(
        name: "rename",
        abstract: "Rename a recipe.",
        discussion: "OLD is matched as in 'recipes show' (a name or an id prefix). Quote names of several words.",
        arguments: [ArgumentSpec("old", completes: .recipe, help: "The recipe's name or an id prefix."),
                    ArgumentSpec("new", help: "The new name.")],
        examples: ["recipes rename \"Pancakes\" \"Grandma's pancakes\""])

    let reference: String
    let newName: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        reference = arguments.positionals[0]
        newName = arguments.positionals[1]
        try SetCommand.checkName(newName, command: Self.spec.name)
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let store = try environment.openStore()
        let context = ModelContext(store)
        var old: String?
        var id: UUID?
        try context.transaction {
            let recipe = try CommonOptions.resolve(reference, in: store)
            let tracked = try CommonOptions.model(of: recipe, in: context)
            old = tracked.name
            id = tracked.id
            tracked.name = newName
        }
        guard let old, let id else { return .nothingFound }
        environment.output.line("renamed \(TerminalText.oneLine(old)) to \(TerminalText.oneLine(newName)) (\(CommonOptions.shortID(id)))")
        return .success
    }
}
