/// `recipes completions bash|zsh|fish`: a completion script generated from the specs.
struct CompletionsCommand: RecipesCommand {
    static let spec = CommandSpec(
        name: "completions",
        abstract: "Print a shell completion script (bash, zsh or fish).",
        arguments: [ArgumentSpec("shell", completes: .choices(["bash", "zsh", "fish"]), help: "bash, zsh or fish.")],
        examples: ["recipes completions bash > ~/.local/share/bash-completion/completions/recipes",
                   "recipes completions zsh > \"${fpath[1]}/_recipes\"",
                   "recipes completions fish > ~/.config/fish/completions/recipes.fish"])

    let shell: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        shell = arguments.positionals[0]
        guard ["bash", "zsh", "fish"].contains(shell) else {
            throw UsageError(.unknownShell(shell), command: Self.spec.name,
                             suggestion: Suggestion.closest(to: shell, among: ["bash", "zsh", "fish"]))
        }
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let specs = Commands.all.map { $0.spec }
        let script = switch shell {
        case "bash": CompletionScripts.bash(specs)
        case "zsh": CompletionScripts.zsh(specs)
        default: CompletionScripts.fish(specs)
        }
        environment.output.write(script)
        return .success
    }
}
