import FoundationEssentials
import RecipesCore

/// The plan as a person reads a week: a heading a day (today marked, and bold on a terminal
/// that takes colour), then its meals in order with time, meal, name, kind and marks for
/// repeats, cooked meals, servings, locks and notes. Columns line up across the whole list.
struct PlanWeekRenderer: PlannedMealRenderer {
    let formatter: PlannedTimeFormatter
    /// The days to show, empty ones included; nil shows only days with meals.
    let days: Range<Date>?
    private var meals: [PlannedMeal] = []

    init(formatter: PlannedTimeFormatter, days: Range<Date>?) {
        self.formatter = formatter
        self.days = days
    }

    mutating func add(_ meal: PlannedMeal, to output: TextOutput) {
        meals.append(meal)
    }

    mutating func finish(_ output: TextOutput) {
        let local = formatter.local
        var dayStarts: [Date] = []
        if let days {
            var day = local.startOfDay(days.lowerBound)
            while day < days.upperBound, dayStarts.count < 366 * 10 {
                dayStarts.append(day)
                day = local.adding(days: 1, to: day)
            }
        } else {
            for meal in meals where dayStarts.last.map({ !local.isSameDay($0, meal.date) }) ?? true {
                dayStarts.append(local.startOfDay(meal.date))
            }
        }
        let rows = meals.map(row)
        let widths = (0..<4).map { column in rows.map { TextColumns.width($0[column]) }.max() ?? 0 }
        var next = 0
        for (index, day) in dayStarts.enumerated() {
            if index > 0 { output.line("") }
            let isToday = formatter.dayDistance(to: day) == 0
            let heading = formatter.day(day) + (isToday ? "  today" : "")
            output.line(isToday && output.usesColor ? TerminalColor.paint(heading, TerminalColor.bold) : heading)
            var any = false
            while next < meals.count, local.isSameDay(meals[next].date, day) {
                // The time in the colour of how soon it is, as in search's table.
                let time = output.usesColor && !meals[next].isCooked ? TerminalColor.code(for: meals[next].date, formatter) : nil
                output.line("  " + Self.aligned(rows[next], widths, firstCellStyle: time))
                next += 1
                any = true
            }
            if !any { output.line(output.usesColor ? TerminalColor.paint("  -", TerminalColor.dim) : "  -") }
        }
    }

    /// Time, meal, name, kind, and what else there is to know.
    private func row(_ meal: PlannedMeal) -> [String] {
        let entry = meal.entry
        var marks: [String] = []
        if let rule = entry.repeatRule { marks.append("↻ " + rule.summary(in: formatter.local)) }
        if let servings = entry.servings { marks.append("for \(servings)") }
        if meal.isCooked { marks.append("✓ cooked") }
        if entry.isLocked { marks.append("locked") }
        if !entry.note.isEmpty { marks.append("· " + TerminalText.oneLine(entry.note)) }
        return [formatter.clock(meal.date), TerminalText.oneLine(entry.meal ?? ""),
                TextColumns.truncate(TerminalText.oneLine(meal.recipe.name), to: TableRenderer.maximumNameWidth),
                meal.recipe.variety == .dish ? "" : meal.recipe.variety.rawValue, marks.joined(separator: "  ")]
    }

    private static func aligned(_ row: [String], _ widths: [Int], firstCellStyle: String?) -> String {
        var line = ""
        // A column no meal fills (no meal words, only dishes) takes no room.
        for (column, cell) in row.enumerated() where column >= widths.count || widths[column] > 0 {
            line += column == 0 ? firstCellStyle.map { TerminalColor.paint(cell, $0) } ?? cell : cell
            if column < widths.count { line += String(repeating: " ", count: widths[column] - TextColumns.width(cell) + 2) }
        }
        // Trailing spaces of empty last columns help nobody.
        while line.last == " " { line.removeLast() }
        return line
    }
}
