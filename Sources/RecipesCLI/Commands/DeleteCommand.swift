import FoundationEssentials
import Recipes

/// `recipes delete`: removes a recipe and its ingredients in one transaction.
struct DeleteCommand: RecipesCommand {
    static let samples = OptionSpec("--samples", help: "Delete the sample recipes a new store starts with (those still there).")

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
            throw UsageError(deleteSamples ? "give either a recipe or --samples, not both" : "missing <recipe>",
                             command: Self.spec.name)
        }
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let store = try environment.openStore()
        let context = ModelContext(store)
        if deleteSamples {
            let present = try SampleRecipes.ids().compactMap { try context.model(for: $0) }
            present.forEach(context.delete)
            try context.save()
            environment.output.line("deleted \(present.count) sample recipes")
            return present.isEmpty ? .nothingFound : .success
        }
        let recipe = try CommonOptions.resolve(reference, in: store)
        guard let tracked = try context.model(for: recipe.id) else { return .nothingFound }
        context.delete(tracked)
        try context.save()
        environment.output.line("deleted \(TerminalText.oneLine(recipe.name)) (\(CommonOptions.shortID(recipe.id)))")
        return .success
    }
}
