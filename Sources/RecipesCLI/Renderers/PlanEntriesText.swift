import FoundationEssentials
import RecipesCore

/// The "Plan:" block of `recipes show`: one line per entry, as "Fri 2026-12-04 18:00 dinner ·
/// every Friday · for 4 · locked · note", with skipped and cooked occurrences counted. A single date
/// already cooked is history, told by the "cooked" line instead, so it is left out; a plan of
/// one plain date is the "planned:" fact already shown, so it gets no block.
struct PlanEntriesText {
    let formatter: PlannedTimeFormatter

    func write(_ entries: [PlanEntry], planned: Date?, to output: TextOutput) {
        let shown = entries.filter { !$0.isDone }
        guard !shown.isEmpty else { return }
        if shown.count == 1, let only = shown.first, only.repeatRule == nil, only.meal == nil, only.servings == nil,
           only.note.isEmpty, !only.isLocked, only.date == planned { return }
        output.line("")
        output.line("Plan:")
        for entry in shown { output.line("  " + line(entry)) }
    }

    func line(_ entry: PlanEntry) -> String {
        var head = formatter.full(entry.date)
        if let meal = entry.meal { head += " " + TerminalText.oneLine(meal) }
        var parts = [head]
        if let rule = entry.repeatRule {
            // The first date is where the repeat starts: said as such.
            parts[0] = "from " + head
            parts.append(rule.summary(in: formatter.local))
            if !entry.skipped.isEmpty { parts.append("\(entry.skipped.count) skipped") }
            if !entry.cooked.isEmpty { parts.append("\(entry.cooked.count) cooked") }
        }
        if let servings = entry.servings { parts.append("for \(servings)") }
        if entry.isLocked { parts.append("locked") }
        if !entry.note.isEmpty { parts.append(TerminalText.oneLine(entry.note)) }
        return parts.joined(separator: " · ")
    }
}
