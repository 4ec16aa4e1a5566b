import FoundationEssentials
import RecipesCore

/// `recipes plan --fill`: proposes recipes for the empty meals of the coming days, by the
/// rules of the options and the config file, and plans them (or, with --dry-run, only shows
/// them).
struct PlanFill {
    /// How many days `--days` may fill.
    static let mostDays = 31

    let days: Int
    let week: Bool
    let from: String?
    let meals: [String]
    let options: FillOptions
    let servings: Int?
    let dryRun: Bool
    let partial: Bool
    let format: ListFormat?

    init(_ arguments: ParsedArguments, command: String) throws(UsageError) {
        if let extra = arguments.positionals.first { throw UsageError(.unexpectedArgument(extra), command: command) }
        if arguments.has(PlanCommand.days), arguments.has(PlanCommand.week) { throw UsageError(.eitherOption("--days", "--week"), command: command) }
        for option in [PlanCommand.all, PlanCommand.ics, PlanCommand.replace, PlanCommand.clear, PlanCommand.skip,
                       PlanCommand.until, PlanCommand.note, PlanCommand.lock] where arguments.has(option) {
            throw UsageError(.exclusive("--fill", option.long), command: command)
        }
        days = try arguments.integer(PlanCommand.days, minimum: 1, maximum: Self.mostDays, command: command) ?? 7
        week = arguments.has(PlanCommand.week)
        from = arguments.value(PlanCommand.from)
        meals = try PlanCommand.meals(arguments, command: command)
        options = try FillOptions(arguments, command: command)
        servings = try arguments.number(PlanCommand.servings, .servings, command: command)
        dryRun = arguments.has(PlanCommand.dryRun)
        partial = arguments.has(PlanCommand.partial)
        format = arguments.choice(PlanCommand.format)
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let local = environment.local
        let times = try environment.mealTimes()
        let meals = try PlanCommand.known(meals.isEmpty ? ["dinner"] : meals, in: times)
        let parser = WhenParser(now: environment.now, local: local, meals: times)
        var firstDay = try from.map { try PlanCommand.parseDay($0, parser, option: "--from") } ?? local.startOfDay(environment.now)
        var count = days
        if week {
            firstDay = try PlanListing.monday(of: firstDay, given: from != nil, environment, ending: "--from today fills the one ending")
            count = 7
        }
        let slots = MealSlot.slots(from: firstDay, days: count, meals: meals, times: times, after: environment.now, local: local)
        let formatter = PlannedTimeFormatter(now: environment.now, local: local)
        guard !slots.isEmpty else {
            throw CommandFailure("nothing to fill: every \(meals.joined(separator: " and ")) asked is past", status: .nothingFound)
        }
        let request = FillRequest(slots: slots, rules: try options.rules(environment), servings: servings,
                                  seed: options.seed ?? FillRequest.seed(forDay: firstDay, local: local), partial: partial,
                                  now: environment.now, mealTimes: times, local: local)
        let store = try environment.openStore()
        let proposal: FillProposal
        do {
            proposal = dryRun ? try store.proposeMeals(request) : try store.fillPlan(request)
        } catch let error as FillError {
            throw PlanCommand.failure(error, saved: !dryRun, filling: true)
        }
        MealProposalRenderer.write(proposal.meals, format: ListFormat.chosen(format, for: environment.output), formatter: formatter,
                                   to: environment.output)
        for empty in proposal.unfilled { environment.errors.line("recipes: left empty: \(empty.reason)") }
        let planned = proposal.meals.count
        let verb = dryRun ? "would plan" : "planned"
        var summary = "\(verb) \(planned) \(planned == 1 ? "meal" : "meals")"
        if !proposal.alreadyPlanned.isEmpty { summary += "; \(proposal.alreadyPlanned.count) already planned, left as they are" }
        if dryRun { summary += " (dry run: nothing saved)" }
        environment.errors.line("recipes: " + summary)
        // With --partial, a fill that left every meal asked empty did nothing: a script (cron)
        // must be able to tell.
        return planned == 0 && !proposal.unfilled.isEmpty ? .nothingFound : .success
    }
}

/// `recipes plan --reroll WHEN`: replaces the recipe planned for one meal with the next best
/// the rules admit.
struct PlanReroll {
    let when: String
    let options: FillOptions
    let meal: String?
    let servings: Int?
    let format: ListFormat?

    init(_ arguments: ParsedArguments, when: String, command: String) throws(UsageError) {
        for option in [PlanCommand.all, PlanCommand.ics, PlanCommand.replace, PlanCommand.clear, PlanCommand.skip, PlanCommand.until,
                       PlanCommand.note, PlanCommand.days, PlanCommand.week, PlanCommand.from, PlanCommand.dryRun, PlanCommand.partial,
                       PlanCommand.lock] where arguments.has(option) {
            throw UsageError(.exclusive("--reroll", option.long), command: command)
        }
        self.when = when
        options = try FillOptions(arguments, command: command)
        let meals = try PlanCommand.meals(arguments, command: command)
        if meals.count > 1 { throw UsageError(.givenTwice(option: "--meal"), command: command) }
        meal = meals.first
        servings = try arguments.number(PlanCommand.servings, .servings, command: command)
        format = arguments.choice(PlanCommand.format)
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let local = environment.local
        let times = try environment.mealTimes()
        let slot = try Self.slot(when, meal: meal, times: times, environment)
        let formatter = PlannedTimeFormatter(now: environment.now, local: local)
        let request = FillRequest(slots: [slot], rules: try options.rules(environment), servings: servings,
                                  seed: options.seed ?? FillRequest.seed(forDay: slot.date, local: local),
                                  now: environment.now, mealTimes: times, local: local)
        let store = try environment.openStore()
        do {
            let (replaced, proposals) = try store.rerollMeal(slot, request: request)
            let old = replaced.map { TerminalText.oneLine($0.recipe.name) }.joined(separator: ", ")
            MealProposalRenderer.write(proposals, format: ListFormat.chosen(format, for: environment.output), formatter: formatter,
                                       to: environment.output)
            environment.errors.line("recipes: \(old) no longer planned for \(formatter.day(slot.date)) \(slot.meal)")
        } catch let error as FillError {
            throw PlanCommand.failure(error, saved: true)
        }
        return .success
    }

    /// The meal WHEN names, read as `plan` reads it: `fri` (its dinner), `sat lunch`,
    /// `tomorrow 19:30`, `thu` on a Thursday morning (tonight's); one meal, not a repeat.
    static func slot(_ text: String, meal: String?, times: MealTimes, _ environment: CommandEnvironment) throws -> MealSlot {
        let parser = WhenParser(now: environment.now, local: environment.local, meals: times)
        if let meal { _ = try PlanCommand.known([meal], in: times) }
        let when = try PlanCommand.parsePlanWhen(meal.map { text + " " + $0 } ?? text, environment, parser: parser)
        guard when.repeatRule == nil, when.dates.count == 1, let date = when.dates.first else {
            throw UsageError(.badWhen(detail: "'\(text)': --reroll takes one meal, such as fri or 'sat lunch'"), command: PlanCommand.spec.name)
        }
        let name = when.meal ?? times.nearestMeal(to: date, local: environment.local) ?? "dinner"
        return MealSlot(date: date, meal: name)
    }
}

extension PlanCommand {
    /// The --meal values, lowercased, each one word.
    static func meals(_ arguments: ParsedArguments, command: String) throws(UsageError) -> [String] {
        try arguments.all(meal).map { text throws(UsageError) in try mealWord(text, command: command) }
    }

    /// A --meal value lowercased: one word of letters, digits and -, starting with a letter.
    static func mealWord(_ text: String, command: String) throws(UsageError) -> String {
        let meal = text.lowercased()
        if meal.isEmpty || meal.count > 30 || meal.first?.isLetter != true || !meal.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) {
            throw UsageError(.badMeal(meal), command: command)
        }
        return meal
    }

    /// `meals`, each one the meal times know; a usage error names one they do not.
    static func known(_ meals: [String], in times: MealTimes) throws(UsageError) -> [String] {
        for meal in meals where times.time(of: meal) == nil {
            throw UsageError(.unknownMeal(meal, known: times.meals.map(\.name)), command: spec.name,
                             suggestion: Suggestion.closest(to: meal, among: times.meals.map(\.name)))
        }
        var unique: [String] = []
        for meal in meals where !unique.contains(meal) { unique.append(meal) }
        return unique
    }

    /// A planner's failure as the command reports it: nothing fits exits 1, a quota the days
    /// cannot hold 2; either way nothing was saved. `filling` says how to fill the rest.
    static func failure(_ error: FillError, saved: Bool, filling: Bool = false) -> CommandFailure {
        let tail = saved ? "; nothing saved" : ""
        switch error.kind {
        case .nothingFits:
            return CommandFailure(error.reason + tail + (filling ? " (--partial fills the rest)" : ""), status: .nothingFound)
        case .nothingPlanned:
            return CommandFailure(error.reason, status: .nothingFound)
        case .quotaCannotBeMet:
            return CommandFailure(error.reason + tail, status: .failure)
        case .locked:
            return CommandFailure(TerminalText.oneLine(error.reason) + "; clearing the meal ('plan RECIPE WHEN --clear') unlocks it", status: .failure)
        }
    }
}
