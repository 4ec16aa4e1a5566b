import FoundationEssentials
import RecipesCore

/// `recipes tags`: every tag with the number of recipes that have it.
struct TagsCommand: RecipesCommand {
    static let spec = CommandSpec(
        name: "tags",
        abstract: "List the tags with their counts.",
        discussion: """
            One tag a line, in order, with the number of recipes that have it, separated by a \
            tab. 'recipes search --tag TAG' lists them. Exit status 1 when no recipe has a tag.
            """,
        examples: ["recipes tags", "recipes search --tag $(recipes tags | cut -f1 | fzf)"])

    init(_ arguments: ParsedArguments) throws(UsageError) {}

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let counts = try environment.openStore().tagCounts()
        for entry in counts {
            guard !environment.output.isBroken else { break }
            environment.output.line("\(TerminalText.oneLine(entry.tag))\t\(entry.count)")
        }
        return counts.isEmpty ? .nothingFound : .success
    }
}
