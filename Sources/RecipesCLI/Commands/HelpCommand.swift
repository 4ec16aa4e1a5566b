/// `recipes help [command]`: the same text as `-h` / `--help`.
struct HelpCommand: RecipesCommand {
    static let spec = CommandSpec(
        name: "help",
        abstract: "Show help for recipes or one of its subcommands.",
        arguments: [ArgumentSpec("subcommand", optional: true, completes: .subcommand, help: "The subcommand to explain.")],
        options: [manualPage])
    static let manualPage = OptionSpec("--man", help: "Print the man page, recipes(1), as roff: recipes help --man | man -l -")

    let subcommand: String?
    let printsManualPage: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        subcommand = arguments.positionals.first
        printsManualPage = arguments.has(Self.manualPage)
        if printsManualPage, subcommand != nil {
            throw UsageError(.exclusive("<subcommand>", Self.manualPage.long), command: Self.spec.name)
        }
        if let subcommand, !Commands.all.contains(where: { $0.spec.name == subcommand }) {
            throw UsageError(.unknownCommand(subcommand), command: nil,
                             suggestion: Suggestion.closest(to: subcommand, among: Commands.all.map { $0.spec.name }))
        }
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        environment.output.write(printsManualPage ? ManualPage.roff(Commands.all) : Self.text(for: subcommand))
        return .success
    }

    static func text(for subcommand: String?) -> String {
        guard let spec = Commands.all.first(where: { $0.spec.name == subcommand })?.spec else {
            return HelpText.topLevel(Commands.all)
        }
        return HelpText.command(spec)
    }
}
