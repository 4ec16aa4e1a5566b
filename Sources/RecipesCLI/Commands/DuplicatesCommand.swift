import FoundationEssentials
import RecipesCore

/// `recipes duplicates`: recipes that came from the same web page, as two machines that import
/// one page before they sync end up with, and merging them.
struct DuplicatesCommand: RecipesCommand {
    static let merge = OptionSpec("--merge", help: "Keep the recipe of each group changed last and delete the others.")

    static let spec = CommandSpec(
        name: "duplicates",
        abstract: "List, or merge, recipes imported from the same web page.",
        discussion: """
            Lists the recipes that share a source address (the page they were imported from, \
            compared without scheme, www., fragment or trailing slash), a group per line, the \
            one a merge keeps first. With --merge, keeps the recipe of each group changed last \
            (then the smaller id) and deletes the others in one transaction; the deletions \
            sync like any other, and any machine merging the same recipes keeps the same one. \
            Exit status 1 when there are none.
            """,
        options: [merge],
        examples: ["recipes duplicates", "recipes duplicates --merge"])

    let merging: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        merging = arguments.has(Self.merge)
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let store = try environment.openStore()
        let groups = merging ? try store.mergeRecipesSharingASource() : try store.recipesSharingASource()
        guard !groups.isEmpty else { return .nothingFound }
        for group in groups {
            let kept = Self.label(group.kept)
            let others = group.others.map(Self.label).joined(separator: ", ")
            if merging {
                environment.output.line("kept \(kept), deleted \(others) (\(TerminalText.oneLine(group.sourceURL)))")
            } else {
                environment.output.line("\(TerminalText.oneLine(group.sourceURL)): \(kept), \(others)")
            }
        }
        return .success
    }

    private static func label(_ recipe: RecipeSummary) -> String {
        "\(TerminalText.oneLine(recipe.name)) (\(CommonOptions.shortID(recipe.id)))"
    }
}
