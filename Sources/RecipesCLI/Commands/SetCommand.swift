import FoundationEssentials
import RecipesCore

/// `recipes set`: changes fields of one recipe from a script, in one transaction; a field
/// another process changed since it was read is a conflict, never overwritten.
struct SetCommand: RecipesCommand {
    static let name = OptionSpec("--name", value: "name", help: "A new name.")
    static let summary = OptionSpec("--summary", value: "text", help: "A new summary: the text, a file holding it, or - for standard input.")
    static let instructions = OptionSpec("--instructions", value: "text",
                                         help: "New instructions: the text, a file holding them, or - for standard input.")
    static let kind = OptionSpec("--kind", short: "k", value: "kind", choosing: RecipeVariety.self,
                                 help: "Make it a dish, a baked good or a beverage (what only the old kind has is dropped, and said).")
    static let oven = OptionSpec("--oven", value: "celsius", help: "Baked goods: oven temperature in °C, \(FieldLimit.ovenTemperature.rangeText).")
    static let bakeMinutes = OptionSpec("--bake-minutes", value: "minutes", help: "Baked goods: minutes in the oven, \(FieldLimit.bakeMinutes.rangeText).")

    static let spec = CommandSpec(
        name: "set",
        abstract: "Change fields of a recipe.",
        discussion: """
            Changes the fields given and nothing else, in one transaction. RECIPE is matched as \
            in 'recipes show'. A long text is given as itself, as the path of a file holding \
            it, or as - to read standard input. If another process or a sync changed one of \
            these fields meanwhile, nothing is written and the command says so.
            """,
        arguments: [ArgumentSpec("recipe", variadic: true, completes: .recipe, help: "The recipe's name or an id prefix.")],
        options: [name, summary, instructions, kind] + RecipeFactOptions.details.map(\.option) + [RecipeFactOptions.tag, oven, bakeMinutes],
        examples: ["recipes set pancakes --servings 4 --prep 10m --cook 20m --tag breakfast --tag -sweet", "recipes set pancakes --instructions steps.txt", "recipes set 3F2A --name \"Grandma's pancakes\"", "recipes set focaccia --kind baked --oven 220",
                   "fmt notes.txt | recipes set pancakes --summary -"])

    let reference: String
    let variety: RecipeVariety?
    let newName: String?
    let summaryValue: String?
    let instructionsValue: String?
    let ovenTemperature: Int?
    let minutes: Int?
    /// The details given, as text ('' clears one).
    let details: [(field: RecipeDetail, text: String)]
    let tags: (add: [String], remove: [String])

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let command = Self.spec.name
        reference = arguments.positionals.joined(separator: " ")
        // One line, as `add` keeps a name (a line break typed into a script's argument).
        newName = arguments.value(Self.name).map { $0.split(whereSeparator: \.isNewline).joined(separator: " ") }
        variety = arguments.has(Self.kind) ? arguments.choice(Self.kind, default: .dish) : nil
        summaryValue = arguments.value(Self.summary)
        instructionsValue = arguments.value(Self.instructions)
        ovenTemperature = try arguments.number(Self.oven, .ovenTemperature, command: command)
        minutes = try arguments.number(Self.bakeMinutes, .bakeMinutes, command: command)
        details = try RecipeFactOptions.detailValues(in: arguments, command: command)
        tags = try RecipeFactOptions.tagChanges(in: arguments, command: command)
        if let newName { try Self.checkName(newName, command: command) }
        if [newName, summaryValue, instructionsValue].allSatisfy({ $0 == nil }), variety == nil, ovenTemperature == nil, minutes == nil,
           details.isEmpty, tags.add.isEmpty, tags.remove.isEmpty {
            throw UsageError(.nothingToSet(options: Self.spec.options.map(\.long)), command: command)
        }
        if summaryValue == "-", instructionsValue == "-" {
            throw UsageError(.twoTextsFromStandardInput, command: command)
        }
    }

    static func checkName(_ name: String, command: String) throws(UsageError) {
        guard name.contains(where: { !$0.isWhitespace }) else { throw UsageError(.emptyName, command: command) }
        guard name.count <= Recipe.maximumNameLength else { throw UsageError(.nameTooLong(maximum: Recipe.maximumNameLength), command: command) }
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        // Read the texts before the store is touched, so a missing file changes nothing.
        let summaryText = try summaryValue.map(TextArgument.read)
        let instructionsText = try instructionsValue.map(TextArgument.read)
        let store = try environment.openStore()
        let context = ModelContext(store)
        var changed: [String] = []
        var found: Recipe?
        try context.transaction {
            let recipe = try CommonOptions.resolve(reference, in: store)
            // The kind first, so the model read next is of the new class and takes its fields.
            if let variety {
                let change = try store.changeKind(of: recipe.id, to: variety)
                if change.changed {
                    changed.append("kind" + (change.dropped.isEmpty ? "" : " (dropped \(change.dropped.map(Self.label).joined(separator: ", ")))"))
                }
            }
            let tracked = try CommonOptions.model(of: recipe, in: context)
            found = tracked
            changed += try apply(to: tracked, summary: summaryText, instructions: instructionsText)
        }
        guard let recipe = found else { return .nothingFound }
        let label = "\(TerminalText.oneLine(recipe.name)) (\(CommonOptions.shortID(recipe.id)))"
        environment.output.line(changed.isEmpty ? "\(label): nothing changed" : "updated \(label): \(changed.joined(separator: ", "))")
        return .success
    }

    /// A dropped field as `set` names its option.
    private static func label(_ property: String) -> String {
        switch property {
        case "ovenTemperature": "oven"
        case "bakeMinutes": "bake minutes"
        case "isAlcoholic": "alcoholic"
        case "isServedHot": "hot"
        default: property
        }
    }

    /// Sets the fields given; returns the names of those that changed.
    private func apply(to recipe: Recipe, summary: String?, instructions: String?) throws -> [String] {
        var changed: [String] = []
        func set<T: Equatable>(_ value: T?, _ keyPath: ReferenceWritableKeyPath<Recipe, T>, _ label: String) {
            guard let value, recipe[keyPath: keyPath] != value else { return }
            recipe[keyPath: keyPath] = value
            changed.append(label)
        }
        set(newName, \.name, "name")
        set(summary, \.summary, "summary")
        set(instructions, \.instructions, "instructions")
        changed += RecipeFactOptions.apply(details, to: recipe)
        let newTags = Recipe.canonicalTags(recipe.tags.filter { !tags.remove.contains($0) } + tags.add)
        if newTags != recipe.tags {
            recipe.tags = newTags
            changed.append("tags")
        }
        if ovenTemperature != nil || minutes != nil {
            guard let baked = recipe as? BakedGood else {
                throw CommandFailure("--oven and --bake-minutes are for baked goods; \(TerminalText.oneLine(recipe.name)) is not one")
            }
            if let ovenTemperature, baked.ovenTemperature != ovenTemperature {
                baked.ovenTemperature = ovenTemperature
                changed.append("oven")
            }
            if let minutes, baked.bakeMinutes != minutes {
                baked.bakeMinutes = minutes
                changed.append("bake minutes")
            }
        }
        return changed
    }
}
