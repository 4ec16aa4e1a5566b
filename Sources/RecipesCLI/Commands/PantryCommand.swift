import FoundationEssentials
import RecipesCore

/// `recipes pantry`: what the kitchen holds, kept in the store (it syncs as recipes do).
struct PantryCommand: RecipesCommand {
    static let until = OptionSpec("--until", value: "day",
                                  help: "With add: the day the items should be used by (2026-12-24, tomorrow, fri, dec 24, +3d).")
    static let format = OptionSpec("--format", value: "format", choosing: PantryFormat.self, help: "text (default, under aisle headings) or json.")

    static let spec = CommandSpec(
        name: "pantry",
        abstract: "Keep what the kitchen holds: pantry add, remove, clear, or list it.",
        discussion: """
            'pantry add ITEM...' adds each argument as one item, written as you would say it: \
            eggs, Flour, "500 g flour", "2 jars honey", "black pepper". Items are kept by \
            ingredient, in any language the vocabulary knows (recipes-ingredients(7)): eggs, Eier \
            and egg are one item. An amount is kept only when given, and adds to what is held \
            (250 ml of flour to 500 g, by its density); --until gives a use-by day. 'pantry \
            remove ITEM...' and 'pantry clear' take items out ('pantry remove \"100 g sugar\"' \
            takes that much). 'pantry' (or 'pantry list') lists what is held under aisle \
            headings, what must be used within three days first. 'recipes search --can-cook' \
            lists what the pantry can cook. Bad input (an empty item, \
            an amount without a name, a day that cannot be read, an amount that does not add to \
            the one held) is one line on stderr, exit status 2, and changes nothing; remove of an \
            item the pantry does not hold changes nothing and exits 1. The pantry syncs with \
            'recipes sync' and is kept in backups.
            """,
        arguments: [ArgumentSpec("action", optional: true, completes: .choices(PantryAction.allCases.map(\.rawValue)),
                                 help: "add, remove, clear or list (the default)."),
                    ArgumentSpec("item", optional: true, variadic: true, help: "For add and remove: one item each.")],
        options: [until, format],
        examples: ["recipes pantry add eggs \"500 g flour\" \"black pepper\" salt",
                   "recipes pantry add spinach --until fri", "recipes pantry remove eggs", "recipes pantry --format json"])

    let action: PantryAction
    let items: [String]
    let until: String?
    let format: PantryFormat

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let positionals = arguments.positionals
        if let first = positionals.first {
            guard let action = PantryAction(rawValue: first.lowercased()) else {
                throw UsageError(.notAChoice(first, option: "pantry action", choices: PantryAction.allCases.map(\.rawValue)), command: Self.spec.name)
            }
            self.action = action
        } else {
            action = .list
        }
        items = Array(positionals.dropFirst())
        until = arguments.value(Self.until)
        format = arguments.choice(Self.format) ?? .text
        switch action {
        case .add, .remove:
            guard !items.isEmpty else { throw UsageError(.missingArgument("item"), command: Self.spec.name) }
        case .clear, .list:
            guard items.isEmpty else { throw UsageError(.unexpectedArgument(items[0]), command: Self.spec.name) }
        }
        if until != nil, action != .add { throw UsageError(.needs(option: "--until", what: "pantry add"), command: Self.spec.name) }
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        // The config is read first: a bad line stops the command before the store is opened.
        let vocabulary = try environment.vocabulary()
        switch action {
        case .list:
            let store = try environment.openStore()
            let items = try store.pantryItems()
            switch format {
            case .text: PantryTextRenderer.write(items, vocabulary: vocabulary, local: environment.local, now: environment.now, to: environment.output)
            case .json: environment.output.line(PantryJSONRenderer.json(items, vocabulary: vocabulary, local: environment.local))
            }
            return items.isEmpty ? .nothingFound : .success
        case .add:
            return try Self.add(items, useBy: until.map { PantryItem.useBy(day: try Self.day($0, environment), local: environment.local) }, vocabulary: vocabulary, environment)
        case .remove:
            var taken: [PantryItem] = []
            for text in items {
                do {
                    taken.append(try PantryItem(reading: text, vocabulary: vocabulary))
                } catch {
                    throw CommandFailure("\(error)")
                }
            }
            let store = try environment.openStore()
            let held = Set(try store.pantryItems().map(\.identity))
            if let missing = taken.first(where: { !held.contains($0.identity) }) {
                throw CommandFailure("the pantry holds no \(missing.name); nothing was removed", status: .nothingFound)
            }
            let result: [(item: PantryItem, left: PantryItem?)]
            do {
                result = try store.takeFromPantry(taken, vocabulary: vocabulary)
            } catch let error as PantryInputError {
                throw CommandFailure("\(error); nothing was removed")
            }
            // "removed eggs, salt", and what is left of an amount taken: "flour · 250 g left".
            let removed = result.filter { $0.left == nil }.map(\.item.name)
            let left = result.compactMap(\.left).map { PantryTextRenderer.describe($0, local: environment.local) + " left" }
            environment.output.line(((removed.isEmpty ? [] : ["removed " + removed.joined(separator: ", ")]) + left).joined(separator: "; "))
            return .success
        case .clear:
            let count = try environment.openStore().clearPantry()
            environment.output.line("removed \(count) \(count == 1 ? "item" : "items")")
            return count == 0 ? .nothingFound : .success
        }
    }

    /// Adds the items as typed (`pantry add`, `shopping --bought`), each read before anything
    /// is written: one bad item changes nothing.
    static func add(_ items: [String], useBy: Date?, vocabulary: IngredientVocabulary, _ environment: CommandEnvironment) throws -> ExitStatus {
        var added: [PantryItem] = []
        for text in items {
            do {
                var item = try PantryItem(reading: text, vocabulary: vocabulary)
                item.useBy = useBy
                added.append(item)
            } catch {
                throw CommandFailure("\(error)")
            }
        }
        let held: [PantryItem]
        do {
            held = try environment.openStore(creating: true).addToPantry(added, vocabulary: vocabulary)
        } catch let error as PantryInputError {
            throw CommandFailure("\(error); nothing was added")
        }
        environment.output.line("added " + held.map { PantryTextRenderer.describe($0, local: environment.local) }.joined(separator: ", "))
        return .success
    }

    private static func day(_ text: String, _ environment: CommandEnvironment) throws -> Date {
        do {
            return try WhenParser(now: environment.now, local: environment.local, meals: try environment.mealTimes()).parseDay(text)
        } catch let error as PlanningInputError {
            throw CommandFailure("--until: \(error)")
        }
    }
}

/// What `pantry` does.
enum PantryAction: String, CaseIterable {
    case add, remove, clear, list
}
