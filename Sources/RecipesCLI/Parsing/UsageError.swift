/// A mistake on the command line: reported on one line, exit status 64. Every mistake is a
/// case of ``Problem``, worded here, so the messages read alike and a test can name them.
struct UsageError: Error {
    enum Problem: Equatable {
        // The parser's.
        case unknownCommand(String)
        /// With the error's command, "unknown option '--x' for 'search'".
        case unknownOption(String)
        case givenTwice(option: String)
        case takesNoValue(option: String)
        case needsValue(option: String, valueName: String)
        case notAChoice(String, option: String, choices: [String])
        case notAWholeNumber(String, option: String, minimum: Int)
        case missingArgument(String)
        case unexpectedArgument(String)
        // Options that exclude or need each other.
        /// "give either A or B, not both".
        case exclusive(String, String)
        /// "give either A or B" (one is enough to name the clash).
        case eitherOption(String, String)
        case recipeAndNext
        /// "--interval needs --watch".
        case needs(option: String, what: String)
        case listingOptionsWithRecipe
        case missingWhenAfterRecipe
        case kindOnlyOptions(options: String, kind: String)
        case everyWithFollow
        case everyWithBarFormat
        case everyLongerThanWithin
        case cooklangNeedsOneRecipe
        // Values.
        /// "bad DURATION for --within" and what was wrong, when known.
        case badDuration(option: String, detail: String?)
        case badWhen(detail: String)
        case emptyName
        case emptyFolder
        case nameTooLong(maximum: Int)
        case ingredientWithoutName(amount: String)
        case unknownShell(String)
        case emptyStoreOption
        case emptyStoreVariable
        case nothingToSet(options: [String])
        case twoTextsFromStandardInput
        case badScale(String)
        case emptyTag
        case emptyIngredient(option: String)
        case removingTagFromNewRecipe(String)
        case servingsWithScale
        /// "--until is for a repeat".
        case untilWithoutRepeat
        /// "bad DATE for --until 'x': why".
        case badDate(option: String, detail: String)
        case untilBeforeStart
        case badMeal(String)
        case tooLarge(String, option: String, maximum: Int)
        case outOfLimit(option: String, problem: String)
        case badQuota(option: String, text: String)
        case quotaBelowMinimum(tag: String, most: Int, least: Int)
        case emptyRuleTag(option: String)
        case unknownMeal(String, known: [String])
    }

    let problem: Problem
    /// The command whose help explains the right usage, or nil for the top level.
    let command: String?
    /// A likely meant value, offered as "did you mean".
    let suggestion: String?

    init(_ problem: Problem, command: String?, suggestion: String? = nil) {
        self.problem = problem
        self.command = command
        self.suggestion = suggestion
    }

    var message: String {
        let text = Self.describe(problem, command: command)
        return suggestion.map { "\(text) (did you mean '\($0)'?)" } ?? text
    }

    /// The line printed on stderr.
    var line: String {
        let help = command.map { "recipes help \($0)" } ?? "recipes --help"
        return "recipes: error: \(message); see '\(help)'"
    }

    private static func describe(_ problem: Problem, command: String?) -> String {
        switch problem {
        case .unknownCommand(let name): "unknown command '\(name)'"
        case .unknownOption(let name): "unknown option '\(name)'" + (command.map { " for '\($0)'" } ?? "")
        case .givenTwice(let option): "\(option) was given twice"
        case .takesNoValue(let option): "\(option) takes no value"
        case .needsValue(let option, let valueName): "\(option) needs a value <\(valueName)>"
        case .notAChoice(let value, let option, let choices):
            "'\(value)' is not a valid \(option) (one of: \(choices.joined(separator: ", ")))"
        case .notAWholeNumber(let text, let option, let minimum): "\(option) expects a whole number of at least \(minimum), got '\(text)'"
        case .missingArgument(let name): "missing <\(name)>"
        case .unexpectedArgument(let value): "unexpected argument '\(value)'"
        case .exclusive(let first, let second): "give either \(first) or \(second), not both"
        case .eitherOption(let first, let second): "give either \(first) or \(second)"
        case .recipeAndNext: "give RECIPE or --next, not both"
        case .needs(let option, let what): "\(option) needs \(what)"
        case .listingOptionsWithRecipe: "--days, --week, --from, --all, --format and --ics are for listing plans, without a recipe"
        case .missingWhenAfterRecipe: "missing <when> (or --clear or --skip) after the recipe"
        case .kindOnlyOptions(let options, let kind): "\(options) are for --kind \(kind)"
        case .everyWithFollow: "--every is for cron and cannot be used with --follow"
        case .everyWithBarFormat: "--every is for cron: use it with --format plain, notify or json"
        case .everyLongerThanWithin: "--every must not be longer than --within"
        case .cooklangNeedsOneRecipe: "--format cooklang writes one recipe: name exactly one"
        case .badDuration(let option, let detail): "bad DURATION for \(option)" + (detail.map { " " + $0 } ?? "")
        case .badWhen(let detail): "bad WHEN \(detail)"
        case .emptyName: "the name is empty"
        case .emptyFolder: "DIR is empty: give the folder your sync tool shares"
        case .nameTooLong(let maximum): "the name is longer than \(maximum) characters"
        case .ingredientWithoutName(let amount): "an --ingredient has no name ('\(amount) :: ')"
        case .unknownShell(let shell): "unknown shell '\(shell)' (bash, zsh or fish)"
        case .emptyStoreOption: "--store needs a path, not an empty string"
        case .emptyStoreVariable: "RECIPES_STORE is set but empty; name a store or unset it"
        case .nothingToSet(let options): "nothing to set: give " + options.dropLast().joined(separator: ", ") + (options.count > 1 ? " or " : "") + (options.last ?? "")
        case .twoTextsFromStandardInput: "only one of --summary and --instructions can read standard input"
        case .badScale(let text): "--scale expects a factor above 0 and up to 100 (2, 1.5, 1/2), got '\(text)'"
        case .emptyTag: "--tag needs a name (+tag adds it, -tag removes it)"
        case .emptyIngredient(let option): "\(option) needs an ingredient's name, such as egg"
        case .removingTagFromNewRecipe(let tag): "--tag -\(tag) removes a tag, and a new recipe has none"
        case .servingsWithScale: "give either --servings or --scale, not both"
        case .untilWithoutRepeat: "--until ends a repeat: give WHEN as one, such as 'every fri' or 'weekdays lunch'"
        case .badDate(let option, let detail): "bad DATE for \(option) \(detail)"
        case .untilBeforeStart: "--until is before the first time WHEN names"
        case .tooLarge(let text, let option, let maximum): "\(option) expects at most \(maximum), got '\(text)'"
        case .outOfLimit(let option, let problem): "\(option): \(problem)"
        case .badQuota(let option, let text): "\(option) expects TAG=N, N from 0 to 21, such as vegetarian=2, got '\(TerminalText.oneLine(text))'"
        case .quotaBelowMinimum(let tag, let most, let least):
            "--at-most \(TerminalText.oneLine(tag))=\(most) is fewer than --at-least \(TerminalText.oneLine(tag))=\(least)"
        case .emptyRuleTag(let option): "\(option) needs a tag, such as vegetarian"
        case .unknownMeal(let meal, let known):
            "unknown meal '\(TerminalText.oneLine(meal))' (\(known.joined(separator: ", ")), or a meal.NAME line of the config file)"
        case .badMeal(let meal): "--meal expects one word of letters, digits and -, such as brunch, got '\(TerminalText.oneLine(meal))'"
        }
    }
}

enum Suggestion {
    /// The candidate closest to `input`, when it is close enough to be a likely typo.
    static func closest(to input: String, among candidates: [String]) -> String? {
        // A word that is itself a candidate was refused for where it stood, not misspelled.
        guard !candidates.contains(input.lowercased()) else { return nil }
        let scored = candidates.map { ($0, distance(input, $0)) }.min { $0.1 < $1.1 }
        guard let (best, score) = scored else { return nil }
        let allowed = max(1, min(3, best.count / 3))
        if score <= allowed { return best }
        // A unique candidate that starts with what was typed is also a good guess.
        let prefixed = candidates.filter { $0.hasPrefix(input) && input.count >= 3 }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Edit distance over Characters in which swapping two neighbours counts as one edit
    /// (optimal string alignment), since "nmae" is one slip away from "name".
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
