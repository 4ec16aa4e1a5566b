import FoundationEssentials
import RecipesCore

/// `recipes plan` without a recipe: the meals of a span of days, as a week to read, lines
/// for scripts, or a calendar.
struct PlanListing {
    enum Span: Equatable {
        /// N days, the first day included.
        case days(Int)
        /// The calendar week (Monday to Sunday) of the first day.
        case week
        /// Everything planned, repeats up to ``repeatsAhead`` days after today.
        case all
    }

    let span: Span
    /// The first day, as typed; today when nil.
    let from: String?
    let format: ListFormat?
    let calendar: Bool

    /// How far `--all` follows repeats, which have no end of their own.
    static let repeatsAhead = 28

    init(_ arguments: ParsedArguments, command: String) throws(UsageError) {
        let spans = [PlanCommand.days, PlanCommand.week, PlanCommand.all].filter { arguments.has($0) }
        if spans.count > 1 { throw UsageError(.eitherOption(spans[0].long, spans[1].long), command: command) }
        if arguments.has(PlanCommand.all), arguments.has(PlanCommand.from) { throw UsageError(.eitherOption("--from", "--all"), command: command) }
        if arguments.has(PlanCommand.ics), arguments.has(PlanCommand.format) { throw UsageError(.eitherOption("--ics", "--format"), command: command) }
        // A year at most: every repeat is listed occurrence by occurrence.
        let days = try arguments.integer(PlanCommand.days, minimum: 1, maximum: 366, command: command)
        span = arguments.has(PlanCommand.all) ? .all : arguments.has(PlanCommand.week) ? .week : .days(days ?? 7)
        from = arguments.value(PlanCommand.from)
        format = arguments.choice(PlanCommand.format)
        calendar = arguments.has(PlanCommand.ics)
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let local = environment.local
        let parser = WhenParser(now: environment.now, local: local)
        let firstDay = try from.map { try PlanCommand.parseDay($0, parser, option: "--from") } ?? local.startOfDay(environment.now)
        let store = try environment.openStore()
        let window: Range<Date>
        switch span {
        case .days(let count):
            // N days, the first one included: `--days 7` is a week.
            window = firstDay..<local.adding(days: count, to: firstDay)
        case .week:
            let monday = try Self.monday(of: firstDay, given: from != nil, environment, ending: "--from today shows the one ending")
            window = monday..<local.adding(days: 7, to: monday)
        case .all:
            let ahead = local.adding(days: Self.repeatsAhead + 1, to: local.startOfDay(environment.now))
            guard let planned = try store.planSpan() else { window = ahead..<ahead; break }
            window = min(planned.lowerBound, ahead)..<max(ahead, planned.upperBound.addingTimeInterval(1))
        }
        let output = environment.output
        if calendar {
            // An event per entry, a repeat as its rule; an empty calendar is still a calendar,
            // so a subscription keeps working.
            output.write(ICalendar.calendar(for: try store.planWithRecipes(from: window.lowerBound, to: window.upperBound, local: local),
                                            local: local))
            return .success
        }
        // --all follows repeats only four weeks ahead, whatever single dates lie beyond.
        let meals = try store.plannedMeals(from: window.lowerBound, to: window.upperBound,
                                           repeatsUntil: span == .all ? local.adding(days: Self.repeatsAhead + 1, to: local.startOfDay(environment.now)) : nil,
                                           local: local)
        let formatter = PlannedTimeFormatter(now: environment.now, local: local)
        var renderer: any PlannedMealRenderer = switch ListFormat.chosen(format, for: output) {
        case .json: PlanJSONRenderer(local: local)
        case .table: PlanWeekRenderer(formatter: formatter, days: span == .all ? nil : window)
        case .plain: PlanPlainRenderer()
        }
        for meal in meals where !output.isBroken { renderer.add(meal, to: output) }
        renderer.finish(output)
        if meals.isEmpty, output.isTerminal {
            environment.errors.line(span == .all ? "nothing planned" : "nothing planned from \(formatter.day(window.lowerBound)) to \(formatter.day(window.upperBound.addingTimeInterval(-1)))")
        }
        return meals.isEmpty ? .nothingFound : .success
    }

    /// The Monday of the calendar week of `firstDay`. On Sunday once dinner time has come, and
    /// when no day was `given`, the week worth reading (or filling) is the coming one: that
    /// is said on stderr, with `ending` telling how to have the one ending.
    static func monday(of firstDay: Date, given: Bool, _ environment: CommandEnvironment, ending: String) throws -> Date {
        let local = environment.local
        // Weeks run Monday to Sunday; LocalTime counts weekdays from Sunday (0).
        let monday = local.adding(days: -((local.components(of: firstDay).weekday + 6) % 7), to: firstDay)
        let today = local.components(of: environment.now)
        guard !given, today.weekday == 0, let dinner = try environment.mealTimes().time(of: "dinner"),
              environment.now >= local.date(year: today.year, month: today.month, day: today.day, hour: dinner.hour, minute: dinner.minute) else {
            return monday
        }
        let coming = local.adding(days: 1, to: firstDay)
        let formatter = PlannedTimeFormatter(now: environment.now, local: local)
        environment.errors.line("recipes: the coming week, from \(formatter.day(coming)); \(ending)")
        return coming
    }
}
