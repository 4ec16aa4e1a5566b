import FoundationEssentials

/// A parsed Cooklang recipe (cooklang.org): metadata and steps, each step a sequence of text,
/// ingredients (`@name{qty%unit}(note)`), cookware (`#name{qty}`) and timers
/// (`~name{qty%unit}`). Follows the specification's canonical tests and, beyond them, what
/// the reference parser (cooklang-rs) reads: YAML front matter with flow or block lists and
/// quoted values, `>> key: value` lines, block comments `[- … -]`, sections (`== Sauce ==`),
/// notes (`> …`), ingredient notes, fixed amounts (`{=1%tsp}`) and backslash escapes.
///
/// ```swift
/// let recipe = CooklangRecipe(parsing: "Add @salt{1%tsp} to #pot{}.")
/// recipe.steps[0]   // [.text("Add "), .ingredient(...), .text(" to "), .cookware(...), .text(".")]
/// ```
public struct CooklangRecipe: Sendable, Equatable {
    /// A quantity: a number when the text is one, else the text.
    public enum Quantity: Sendable, Equatable {
        /// A number ("2", "1/2").
        case number(Double)
        /// Text ("a pinch").
        case text(String)
    }

    /// A piece of a step.
    public enum Item: Sendable, Equatable {
        /// Plain text.
        case text(String)
        /// An `@ingredient{quantity%units}`.
        case ingredient(name: String, quantity: Quantity, units: String)
        /// A `#cookware{quantity}`.
        case cookware(name: String, quantity: Quantity)
        /// A `~timer{quantity%units}`.
        case timer(name: String, quantity: Quantity, units: String)
        /// A section heading (`== Sauce ==`), alone in its step.
        case section(String)
        /// A note paragraph (`> Serve warm.`), alone in its step.
        case note(String)
    }

    /// An ingredient mention as written: the quantity's text (`1/2`, `1-2`, `4`), its units,
    /// whether the amount is fixed (`{=1%tsp}`: it does not scale), and its note
    /// (`(cubed)`), in the order of ``steps``.
    public struct IngredientMention: Sendable, Equatable {
        /// The ingredient's name.
        public var name: String
        /// How much, when given.
        public var quantity: String
        /// The units, when given.
        public var units: String
        /// True for a quantity marked `=` (not scaled).
        public var isFixed: Bool
        /// The note in parentheses, when given.
        public var note: String?
    }

    /// Metadata in order of appearance: front matter, then `>>` lines. Lists are joined with
    /// ", ".
    public var metadata: [(key: String, value: String)]
    /// The steps, in order.
    public var steps: [[Item]]
    /// Every ingredient mention of ``steps``, in order, as written.
    public var mentions: [IngredientMention]

    public static func == (lhs: CooklangRecipe, rhs: CooklangRecipe) -> Bool {
        lhs.steps == rhs.steps && lhs.mentions == rhs.mentions
            && lhs.metadata.map(\.key) == rhs.metadata.map(\.key) && lhs.metadata.map(\.value) == rhs.metadata.map(\.value)
    }

    /// Parses Cooklang `text`.
    public init(parsing source: String) {
        var lines = source.replacing("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        metadata = []
        mentions = []
        if lines.first?.trimmedWhitespace == "---", let end = lines.dropFirst().firstIndex(where: { $0.trimmedWhitespace == "---" }) {
            metadata = CooklangFrontMatter.parse(Array(lines[1..<end]))
            lines.removeSubrange(0...end)
        }
        lines = Self.removingBlockComments(lines.joined(separator: "\n")).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var paragraphs: [[String]] = [[]]
        var standalone: [Int: Item] = [:]
        func endParagraph() {
            if !(paragraphs.last?.isEmpty ?? true) { paragraphs.append([]) }
        }
        for line in lines {
            let trimmed = line.trimmedWhitespace
            if trimmed.isEmpty {
                endParagraph()
                continue
            }
            if trimmed.hasPrefix(">>"), let colon = trimmed.firstIndex(of: ":") {
                metadata.append((String(trimmed.dropFirst(2)[..<colon]).trimmedWhitespace, String(trimmed[trimmed.index(after: colon)...]).trimmedWhitespace))
                continue
            }
            guard let kept = Self.removingComment(line) else { continue }
            if let heading = Self.sectionName(kept.trimmedWhitespace) {
                endParagraph()
                standalone[paragraphs.count - 1] = .section(heading)
                paragraphs[paragraphs.count - 1].append(kept)
                paragraphs.append([])
                continue
            }
            if kept.trimmedWhitespace.hasPrefix(">"), paragraphs.last?.isEmpty ?? true {
                standalone[paragraphs.count - 1] = .note(String(kept.trimmedWhitespace.dropFirst()).trimmedWhitespace)
                paragraphs[paragraphs.count - 1].append(kept)
                paragraphs.append([])
                continue
            }
            paragraphs[paragraphs.count - 1].append(kept)
        }
        var parsed: [[Item]] = []
        for (index, paragraph) in paragraphs.enumerated() where !paragraph.isEmpty {
            if let item = standalone[index] {
                parsed.append([item])
                continue
            }
            let (items, found) = Self.items(in: paragraph.joined(separator: " "))
            if !items.isEmpty {
                parsed.append(items)
                mentions += found
            }
        }
        steps = parsed
    }

    /// `= Name`, `== Name ==`: a section heading's name ("" for an unnamed section).
    static func sectionName(_ line: String) -> String? {
        guard line.hasPrefix("="), !line.hasPrefix("=@") else { return nil }
        let name = line.drop { $0 == "=" }.reversed().drop { $0 == "=" }.reversed()
        return String(name).trimmedWhitespace
    }

    /// The text without `[- … -]` block comments (which may span lines).
    static func removingBlockComments(_ text: String) -> String {
        guard text.contains("[-") else { return text }
        var result = ""
        var rest = Substring(text)
        // An escaped bracket (`\[-`) opens nothing.
        while let open = rest.firstRange(of: "[-") {
            if open.lowerBound > rest.startIndex, rest[rest.index(before: open.lowerBound)] == "\\" {
                result += rest[..<open.upperBound]
                rest = rest[open.upperBound...]
                continue
            }
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstRange(of: "-]") else { return result }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// The line without a `--` comment; nil when the line was only a comment. A run of three
    /// or more dashes ("---") is text, not a comment, and so are escaped dashes (`\-`).
    static func removingComment(_ line: String) -> String? {
        let characters = Array(line)
        var index = 0
        while index + 1 < characters.count {
            if characters[index] == "\\" {
                index += 2
            } else if characters[index] == "-", characters[index + 1] == "-" {
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

    static func items(in text: String) -> ([Item], [IngredientMention]) {
        var items: [Item] = []
        var mentions: [IngredientMention] = []
        var pending = ""
        let characters = Array(text)
        var index = 0
        func flush() {
            if !pending.isEmpty { items.append(.text(pending)) }
            pending = ""
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count, "@#~-[]{}()\\=>%".contains(characters[index + 1]) {
                pending.append(characters[index + 1])
                index += 2
            } else if "@#~".contains(character), let (item, mention, next) = component(characters, at: index) {
                flush()
                items.append(item)
                if let mention { mentions.append(mention) }
                index = next
            } else {
                pending.append(character)
                index += 1
            }
        }
        flush()
        return (items, mentions)
    }

    /// The component starting with the sigil at `start`, its mention when an ingredient, and
    /// the index after it.
    static func component(_ characters: [Character], at start: Int) -> (Item, IngredientMention?, Int)? {
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
        while scan < characters.count, !"@#~{".contains(characters[scan]) { scan += characters[scan] == "\\" ? 2 : 1 }
        if scan < characters.count, characters[scan] == "{", let result = braced(characters, sigil, start, nameEnd: scan) {
            return result
        }
        var end = nameStart
        while end < characters.count, !characters[end].isWhitespace, !characters[end].isPunctuation || end == nameStart { end += 1 }
        guard end > nameStart else { return nil }
        let name = String(characters[nameStart..<end])
        return made(sigil, name: name, amount: nil, characters, after: end)
    }

    private static func braced(_ characters: [Character], _ sigil: Character, _ start: Int, nameEnd: Int) -> (Item, IngredientMention?, Int)? {
        var scan = nameEnd + 1
        while scan < characters.count, characters[scan] != "}" { scan += characters[scan] == "\\" ? 2 : 1 }
        guard scan < characters.count else { return nil }
        let close = scan
        let name = unescaped(String(characters[(start + 1)..<nameEnd])).trimmedWhitespace
        if sigil != "~" && name.isEmpty { return nil }
        return made(sigil, name: name, amount: String(characters[(nameEnd + 1)..<close]), characters, after: close + 1)
    }

    /// The item, and for an ingredient its mention with a note in parentheses right after it.
    private static func made(_ sigil: Character, name: String, amount: String?, _ characters: [Character],
                             after end: Int) -> (Item, IngredientMention?, Int) {
        // Split at the first unescaped `%`, and tell a fixed amount (`=1`) from an escaped `\=`
        // before the escapes are removed.
        let parts = amount.map { text -> (String, String, Bool) in
            let characters = Array(text)
            var index = 0
            while index < characters.count, characters[index] != "%" { index += characters[index] == "\\" ? 2 : 1 }
            let quantity = String(characters[..<min(index, characters.count)]).trimmedWhitespace
            let isFixed = quantity.hasPrefix("=")
            let written = unescaped(String(isFixed ? quantity.dropFirst() : Substring(quantity))).trimmedWhitespace
            guard index < characters.count else { return (written, "", isFixed) }
            return (written, unescaped(String(characters[(index + 1)...])).trimmedWhitespace, isFixed)
        }
        let quantityText = parts?.0 ?? ""
        let units = parts?.1 ?? ""
        switch sigil {
        case "@":
            let isFixed = parts?.2 ?? false
            var next = end
            var note: String?
            if end < characters.count, characters[end] == "(", let close = characters[end...].firstIndex(of: ")") {
                note = String(characters[(end + 1)..<close]).trimmedWhitespace
                next = close + 1
            }
            let item = Item.ingredient(name: name, quantity: quantityText.isEmpty ? .text("some") : quantity(quantityText), units: units)
            return (item, IngredientMention(name: name, quantity: quantityText, units: units, isFixed: isFixed, note: note), next)
        case "#":
            return (.cookware(name: name, quantity: quantityText.isEmpty ? .number(1) : quantity(quantityText)), nil, end)
        default:
            return (.timer(name: name, quantity: quantityText.isEmpty ? .text("") : quantity(quantityText), units: units), nil, end)
        }
    }

    /// `\%`, `\}` and other escaped characters as themselves.
    static func unescaped(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var escaped = false
        for character in text {
            if escaped || character != "\\" {
                result.append(character)
                escaped = false
            } else {
                escaped = true
            }
        }
        return result
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

/// The YAML that Cooklang front matter uses in practice: `key: value`, quoted values, flow
/// lists (`[a, b]`) and block lists (`key:` then `  - a` lines). Nested maps are kept as
/// their text.
enum CooklangFrontMatter {
    static func parse(_ lines: [String]) -> [(key: String, value: String)] {
        var result: [(key: String, value: String)] = []
        var listKey: Int?
        for line in lines {
            let trimmed = line.trimmedWhitespace
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("- "), let index = listKey {
                let item = scalar(String(trimmed.dropFirst(2)))
                result[index].value += (result[index].value.isEmpty ? "" : ", ") + item
                continue
            }
            guard line.first?.isWhitespace != true, let colon = line.firstIndex(of: ":") else { continue }
            let key = scalar(String(line[..<colon]))
            let raw = String(line[line.index(after: colon)...]).trimmedWhitespace
            result.append((key, value(raw)))
            listKey = raw.isEmpty ? result.count - 1 : nil
        }
        return result
    }

    private static func value(_ raw: String) -> String {
        if raw.hasPrefix("["), raw.hasSuffix("]") {
            return raw.dropFirst().dropLast().split(separator: ",").map { scalar(String($0)) }.filter { !$0.isEmpty }.joined(separator: ", ")
        }
        return scalar(raw)
    }

    /// A scalar without its quotes: `"a \"b\""` and `'it''s'` as YAML reads them; a comment
    /// after an unquoted value is dropped.
    static func scalar(_ text: String) -> String {
        let text = text.trimmedWhitespace
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
            var result = ""
            var escaped = false
            for character in text.dropFirst().dropLast() {
                if escaped {
                    switch character {
                    case "n": result.append("\n")
                    case "t": result.append("\t")
                    default: result.append(character)
                    }
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else {
                    result.append(character)
                }
            }
            return result
        }
        if text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") {
            return String(text.dropFirst().dropLast()).replacing("''", with: "'")
        }
        if let comment = text.firstRange(of: " #") { return String(text[..<comment.lowerBound]).trimmedWhitespace }
        return text
    }

    /// `text` as a YAML scalar that reads back as itself: plain when that is safe, else
    /// double-quoted with escapes.
    static func quoted(_ text: String) -> String {
        let plainSafe = !text.isEmpty && text == text.trimmedWhitespace && !text.contains(": ") && !text.contains(" #")
            && !text.hasSuffix(":") && !text.contains(where: { $0.isNewline || $0 == "\t" || $0 == "\"" })
            && !"-?:,[]{}#&*!|>'\"%@`".contains(text.first!)
            && !["true", "false", "yes", "no", "null", "~", "on", "off"].contains(text.lowercased())
            && Double(text) == nil
        if plainSafe { return text }
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
