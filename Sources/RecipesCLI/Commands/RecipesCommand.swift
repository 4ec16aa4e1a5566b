import RecipesCore

/// One subcommand: its spec (options, help), validation when built from parsed arguments,
/// and `run`, which calls the library and renders.
protocol RecipesCommand {
    static var spec: CommandSpec { get }
    /// What the man page says beyond the spec (Manual/): a command cannot be added without it.
    static var manual: CommandManual { get }
    init(_ arguments: ParsedArguments) throws(UsageError)
    func run(_ environment: CommandEnvironment) throws -> ExitStatus
}

/// What the process exits with; the meanings are documented in the man page.
enum ExitStatus: Int32 {
    case success = 0
    /// Nothing found (search, show, next without a plan).
    case nothingFound = 1
    /// The store or the input was bad.
    case failure = 2
    /// i3blocks: the block is urgent.
    case urgent = 33
    case usage = 64
    /// Stopped by Ctrl-C, SIGTERM or SIGHUP (`cook`'s full-screen view), as shells report SIGINT.
    case interrupted = 130
}

/// A runtime failure reported on one line, with its exit status.
struct CommandFailure: Error {
    let message: String
    let status: ExitStatus

    init(_ message: String, status: ExitStatus = .failure) {
        self.message = message
        self.status = status
    }
}

/// The subcommands, in the order help lists them.
enum Commands {
    static var all: [any RecipesCommand.Type] { [
        SearchCommand.self, ShowCommand.self, AddCommand.self, EditCommand.self, SetCommand.self, RenameCommand.self, DeleteCommand.self, TagsCommand.self, PlanCommand.self,
        SuggestCommand.self, CookCommand.self, CookedCommand.self,
        NextCommand.self, ShoppingCommand.self, PantryCommand.self, ExportCommand.self, ImportCommand.self, SyncCommand.self, DuplicatesCommand.self, BackupCommand.self, RestoreCommand.self, InitCommand.self, HelpCommand.self,
        CompletionsCommand.self,
    ] }

    /// The command named `name`, found without building any command's spec: a status bar
    /// runs `recipes next` every few seconds, and building the ten specs listed before it was
    /// a tenth of its time. ParserTests keeps this equal to each spec's name.
    static func named(_ name: String) -> (any RecipesCommand.Type)? {
        switch name {
        case "search": SearchCommand.self
        case "show": ShowCommand.self
        case "add": AddCommand.self
        case "edit": EditCommand.self
        case "set": SetCommand.self
        case "rename": RenameCommand.self
        case "delete": DeleteCommand.self
        case "tags": TagsCommand.self
        case "plan": PlanCommand.self
        case "suggest": SuggestCommand.self
        case "cook": CookCommand.self
        case "cooked": CookedCommand.self
        case "next": NextCommand.self
        case "shopping": ShoppingCommand.self
        case "pantry": PantryCommand.self
        case "export": ExportCommand.self
        case "import": ImportCommand.self
        case "sync": SyncCommand.self
        case "duplicates": DuplicatesCommand.self
        case "backup": BackupCommand.self
        case "restore": RestoreCommand.self
        case "init": InitCommand.self
        case "help": HelpCommand.self
        case "completions": CompletionsCommand.self
        default: nil
        }
    }
}
