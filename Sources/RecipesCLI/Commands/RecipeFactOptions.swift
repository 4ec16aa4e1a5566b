import FoundationEssentials
import RecipesCore

/// The options for servings, yield, times and tags that `add` and `set` share: one
/// definition each, read the same way.
enum RecipeFactOptions {
    static let servings = OptionSpec("--servings", value: "count", help: "How many people it serves: \(FieldLimit.servings.rangeText).")
    static let yield = OptionSpec("--yield", value: "text", help: "What it makes when that is not servings ('1 loaf'; '' for none).")
    static let prep = OptionSpec("--prep", value: "duration", help: "Preparation time: 20 (minutes), 20m, 1h30m ('' for none).")
    static let cook = OptionSpec("--cook", value: "duration", help: "Cooking time: 45m, 2h ('' for none).")
    static let total = OptionSpec("--total", value: "duration", help: "Time from start to table: 1h, 1d ('' for none).")
    static let tag = OptionSpec("--tag", short: "t", value: "tag", repeatable: true,
                                help: "Add a tag (+tag or tag; with set, -tag removes one); repeat for several.")

    /// Minutes from a DURATION option: nil when not given, `.some(nil)` for '' (clear).
    static func minutes(_ option: OptionSpec, in arguments: ParsedArguments, command: String) throws(UsageError) -> Int?? {
        guard let text = arguments.value(option) else { return nil }
        if text.isEmpty { return .some(nil) }
        guard let minutes = Self.minutes(text) else {
            throw UsageError(.badDuration(option: option.long, detail: "'\(text)' (such as 45 minutes, 20m, 1h30m or 1d, at most 30 days)"), command: command)
        }
        return .some(minutes)
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
