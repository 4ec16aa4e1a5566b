import FoundationEssentials
import RecipesCore

/// The next planned recipe, prepared once for whichever status format prints it.
struct StatusLine {
    let upcoming: UpcomingRecipe
    /// The name on one line, stripped of control characters and escapes.
    let name: String
    /// "18:00 (in 2h 5m)", "tomorrow 18:00", "Fri 18:00", "Dec 24 18:00", "now", "start 14:00
    /// (in 30m) for 18:00".
    let when: String
    /// The planned date in full, for tooltips.
    let fullDate: String

    init(_ upcoming: UpcomingRecipe, formatter: PlannedTimeFormatter) {
        self.upcoming = upcoming
        name = StatusTextBudget.cut(TerminalText.oneLine(StatusTextBudget.prefix(upcoming.recipe.unobservedName, for: StatusTextBudget.name)),
                                    to: StatusTextBudget.name)
        when = formatter.when(upcoming)
        fullDate = formatter.full(upcoming.plannedDate)
    }

    /// "Mom's Spaghetti · tomorrow 18:00"
    var text: String { "\(name) · \(when)" }

    var urgency: UpcomingRecipe.Urgency { upcoming.urgency }

    /// Summary and ingredients, several lines, for hover text, within the tooltip budget.
    var details: String {
        // Read as stored: nothing observes a status line (see Recipe.unobservedName).
        let recipe = upcoming.recipe
        let budget = StatusTextBudget.details
        func clean(_ text: String) -> String { TerminalText.oneLine(StatusTextBudget.prefix(text, for: budget)) }
        var lines = ["\(name) — \(fullDate)"]
        let summary = clean(recipe.unobservedSummary)
        if !summary.isEmpty { lines.append(summary) }
        if !recipe.unobservedIngredients.isEmpty {
            lines.append("")
            var length = lines.reduce(0) { $0 + $1.utf8.count }
            for ingredient in recipe.unobservedIngredients where length <= budget {
                let amount = clean(ingredient.unobservedAmount)
                // A heading heads the lines after it, as `show` prints it.
                let line = ingredient.unobservedIsHeading ? clean(ingredient.unobservedName) + ":"
                    : "• " + (amount.isEmpty ? "" : amount + " ") + clean(ingredient.unobservedName)
                lines.append(line)
                length += line.utf8.count + 1
            }
        }
        return StatusTextBudget.cut(lines.joinedText(separator: "\n"), to: budget)
    }
}

/// One way of printing the next recipe: a status bar's protocol, or plain text.
protocol StatusFormat: Sendable {
    /// What to print for `status` (nil: nothing planned). Lines without a final newline.
    func render(_ status: StatusLine?) -> String
    /// The line printed per update by `--follow`, for bars that read a line per update.
    func followLine(_ status: StatusLine?) -> String
    func exitStatus(_ status: StatusLine?) -> ExitStatus
    /// Whether a status bar reads it: a bar wants an empty update, never an error or silence.
    var feedsABar: Bool { get }
}

extension StatusFormat {
    var feedsABar: Bool { true }
    func followLine(_ status: StatusLine?) -> String { render(status) }
    /// Bars want an empty update, not an error, when nothing is planned.
    func exitStatus(_ status: StatusLine?) -> ExitStatus { .success }
}

/// Colours per urgency, shared by the bars that take colours.
enum StatusColors {
    static func hex(_ urgency: UpcomingRecipe.Urgency) -> String {
        switch urgency {
        case .imminent: "#FF5555"
        case .today: "#FFB86C"
        case .upcoming: "#8BE9FD"
        case .none: "#888888"
        }
    }
}

/// JSON string literals written by hand, so the `next` path needs no encoder.
enum JSONText {
    static func quoted(_ text: String) -> String {
        JSONString.quoted(text, alsoEscaping: needsEscape)
    }

    /// Encoded JSON with the invisible controls that JSONEncoder leaves raw (C1 controls,
    /// bidi overrides, line separators) written as \u escapes: the same value to a parser,
    /// but nothing that reorders or controls a terminal showing the raw text.
    static func printable(_ encoded: Data) -> String {
        let text = String(decoding: encoded, as: UTF8.self)
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result.append(contentsOf: JSONString.escaped(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x7F && (TerminalText.isInvisibleControl(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}")
    }

    /// An object with keys in the given order.
    static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { "\(quoted($0.0)):\($0.1)" }.joinedText(separator: ",") + "}"
    }
}
