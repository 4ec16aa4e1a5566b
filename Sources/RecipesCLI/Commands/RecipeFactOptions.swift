import FoundationEssentials
import RecipesCore

/// The options for a recipe's details that `add` and `set` share: one for each field
/// ``RecipeDetails`` gives an option (`--source`, `--servings`, `--prep`, ...),
/// named by its edit-text label and read and checked as the edit text reads it, and `--tag`.
enum RecipeFactOptions {
    /// Each detail's option, in the fields' order. Immutable; not `Sendable` only because
    /// a detail's description holds closures.
    nonisolated(unsafe) static let details: [(field: RecipeDetail, option: OptionSpec)] = RecipeDetails.fields.compactMap { field in
        field.option.map { (field, OptionSpec("--" + field.label.lowercased(), value: $0.value, help: $0.help)) }
    }

    static let tag = OptionSpec("--tag", short: "t", value: "tag", repeatable: true,
                                help: "Add a tag (+tag or tag; with set, -tag removes one); repeat for several.")

    /// The details given, each as its text ('' clears one), refused in the words every path
    /// uses when a field cannot hold it.
    static func detailValues(in arguments: ParsedArguments, command: String) throws(UsageError) -> [(field: RecipeDetail, text: String)] {
        var values: [(field: RecipeDetail, text: String)] = []
        for (field, option) in details {
            guard let text = arguments.value(option) else { continue }
            if let problem = field.problem(text) { throw UsageError(.outOfLimit(option: option.long, problem: problem), command: command) }
            values.append((field, text))
        }
        return values
    }

    /// Sets the details on `recipe`; the names of those that changed.
    static func apply(_ values: [(field: RecipeDetail, text: String)], to recipe: Recipe) -> [String] {
        values.filter { $0.field.set($0.text, on: recipe) }.map { $0.field.label.lowercased() }
    }

    /// Whole minutes a DURATION such as `1h30m` names, or nil when it is not one or is longer than a month.
    /// A bare number is minutes, as recipes print times and as the edit text reads them.
    static func minutes(_ text: String) -> Int? {
        if let bare = Int(text) { return (0...Recipe.longestMinutes).contains(bare) ? bare : nil }
        guard let seconds = try? DurationParser.parse(text) else { return nil }
        let minutes = Int((seconds / 60).rounded(.up))
        return minutes <= Recipe.longestMinutes ? minutes : nil
    }

    /// The tag changes: tags to add and to remove, canonical, with a bad one (empty) refused.
    static func tagChanges(in arguments: ParsedArguments, command: String) throws(UsageError) -> (add: [String], remove: [String]) {
        var add: [String] = [], remove: [String] = []
        for text in arguments.all(tag) {
            let removing = text.hasPrefix("-")
            let name = text.hasPrefix("-") || text.hasPrefix("+") ? String(text.dropFirst()) : text
            guard let canonical = Recipe.canonicalTags([name]).first else { throw UsageError(.emptyTag, command: command) }
            if removing { remove.append(canonical) } else { add.append(canonical) }
        }
        return (add, remove)
    }
}
