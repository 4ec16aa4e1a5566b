/// recipes(1), made from the commands: their specs give the synopsis, the entries' forms and
/// every option with its signature; their ``CommandManual``s and ``ManualPage/Sections`` give
/// the prose. `recipes help --man` prints it, man/recipes.1 is that output, and a test
/// regenerates it and fails on any difference, so an option cannot go undocumented or be
/// documented under a name it no longer has.
enum ManualPage {
    /// The footer's date: when the page's text last changed.
    static let date = "2026-12-03"

    static func roff(_ commands: [any RecipesCommand.Type]) -> String {
        var page = ".TH RECIPES 1 \"\(date)\" \"\(HelpText.version)\" \"User Commands\"\n"
        page += ".SH NAME\nrecipes \\- \(Sections.name)\n"
        page += ".SH SYNOPSIS\n" + synopsis(commands)
        page += ".SH DESCRIPTION\n" + Sections.description + "\n"
        page += ".SH COMMANDS\n"
        for command in commands {
            for form in command.manual.forms {
                page += ".TP\n\\fB\(command.spec.name)\\fR" + (usage(form, of: command.spec).map { " " + $0 } ?? "") + "\n" + form.text + "\n"
            }
        }
        page += ".SH OPTIONS\n.SS Global\n" + options(Sections.globalOptions, texts: Sections.globalOptionTexts)
        for command in commands where !command.spec.options.isEmpty {
            page += ".SS \(command.spec.name)\n" + options(command.spec.options, texts: command.manual.options)
        }
        for (title, text) in Sections.closing { page += ".SH \(title)\n" + text + "\n" }
        return page
    }

    /// Option names in manual texts that are not the options of their command: the page would
    /// drop those texts, so the test that regenerates it fails on them.
    static func unknownOptions(_ commands: [any RecipesCommand.Type]) -> [String] {
        let global = Set(Sections.globalOptions.map(\.long))
        return Sections.globalOptionTexts.flatMap(\.options).filter { !global.contains($0) }.map { "global \($0)" }
            + commands.flatMap { command in
                let names = Set(command.spec.options.map(\.long))
                return command.manual.options.flatMap(\.options).filter { !names.contains($0) }.map { "\(command.spec.name) \($0)" }
            }
    }

    private static func synopsis(_ commands: [any RecipesCommand.Type]) -> String {
        var text = ".B recipes\n.RB [ \\-\\-store\n.IR path ]\n.RB [ \\-\\-color \" \(ColorChoice.names.joined(separator: "|"))]\"\n"
        text += ".I command\n.RI [ options ]\n"
        for command in commands {
            for form in command.manual.forms {
                text += ".br\n\\fBrecipes \(command.spec.name)\\fR"
                text += usage(form, of: command.spec).map { " " + $0 } ?? ""
                text += command.spec.options.isEmpty ? "\n" : " [\\fIoptions\\fR]\n"
            }
        }
        return text
    }

    /// The form's words after the command's name: as written, or from the spec's arguments.
    private static func usage(_ form: CommandManual.Form, of spec: CommandSpec) -> String? {
        if let usage = form.usage { return usage }
        let words = spec.arguments.map { argument in
            var word = switch argument.completion {
            case .choices(let choices): choices.map { "\\fB\(escaped($0))\\fR" }.joined(separator: "|")
            default: "\\fI\(escaped(argument.name))\\fR"
            }
            if argument.variadic { word += "..." }
            return argument.optional ? "[\(word)]" : word
        }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// Each option in the spec's order: its signature, and its manual text or else its help.
    /// Options that one text explains together share one entry, where the first of them is.
    private static func options(_ options: [OptionSpec], texts: [CommandManual.OptionText]) -> String {
        var page = ""
        var described = Set<String>()
        for option in options where !described.contains(option.long) {
            guard let text = texts.first(where: { $0.options.contains(option.long) }) else {
                page += ".TP\n\(signature(option))\n\(escaped(option.help))\n"
                continue
            }
            let together = text.options.compactMap { name in options.first { $0.long == name } }
            described.formUnion(together.map(\.long))
            page += ".TP\n" + together.map(signature).joined(separator: ", ") + "\n" + text.text + "\n"
        }
        return page
    }

    /// `\fB\-k\fR, \fB\-\-kind\fR all|dish`: the names bold, a value's name in italics.
    private static func signature(_ option: OptionSpec) -> String {
        var text = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
        text += "\\fB\(escaped(option.long))\\fR"
        if let choices = option.choices {
            text += " " + escaped(choices.joined(separator: "|"))
        } else if let value = option.valueName {
            text += " \\fI\(escaped(value))\\fR"
        }
        return text + (option.repeatable ? " ..." : "")
    }

    /// Plain text as roff: backslashes and hyphens escaped, no line read as a request.
    static func escaped(_ text: String) -> String {
        text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }
            .joined(separator: "\n")
    }
}
