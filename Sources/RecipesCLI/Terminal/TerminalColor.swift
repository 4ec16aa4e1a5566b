import FoundationEssentials
import RecipesCore

/// Whether and how tables are coloured, decided as ripgrep does: `--color always` and
/// `never` decide alone; `auto` (the default) colours a terminal only, and not when NO_COLOR
/// is set (no-color.org) or TERM is dumb. Piped output is never coloured unless asked.
enum TerminalColor {
    static let choices = ColorChoice.names

    static func isWanted(_ choice: ColorChoice?, isTerminal: Bool) -> Bool {
        switch choice ?? .auto {
        case .always: true
        case .never: false
        case .auto: isTerminal && CommandEnvironment.variable("NO_COLOR") == nil && CommandEnvironment.variable("TERM") != "dumb"
        }
    }

    /// SGR codes: bold for headers, and the status bars' urgency colours for planned dates.
    static let bold = "1", dim = "2", red = "31", yellow = "33", cyan = "36"

    static func paint(_ text: String, _ code: String) -> String { "\u{1B}[\(code)m\(text)\u{1B}[0m" }

    /// A planned date's colour: past dim, under an hour red, later today yellow, then cyan.
    static func code(for date: Date, _ formatter: PlannedTimeFormatter) -> String {
        let startsIn = date.timeIntervalSince(formatter.now)
        if startsIn <= 0 { return dim }
        if startsIn < UpcomingRecipe.imminentWithin { return red }
        return formatter.local.isSameDay(date, formatter.now) ? yellow : cyan
    }
}
