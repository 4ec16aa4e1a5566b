import FoundationEssentials

/// A parsed Cooklang recipe (cooklang.org): front-matter metadata and steps, each step a
/// sequence of text, ingredients (`@name{qty%unit}`), cookware (`#name{qty}`) and timers
/// (`~name{qty%unit}`). Follows the specification's canonical tests.
///
/// ```swift
/// let recipe = CooklangRecipe(parsing: "Add @salt{1%tsp} to #pot{}.")
/// recipe.steps[0]   // [.text("Add "), .ingredient(...), .text(" to "), .cookware(...), .text(".")]
/// ```
public struct CooklangRecipe: Sendable, Equatable {
    public enum Quantity: Sendable, Equatable {
        case number(Double)
        case text(String)
    }

    public enum Item: Sendable, Equatable {
        case text(String)
        case ingredient(name: String, quantity: Quantity, units: String)
        case cookware(name: String, quantity: Quantity)
        case timer(name: String, quantity: Quantity, units: String)
    }

    /// Front matter in order of appearance.
    public var metadata: [(key: String, value: String)]
    public var steps: [[Item]]

    public static func == (lhs: CooklangRecipe, rhs: CooklangRecipe) -> Bool {
        lhs.steps == rhs.steps && lhs.metadata.map(\.key) == rhs.metadata.map(\.key) && lhs.metadata.map(\.value) == rhs.metadata.map(\.value)
    }

    public init(parsing source: String) {
        var lines = source.replacing("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        metadata = []
        if lines.first?.trimmedWhitespace == "---", let end = lines.dropFirst().firstIndex(where: { $0.trimmedWhitespace == "---" }) {
            for line in lines[1..<end] {
                guard let colon = line.firstIndex(of: ":") else { continue }
                metadata.append((String(line[..<colon]).trimmedWhitespace, String(line[line.index(after: colon)...]).trimmedWhitespace))
            }
            lines.removeSubrange(0...end)
        }
        var paragraphs: [[String]] = [[]]
        for line in lines {
            if line.trimmedWhitespace.isEmpty {
                if !(paragraphs.last?.isEmpty ?? true) { paragraphs.append([]) }
                continue
            }
            guard let kept = Self.removingComment(line) else { continue }
            // A double dash written so as not to start a comment (see text(of:)) is text.
            paragraphs[paragraphs.count - 1].append(kept.replacing(Self.doubleDashInText, with: "--"))
        }
        steps = paragraphs.filter { !$0.isEmpty }.map { Self.items(in: $0.joined(separator: " ")) }.filter { !$0.isEmpty }
    }

    /// The line without a `--` comment; nil when the line was only a comment. A run of three
    /// or more dashes ("---") is text, not a comment.
    static func removingComment(_ line: String) -> String? {
        let characters = Array(line)
        var index = 0
        while index + 1 < characters.count {
            if characters[index] == "-", characters[index + 1] == "-" {
                var end = index
                while end < characters.count, characters[end] == "-" { end += 1 }
                if end - index == 2 {
                    let kept = String(characters[..<index])
                    return kept.trimmedWhitespace.isEmpty ? nil : kept
                }
                index = end
            } else {
                index += 1
            }
        }
        return line
    }

    static func items(in text: String) -> [Item] {
        var items: [Item] = []
        var pending = ""
        let characters = Array(text)
        var index = 0
        func flush() {
            if !pending.isEmpty { items.append(.text(pending)) }
            pending = ""
        }
        while index < characters.count {
            let character = characters[index]
            if "@#~".contains(character), let (item, next) = component(characters, at: index) {
                flush()
                items.append(item)
                index = next
            } else {
                pending.append(character)
                index += 1
            }
        }
        flush()
        return items
    }

    /// The component starting with the sigil at `start`, and the index after it.
    static func component(_ characters: [Character], at start: Int) -> (Item, Int)? {
        let sigil = characters[start]
        let nameStart = start + 1
        guard nameStart < characters.count, !characters[nameStart].isWhitespace else {
            // "~{5}" is a timer without a name; "@ x", "# 5" and "~ 5" are just text.
            if sigil == "~", nameStart < characters.count, characters[nameStart] == "{" { return braced(characters, sigil, start, nameEnd: nameStart) }
            return nil
        }
        if sigil == "~", characters[nameStart] == "{" { return braced(characters, sigil, start, nameEnd: nameStart) }
        // A brace before the next component makes a multi-word name.
        var scan = nameStart
        while scan < characters.count, !"@#~{".contains(characters[scan]) { scan += 1 }
        if scan < characters.count, characters[scan] == "{", let result = braced(characters, sigil, start, nameEnd: scan) {
            return result
        }
        var end = nameStart
        while end < characters.count, !characters[end].isWhitespace, !characters[end].isPunctuation || end == nameStart { end += 1 }
        guard end > nameStart else { return nil }
        let name = String(characters[nameStart..<end])
        return (item(sigil, name: name, amount: nil), end)
    }

    private static func braced(_ characters: [Character], _ sigil: Character, _ start: Int, nameEnd: Int) -> (Item, Int)? {
        guard let close = characters[nameEnd...].firstIndex(of: "}") else { return nil }
        let name = String(characters[(start + 1)..<nameEnd]).trimmedWhitespace
        if sigil != "~" && name.isEmpty { return nil }
        return (item(sigil, name: name, amount: String(characters[(nameEnd + 1)..<close])), close + 1)
    }

    private static func item(_ sigil: Character, name: String, amount: String?) -> Item {
        let parts = amount.map { text -> (String, String) in
            guard let percent = text.firstIndex(of: "%") else { return (text.trimmedWhitespace, "") }
            return (String(text[..<percent]).trimmedWhitespace, String(text[text.index(after: percent)...]).trimmedWhitespace)
        }
        let quantityText = parts?.0 ?? ""
        let units = parts?.1 ?? ""
        switch sigil {
        case "@":
            return .ingredient(name: name, quantity: quantityText.isEmpty ? .text("some") : quantity(quantityText), units: units)
        case "#":
            return .cookware(name: name, quantity: quantityText.isEmpty ? .number(1) : quantity(quantityText))
        default:
            return .timer(name: name, quantity: quantityText.isEmpty ? .text("") : quantity(quantityText), units: units)
        }
    }

    /// Numbers (3, 1.5) and fractions (1/2, 1 / 2) become numbers; anything else, including a
    /// fraction with a leading zero ("01/2"), stays text.
    static func quantity(_ text: String) -> Quantity {
        let parts: [String] = text.split(separator: "/", omittingEmptySubsequences: false).map { String($0).trimmedWhitespace }
        if parts.count == 2, let numerator = Double(parts[0]) as Double?, let denominator = Double(parts[1]) as Double?, denominator != 0,
           !parts[0].hasPrefix("0"), parts.allSatisfy({ $0.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } }) {
            let value = numerator / denominator
            return value < ShoppingList.largestQuantity ? .number(value) : .text(text)
        }
        if text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(text), value < ShoppingList.largestQuantity {
            return .number(value)
        }
        return .text(text)
    }
}
