import RecipesCore

/// `shopping --format markdown`: a checklist under aisle headings, as notes apps (and GitHub,
/// Obsidian, Joplin) show one: `- [ ] 3 eggs`.
enum ShoppingMarkdownRenderer {
    static func write(_ list: ShoppingList, to output: TextOutput) {
        for (index, (aisle, items)) in list.aisles.enumerated() {
            if index > 0 { output.line("") }
            output.line("## " + aisle.description)
            output.line("")
            for item in items {
                output.line("- [ ] " + line(item))
            }
        }
    }

    /// "3 eggs", "1 can tomatoes", "milk: 500 ml, a splash", "salt".
    static func line(_ item: ShoppingList.Item) -> String {
        let name = escaped(TerminalText.oneLine(item.name)) + (item.isOptional ? " (optional)" : "")
        let amounts = item.amounts.map { escaped(TerminalText.oneLine($0.text)) }.filter { !$0.isEmpty }
        switch amounts.count {
        case 0: return name
        case 1 where item.amounts[0].quantity != nil: return amounts[0] + " " + name
        default: return name + ": " + amounts.joined(separator: ", ")
        }
    }

    /// Text with the characters Markdown would read as markup escaped.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\`*_[]<>#|".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
