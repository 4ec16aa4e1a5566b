import RecipesCore

/// `shopping` as text: each aisle's heading, its items in columns (name, then each amount
/// with the recipes it is for), and a last line naming amounts left apart from a sum.
enum ShoppingTextRenderer {
    static func write(_ list: ShoppingList, to output: TextOutput) {
        var rows: [[String]] = []
        for (aisle, items) in list.aisles {
            rows.append([aisle.description])
            for item in items {
                let amounts = item.amounts.map { amount in
                    let recipes = "(" + amount.recipes.map(TerminalText.oneLine).joined(separator: ", ") + ")"
                    return amount.text.isEmpty ? recipes : TerminalText.oneLine(amount.text) + " " + recipes
                }
                let name = "  " + TerminalText.oneLine(item.name) + (item.isOptional ? " (optional)" : "")
                // An item no recipe gives an amount for is its name alone, with its recipes.
                guard item.amounts.contains(where: { !$0.text.isEmpty }) else { rows.append([name + " " + amounts.joined(separator: "; ")]); continue }
                rows.append([name, amounts.joined(separator: "; ")])
            }
        }
        if !rows.isEmpty { TextColumns.write(rows, to: output) }
        let apart = leftApart(list)
        if !apart.isEmpty { output.line("Not added up (no number, or a unit recipes cannot convert): " + apart.joined(separator: "; ")) }
    }

    /// "salt: a pinch", for each amount kept apart from an item's other amounts.
    static func leftApart(_ list: ShoppingList) -> [String] {
        list.aisles.flatMap(\.items).filter { $0.amounts.count > 1 }.flatMap { item in
            item.amounts.filter { !$0.isMeasured && !$0.text.isEmpty }.map { TerminalText.oneLine(item.name) + ": " + TerminalText.oneLine($0.text) }
        }
    }
}
