import FoundationEssentials
import RecipesCore

/// `search --can-cook`: the recipes the pantry can cook, fewest missing first, each with what
/// it lacks. Table: kind, name, missing; plain: id, kind, name, planned, number missing, the
/// missing names (comma separated), tab-separated; JSON: an array of objects with `id`,
/// `kind`, `name`, `planned` and `missing` (a list of ingredient names).
enum CanCookRenderer {
    static func write(_ found: [(summary: RecipeSummary, missing: [String])], format: ListFormat, to output: TextOutput) {
        switch format {
        case .table:
            // Nothing at all when nothing can be cooked, as a search that finds nothing.
            guard !found.isEmpty else { return }
            let rows = found.map { entry in
                [entry.summary.variety.rawValue, TextColumns.truncate(TerminalText.oneLine(entry.summary.name), to: TableRenderer.maximumNameWidth),
                 entry.missing.isEmpty ? "-" : entry.missing.joined(separator: ", ")]
            }
            TextColumns.write([["KIND", "NAME", "MISSING"]] + rows, to: output) { row, _ in row == 0 ? TerminalColor.bold : nil }
        case .plain:
            for entry in found {
                guard !output.isBroken else { return }
                let summary = entry.summary
                output.line([summary.id.uuidString, summary.variety.rawValue, TerminalText.oneLine(summary.name),
                             summary.plannedDate.map(RecipeJSON.isoString) ?? "", String(entry.missing.count),
                             entry.missing.joined(separator: ", ")].joined(separator: "\t"))
            }
        case .json:
            let objects = found.map { entry in
                JSONText.object([
                    ("id", JSONText.quoted(entry.summary.id.uuidString)),
                    ("kind", JSONText.quoted(entry.summary.variety.rawValue)),
                    ("name", JSONText.quoted(entry.summary.name)),
                    ("planned", entry.summary.plannedDate.map { JSONText.quoted(RecipeJSON.isoString($0)) } ?? "null"),
                    ("missing", "[" + entry.missing.map(JSONText.quoted).joined(separator: ",") + "]"),
                ])
            }
            output.line("[" + objects.joined(separator: ",\n") + "]")
        }
    }
}
