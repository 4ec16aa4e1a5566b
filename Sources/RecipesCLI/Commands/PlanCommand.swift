import FoundationEssentials
import RecipesCore

/// `recipes plan`: adds a recipe to the meal plan, moves, clears or skips it, or lists the
/// coming days.
struct PlanCommand: RecipesCommand {
    static let replace = OptionSpec("--replace", help: "Move the recipe's upcoming plans to WHEN instead of adding one.")
    static let clear = OptionSpec("--clear", help: "Remove the recipe's upcoming plans, or with WHEN only those then (a repeat skips that day).")
    static let skip = OptionSpec("--skip", value: "date", help: "Leave out a repeat's day without ending it: fri, 2026-12-25, dec 25.")
    static let until = OptionSpec("--until", value: "date", help: "The last day of a repeat (the whole day counts).")
    static let meal = OptionSpec("--meal", value: "meal", repeatable: true,
                                 help: "Name the meal (breakfast, lunch, dinner or a word of yours) without its time; with --fill, the meals to fill (default: dinner).")
    static let servings = OptionSpec("--servings", value: "count", help: "How many it is for (\(FieldLimit.servings.rangeText)); shopping scales the recipe by it.")
    static let note = OptionSpec("--note", value: "text", help: "A note for the cook, shown in the week.")
    static let days = OptionSpec("--days", short: "d", value: "n",
                                 help: "List (or --fill) N days from today (or the --from day), that day included (default: 7, at most 366; 31 for --fill).")
    static let week = OptionSpec("--week", help: "List this calendar week, Monday to Sunday (on Sunday from dinner time, the coming one).")
    static let from = OptionSpec("--from", value: "date", help: "Start the list on this day instead of today.")
    static let all = OptionSpec("--all", help: "List everything planned, past and future (repeats up to four weeks ahead).")
    static let format = OptionSpec("--format", value: "format", choosing: ListFormat.self,
                                   help: "For the list: table (default on a terminal: the week by day), plain (tab-separated) or json.")
    static let ics = OptionSpec("--ics", help: "Print the plan as an iCalendar (RFC 5545) calendar, repeats as RRULE, to import or subscribe to.")
    static let fill = OptionSpec("--fill", help: "Fill the empty meals of the next 7 days (--days N, --week, --from) with recipes the rules admit, and say why each.")
    static let reroll = OptionSpec("--reroll", value: "when",
                                   help: "Replace the recipe planned for a meal (fri, sat lunch, tomorrow) with the next best the rules admit.")
    static let dryRun = OptionSpec("--dry-run", help: "With --fill: show what would be planned, and save nothing.")
    static let partial = OptionSpec("--partial", help: "With --fill: when a meal has no recipe that fits, leave it empty and fill the rest.")
    static let lock = OptionSpec("--lock", help: "Keep the planned meal out of --reroll (an existing plan at WHEN is locked, not doubled).")

    static let spec = CommandSpec(
        name: "plan",
        abstract: "Plan a recipe for a day, a meal or a repeat; clear or skip a plan; list the week.",
        discussion: """
            A recipe can be planned any number of times; each WHEN adds an entry. WHEN, in \
            local time, is a day, a time, a meal, or a repeat: today (past dinner time, later \
            today, as tonight), tomorrow, tonight, a weekday (fri: the coming one, today while \
            its time is ahead; next fri: the one of next week), +3d, +2w, 2026-12-24, \
            dec 24; 18:30, 7pm, 7 pm, noon; breakfast (08:00), lunch (12:30), dinner (18:00), \
            or meals of your own from the config file; mon-fri lunch (each day once); repeats: \
            every fri, every day, weekdays, weekends, every 2 weeks on sun, every month on the \
            1st, every mon and thu 19:00, each with a time or meal and --until. A day alone means \
            18:00; a time or meal alone means today, or tomorrow once it has passed. RECIPE is \
            one argument (quote names with spaces); the words after it are WHEN. Meal times \
            are set in $XDG_CONFIG_HOME/recipes/config (else ~/.config/recipes/config), one \
            'meal.NAME = HH:MM' a line. Without a recipe, lists the week: each day with its \
            meals in order, repeats marked; exits 1 when nothing is planned. \
            --fill fills the empty meals of the days asked (dinner unless --meal) with recipes \
            the rules admit, each with why, in one transaction; the rules are the options \
            --kind, --max-time, --tag, --not-tag, --no-repeat (default 14 days), --at-least, \
            --at-most and the config file's fill. lines (fill.fri.tag = fish, \
            fill.weekdays.max-time = 30m). When a meal has no recipe that fits, nothing is \
            saved and the rule is named (exit 1); --partial fills the rest. --reroll WHEN \
            replaces one planned meal with the next best; --lock keeps a meal from it.
            """,
        arguments: [ArgumentSpec("recipe", optional: true, completes: .recipe, help: "The recipe's name or an id prefix."),
                    ArgumentSpec("when", optional: true, variadic: true, help: "When to make it.")],
        options: [replace, clear, skip, until, meal, servings, note, lock, days, week, from, all, format, ics, fill, reroll, dryRun, partial]
            + FillOptions.forPlan,
        examples: ["recipes plan \"Mom's Spaghetti\" fri 7pm", "recipes plan pancakes sat breakfast --servings 6",
                   "recipes plan pizza every fri dinner", "recipes plan soup mon-fri lunch", "recipes plan pizza --skip dec 25",
                   "recipes plan focaccia +3d --replace", "recipes plan cocoa --clear", "recipes plan --week",
                   "recipes plan --ics --all > ~/recipes.ics", "recipes plan --fill --dry-run --max-time 45m --at-least vegetarian=2",
                   "recipes plan --fill --week --meal lunch --meal dinner", "recipes plan --reroll fri", "recipes plan curry sat --lock"])

    /// What an added entry says besides its date.
    struct EntryDetails {
        var meal: String?
        var servings: Int?
        var note = ""
        var lock = false
    }

    enum Action {
        case add(reference: String, when: String, details: EntryDetails, replace: Bool, until: String?)
        case clear(reference: String, when: String?)
        case skip(reference: String, day: String)
        case list(PlanListing)
        case fill(PlanFill)
        case reroll(PlanReroll)
    }

    let action: Action

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let command = Self.spec.name
        let positionals = arguments.positionals
        if arguments.has(Self.fill) {
            if arguments.has(Self.reroll) { throw UsageError(.exclusive("--fill", "--reroll"), command: command) }
            action = .fill(try PlanFill(arguments, command: command))
            return
        }
        if let when = arguments.value(Self.reroll) {
            // Words after it finish WHEN, as with --skip: `--reroll sat lunch`.
            action = .reroll(try PlanReroll(arguments, when: ([when] + positionals).joined(separator: " "), command: command))
            return
        }
        for option in [Self.dryRun, Self.partial] where arguments.has(option) {
            throw UsageError(.needs(option: option.long, what: "--fill"), command: command)
        }
        for option in FillOptions.forPlan where arguments.has(option) {
            throw UsageError(.needs(option: option.long, what: "--fill or --reroll"), command: command)
        }
        if arguments.all(Self.meal).count > 1 { throw UsageError(.givenTwice(option: Self.meal.long), command: command) }
        let entryOptions = [Self.replace, Self.until, Self.meal, Self.servings, Self.note, Self.lock]
        let listing = [Self.days, Self.week, Self.from, Self.all, Self.format, Self.ics].contains { arguments.has($0) }
        guard let reference = positionals.first else {
            for option in entryOptions + [Self.clear, Self.skip] where arguments.has(option) {
                throw UsageError(.needs(option: option.long, what: "a recipe"), command: command)
            }
            action = .list(try PlanListing(arguments, command: command))
            return
        }
        if listing { throw UsageError(.listingOptionsWithRecipe, command: command) }
        let when = positionals.dropFirst().joined(separator: " ")
        let givenEntryOption = entryOptions.first { arguments.has($0) }
        if let day = arguments.value(Self.skip) {
            if arguments.has(Self.clear) { throw UsageError(.exclusive("--skip", "--clear"), command: command) }
            if let option = givenEntryOption { throw UsageError(.exclusive("--skip", option.long), command: command) }
            // With --skip there is no WHEN: words after the recipe finish the date, so
            // `--skip dec 25` reads as `--skip "dec 25"`.
            action = .skip(reference: reference, day: when.isEmpty ? day : day + " " + when)
        } else if arguments.has(Self.clear) {
            if let option = givenEntryOption { throw UsageError(.exclusive("--clear", option.long), command: command) }
            action = .clear(reference: reference, when: when.isEmpty ? nil : when)
        } else {
            guard !when.isEmpty else { throw UsageError(.missingWhenAfterRecipe, command: command) }
            let meal = try arguments.value(Self.meal).map { text throws(UsageError) in try Self.mealWord(text, command: command) }
            let details = EntryDetails(meal: meal,
                                       servings: try arguments.number(Self.servings, .servings, command: command),
                                       note: arguments.value(Self.note) ?? "", lock: arguments.has(Self.lock))
            action = .add(reference: reference, when: when, details: details, replace: arguments.has(Self.replace),
                          until: arguments.value(Self.until))
        }
    }

    static func badWhen(_ error: PlanningInputError, command: String) -> UsageError {
        UsageError(.badWhen(detail: "\(error)"), command: command, suggestion: suggestion(for: error))
    }

    /// A likely meant word, only for a word that was not understood: one refused for where
    /// it stands ("a day was already given") is no typo.
    static func suggestion(for error: PlanningInputError) -> String? {
        error.reason.hasPrefix("not ") ? Suggestion.closest(to: error.part, among: WhenParser.keywords) : nil
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        switch action {
        case .add(let reference, let when, let details, let replace, let until):
            try add(reference, when: when, details: details, replace: replace, until: until, environment)
        case .clear(let reference, let when):
            return try clear(reference, when: when, environment)
        case .skip(let reference, let day):
            return try skip(reference, day: day, environment)
        case .list(let listing):
            return try listing.run(environment)
        case .fill(let fill):
            return try fill.run(environment)
        case .reroll(let reroll):
            return try reroll.run(environment)
        }
        return .success
    }
}
