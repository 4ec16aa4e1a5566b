import FoundationEssentials
import RecipesCore

/// `recipes cooked RECIPE [WHEN]`: records a meal once it is cooked, which fulfils the
/// planned occurrence it was for.
struct CookedCommand: RecipesCommand {
    static let again = OptionSpec("--again", help: "Record it though it was recorded cooked within 4 hours (a second batch).")
    static let undo = OptionSpec("--undo", help: "Undo the recipe's latest cooked record; the planned meal it was for is planned again.")
    static let servings = OptionSpec("--servings", value: "count",
                                     help: "Cooked for this many: the pantry gives up that much (default: the planned meal's servings, else the recipe's).")

    static let spec = CommandSpec(
        name: "cooked",
        abstract: "Record that a recipe was cooked.",
        discussion: """
            RECIPE is matched as in 'recipes show' (quote names with spaces); the words after it \
            are WHEN, default now. WHEN looks back: yesterday, a weekday (the last one, today \
            included), a time alone (today's), a meal (breakfast, lunch, dinner: its time), \
            'today 12:30', '2026-11-30 19:00', tonight (dinner); now or today alone is now. A WHEN more than 5 minutes \
            ahead is refused. The planned occurrence of the recipe nearest to WHEN, from a day \
            before it to two hours after (with a meal word, only that meal), is marked done, \
            so 'recipes next' moves past it. 'recipes show' says how often and when it was last \
            cooked; 'recipes search --sort cooked' and '--not-cooked-since' find what has not \
            been cooked for a while. A recipe recorded cooked within 4 hours, with no planned \
            meal left for it, is that meal recorded already: refused unless --again. --undo \
            takes back the latest record (on every machine, through sync) and reopens the \
            planned meal it fulfilled.
            """,
        arguments: [ArgumentSpec("recipe", completes: .recipe, help: "The recipe's name or an id prefix."),
                    ArgumentSpec("when", optional: true, variadic: true, help: "When it was cooked (default: now).")],
        options: [again, undo, servings],
        examples: ["recipes cooked pizza", "recipes cooked pizza --undo", "recipes cooked \"Mom's Spaghetti\" yesterday dinner", "recipes cooked focaccia today 12:30"])

    let reference: String
    let when: String?
    let isAgain: Bool
    let isUndo: Bool
    let servingsCooked: Int?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        servingsCooked = try arguments.number(Self.servings, .servings, command: Self.spec.name)
        reference = arguments.positionals[0]
        let words = arguments.positionals.dropFirst().joined(separator: " ")
        when = words.isEmpty ? nil : words
        isAgain = arguments.has(Self.again)
        isUndo = arguments.has(Self.undo)
        if isUndo, isAgain { throw UsageError(.exclusive("--undo", "--again"), command: Self.spec.name) }
        if isUndo, let when { throw UsageError(.exclusive("--undo", "WHEN ('\(when)')"), command: Self.spec.name) }
        if isUndo, servingsCooked != nil { throw UsageError(.exclusive("--undo", "--servings"), command: Self.spec.name) }
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        if isUndo { return try undoLatest(environment) }
        let date: Date
        var meal: String?
        if let when {
            let meals = try environment.mealTimes()
            // A meal word says which planned meal this was ("yesterday dinner").
            meal = when.lowercased().split(separator: " ").map { $0 == "tonight" ? "dinner" : String($0) }.first { meals.time(of: $0) != nil }
            do {
                date = try WhenParser(now: environment.now, local: environment.local, meals: meals).parseCooked(when)
            } catch {
                throw UsageError(.badWhen(detail: "\(error)"), command: Self.spec.name)
            }
        } else {
            date = environment.now
        }
        let store = try environment.openStore()
        let recipe = try CommonOptions.resolve(reference, in: store)
        for line in try Self.record(recipe, at: date, meal: meal, again: isAgain, servings: servingsCooked, in: store, environment) {
            environment.output.line(line)
        }
        return .success
    }

    /// Records `recipe` cooked at `date`, fulfilling its planned meal and taking from the
    /// pantry; the lines that say so ("cooked …", "pantry: eggs 6 → 3"). `cook` records
    /// through here too.
    static func record(_ recipe: Recipe, at date: Date, meal: String?, again: Bool, servings: Int? = nil, in store: RecipeStore,
                       _ environment: CommandEnvironment, now: Date? = nil) throws -> [String] {
        let now = now ?? environment.now
        let before = try store.planEntries(of: recipe.id)
        let heldBefore = try store.pantryItems()
        let formatter = PlannedTimeFormatter(now: now, local: environment.local)
        let record: CookedRecord
        do {
            // What was cooked comes out of the pantry's counted items.
            record = try store.recordCooked(recipeID: recipe.id, at: date, meal: meal, again: again, servings: servings, now: now, local: environment.local,
                                            takingFromPantry: try environment.vocabulary())
        } catch let done as AlreadyCooked {
            let planned = done.plannedFor.map { ", the meal planned for \(formatter.full($0))" } ?? ""
            throw CommandFailure("\(TerminalText.oneLine(recipe.name)) was recorded cooked \(formatter.full(done.recordedAt))\(planned); "
                                 + "nothing was recorded (--again records another)", status: .nothingFound)
        }
        var lines = [CookedLine(record: record, recipe: recipe, before: before, after: try store.planEntries(of: recipe.id), formatter: formatter).text]
        // What it took from the pantry: "pantry: eggs 6 → 3, flour used up".
        if let change = try pantryChange(from: heldBefore, to: store.pantryItems()) { lines.append(change) }
        return lines
    }

    /// "pantry: eggs 6 → 3, flour used up", "pantry: eggs 3 → 6, milk back 500 ml": how the
    /// items with an amount changed; nil when none did.
    static func pantryChange(from before: [PantryItem], to after: [PantryItem]) -> String? {
        let wasHeld = Dictionary(uniqueKeysWithValues: before.map { ($0.identity, $0) })
        let isHeld = Dictionary(uniqueKeysWithValues: after.map { ($0.identity, $0) })
        let changed = before.filter { $0.quantity != nil && isHeld[$0.identity] != $0 }.map { item in
            TerminalText.oneLine(item.name) + " " + (isHeld[item.identity].map { "\(item.amountText() ?? "") → \($0.amountText() ?? "")" } ?? "used up")
        } + after.filter { $0.quantity != nil && wasHeld[$0.identity] == nil }.map { item in
            TerminalText.oneLine(item.name) + " back " + (item.amountText() ?? "")
        }
        return changed.isEmpty ? nil : "pantry: " + changed.joined(separator: ", ")
    }

    private func undoLatest(_ environment: CommandEnvironment) throws -> ExitStatus {
        let store = try environment.openStore()
        let recipe = try CommonOptions.resolve(reference, in: store)
        let heldBefore = try store.pantryItems()
        guard let undone = try store.undoCooked(recipeID: recipe.id, now: environment.now) else {
            throw CommandFailure("\(TerminalText.oneLine(recipe.name)) has no cooked record to undo", status: .nothingFound)
        }
        let formatter = PlannedTimeFormatter(now: environment.now, local: environment.local)
        let meal = undone.record.entryID.flatMap { id in try? store.planEntries(of: recipe.id).first { $0.id == id }?.meal }
        environment.output.line(CookedLine.undone(undone, recipe: recipe, meal: meal, formatter: formatter))
        // What the meal had taken from the pantry, back: "pantry: eggs 3 → 6".
        if !undone.restored.isEmpty, let change = try Self.pantryChange(from: heldBefore, to: store.pantryItems()) {
            environment.output.line(change)
        }
        return .success
    }
}
