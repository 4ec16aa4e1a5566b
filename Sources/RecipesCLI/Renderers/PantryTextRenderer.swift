import FoundationEssentials
import RecipesCore

/// `pantry`: what the kitchen holds, what must be used within three days first, then the rest
/// under aisle headings; one item a line, its amount and use-by day after it.
enum PantryTextRenderer {
    /// Days ahead within which an item is listed first, to be used soon.
    static let soonDays = 3

    static func write(_ items: [PantryItem], vocabulary: IngredientVocabulary, local: LocalTime, now: Date, to output: TextOutput) {
        guard !items.isEmpty else {
            output.line("the pantry is empty; add what the kitchen holds with 'recipes pantry add eggs \"500 g flour\"'")
            return
        }
        let soonEnd = local.adding(days: soonDays + 1, to: local.startOfDay(now))
        let soon = items.filter { ($0.useByDay(in: local) ?? .distantFuture) < soonEnd }
        var sections: [(String, [PantryItem])] = soon.isEmpty ? [] : [("use soon", soon)]
        let rest = items.filter { ($0.useByDay(in: local) ?? .distantFuture) >= soonEnd }
        for aisle in vocabulary.aisleOrder {
            let held = rest.filter { vocabulary.aisle(of: $0.identity) == aisle }
            if !held.isEmpty { sections.append((aisle.name, held.sorted { $0.name.lowercased() < $1.name.lowercased() })) }
        }
        for (index, (heading, held)) in sections.enumerated() {
            if index > 0 { output.line("") }
            output.line(heading.prefix(1).uppercased() + heading.dropFirst())
            for item in held {
                guard !output.isBroken else { return }
                output.line("  " + describe(item, local: local, now: now))
            }
        }
    }

    /// "eggs", "flour · 750 g", "spinach · use by 2026-12-05", "milk · use by 2026-12-01
    /// (past)" when `now` is after that day.
    static func describe(_ item: PantryItem, local: LocalTime, now: Date? = nil) -> String {
        var parts = [TerminalText.oneLine(item.name)]
        if let amount = item.amountText() { parts.append(amount) }
        if let useBy = item.useByDay(in: local) {
            let past = now.map { useBy < local.startOfDay($0) } ?? false
            parts.append("use by " + day(useBy, local: local) + (past ? " (past)" : ""))
        }
        return parts.joined(separator: " · ")
    }

    /// A day as YYYY-MM-DD, in local time (of a use-by day, its ``PantryItem/useByDay(in:)``).
    static func day(_ date: Date, local: LocalTime) -> String {
        let parts = local.components(of: date)
        func pad(_ value: Int, _ width: Int = 2) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.year, 4))-\(pad(parts.month))-\(pad(parts.day))"
    }
}
