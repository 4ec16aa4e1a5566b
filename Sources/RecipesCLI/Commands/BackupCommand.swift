import FoundationEssentials
import RecipesCore

/// `recipes backup FILE`: a consistent copy of the store, safe while other commands run.
struct BackupCommand: RecipesCommand {
    static let spec = CommandSpec(
        name: "backup",
        abstract: "Write a copy of the store to a new file.",
        discussion: """
            Writes a consistent copy of the store to FILE (which must not exist), even while a \
            status bar or 'recipes sync --watch' uses the store. Copying the store file with \
            cp while recipes runs can give a copy that is torn or missing its latest changes; \
            this cannot. A backup that fails leaves no file; a read-only store can be backed \
            up. Bring a backup back with 'recipes restore'.
            """,
        arguments: [ArgumentSpec("file", completes: .file, help: "The new file.")],
        examples: ["recipes backup ~/recipes-$(date +%F).sqlite"])

    let file: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        file = arguments.positionals[0]
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        // An unset variable in a script ("$BACKUP") gives an empty name.
        guard !file.isEmpty else { throw CommandFailure("backup needs a file name, and an empty one was given; nothing was changed") }
        let store = try environment.openStore()
        try store.backUp(to: file)
        let count = try store.count(StoreQuery<Recipe>())
        environment.output.line("wrote \(count) \(count == 1 ? "recipe" : "recipes") to \(TerminalText.oneLine(file))")
        return .success
    }
}
