/// What the command line asks for.
enum Invocation {
    case help(command: String?)
    case version
    case run(command: any RecipesCommand.Type, arguments: ParsedArguments, store: String?)
}

/// Parses `recipes [--store PATH] <command> [options]` against the command specs. The
/// command is found by its name (``Commands/named(_:)``); the list of all commands, an array
/// of existential metatypes whose type is made at run time, only for a name that is none.
struct CommandLineParser {

    func parse(_ argv: [String]) throws(UsageError) -> Invocation {
        var index = 0
        var store: String?
        var color: String?
        // Global options before the command.
        while index < argv.count, argv[index].hasPrefix("-"), argv[index] != "-" {
            let word = argv[index]
            let (name, inline) = Self.split(word)
            switch name {
            case "-h", "--help": return .help(command: nil)
            case "--version": return .version
            case "--store":
                store = try Self.takeValue(GlobalOptions.store, inline: inline, argv: argv, index: &index, command: nil)
            case "--color":
                color = try Self.choice(GlobalOptions.color, inline: inline, argv: argv, index: &index, command: nil)
            default:
                let known = ["--help", "--version", "--store", "--color"]
                throw UsageError(.unknownOption(name), command: nil, suggestion: Suggestion.closest(to: name, among: known))
            }
            index += 1
        }
        guard index < argv.count else { return .help(command: nil) }
        let name = argv[index]
        guard let command = Commands.named(name) else {
            throw UsageError(.unknownCommand(name), command: nil,
                             suggestion: Suggestion.closest(to: name, among: Commands.all.map { $0.spec.name }))
        }
        index += 1
        var parsed = ParsedArguments()
        let spec = command.spec
        var optionsEnded = false
        while index < argv.count {
            let word = argv[index]
            defer { index += 1 }
            if optionsEnded || !word.hasPrefix("-") || word == "-" || Self.looksNumeric(word) {
                parsed.positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            var (name, inline) = Self.split(word)
            var found = spec.option(named: name)
            // "-n3", as getopt reads it: a short option with its value attached.
            if found == nil, !word.hasPrefix("--"), word.count > 2, let short = spec.option(named: String(word.prefix(2))), short.takesValue {
                (found, name, inline) = (short, String(word.prefix(2)), String(word.dropFirst(2)))
            }
            guard let option = found else {
                let names = spec.allOptions.map(\.long)
                throw UsageError(.unknownOption(name), command: spec.name,
                                 suggestion: Suggestion.closest(to: name, among: names))
            }
            if option.long == GlobalOptions.help.long { return .help(command: spec.name) }
            if option.takesValue {
                let value = try Self.takeValue(option, inline: inline, argv: argv, index: &index, command: spec.name)
                if option.long == GlobalOptions.store.long {
                    store = value
                    continue
                }
                try Self.checkChoice(option, value, command: spec.name)
                if !option.repeatable, parsed.has(option) {
                    throw UsageError(.givenTwice(option: option.long), command: spec.name)
                }
                parsed.add(option, value: value)
            } else {
                if inline != nil { throw UsageError(.takesNoValue(option: option.long), command: spec.name) }
                parsed.add(option, value: nil)
            }
        }
        try Self.checkPositionals(parsed.positionals, spec)
        // Given before and after the command, the one after wins.
        if let color, !parsed.has(GlobalOptions.color) { parsed.add(GlobalOptions.color, value: color) }
        return .run(command: command, arguments: parsed, store: store)
    }

    private static func checkPositionals(_ positionals: [String], _ spec: CommandSpec) throws(UsageError) {
        let required = spec.arguments.filter { !$0.optional }
        if positionals.count < required.count {
            let missing = required[positionals.count]
            throw UsageError(.missingArgument(missing.name), command: spec.name)
        }
        if !spec.arguments.contains(where: \.variadic), positionals.count > spec.arguments.count {
            throw UsageError(.unexpectedArgument(positionals[spec.arguments.count]), command: spec.name)
        }
    }

    private static func choice(_ option: OptionSpec, inline: String?, argv: [String], index: inout Int,
                               command: String?) throws(UsageError) -> String {
        let value = try takeValue(option, inline: inline, argv: argv, index: &index, command: command)
        try checkChoice(option, value, command: command)
        return value
    }

    private static func checkChoice(_ option: OptionSpec, _ value: String, command: String?) throws(UsageError) {
        if let choices = option.choices, !choices.contains(value) {
            throw UsageError(.notAChoice(value, option: option.long, choices: choices),
                             command: command, suggestion: Suggestion.closest(to: value, among: choices))
        }
    }

    /// `--kind=baked` gives ("--kind", "baked").
    private static func split(_ word: String) -> (String, String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    private static func takeValue(_ option: OptionSpec, inline: String?, argv: [String], index: inout Int,
                                  command: String?) throws(UsageError) -> String {
        if let inline { return inline }
        guard index + 1 < argv.count, !argv[index + 1].hasPrefix("--") else {
            throw UsageError(.needsValue(option: option.long, valueName: option.valueName ?? "value"), command: command)
        }
        index += 1
        return argv[index]
    }

    /// "-5" is an argument (a bad count, say), not an option.
    private static func looksNumeric(_ word: String) -> Bool {
        word.count > 1 && word.dropFirst().allSatisfy { $0.isNumber }
    }
}
