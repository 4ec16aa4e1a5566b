/// Shell completion scripts generated from the command specs, so they never fall behind:
/// one file per shell (CompletionScripts+Bash, +Zsh, +Fish). Recipe names come from the store
/// at completion time (`recipes search --format plain`, the third column), always as data:
/// names come from web pages, and none may be expanded or run by the shell.
enum CompletionScripts {
    /// The command that lists recipe names, one a line, after the store arguments.
    static let namesCommand = "search --format plain --color never 2>/dev/null"

    /// The default store, which a completion must not create (with the sample recipes) by
    /// asking it for names before the user ever ran recipes.
    static let defaultStore = "${XDG_DATA_HOME:-$HOME/.local/share}/recipes/recipes.sqlite"

    /// Every option that takes a value, long and short, in all commands: a word after one of
    /// these is its value, not an argument. (No flag shares a name with a value option.)
    static func valueOptions(_ specs: [CommandSpec]) -> [String] {
        var names: [String] = []
        for option in specs.flatMap(\.allOptions) + [GlobalOptions.store, GlobalOptions.color] where option.takesValue {
            for name in [option.long] + (option.short.map { ["-\($0)"] } ?? []) where !names.contains(name) {
                names.append(name)
            }
        }
        return names
    }

    /// The completion of the positional argument at `index` (0: the first after the command).
    static func completion(_ spec: CommandSpec, at index: Int) -> ArgumentSpec.Completion {
        if index < spec.arguments.count { return spec.arguments[index].completion }
        return spec.arguments.last.map { $0.variadic ? $0.completion : .nothing } ?? .nothing
    }
}
