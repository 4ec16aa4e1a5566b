import FoundationEssentials
import RecipesCore

/// `recipes suggest`: the planner's best recipes for the next meal, ranked, each with why —
/// the answer to "what's for dinner tonight?".
struct SuggestCommand: RecipesCommand {
    static let meal = OptionSpec("--meal", value: "meal", help: "The meal to suggest for (default: dinner): today's while it is not over, else tomorrow's.")
    static let limit = OptionSpec("--limit", short: "n", value: "n", help: "How many suggestions (default: 5, at most 100).")
    static let format = OptionSpec("--format", value: "format", choosing: ListFormat.self,
                                   help: "table (default on a terminal: name and reason), plain (tab-separated: id, name, date, meal, reason) or json.")

    static let spec = CommandSpec(
        name: "suggest",
        abstract: "Suggest recipes for the next meal, best first, each with why.",
        discussion: """
            Ranks the recipes the rules admit for the meal as 'plan --fill' does: least \
            recently cooked first (never-cooked ones mixed in), variety against the meals \
            planned around it, what the pantry holds and what is to be used soon, the seed's \
            draw. The rules are the config file's fill. lines with the options added; recipes \
            cooked or planned within 14 days (--no-repeat) are left out. A meal's time counts \
            for two hours: at 19:00, dinner is still tonight's. Exit status 1 when no recipe \
            fits, naming the rule that left none.
            """,
        options: [meal, FillOptions.kind, FillOptions.maxTime, FillOptions.tag, FillOptions.notTag, FillOptions.noRepeat, FillOptions.seed,
                  limit, format],
        examples: ["recipes suggest", "recipes suggest --max-time 30m --tag vegetarian", "recipes suggest --meal lunch -n 3 --format json"])

    let meal: String
    let options: FillOptions
    let count: Int
    let format: ListFormat?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let command = Self.spec.name
        if let extra = arguments.positionals.first { throw UsageError(.unexpectedArgument(extra), command: command) }
        meal = try PlanCommand.mealWord(arguments.value(Self.meal) ?? "dinner", command: command)
        options = try FillOptions(arguments, command: command)
        count = try arguments.integer(Self.limit, minimum: 1, maximum: 100, command: command) ?? 5
        format = arguments.choice(Self.format)
    }

    /// How long after its time a meal is still the one to suggest for.
    static let mealLasts = UpcomingRecipe.inProgressFor

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let local = environment.local
        let times = try environment.mealTimes()
        guard let time = times.time(of: meal) else {
            throw UsageError(.unknownMeal(meal, known: times.meals.map(\.name)), command: Self.spec.name,
                             suggestion: Suggestion.closest(to: meal, among: times.meals.map(\.name)))
        }
        let store = try environment.openStore()
        let today = local.components(of: environment.now)
        var date = local.date(year: today.year, month: today.month, day: today.day, hour: time.hour, minute: time.minute)
        // Today's meal while it lasts and is not cooked yet (found by a user trial: a dinner
        // recorded cooked was still suggested for); else tomorrow's.
        let planned = date.addingTimeInterval(Self.mealLasts) > environment.now
            ? try store.plannedMeals(in: MealSlot(date: date, meal: meal), mealTimes: times, local: local) : []
        if date.addingTimeInterval(Self.mealLasts) <= environment.now || (!planned.isEmpty && planned.allSatisfy(\.isCooked)) {
            let tomorrow = local.components(of: local.adding(days: 1, to: local.startOfDay(environment.now)))
            date = local.date(year: tomorrow.year, month: tomorrow.month, day: tomorrow.day, hour: time.hour, minute: time.minute)
        }
        let slot = MealSlot(date: date, meal: meal)
        let request = FillRequest(slots: [slot], rules: try options.rules(environment),
                                  seed: options.seed ?? FillRequest.seed(forDay: date, local: local),
                                  now: environment.now, mealTimes: times, local: local)
        let formatter = PlannedTimeFormatter(now: environment.now, local: local)
        let suggestions: [MealProposal]
        do {
            suggestions = try store.suggestMeals(for: slot, request: request, limit: count)
        } catch let error as FillError {
            throw PlanCommand.failure(error, saved: false)
        }
        let chosen = ListFormat.chosen(format, for: environment.output)
        if chosen == .table, environment.output.isTerminal { environment.errors.line("for \(formatter.day(date)) \(meal):") }
        MealProposalRenderer.write(suggestions, format: chosen, formatter: formatter, withDay: false, to: environment.output)
        return .success
    }
}
