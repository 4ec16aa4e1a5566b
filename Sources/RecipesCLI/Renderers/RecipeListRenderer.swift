import FoundationEssentials
import RecipesCore

/// A format for a list of recipes, fed one recipe at a time so that output streams.
protocol RecipeListRenderer {
    mutating func add(_ recipe: Recipe, to output: TextOutput) throws
    mutating func finish(_ output: TextOutput)
}

/// A list format that shows only summaries, so the recipes' ingredients need not be loaded.
protocol RecipeSummaryRenderer: RecipeListRenderer {
    mutating func add(_ summary: RecipeSummary, to output: TextOutput)
}

extension RecipeSummaryRenderer {
    mutating func add(_ recipe: Recipe, to output: TextOutput) throws {
        add(RecipeSummary(recipe), to: output)
    }
}

/// Tab-separated, one recipe a line: id, kind, name, planned (ISO 8601 UTC), ingredients.
struct PlainListRenderer: RecipeSummaryRenderer {
    /// The line being written, its storage kept from line to line: a search may list half
    /// the store, and making a String of each line and of each id was a tenth of that.
    private var line: [UInt8] = []

    mutating func add(_ summary: RecipeSummary, to output: TextOutput) {
        line.removeAll(keepingCapacity: true)
        summary.id.appendStoredText(to: &line)
        line.append(0x09)
        line.append(contentsOf: summary.variety.rawValue.utf8)
        line.append(0x09)
        line.append(contentsOf: TerminalText.oneLine(summary.name).utf8)
        line.append(0x09)
        if let planned = summary.plannedDate { line.append(contentsOf: RecipeJSON.isoString(planned).utf8) }
        line.append(0x09)
        line.append(contentsOf: String(summary.ingredientCount).utf8)
        line.append(0x0A)
        output.write(line)
    }

    mutating func finish(_ output: TextOutput) {}
}

/// A JSON array of full records, written as it goes.
struct JSONListRenderer: RecipeListRenderer {
    private var count = 0

    mutating func add(_ recipe: Recipe, to output: TextOutput) throws {
        output.write(count == 0 ? "[\n" : ",\n")
        output.write(JSONText.printable(try RecipeJSON(recipe).encoded()))
        count += 1
    }

    mutating func finish(_ output: TextOutput) {
        output.line(count == 0 ? "[]" : "\n]")
    }
}

/// Aligned columns for a person at a terminal: kind, name, planned, ingredient count.
struct TableRenderer: RecipeSummaryRenderer {
    let formatter: PlannedTimeFormatter
    private var rows: [[String]] = []
    /// Each row's planned-date colour, for a terminal that takes colour.
    private var dateColors: [String?] = []
    static let maximumNameWidth = 48

    init(formatter: PlannedTimeFormatter) {
        self.formatter = formatter
    }

    mutating func add(_ summary: RecipeSummary, to output: TextOutput) {
        rows.append([summary.variety.rawValue, TextColumns.truncate(TerminalText.oneLine(summary.name), to: Self.maximumNameWidth),
                     summary.plannedDate.map(formatter.when) ?? "-", String(summary.ingredientCount)])
        dateColors.append(summary.plannedDate.map { TerminalColor.code(for: $0, formatter) })
    }

    mutating func finish(_ output: TextOutput) {
        guard !rows.isEmpty else { return }
        let colors = dateColors
        TextColumns.write([["KIND", "NAME", "PLANNED", "INGREDIENTS"]] + rows, to: output) { row, column in
            row == 0 ? TerminalColor.bold : column == 2 ? colors[row - 1] : nil
        }
    }
}

/// Column layout by display width (wide characters count two).
enum TextColumns {
    /// `style` gives a cell's SGR code (row and column from 0), used when the output takes
    /// colour; the padding is measured without it.
    static func write(_ rows: [[String]], to output: TextOutput, style: (Int, Int) -> String? = { _, _ in nil }) {
        let columns = rows.map(\.count).max() ?? 0
        // A row's last cell is not padded, so it widens no column: a row that ends early
        // (a name alone) leaves the others' alignment as it is.
        let widths = (0..<columns).map { column in rows.map { column < $0.count - 1 ? width($0[column]) : 0 }.max() ?? 0 }
        for (index, row) in rows.enumerated() {
            var line = ""
            for (column, cell) in row.enumerated() {
                let code = output.usesColor ? style(index, column) : nil
                line += code.map { TerminalColor.paint(cell, $0) } ?? cell
                if column < row.count - 1 { line += String(repeating: " ", count: widths[column] - width(cell) + 2) }
            }
            output.line(line)
        }
    }

    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            total + (scalar.properties.generalCategory == .nonspacingMark ? 0 : (isWide(scalar) ? 2 : 1))
        }
    }

    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD: true
        default: false
        }
    }

    static func truncate(_ text: String, to limit: Int) -> String {
        guard width(text) > limit else { return text }
        var result = ""
        for character in text {
            if width(result + String(character)) > limit - 1 { break }
            result.append(character)
        }
        return result + "…"
    }
}
