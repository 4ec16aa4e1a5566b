import FoundationEssentials
import RecipesCore

/// Options and argument handling shared by several commands.
enum CommonOptions {
    static func kind(help: String = "Only recipes of this kind: all, baked or beverage (default: all).") -> OptionSpec {
        OptionSpec("--kind", short: "k", value: "kind", choosing: KindChoice.self, help: help)
    }

    /// The one recipe `reference` names, or a failure: none (exit 1) or several (exit 2,
    /// listing them with id prefixes to choose by).
    static func resolve(_ reference: String, in store: RecipeStore) throws -> Recipe {
        let matches = try store.recipes(matching: reference)
        guard let first = matches.first else {
            throw CommandFailure("no recipe is named '\(TerminalText.oneLine(reference))' (names match ignoring case and accents; ids by a prefix of 4 or more)",
                                 status: .nothingFound)
        }
        guard matches.count == 1 else {
            // A recipe imported from a file is named by the file's path too (Dinners/Meatballs).
            var byPath = false
            let listed = try matches.prefix(10).map { match in
                let path = try store.originPath(of: match.id).map { $0.hasSuffix(".cook") ? String($0.dropLast(5)) : $0 }
                if path != nil { byPath = true }
                return "\(TerminalText.oneLine(match.name)) (\(path.map { TerminalText.oneLine($0) + ", " } ?? "")\(shortID(match.id)))"
            }.joined(separator: ", ")
            throw CommandFailure("'\(TerminalText.oneLine(reference))' matches \(matches.count) recipes: \(listed); name one by its id"
                                 + (byPath ? " or by its file's path (Folder/Name)" : ""))
        }
        return first
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
