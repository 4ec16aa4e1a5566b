/// Keeps what a status bar gets to a few kB however long a recipe's fields are: a 1 MB
/// ingredient name would otherwise make a 2 MB waybar line, which bars read whole and redraw
/// every few seconds. Text is cut on a Character boundary (never inside a grapheme cluster
/// or an escape, which happens after the cut) and a cut ends in "…".
enum StatusTextBudget {
    /// The name, in every bar's text.
    static let name = 256
    /// The whole tooltip (name, date, summary and ingredients).
    static let details = 2_048

    /// At most `budget` bytes once any status format has escaped it.
    static func cut(_ text: String, to budget: Int) -> String {
        // Escaping makes a byte at most five (Pango's "&amp;"), so short text needs no count.
        if text.utf8.count * 5 <= budget { return text }
        let room = budget - "…".utf8.count
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let character = text[index]
            used += escapedSize(character)
            if used > room { return String(text[..<end]) + "…" }
            end = text.index(after: index)
        }
        return text
    }

    /// A raw prefix long enough for `budget`, taken before the work of cleaning a long text.
    static func prefix(_ text: String, for budget: Int) -> String {
        text.utf8.count <= budget ? text : String(text.prefix(budget + 1))
    }

    /// The longest any format writes `character` as: Pango entities, JSON's two-character
    /// escapes, tmux's doubled "#", polybar's "%" + word joiner.
    private static func escapedSize(_ character: Character) -> Int {
        switch character {
        case "&": 5
        case "<", ">", "%": 4
        case "\"", "\\", "#", "\n": 2
        default: character.utf8.count
        }
    }
}
