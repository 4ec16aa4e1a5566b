import FoundationEssentials
import RecipesCore

/// Options and argument handling shared by several commands.
enum CommonOptions {
    static func kind(help: String = "Only recipes of this kind: all, dish, baked or beverage (default: all).") -> OptionSpec {
        OptionSpec("--kind", short: "k", value: "kind", choosing: KindChoice.self, help: help)
    }

    /// RECIPE's words, or nil with --next (`show`, `cook`): one of them, not both or neither.
    static func recipeOrNext(_ arguments: ParsedArguments, next: OptionSpec, command: String) throws(UsageError) -> String? {
        let named = arguments.positionals.isEmpty ? nil : arguments.positionals.joined(separator: " ")
        switch (named, arguments.has(next)) {
        case (nil, false): throw UsageError(.missingArgument("recipe"), command: command)
        case (.some, true): throw UsageError(.recipeAndNext, command: command)
        default: return named
        }
    }

    /// The one recipe `reference` names, or a failure: none (exit 1) or several (exit 2,
    /// listing them with id prefixes to choose by).
    static func resolve(_ reference: String, in store: RecipeStore) throws -> Recipe {
        let found = try store.recipes(matching: reference)
        if found.count == 1 { return found[0] }
        var matches = found.map { (name: $0.name, id: $0.id) }
        if matches.isEmpty {
            // The first words of a name are enough when they name one recipe; a typo is told
            // its nearest name, never taken for it.
            let meant = try store.namesMeant(by: reference)
            if meant.leading.count == 1, let recipe = try store.recipes(matching: meant.leading[0].id.uuidString).first {
                return recipe
            }
            matches = meant.leading.map { (name: $0.name, id: $0.id) }
            if matches.isEmpty {
                let suggestion = meant.nearest.map { "; did you mean '\(TerminalText.oneLine($0.name))'?" }
                    ?? " (names match ignoring case and accents, or by their first words; ids by a prefix of 4 or more)"
                throw CommandFailure("no recipe is named '\(TerminalText.oneLine(reference))'" + suggestion, status: .nothingFound)
            }
        }
        // Several: a recipe imported from a file is named by the file's path too (Dinners/Meatballs).
        var byPath = false
        let listed = try matches.prefix(10).map { match in
            let path = try store.originPath(of: match.id).map { $0.hasSuffix(".cook") ? String($0.dropLast(5)) : $0 }
            if path != nil { byPath = true }
            return "\(TerminalText.oneLine(match.name)) (\(path.map { TerminalText.oneLine($0) + ", " } ?? "")\(shortID(match.id)))"
        }.joined(separator: ", ")
        throw CommandFailure("'\(TerminalText.oneLine(reference))' matches \(matches.count) recipes: \(listed); name one by its id"
                             + (byPath ? " or by its file's path (Folder/Name)" : ""))
    }

    static func shortID(_ id: UUID) -> String { String(id.uuidString.prefix(8)) }

    /// The context's model of a recipe `resolve` found. A row another program wrote can be
    /// listed yet not be read back by its id (an id in lower case, where recipes writes upper
    /// case): that is one clear line, not a silent exit.
    static func model(of recipe: Recipe, in context: ModelContext) throws -> Recipe {
        guard let model = try context.model(for: recipe.id) else { throw unreadable(recipe) }
        return model
    }

    static func unreadable(_ recipe: Recipe) -> CommandFailure {
        CommandFailure("'\(TerminalText.oneLine(recipe.name))' (\(shortID(recipe.id))) was found but cannot be read by its id: "
                       + "its row was not written by recipes (its id is not in the form recipes writes); nothing was changed")
    }
}
