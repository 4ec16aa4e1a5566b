import FoundationEssentials
import RecipesCore

/// `recipes delete`: removes a recipe and its ingredients in one transaction.
struct DeleteCommand: RecipesCommand {
    static let samples = OptionSpec("--samples", help: "Delete the sample recipes a new store starts with that nobody has changed.")

    static let spec = CommandSpec(
        name: "delete",
        abstract: "Delete a recipe and its ingredients.",
        discussion: "RECIPE is matched as in 'recipes show'.",
        arguments: [ArgumentSpec("recipe", optional: true, variadic: true, completes: .recipe, help: "The recipe's name or an id prefix.")],
        options: [samples],
        examples: ["recipes delete \"Mom's Spaghetti\"", "recipes delete --samples"])

    let reference: String
    let deleteSamples: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        reference = arguments.positionals.joined(separator: " ")
        deleteSamples = arguments.has(Self.samples)
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
        // Finding and deleting are one write transaction: what is deleted is what was found.
        var deleted: Recipe?
        try context.transaction {
            let recipe = try CommonOptions.resolve(reference, in: store)
            context.delete(try CommonOptions.model(of: recipe, in: context))
            deleted = recipe
        }
        guard let recipe = deleted else { return .nothingFound }
        environment.output.line("deleted \(TerminalText.oneLine(recipe.name)) (\(CommonOptions.shortID(recipe.id)))")
        return .success
    }
}
