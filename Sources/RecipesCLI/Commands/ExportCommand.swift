import FoundationEssentials
import RecipesCore

/// `recipes export`: recipes as the documented JSON archive, for backups and other tools.
struct ExportCommand: RecipesCommand {
    static let format = OptionSpec("--format", value: "format", choosing: ExportFormat.self,
                                   help: "json (default), schema.org for JSON-LD as recipe sites publish it, or cooklang for one recipe as a .cook file.")

    static let spec = CommandSpec(
        name: "export",
        abstract: "Write recipes as JSON (format \"recipes\", version 2), schema.org JSON-LD or Cooklang.",
        discussion: """
            Without RECIPE, every recipe. The archive keeps ids, kinds and their fields, planned \
            dates (to the millisecond) and the order of ingredients, so 'recipes import' into an \
            empty store gives the same recipes back. schema.org JSON-LD (one Recipe, or an \
            @graph of several) carries what other recipe managers read: name, description, \
            ingredients, steps, category and bake time, but not plans.
            """,
        arguments: [ArgumentSpec("recipe", optional: true, variadic: true, completes: .recipe,
                                 help: "A recipe's name or id prefix; repeat for several (quote names with spaces).")],
        options: [format],
        examples: ["recipes export > recipes-backup.json", "recipes export focaccia --format schema.org",
                   "recipes export focaccia --format cooklang > focaccia.cook"])

    let references: [String]
    let format: ExportFormat

    init(_ arguments: ParsedArguments) throws(UsageError) {
        references = arguments.positionals
        format = arguments.choice(Self.format) ?? .json
        if format == .cooklang, references.count != 1 {
            throw UsageError(.cooklangNeedsOneRecipe, command: Self.spec.name)
        }
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let store = try environment.openStore()
        switch format {
        case .cooklang:
            let recipe = try CommonOptions.resolve(references[0], in: store)
            let full = try CommonOptions.model(of: recipe, in: ModelContext(store))
            environment.output.write(TerminalText.block(try store.cooklangText(of: full)))
            return .success
        case .schemaOrg:
            let named = try named(in: store)
            let recipes = try store.recipes(ids: named?.map(\.id))
            try Self.requireRead(named, Set(recipes.map(\.id)))
            environment.output.line(JSONText.printable(Data(SchemaOrgImport.jsonLD(for: recipes).utf8)))
            return recipes.isEmpty ? .nothingFound : .success
        case .json:
            let named = try named(in: store)
            let archive = try store.exportArchive(ids: named?.map(\.id))
            try Self.requireRead(named, Set(archive.recipes.compactMap(\.id)))
            environment.output.line(JSONText.printable(try archive.encoded(pretty: true)))
            return archive.recipes.isEmpty ? .nothingFound : .success
        }
    }

    /// The named recipes; nil (every recipe) when none is named.
    private func named(in store: RecipeStore) throws -> [Recipe]? {
        try references.isEmpty ? nil : references.map { try CommonOptions.resolve($0, in: store) }
    }

    /// Every named recipe was read (see CommonOptions.model(of:in:)).
    private static func requireRead(_ named: [Recipe]?, _ read: Set<UUID>) throws {
        if let missing = named?.first(where: { !read.contains($0.id) }) { throw CommonOptions.unreadable(missing) }
    }
}
