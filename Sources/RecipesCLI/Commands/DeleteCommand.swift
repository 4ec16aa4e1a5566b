import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import RecipesCore

/// `recipes delete`: removes a recipe and its ingredients in one transaction.
struct DeleteCommand: RecipesCommand {
    static let samples = OptionSpec("--samples", help: "Delete the sample recipes a new store starts with that nobody has changed.")
    static let yes = OptionSpec("--yes", short: "y", help: "Do not ask before deleting a recipe with planned meals or cooked records.")

    static let spec = CommandSpec(
        name: "delete",
        abstract: "Delete a recipe and its ingredients.",
        discussion: """
            RECIPE is matched as in 'recipes show'. Its plan and its cooked records go with it, \
            and the output counts them; on a terminal, a recipe that has any is deleted only \
            once you answer y (--yes does not ask; a script's delete, not on a terminal, never asks).
            """,
        arguments: [ArgumentSpec("recipe", optional: true, variadic: true, completes: .recipe, help: "The recipe's name or an id prefix.")],
        options: [samples, yes],
        examples: ["recipes delete \"Mom's Spaghetti\"", "recipes delete --samples"])

    let reference: String
    let deleteSamples: Bool
    let isConfirmed: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        reference = arguments.positionals.joined(separator: " ")
        deleteSamples = arguments.has(Self.samples)
        isConfirmed = arguments.has(Self.yes)
        if deleteSamples == !reference.isEmpty {
            throw UsageError(deleteSamples ? .exclusive("a recipe", "--samples") : .missingArgument("recipe"),
                             command: Self.spec.name)
        }
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let store = try environment.openStore()
        let context = ModelContext(store)
        if deleteSamples {
            // Only untouched samples go, and without a deletion to sync: a sample edited here or
            // on another machine is the user's recipe now.
            let (deleted, kept) = try store.deleteUntouchedSamples(ids: try SampleRecipes.ids())
            var line = "deleted \(deleted.count) sample \(deleted.count == 1 ? "recipe" : "recipes")"
            if !kept.isEmpty {
                let names = kept.map { TerminalText.oneLine($0.name) }.joined(separator: ", ")
                line += "; kept \(kept.count) that \(kept.count == 1 ? "was" : "were") changed (\(names)); delete those by name"
            }
            environment.output.line(line)
            return deleted.isEmpty ? .nothingFound : .success
        }
        // Asked before the write transaction, which must not wait on a person.
        let found = try CommonOptions.resolve(reference, in: store)
        let what = try Self.whatGoesWith(found.id, in: store)
        if !what.isEmpty, !isConfirmed, environment.output.isTerminal, isatty(STDIN_FILENO) == 1 {
            environment.output.write("Delete \(TerminalText.oneLine(found.name)) with its \(what)? [y/N] ")
            guard let answer = readLine(), ["y", "yes"].contains(answer.trimmed.lowercased()) else {
                environment.output.line("nothing was deleted")
                return .nothingFound
            }
        }
        // Finding and deleting are one write transaction: what is deleted is what was found.
        var deleted: (recipe: Recipe, what: String)?
        try context.transaction {
            let recipe = try CommonOptions.resolve(reference, in: store)
            guard recipe.id == found.id else {
                throw CommandFailure("'\(TerminalText.oneLine(reference))' names another recipe now; nothing was deleted")
            }
            let what = try Self.whatGoesWith(recipe.id, in: store)
            context.delete(try CommonOptions.model(of: recipe, in: context))
            deleted = (recipe, what)
        }
        guard let (recipe, what) = deleted else { return .nothingFound }
        environment.output.line("deleted \(TerminalText.oneLine(recipe.name)) (\(CommonOptions.shortID(recipe.id)))"
                                + (what.isEmpty ? "" : " with its \(what)"))
        return .success
    }

    /// "3 planned meals and 5 cooked records": what deleting the recipe removes besides it;
    /// empty when nothing.
    static func whatGoesWith(_ id: UUID, in store: RecipeStore) throws -> String {
        let entries = try store.planEntries(of: id).count, cooked = try store.cookedRecords(of: id).count
        var parts: [String] = []
        if entries > 0 { parts.append(entries == 1 ? "1 plan entry" : "\(entries) plan entries") }
        if cooked > 0 { parts.append(cooked == 1 ? "1 cooked record" : "\(cooked) cooked records") }
        return parts.joined(separator: " and ")
    }
}
