import FoundationEssentials
import Recipes

/// `recipes plan`: sets, clears or lists planned dates.
struct PlanCommand: RecipesCommand {
    static let clear = OptionSpec("--clear", help: "Remove the recipe's planned date.")
    static let days = OptionSpec("--days", short: "d", value: "n", help: "List what is planned in the next N days (default: 7).")
    static let all = OptionSpec("--all", help: "List everything planned, past and future.")
    static let format = OptionSpec("--format", value: "format", choosing: ListFormat.self,
                                   help: "For the list: table (default on a terminal), plain (tab-separated) or json.")
    static let ics = OptionSpec("--ics", help: "Print the list as an iCalendar (RFC 5545) calendar, to import or subscribe to.")

    static let spec = CommandSpec(
        name: "plan",
        abstract: "Plan a recipe for a day and time, clear a plan, or list what is planned.",
        discussion: """
            WHEN is a day, a time, or both, in local time: today, tomorrow, a weekday (mon ... \
            sunday: the next one after today), +3d or +2w (days or weeks from today), 2026-12-24; \
            times 18:30, 7pm, 7:30am, noon, midnight. A day alone means 18:00; a time alone means \
            today, or tomorrow once that time has passed. RECIPE is one argument (quote names \
            with spaces); the words after it are WHEN. Without arguments, lists the plans of the \
            next 7 days and exits 1 when there are none.
            """,
        arguments: [ArgumentSpec("recipe", optional: true, completes: .recipe, help: "The recipe's name or an id prefix."),
                    ArgumentSpec("when", optional: true, variadic: true, help: "When to make it.")],
        options: [clear, days, all, format, ics],
        examples: ["recipes plan \"Mom's Spaghetti\" fri 7pm", "recipes plan focaccia +3d", "recipes plan cocoa --clear",
                   "recipes plan --days 14", "recipes plan --ics --all > ~/recipes.ics"])

    enum Action {
        case set(reference: String, when: String)
        case clear(reference: String)
        case list(days: Int?, format: ListFormat?, calendar: Bool)
    }

    let action: Action

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let command = Self.spec.name
        let positionals = arguments.positionals
        let clearing = arguments.has(Self.clear)
        let listing = arguments.has(Self.days) || arguments.has(Self.all) || arguments.has(Self.format) || arguments.has(Self.ics)
        if let reference = positionals.first {
            if listing { throw UsageError(.listingOptionsWithRecipe, command: command) }
            let when = positionals.dropFirst().joined(separator: " ")
            if clearing {
                guard when.isEmpty else { throw UsageError(.exclusive("WHEN", "--clear"), command: command) }
                action = .clear(reference: reference)
            } else {
                guard !when.isEmpty else { throw UsageError(.missingWhenAfterRecipe, command: command) }
                action = .set(reference: reference, when: when)
            }
        } else {
            if clearing { throw UsageError(.needs(option: "--clear", what: "a recipe"), command: command) }
            if arguments.has(Self.all), arguments.has(Self.days) { throw UsageError(.eitherOption("--days", "--all"), command: command) }
            if arguments.has(Self.ics), arguments.has(Self.format) { throw UsageError(.eitherOption("--ics", "--format"), command: command) }
            let days = try arguments.integer(Self.days, minimum: 1, command: command)
            action = .list(days: arguments.has(Self.all) ? nil : (days ?? 7), format: arguments.choice(Self.format),
                           calendar: arguments.has(Self.ics))
        }
    }

    /// WHEN as a date, or a usage error naming the part that is wrong.
    static func parseWhen(_ text: String, _ environment: CommandEnvironment, command: String = spec.name) throws(UsageError) -> Date {
        do {
            return try WhenParser(now: environment.now, local: environment.local).parse(text)
        } catch let error as PlanningInputError {
            throw UsageError(.badWhen(detail: "\(error)"), command: command,
                             suggestion: Suggestion.closest(to: error.part, among: WhenParser.keywords))
        } catch {
            throw UsageError(.badWhen(detail: "'\(text)'"), command: command)
        }
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let formatter = PlannedTimeFormatter(now: environment.now, local: environment.local)
        switch action {
        case .set(let reference, let when):
            let date = try Self.parseWhen(when, environment)
            let recipe = try update(reference, environment) { $0.plannedDate = date }
            environment.output.line("planned \(TerminalText.oneLine(recipe.name)) for \(formatter.full(date))")
        case .clear(let reference):
            let recipe = try update(reference, environment) { $0.plannedDate = nil }
            environment.output.line("cleared the plan for \(TerminalText.oneLine(recipe.name))")
        case .list(let days, let format, let calendar):
            return try list(days: days, format: format, calendar: calendar, environment, formatter)
        }
        return .success
    }

    /// Finds, changes and saves the recipe in one write transaction, so no other process's
    /// change can come between the reading and the writing.
    private func update(_ reference: String, _ environment: CommandEnvironment, _ change: (Recipe) -> Void) throws -> Recipe {
        let store = try environment.openStore()
        let context = ModelContext(store)
        var changed: Recipe?
        try context.transaction {
            let found = try CommonOptions.resolve(reference, in: store)
            guard let recipe = try context.model(for: found.id) else { throw CommandFailure("'\(reference)' was deleted meanwhile") }
            change(recipe)
            changed = recipe
        }
        guard let changed else { throw CommandFailure("'\(reference)' was deleted meanwhile") }
        return changed
    }

    private func list(days: Int?, format: ListFormat?, calendar: Bool, _ environment: CommandEnvironment,
                      _ formatter: PlannedTimeFormatter) throws -> ExitStatus {
        let store = try environment.openStore()
        let local = environment.local
        let start = days == nil ? nil : environment.now
        // Through the end of the Nth day from today.
        let end = days.map { local.adding(days: $0 + 1, to: local.startOfDay(environment.now)) }
        let recipes = try store.plannedRecipes(from: start, to: end)
        let output = environment.output
        if calendar {
            // An empty calendar is still a calendar: a subscription keeps working.
            output.write(ICalendar.calendar(for: recipes))
            return .success
        }
        var renderer: any RecipeListRenderer = switch ListFormat.chosen(format, for: output) {
        case .json: JSONListRenderer()
        case .table: PlanTableRenderer(formatter: formatter)
        case .plain: PlainListRenderer()
        }
        for recipe in recipes where !output.isBroken { try renderer.add(recipe, to: output) }
        renderer.finish(output)
        if recipes.isEmpty, output.isTerminal {
            environment.errors.line(days.map { "nothing planned in the next \($0) days" } ?? "nothing planned")
        }
        return recipes.isEmpty ? .nothingFound : .success
    }
}

/// Plans as a person reads them: date, relative time, kind, name.
struct PlanTableRenderer: RecipeSummaryRenderer {
    let formatter: PlannedTimeFormatter
    private var rows: [[String]] = []
    private var dateColors: [String] = []

    init(formatter: PlannedTimeFormatter) {
        self.formatter = formatter
    }

    mutating func add(_ summary: RecipeSummary, to output: TextOutput) {
        guard let date = summary.plannedDate else { return }
        rows.append([formatter.full(date), formatter.when(date), summary.variety.rawValue, TerminalText.oneLine(summary.name)])
        dateColors.append(TerminalColor.code(for: date, formatter))
    }

    mutating func finish(_ output: TextOutput) {
        let colors = dateColors
        if !rows.isEmpty { TextColumns.write(rows, to: output) { row, column in column == 1 ? colors[row] : nil } }
    }
}
