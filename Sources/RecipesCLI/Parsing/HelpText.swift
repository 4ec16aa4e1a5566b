/// Help in swift-argument-parser's shape: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, then
/// SUBCOMMANDS or EXAMPLES.
enum HelpText {
    static let version = "recipes 0.1.0"

    static let overview = """
        A recipe planner for the terminal: keep recipes in one SQLite file, search them, plan \
        them, and show the next one in a status bar.
        """

    static func topLevel(_ commands: [any RecipesCommand.Type]) -> String {
        var text = "OVERVIEW: \(overview)\n\n"
        text += "USAGE: recipes [--store <path>] [--color <when>] <subcommand>\n\n"
        text += "OPTIONS:\n"
        text += options([GlobalOptions.store, GlobalOptions.color, GlobalOptions.version, GlobalOptions.help])
        text += "\nSUBCOMMANDS:\n"
        let width = commands.map { $0.spec.name.count }.max() ?? 0
        for command in commands {
            text += "  " + command.spec.name.padded(to: width + 2) + command.spec.abstract + "\n"
        }
        text += "\n  See 'recipes help <subcommand>' for detailed help.\n"
        return text
    }

    static func command(_ spec: CommandSpec) -> String {
        var text = "OVERVIEW: \(spec.abstract)"
        if let discussion = spec.discussion { text += "\n\n" + wrap(discussion, indent: "") }
        text += "\n\nUSAGE: \(usage(spec))\n"
        if !spec.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            text += rows(spec.arguments.map { ("<\($0.name)>", $0.help) })
        }
        text += "\nOPTIONS:\n" + options(spec.allOptions)
        if !spec.examples.isEmpty {
            text += "\nEXAMPLES:\n" + spec.examples.map { "  \($0)\n" }.joined()
        }
        return text
    }

    static func usage(_ spec: CommandSpec) -> String {
        var parts = ["recipes", spec.name]
        parts += spec.arguments.map(\.usage)
        for option in spec.options {
            var part = option.long
            if let value = option.valueName { part += " <\(value)>" }
            parts.append("[\(part)]" + (option.repeatable ? " ..." : ""))
        }
        return parts.joined(separator: " ")
    }

    private static func options(_ list: [OptionSpec]) -> String {
        rows(list.map { ($0.signature, $0.help) })
    }

    private static func rows(_ rows: [(String, String)]) -> String {
        let width = min(28, (rows.map(\.0.count).max() ?? 0) + 2)
        return rows.map { left, right in
            let label = "  " + left
            if left.count + 2 > width {
                return label + "\n" + wrap(right, indent: String(repeating: " ", count: width + 2)) + "\n"
            }
            let padded = label.padded(to: width + 2)
            let wrapped = wrap(right, indent: String(repeating: " ", count: width + 2))
            return padded + wrapped.dropFirst(width + 2) + "\n"
        }.joined()
    }

    /// Wraps at 80 columns, each line starting with `indent`.
    static func wrap(_ text: String, indent: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
            var lines: [String] = []
            var line = indent
            for word in paragraph.split(separator: " ") {
                if line.count + word.count + 1 > 80, line.count > indent.count {
                    lines.append(line)
                    line = indent
                }
                line += (line.count > indent.count ? " " : "") + word
            }
            lines.append(line)
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
