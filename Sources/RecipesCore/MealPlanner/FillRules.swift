import FoundationEssentials

/// The rules a filled plan keeps (``RecipeStore/proposeMeals(_:)``). Every rule here is hard:
/// a proposal never breaks one, and when they leave a meal without a recipe the planner says
/// which rule did. Among what they let through, ranking prefers (``MealProposal``).
///
/// Rules come from options and from the configuration file's `fill.` lines
/// (``init(configuration:path:meals:)``):
///
/// ```
/// fill.no-repeat = 21d            # no recipe cooked or planned within 21 days
/// fill.not-tag = dessert          # never a recipe tagged dessert
/// fill.weekdays.max-time = 30m    # Monday to Friday, at most 30 minutes
/// fill.fri.tag = fish, seafood    # Fridays, fish or seafood
/// fill.at-least.vegetarian = 2    # two vegetarian meals in every seven days
/// ```
public struct FillRules: Sendable, Equatable {
    /// What a recipe must be to take a meal.
    public struct Condition: Sendable, Equatable {
        /// At most this many minutes: the recipe's total time, else its preparation and
        /// cooking times added. A recipe that gives no time does not pass.
        public var maxMinutes: Int?
        /// Tags the recipe must have: each entry is a choice, met by any one of its tags.
        public var tags: [[String]]
        /// Tags the recipe must not have.
        public var excludedTags: [String]

        /// A condition; tags are kept as recipes keep them (``Recipe/canonicalTags(_:)``).
        public init(maxMinutes: Int? = nil, tags: [[String]] = [], excludedTags: [String] = []) {
            self.maxMinutes = maxMinutes
            self.tags = tags.map(Recipe.canonicalTags).filter { !$0.isEmpty }
            self.excludedTags = Recipe.canonicalTags(excludedTags)
        }

        /// Whether it asks nothing.
        public var isEmpty: Bool { maxMinutes == nil && tags.isEmpty && excludedTags.isEmpty }

        /// The two conditions together.
        func adding(_ other: Condition) -> Condition {
            Condition(maxMinutes: [maxMinutes, other.maxMinutes].compactMap { $0 }.min(), tags: tags + other.tags,
                      excludedTags: excludedTags + other.excludedTags)
        }
    }

    /// A condition for some days of the week, one meal, or both; or, as a configuration
    /// file's `fill.max-time` is kept (so a message can name its line), for every meal.
    public struct ScopedCondition: Sendable, Equatable {
        /// The days it holds on, 0 for Sunday to 6 for Saturday; nil for every day.
        public var weekdays: Set<Int>?
        /// The meal it holds for; nil for every meal.
        public var meal: String?
        /// What it asks.
        public var condition: Condition
        /// Where it was given, for messages: "fill.fri.tag, ~/.config/recipes/config:4".
        public var origin: String

        /// A condition for `weekdays` and `meal`.
        public init(weekdays: Set<Int>?, meal: String?, condition: Condition, origin: String) {
            self.weekdays = weekdays
            self.meal = meal
            self.condition = condition
            self.origin = origin
        }

        func holds(weekday: Int, meal: String) -> Bool {
            (weekdays?.contains(weekday) ?? true) && (self.meal.map { $0 == meal } ?? true)
        }
    }

    /// How many meals with a tag each run of seven days may or must have. Meals already
    /// planned in those days count.
    public struct Quota: Sendable, Equatable {
        /// The tag counted.
        public var tag: String
        /// At least this many (0: no minimum).
        public var atLeast: Int
        /// At most this many, when limited.
        public var atMost: Int?
        /// Where it was given, for messages.
        public var origin: String

        /// A quota of meals tagged `tag` in seven days.
        public init(tag: String, atLeast: Int = 0, atMost: Int? = nil, origin: String) {
            self.tag = Recipe.canonicalTags([tag]).first ?? tag
            self.atLeast = atLeast
            self.atMost = atMost
            self.origin = origin
        }
    }

    /// What every meal's recipe must be.
    public var condition: Condition
    /// What some days' or meals' recipes must be, besides.
    public var scoped: [ScopedCondition]
    /// Meals per tag in seven days.
    public var quotas: [Quota]
    /// No recipe cooked, or planned, within this many days of a meal takes it.
    public var noRepeatDays: Int
    /// The kinds of recipe a meal may be; nil for the default: a dish, and at breakfast a
    /// baked good too (banana bread is breakfast; a cake is not dinner). Beverages are not meals.
    public var varieties: Set<RecipeVariety>?

    /// The default days within which a recipe does not come back.
    public static let defaultNoRepeatDays = 14
    /// The longest `no-repeat`: a year.
    public static let longestNoRepeatDays = 366

    /// Rules; with no arguments, the defaults: any dish (at breakfast, or baked good) not
    /// cooked or planned within ``defaultNoRepeatDays``.
    public init(condition: Condition = Condition(), scoped: [ScopedCondition] = [], quotas: [Quota] = [],
                noRepeatDays: Int = FillRules.defaultNoRepeatDays, varieties: Set<RecipeVariety>? = nil) {
        self.condition = condition
        self.scoped = scoped
        self.quotas = quotas
        self.noRepeatDays = noRepeatDays
        self.varieties = varieties
    }

    /// The kinds `meal` may be.
    public func varieties(for meal: String) -> Set<RecipeVariety> {
        varieties ?? (meal == "breakfast" ? [.dish, .bakedGood] : [.dish])
    }

    /// The condition a meal on `weekday` (0 Sunday) that is `meal` must meet: every rule's.
    func condition(weekday: Int, meal: String) -> Condition {
        scoped.filter { $0.holds(weekday: weekday, meal: meal) }.reduce(condition) { $0.adding($1.condition) }
    }

    /// These rules with `other`'s added: conditions and quotas of both (a tag's bounds given
    /// again replaced), `other`'s no-repeat and kinds.
    public func adding(_ other: FillRules) -> FillRules {
        var rules = self
        rules.condition = condition.adding(other.condition)
        rules.scoped += other.scoped
        // A quota for a tag given again takes the bounds it gives, keeping the others: an
        // option's at-most beside the config's at-least holds both.
        rules.quotas = quotas.map { old in
            guard let new = other.quotas.first(where: { $0.tag == old.tag }) else { return old }
            return Quota(tag: old.tag, atLeast: new.atLeast > 0 ? new.atLeast : old.atLeast, atMost: new.atMost ?? old.atMost,
                         origin: new.origin)
        } + other.quotas.filter { new in !quotas.contains { $0.tag == new.tag } }
        rules.noRepeatDays = other.noRepeatDays
        rules.varieties = other.varieties ?? varieties
        return rules
    }
}

extension FillRules {
    /// The configuration file's `fill.` lines (see ``FillRules``); `meals` are the meal names
    /// a rule may be scoped to. Throws ``MealTimes/ConfigurationError`` naming the first line
    /// that cannot be read.
    ///
    /// - `fill.max-time = D`, `fill.tag = T[, T...]` (one of them), `fill.not-tag = T[, T...]`,
    ///   each also scoped: `fill.SCOPE.KEY` where SCOPE is a weekday (`fri`), a range
    ///   (`mon-thu`), `weekdays`, `weekends` or a meal, or a day and a meal (`fri.dinner`).
    /// - `fill.no-repeat = D`: days within which a recipe does not come back.
    /// - `fill.kind = dish|baked|any`: what a meal may be (any: a dish or a baked good).
    /// - `fill.at-least.TAG = N`, `fill.at-most.TAG = N`: meals with the tag in seven days.
    public init(configuration text: String, path: String, meals: MealTimes = .default) throws {
        self.init()
        let file = try ConfigurationLines(text, path: path)
        var quotas: [String: Quota] = [:]
        var order: [String] = []
        var noRepeatLine: Int?
        for (key, setting) in file.section("fill.") {
            let origin = "\(setting.key), \(path):\(setting.line)"
            let parts = key.lowercased().split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if parts.count == 2, parts[0] == "at-least" || parts[0] == "at-most" {
                guard let count = Int(setting.value), (0...21).contains(count) else {
                    throw file.failure(setting, "'\(setting.value)' is not a number of meals from 0 to 21")
                }
                guard let tag = Recipe.canonicalTags([parts[1]]).first else { throw file.failure(setting, "no tag after '\(parts[0]).'") }
                var quota = quotas[tag] ?? Quota(tag: tag, origin: origin)
                if parts[0] == "at-least" { quota.atLeast = count } else { quota.atMost = count }
                quota.origin = origin
                if let most = quota.atMost, most < quota.atLeast {
                    throw file.failure(setting, "at least \(quota.atLeast) but at most \(most) meals tagged '\(tag)'")
                }
                if quotas[tag] == nil { order.append(tag) }
                quotas[tag] = quota
                continue
            }
            guard let rule = parts.last, !rule.isEmpty else { throw file.failure(setting, Self.expectedKey) }
            if rule == "no-repeat" {
                guard parts.count == 1 else { throw file.failure(setting, "no-repeat holds for every meal; it takes no day or meal") }
                if let line = noRepeatLine { throw file.failure(setting, "fill.no-repeat is already set on line \(line)") }
                guard let days = Self.days(setting.value) else {
                    throw file.failure(setting, "'\(setting.value)' is not a number of days from 0 to \(Self.longestNoRepeatDays) (such as 14d or 3w)")
                }
                noRepeatDays = days
                noRepeatLine = setting.line
                continue
            }
            if rule == "kind" {
                guard parts.count == 1 else { throw file.failure(setting, "kind holds for every meal; it takes no day or meal") }
                guard let kinds = Self.varieties(named: setting.value.lowercased()) else {
                    throw file.failure(setting, "'\(setting.value)' is not a kind of meal (dish, baked or any)")
                }
                varieties = kinds
                continue
            }
            var weekdays: Set<Int>?
            var meal: String?
            // "fill.weekdays.weekends = 3": the last word is a day or meal, no rule.
            if Self.weekdays(rule) != nil || meals.time(of: rule) != nil {
                throw file.failure(setting, "'\(setting.key)' ends in a day or meal, not a rule: end it with max-time, tag or not-tag (such as fill.\(rule).tag = fish)")
            }
            for scope in parts.dropLast() {
                if let days = Self.weekdays(scope), weekdays == nil {
                    weekdays = days
                } else if meals.time(of: scope) != nil, meal == nil {
                    meal = scope
                } else {
                    throw file.failure(setting, "'\(scope)' is not a day (fri, mon-thu, weekdays, weekends) or a meal (\(meals.meals.map(\.name).joined(separator: ", ")))")
                }
            }
            let condition: Condition
            switch rule {
            case "max-time":
                guard let minutes = Self.minutes(setting.value) else {
                    throw file.failure(setting, "'\(setting.value)' is not a time from 1 minute to a day (such as 30m, 45 or 1h30m)")
                }
                condition = Condition(maxMinutes: minutes)
            case "tag", "not-tag":
                let tags = Recipe.canonicalTags(setting.value.split(separator: ",").map(String.init))
                guard !tags.isEmpty else { throw file.failure(setting, "no tag given") }
                condition = rule == "tag" ? Condition(tags: [tags]) : Condition(excludedTags: tags)
            default:
                throw file.failure(setting, Self.expectedKey)
            }
            // A rule for every meal is scoped to all of them, which keeps its line for messages.
            scoped.append(ScopedCondition(weekdays: weekdays, meal: meal, condition: condition, origin: origin))
        }
        self.quotas = order.compactMap { quotas[$0] }
    }

    private static let expectedKey = "expected fill.max-time, fill.tag, fill.not-tag (each may name a day or meal: fill.fri.tag), fill.no-repeat, fill.kind, fill.at-least.TAG or fill.at-most.TAG"

    /// The kinds `fill.kind` and `--kind` name: dish, baked, or any (either).
    public static func varieties(named name: String) -> Set<RecipeVariety>? {
        switch name {
        case "dish": [.dish]
        case "baked": [.bakedGood]
        case "any": [.dish, .bakedGood]
        default: nil
        }
    }

    /// The weekdays a rule's scope names: `fri`, `mon-thu`, `weekdays`, `weekends`.
    static func weekdays(_ word: String) -> Set<Int>? {
        switch word {
        case "weekdays": return [1, 2, 3, 4, 5]
        case "weekends": return [0, 6]
        default:
            if let day = WhenParser.weekdayIndex(word) { return [day] }
            return WhenParser.weekdayRange(word).map(Set.init)
        }
    }

    /// Minutes from "30m", "1h30m" or a bare number of minutes; nil for none, zero or more
    /// than a day.
    public static func minutes(_ text: String) -> Int? {
        if let bare = Int(text) { return (1...1_440).contains(bare) ? bare : nil }
        guard let seconds = try? DurationParser.parse(text), seconds > 0, seconds <= 86_400 else { return nil }
        return Int((seconds / 60).rounded(.up))
    }

    /// Days from "14d", "3w", "14"; nil outside 0 to ``longestNoRepeatDays``.
    public static func days(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(of: " ")
        if let days = Int(trimmed) { return (0...longestNoRepeatDays).contains(days) ? days : nil }
        guard let seconds = try? DurationParser.parse(trimmed), seconds >= 0 else { return nil }
        let days = Int((seconds / 86_400).rounded())
        return (0...longestNoRepeatDays).contains(days) ? days : nil
    }
}
