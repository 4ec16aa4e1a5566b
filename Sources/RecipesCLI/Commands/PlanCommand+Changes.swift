import FoundationEssentials
import RecipesCore

// Adding, clearing and skipping: each one write transaction in the store.

extension PlanCommand {
    func add(_ reference: String, when text: String, details: EntryDetails, replace: Bool, until: String?,
             _ environment: CommandEnvironment) throws {
        let command = Self.spec.name
        let parser = WhenParser(now: environment.now, local: environment.local, meals: try environment.mealTimes())
        let when = try Self.parsePlanWhen(text, environment, parser: parser, command: command)
        var rule = when.repeatRule
        if let until {
            guard let repeating = rule else { throw UsageError(.untilWithoutRepeat, command: command) }
            // The whole day counts: a repeat until Friday includes Friday's dinner.
            let end = environment.local.adding(days: 1, to: try Self.parseDay(until, parser, option: "--until")).addingTimeInterval(-1)
            guard when.dates.allSatisfy({ $0 <= end }) else { throw UsageError(.untilBeforeStart, command: command) }
            rule = repeating.ending(at: end)
        }
        let store = try environment.openStore()
        let recipe = try CommonOptions.resolve(reference, in: store)
        let formatter = PlannedTimeFormatter(now: environment.now, local: environment.local)
        let alreadyPlanned = try upcoming(of: recipe.id, store, after: environment.now)
        let meal = details.meal ?? when.meal
        var entries = when.dates.map {
            PlanEntry(recipeID: recipe.id, date: $0, meal: meal, servings: details.servings, note: details.note, repeatRule: rule,
                      isLocked: details.lock)
        }
        var lockedRepeat: PlanEntry?
        if details.lock, rule == nil, !replace {
            // Locking a meal already planned locks that entry instead of adding another; a
            // repeat's occurrence locks the repeat, every one of its meals.
            let existing = try store.planEntries(of: recipe.id).filter { !$0.isDone }
            entries = entries.map { new in
                guard var old = existing.first(where: { entry in
                    entry.isRepeating
                        ? !entry.occurrences(from: new.date.addingTimeInterval(-60), to: new.date.addingTimeInterval(60), local: environment.local).isEmpty
                        : abs(entry.date.timeIntervalSince(new.date)) < 60
                }) else { return new }
                old.isLocked = true
                // What the command gives besides the lock is kept too.
                if let servings = details.servings { old.servings = servings }
                if !details.note.isEmpty { old.note = details.note }
                if let meal = details.meal, !old.isRepeating { old.meal = meal }
                if old.isRepeating { lockedRepeat = old }
                return old
            }
        }
        let replaced = try store.plan(entries, replacingUpcoming: replace, now: environment.now)
        let name = TerminalText.oneLine(recipe.name)
        let mealText = (meal.map { " (\($0))" } ?? "") + (details.lock ? ", locked" : "")
        if let lockedRepeat, let repeatRule = lockedRepeat.repeatRule {
            environment.output.line("locked \(name) \(repeatRule.summary(in: environment.local))\(lockedRepeat.meal.map { " (\($0))" } ?? ""): every one of its meals")
            return
        }
        if let rule {
            environment.output.line("planned \(name) \(rule.summary(in: environment.local))\(mealText), first \(formatter.full(entries[0].date))")
        } else {
            environment.output.line("planned \(name) for \(entries.map { formatter.full($0.date) }.joined(separator: ", "))\(mealText)")
        }
        // A meal already past is kept (a plan written up afterwards) but never silently.
        if rule == nil, let past = entries.map(\.date).filter({ $0 < environment.now }).first {
            environment.errors.line("recipes: note: \(formatter.full(past)) is already past; 'recipes cooked' records a meal that was eaten")
        }
        if replace {
            if !replaced.isEmpty {
                let next = replaced.map { (date: $0.occurrence(after: environment.now) ?? $0.date, entry: $0) }
                environment.output.line("no longer planned: \(describe(next, formatter, environment))")
            }
        } else if case let others = alreadyPlanned.filter({ plan in !entries.contains { $0.id == plan.entry.id } }), !others.isEmpty {
            environment.output.line("also planned: \(describe(others, formatter, environment))")
        }
    }

    func clear(_ reference: String, when text: String?, _ environment: CommandEnvironment) throws -> ExitStatus {
        let store = try environment.openStore()
        let recipe = try CommonOptions.resolve(reference, in: store)
        let name = TerminalText.oneLine(recipe.name)
        guard let text else {
            let cleared = try store.clearPlan(of: recipe.id, in: nil, now: environment.now, local: environment.local)
            guard cleared.removed + cleared.repeatsRemoved > 0 else {
                throw CommandFailure("\(name) has nothing planned ahead", status: .nothingFound)
            }
            environment.output.line("cleared the plan for \(name)")
            return .success
        }
        let parser = WhenParser(now: environment.now, local: environment.local, meals: try environment.mealTimes())
        let (window, shown) = try Self.window(text, parser, environment)
        let cleared = try store.clearPlan(of: recipe.id, in: window, now: environment.now, local: environment.local)
        guard cleared.removed + cleared.skipped > 0 else {
            throw CommandFailure("\(name) has nothing planned \(shown)", status: .nothingFound)
        }
        let repeats = cleared.skipped == 0 ? "" : cleared.skipped == 1 ? " (a repeat skips it)" : " (repeats skip \(cleared.skipped) times)"
        environment.output.line("cleared \(name) \(shown)\(repeats)")
        return .success
    }

    func skip(_ reference: String, day text: String, _ environment: CommandEnvironment) throws -> ExitStatus {
        let parser = WhenParser(now: environment.now, local: environment.local, meals: try environment.mealTimes())
        let day = try Self.parseDay(text, parser, option: "--skip")
        let store = try environment.openStore()
        let recipe = try CommonOptions.resolve(reference, in: store)
        let name = TerminalText.oneLine(recipe.name)
        let formatter = PlannedTimeFormatter(now: environment.now, local: environment.local)
        let window = day..<environment.local.adding(days: 1, to: day)
        let skipped = try store.skipOccurrences(of: recipe.id, in: window, now: environment.now, local: environment.local)
        let dayText = "on " + formatter.day(day)
        guard skipped > 0 else {
            // A repeat that comes that day was skipped or cooked already; else there is none.
            let comes = try store.planEntries(of: recipe.id).contains { entry in
                entry.repeatRule.map { !$0.occurrences(from: window.lowerBound, to: window.upperBound, start: entry.date, local: environment.local, limit: 1).isEmpty } ?? false
            }
            throw CommandFailure(comes ? "\(name) is already skipped or cooked \(dayText)" : "\(name) has no repeat \(dayText)", status: .nothingFound)
        }
        let next = try upcoming(of: recipe.id, store, after: max(environment.now, window.upperBound)).first
            .map { ", next \(formatter.full($0.date))" } ?? ""
        environment.output.line("skipped \(name) \(dayText); the repeat goes on\(next)")
        return .success
    }

    /// What `--clear WHEN` covers: the whole day for a day alone, else the moments WHEN names.
    static func window(_ text: String, _ parser: WhenParser, _ environment: CommandEnvironment) throws -> (Range<Date>, String) {
        let formatter = PlannedTimeFormatter(now: environment.now, local: environment.local)
        if let day = try? parser.parseDay(text) {
            return (day..<environment.local.adding(days: 1, to: day), "on " + formatter.day(day))
        }
        do {
            let when = try parser.parsePlan(text)
            guard when.repeatRule == nil, let first = when.dates.min(), let last = when.dates.max() else {
                throw UsageError(.badWhen(detail: "'\(text)': --clear takes a day or a time, not a repeat"), command: spec.name)
            }
            return (first..<last.addingTimeInterval(60), "at " + when.dates.map(formatter.full).joined(separator: ", "))
        } catch let error as PlanningInputError {
            throw badWhen(error, command: spec.name)
        }
    }

    /// WHEN as `recipes plan` reads it, or a usage error naming the part that is wrong.
    static func parsePlanWhen(_ text: String, _ environment: CommandEnvironment, parser: WhenParser? = nil,
                              command: String = spec.name) throws -> PlanWhen {
        let parser = try parser ?? WhenParser(now: environment.now, local: environment.local, meals: environment.mealTimes())
        do {
            return try parser.parsePlan(text)
        } catch let error as PlanningInputError {
            throw badWhen(error, command: command)
        }
    }

    static func parseDay(_ text: String, _ parser: WhenParser, option: String) throws(UsageError) -> Date {
        do {
            return try parser.parseDay(text)
        } catch let error as PlanningInputError {
            throw UsageError(.badDate(option: option, detail: "\(error)"), command: spec.name,
                             suggestion: suggestion(for: error))
        } catch {
            throw UsageError(.badDate(option: option, detail: "'\(text)'"), command: spec.name)
        }
    }

    /// The recipe's next occurrences after `now`, one per entry, earliest first.
    private func upcoming(of recipeID: UUID, _ store: RecipeStore, after now: Date) throws -> [(date: Date, entry: PlanEntry)] {
        try store.planEntries(of: recipeID).compactMap { entry in entry.occurrence(after: now).map { ($0, entry) } }
            .sorted { $0.date < $1.date }
    }

    /// "Sat 2026-12-05 08:00, every Friday (next Fri 2026-12-11 18:00)", at most a few.
    private func describe(_ plans: [(date: Date, entry: PlanEntry)], _ formatter: PlannedTimeFormatter,
                          _ environment: CommandEnvironment) -> String {
        let shown = plans.prefix(3).map { plan in
            let date = formatter.full(plan.date)
            return plan.entry.repeatRule.map { "\($0.summary(in: environment.local)) (next \(date))" } ?? date
        }
        return shown.joined(separator: ", ") + (plans.count > 3 ? " and \(plans.count - 3) more" : "")
    }
}
