/// One option of a command: the single definition that the parser, `--help`, shell
/// completions and the man page test all read.
struct OptionSpec: Sendable {
    let long: String
    let short: Character?
    /// The value's placeholder (`kind`); nil for a flag.
    let valueName: String?
    let help: String
    /// The values the option accepts, when it is a choice.
    let choices: [String]?
    let repeatable: Bool
    /// `-k` for a short name `k`, made once: the parser compares every word with it.
    let shortForm: String?

    init(_ long: String, short: Character? = nil, value: String? = nil, choices: [String]? = nil,
         repeatable: Bool = false, help: String) {
        self.long = long
        self.short = short
        self.shortForm = short.map { "-" + String($0) }
        self.valueName = value
        self.help = help
        self.choices = choices
        self.repeatable = repeatable
    }

    var takesValue: Bool { valueName != nil }

    /// `-k, --kind <kind>` as help shows it.
    var signature: String {
        var text = short.map { "-\($0), " } ?? ""
        text += long
        if let valueName { text += " <\(valueName)>" }
        if repeatable { text += " ..." }
        return text
    }
}

/// A positional argument.
struct ArgumentSpec: Sendable {
    /// What shell completion offers for the argument.
    enum Completion: Sendable {
        case nothing
        /// The names of the store's recipes.
        case recipe
        case file
        case folder
        case choices([String])
        /// The names of the subcommands.
        case subcommand
    }

    let name: String
    let help: String
    let optional: Bool
    let variadic: Bool
    let completion: Completion

    init(_ name: String, optional: Bool = false, variadic: Bool = false, completes completion: Completion = .nothing, help: String) {
        self.name = name
        self.help = help
        self.optional = optional
        self.variadic = variadic
        self.completion = completion
    }

    var usage: String {
        let core = "<\(name)>" + (variadic ? " ..." : "")
        return optional ? "[\(core)]" : core
    }
}

/// Everything the command line knows about one subcommand.
struct CommandSpec: Sendable {
    let name: String
    let abstract: String
    let discussion: String?
    let arguments: [ArgumentSpec]
    let options: [OptionSpec]
    let examples: [String]

    init(name: String, abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
         options: [OptionSpec] = [], examples: [String] = []) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.examples = examples
    }

    /// The command's own options plus the global ones accepted everywhere.
    var allOptions: [OptionSpec] { options + GlobalOptions.everywhere }

    /// The option `name` (long or short) names. Looked up in the two lists without joining
    /// them, which made a `recipes next` process instantiate array types at run time.
    func option(named name: String) -> OptionSpec? {
        func named(_ option: OptionSpec) -> Bool { option.long == name || option.shortForm == name }
        return options.first(where: named) ?? GlobalOptions.everywhere.first(where: named)
    }
}

/// Options that every command accepts.
enum GlobalOptions {
    static let store = OptionSpec("--store", value: "path",
        help: "The recipe store (default: $RECIPES_STORE, else $XDG_DATA_HOME/recipes/recipes.sqlite).")
    static let help = OptionSpec("--help", short: "h", help: "Show help information.")
    static let version = OptionSpec("--version", help: "Show the version.")
    static let color = OptionSpec("--color", value: "when", choosing: ColorChoice.self,
        help: "Colour tables: auto (default: on a terminal, unless NO_COLOR is set), always or never.")

    static let everywhere = [store, color, help]
}
