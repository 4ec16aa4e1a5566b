import FoundationEssentials

/// schema.org items written as HTML microdata (`itemscope itemtype=".../Recipe"` with
/// `itemprop` attributes), which some recipe pages carry instead of JSON-LD. Each Recipe item
/// becomes the JSON-LD object it stands for, so the one JSON-LD reader imports both.
///
/// A small tag scanner, not an HTML parser: it follows open and close tags (void elements
/// such as `<meta>` close themselves), takes a property's value from `content`, `datetime`,
/// `href` or `src`, else from the text inside the element, and keeps properties of nested
/// items (an author, a rating) inside those items.
enum Microdata {
    static func recipes(in html: String) -> [JSONValue] {
        var scanner = Scanner(html)
        scanner.run()
        return scanner.finished.filter { $0.isRecipe }.map(\.json)
    }

    /// One item and its properties in document order.
    final class Item {
        let types: [String]
        var properties: [(name: String, value: Value)] = []

        init(types: [String]) {
            self.types = types
        }

        var isRecipe: Bool {
            types.contains { $0.lowercased().hasSuffix("schema.org/recipe") }
        }

        var json: JSONValue {
            var members: [(key: String, value: JSONValue)] = [("@type", .string(types.first.map { String($0.split(separator: "/").last ?? "") } ?? "Thing"))]
            var order: [String] = []
            var values: [String: [JSONValue]] = [:]
            for (given, value) in properties {
                // Older microdata lists `ingredients`; one list, in page order, either way.
                let name = given == "ingredients" ? "recipeIngredient" : given
                if values[name] == nil { order.append(name) }
                values[name, default: []].append(value.json)
            }
            for name in order {
                let all = values[name] ?? []
                members.append((name, all.count == 1 ? all[0] : .array(all)))
            }
            return .object(members)
        }
    }

    enum Value {
        case text(String)
        case item(Item)

        var json: JSONValue {
            switch self {
            case .text(let text): .string(text)
            case .item(let item): item.json
            }
        }
    }

    private struct Open {
        var tag: String
        /// Property names this element gives a value to.
        var properties: [String]
        /// The item its properties belong to (the innermost item around it).
        var owner: Item?
        /// The item this element starts, if any.
        var starts: Item?
        /// Text inside it, collected when it names a property without a value attribute.
        var text: String?
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0
        var stack: [Open] = []
        /// Items not inside another item's property, in the order they close.
        var finished: [Item] = []

        init(_ html: String) {
            bytes = Array(html.utf8)
        }

        static let voidTags: Set<String> = ["meta", "link", "img", "br", "hr", "input", "source", "area", "base", "col",
                                            "embed", "param", "track", "wbr"]
        /// Elements whose content is not text of the page.
        static let rawTags: Set<String> = ["script", "style"]

        mutating func run() {
            while position < bytes.count {
                guard let open = bytes[position...].firstIndex(of: UInt8(ascii: "<")) else {
                    addText(bytes[position...])
                    return
                }
                addText(bytes[position..<open])
                if startsWith("<!--", at: open) {
                    position = find("-->", from: open + 4).map { $0 + 3 } ?? bytes.count
                    continue
                }
                guard let close = tagEnd(from: open + 1) else { return }
                let inside = String(decoding: bytes[(open + 1)..<close], as: UTF8.self)
                position = close + 1
                if inside.hasPrefix("/") {
                    closeTag(String(inside.dropFirst().prefix { !$0.isWhitespace }).lowercased())
                } else if !inside.hasPrefix("!"), !inside.hasPrefix("?") {
                    openTag(inside)
                }
            }
            while !stack.isEmpty { closeTop() }
        }

        private func startsWith(_ text: String, at index: Int) -> Bool {
            let pattern = Array(text.utf8)
            return index + pattern.count <= bytes.count && Array(bytes[index..<(index + pattern.count)]) == pattern
        }

        private func find(_ text: String, from start: Int) -> Int? {
            var index = start
            while index < bytes.count {
                if startsWith(text, at: index) { return index }
                index += 1
            }
            return nil
        }

        /// The `>` that ends a tag, skipping quoted attribute values.
        private func tagEnd(from start: Int) -> Int? {
            var quote: UInt8?
            var index = start
            while index < bytes.count {
                let byte = bytes[index]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    return index
                }
                index += 1
            }
            return nil
        }

        private mutating func addText(_ slice: ArraySlice<UInt8>) {
            guard !slice.isEmpty else { return }
            let text = String(decoding: slice, as: UTF8.self)
            for index in stack.indices where stack[index].text != nil { stack[index].text! += text }
        }

        private mutating func openTag(_ inside: String) {
            let name = String(inside.prefix { !$0.isWhitespace && $0 != "/" }).lowercased()
            let attributes = HTMLText.attributes(String(inside.dropFirst(name.count)))
            let properties = (attributes["itemprop"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
            let owner = stack.last { $0.starts != nil }?.starts
            var element = Open(tag: name, properties: properties, owner: owner)
            if attributes["itemscope"] != nil {
                element.starts = Item(types: (attributes["itemtype"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init))
            } else if !properties.isEmpty {
                if let value = attributes["content"] ?? attributes["datetime"] ?? (name == "a" || name == "link" ? attributes["href"] : nil)
                    ?? (name == "img" ? attributes["src"] : nil) {
                    give(.text(value), for: properties, to: owner)
                    element.properties = []
                } else {
                    element.text = ""
                }
            }
            if Self.rawTags.contains(name) {
                // Skip a script's or style's content whole.
                position = find("</\(name)", from: position) ?? bytes.count
                return
            }
            if Self.voidTags.contains(name) || inside.hasSuffix("/") {
                if let item = element.starts { finish(item, element) }
                return
            }
            stack.append(element)
        }

        private mutating func closeTag(_ name: String) {
            // Close up to the matching open tag; a stray close tag closes nothing.
            guard stack.contains(where: { $0.tag == name }) else { return }
            while let top = stack.last {
                closeTop()
                if top.tag == name { return }
            }
        }

        private mutating func closeTop() {
            let element = stack.removeLast()
            if let item = element.starts {
                finish(item, element)
            } else if let text = element.text, !element.properties.isEmpty {
                give(.text(HTMLText.plainText(text).trimmedWhitespace), for: element.properties, to: element.owner)
            }
        }

        private mutating func finish(_ item: Item, _ element: Open) {
            if !element.properties.isEmpty, let owner = element.owner {
                give(.item(item), for: element.properties, to: owner)
            } else {
                finished.append(item)
            }
        }

        private func give(_ value: Value, for properties: [String], to owner: Item?) {
            guard let owner else { return }
            for property in properties { owner.properties.append((property, value)) }
        }
    }
}
