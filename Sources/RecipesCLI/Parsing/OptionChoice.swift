import FoundationEssentials
import RecipesCore

/// The value of an option that chooses from a fixed set. The type is the one list of the
/// choices: the parser's check, `--help`, completions and the command's `switch` read it, so
/// a new choice that a command does not handle fails to compile.
protocol OptionChoice: RawRepresentable<String>, CaseIterable, Sendable {}

extension OptionChoice {
    static var names: [String] { allCases.map { $0.rawValue } }
}

extension OptionSpec {
    /// An option whose value is one of `Choice`'s cases.
    init<Choice: OptionChoice>(_ long: String, short: Character? = nil, value: String, choosing: Choice.Type, help: String) {
        self.init(long, short: short, value: value, choices: Choice.names, help: help)
    }
}

extension ParsedArguments {
    /// The chosen case, or nil when the option is absent (the parser refuses other values).
    func choice<Choice: OptionChoice>(_ option: OptionSpec, as type: Choice.Type = Choice.self) -> Choice? {
        value(option).flatMap(Choice.init(rawValue:))
    }
}

/// `--kind` of `search` and `next`: every kind, or one of the three `add --kind` makes.
enum KindChoice: String, OptionChoice {
    case all, dish, baked, beverage

    /// The kinds chosen, as `next` asks the store for them.
    var kinds: RecipeKinds {
        switch self {
        case .all: .all
        case .dish: .dishes
        case .baked: .bakedGoods
        case .beverage: .beverages
        }
    }

    /// The recipes of the chosen kind, as `search` filters them; nil for all.
    var predicate: Predicate<Recipe>? {
        switch self {
        case .all: nil
        case .dish: RecipePredicates.dishes
        case .baked: RecipePredicates.kind(.bakedGoods)
        case .beverage: RecipePredicates.kind(.beverages)
        }
    }
}

/// `add --kind`: the kind a new recipe is.
extension RecipeVariety: OptionChoice {}

/// `--color`.
enum ColorChoice: String, OptionChoice {
    case auto, always, never
}

/// `--format` of the commands that list recipes (`search`, `plan`): a table on a terminal,
/// plain lines in a pipe, unless one is chosen.
enum ListFormat: String, OptionChoice {
    case table, plain, json

    static func chosen(_ choice: ListFormat?, for output: TextOutput) -> ListFormat {
        choice ?? (output.isTerminal ? .table : .plain)
    }
}

/// `--format` of the commands that show one thing (`show`, `shopping`).
enum DocumentFormat: String, OptionChoice {
    case text, json
}

/// `shopping --format`: a table under aisle headings, JSON, or a Markdown checklist.
enum ShoppingFormat: String, OptionChoice {
    case text, json, markdown
}

/// `pantry --format`.
enum PantryFormat: String, OptionChoice {
    case text, json
}

/// `--units`: the system amounts are converted to.
extension MeasureUnit.System: OptionChoice {}

/// `export --format`.
enum ExportFormat: String, OptionChoice {
    case json
    case schemaOrg = "schema.org"
    case cooklang
}

/// `search --sort`.
enum SearchOrder: String, OptionChoice {
    case name, planned, cooked
}

/// `next --format`: each choice is one status format (see StatusFormats.swift).
enum NextFormat: String, OptionChoice {
    case plain, notify, waybar, i3blocks, polybar, tmux
    case i3statusRust = "i3status-rust"
    case json

    /// The one place a name becomes its printer.
    var status: any StatusFormat {
        switch self {
        case .plain: PlainStatus()
        case .notify: NotifyStatus()
        case .waybar: WaybarStatus()
        case .i3blocks: I3blocksStatus()
        case .polybar: PolybarStatus()
        case .tmux: TmuxStatus()
        case .i3statusRust: I3statusRustStatus()
        case .json: JSONStatus()
        }
    }
}

/// `plan --fill --kind`: what a meal may be.
enum MealKindChoice: String, OptionChoice {
    case dish, baked, any
}
