import FoundationEssentials
import RecipesCore

/// The planner's rules as options, shared by `plan --fill`, `plan --reroll` and `suggest`;
/// they add to the config file's `fill.` lines.
struct FillOptions {
    static let maxTime = OptionSpec("--max-time", value: "duration",
                                    help: "Only recipes ready in this time (total, else prep + cook): 30m, 1h. A recipe without a time does not pass.")
    static let tag = OptionSpec("--tag", short: "t", value: "tag", repeatable: true,
                                help: "Only recipes with this tag; 'a,b' for either; repeat for several (each must hold).")
    static let notTag = OptionSpec("--not-tag", value: "tag", repeatable: true, help: "Never recipes with this tag.")
    static let noRepeat = OptionSpec("--no-repeat", value: "days",
                                     help: "No recipe cooked or planned within this many days of a meal (default: 14; 0 allows any; 3w).")
    static let atLeast = OptionSpec("--at-least", value: "tag=n", repeatable: true,
                                    help: "At least N meals with the tag in every 7 days (meals already planned count).")
    static let atMost = OptionSpec("--at-most", value: "tag=n", repeatable: true, help: "At most N meals with the tag in every 7 days.")
    static let kind = OptionSpec("--kind", short: "k", value: "kind", choosing: MealKindChoice.self,
                                 help: "What a meal may be: dish, baked or any (default: a dish; at breakfast, a baked good too).")
    static let seed = OptionSpec("--seed", value: "n", help: "Another seed, another proposal where the rules leave a choice (default: the first day's date).")

    /// The options for `plan`, which has its own --meal.
    static let forPlan = [kind, maxTime, tag, notTag, noRepeat, atLeast, atMost, seed]

    let rules: FillRules
    /// Whether the options set no-repeat (else the config's, or the default, holds).
    let setsNoRepeat: Bool
    let seed: UInt64?

    init(_ arguments: ParsedArguments, command: String) throws(UsageError) {
        var condition = FillRules.Condition()
        if let text = arguments.value(Self.maxTime) {
            guard let minutes = FillRules.minutes(text) else {
                throw UsageError(.badDuration(option: Self.maxTime.long, detail: "'\(text)' (such as 30m, 45 or 1h30m, at most a day)"), command: command)
            }
            condition.maxMinutes = minutes
        }
        var choices: [[String]] = []
        for text in arguments.all(Self.tag) {
            let choice = Recipe.canonicalTags(text.split(separator: ",").map(String.init))
            guard !choice.isEmpty else { throw UsageError(.emptyRuleTag(option: Self.tag.long), command: command) }
            choices.append(choice)
        }
        let excluded = Recipe.canonicalTags(arguments.all(Self.notTag))
        if arguments.all(Self.notTag).contains(where: { Recipe.canonicalTags([$0]).isEmpty }) {
            throw UsageError(.emptyRuleTag(option: Self.notTag.long), command: command)
        }
        condition = FillRules.Condition(maxMinutes: condition.maxMinutes, tags: choices, excludedTags: excluded)
        var rules = FillRules(condition: condition)
        setsNoRepeat = arguments.has(Self.noRepeat)
        if let text = arguments.value(Self.noRepeat) {
            guard let days = FillRules.days(text) else {
                throw UsageError(.badDuration(option: Self.noRepeat.long,
                                              detail: "'\(text)' (days from 0 to \(FillRules.longestNoRepeatDays): 14, 14d or 2w)"), command: command)
            }
            rules.noRepeatDays = days
        }
        var quotas: [String: FillRules.Quota] = [:]
        for option in [Self.atLeast, Self.atMost] {
            for text in arguments.all(option) {
                let parts = text.split(separator: "=", maxSplits: 1).map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
                guard parts.count == 2, let tag = Recipe.canonicalTags([parts[0]]).first, let count = Int(parts[1]), (0...21).contains(count) else {
                    throw UsageError(.badQuota(option: option.long, text: text), command: command)
                }
                var quota = quotas[tag] ?? FillRules.Quota(tag: tag, origin: "\(option.long) \(text)")
                if option.long == Self.atLeast.long { quota.atLeast = count } else { quota.atMost = count }
                quota.origin = "\(option.long) \(text)"
                if let most = quota.atMost, most < quota.atLeast {
                    throw UsageError(.quotaBelowMinimum(tag: tag, most: most, least: quota.atLeast), command: command)
                }
                quotas[tag] = quota
            }
        }
        rules.quotas = quotas.keys.sorted().compactMap { quotas[$0] }
        rules.varieties = arguments.choice(Self.kind, as: MealKindChoice.self).flatMap { FillRules.varieties(named: $0.rawValue) }
        self.rules = rules
        if let text = arguments.value(Self.seed) {
            guard let seed = UInt64(text) else { throw UsageError(.notAWholeNumber(text, option: Self.seed.long, minimum: 0), command: command) }
            self.seed = seed
        } else {
            seed = nil
        }
    }

    /// The config file's rules with these added.
    func rules(_ environment: CommandEnvironment) throws -> FillRules {
        let configured = try environment.fillRules()
        var combined = configured.adding(rules)
        if !setsNoRepeat { combined.noRepeatDays = configured.noRepeatDays }
        return combined
    }
}
