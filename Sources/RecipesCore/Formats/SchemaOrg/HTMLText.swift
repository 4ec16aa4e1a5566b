/// The few pieces of HTML a recipe import needs: the JSON-LD script blocks of a page, its
/// canonical address, and plain text out of strings that carry entities and tags.
enum HTMLText {
    /// The contents of every `<script type="application/ld+json">` block, in page order,
    /// with CDATA and comment wrappers removed.
    static func linkedDataBlocks(in html: String) -> [String] {
        let bytes = Array(html.utf8)
        var blocks: [String] = []
        var position = 0
        while let tag = find("<script", in: bytes, from: position) {
            guard let tagEnd = bytes[tag...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let attributes = self.attributes(String(decoding: bytes[(tag + 7)..<tagEnd], as: UTF8.self))
            let contentEnd = find("</script", in: bytes, from: tagEnd + 1) ?? bytes.count
            position = contentEnd
            let type = attributes["type"]?.lowercased().split(separator: ";").first?.trimmedWhitespace ?? ""
            guard type == "application/ld+json" else { continue }
            blocks.append(unwrap(String(decoding: bytes[(tagEnd + 1)..<contentEnd], as: UTF8.self)))
        }
        return blocks
    }

    /// The names a page gives its site: `<meta property="og:site_name">`, and the last part of
    /// its `<title>` after " | ", " - " or " – " ("Easy banana bread | BBC Good Food").
    static func siteNames(in html: String) -> [String] {
        let bytes = Array(html.utf8)
        var names: [String] = []
        forEachTag("meta", in: bytes) { attributes in
            if (attributes["property"] ?? attributes["name"])?.lowercased() == "og:site_name", let content = attributes["content"] {
                names.append(plainText(content))
            }
            return true
        }
        if let open = find("<title", in: bytes, from: 0), let openEnd = bytes[open...].firstIndex(of: UInt8(ascii: ">")),
           let close = find("</title", in: bytes, from: openEnd) {
            let title = plainText(String(decoding: bytes[(openEnd + 1)..<close], as: UTF8.self))
            for separator in [" | ", " - ", " – ", " — ", "_"] {
                if let range = title.ranges(of: separator).last {
                    names.append(title[range.upperBound...].trimmedWhitespace)
                    break
                }
            }
        }
        return names.filter { !$0.isEmpty && $0.count <= 60 }
    }

    /// Calls `body` with the attributes of each `<name …>` tag of the page, in order, while it
    /// returns true.
    private static func forEachTag(_ name: String, in bytes: [UInt8], _ body: ([String: String]) -> Bool) {
        var position = 0
        while let tag = find("<" + name, in: bytes, from: position) {
            guard let tagEnd = bytes[tag...].firstIndex(of: UInt8(ascii: ">")) else { return }
            position = tagEnd
            guard body(attributes(String(decoding: bytes[(tag + 1 + name.utf8.count)..<tagEnd], as: UTF8.self))) else { return }
        }
    }

    /// `<link rel="canonical" href="…">`: the address a page gives for itself.
    static func canonicalAddress(in html: String) -> String? {
        var found: String?
        forEachTag("link", in: Array(html.utf8)) { attributes in
            if attributes["rel"]?.lowercased().split(separator: " ").contains("canonical") == true,
               let address = attributes["href"].map({ plainText($0) }), address.hasPrefix("http") {
                found = address
            }
            return found == nil
        }
        return found
    }

    /// Text with its HTML entities decoded (also when escaped twice, as `&amp;quot;`), its
    /// tags removed and its white space tidied. With `keepingLines`, line breaks, paragraphs
    /// and list items become new lines; otherwise everything is one line.
    static func plainText(_ text: String, keepingLines: Bool = false) -> String {
        var decoded = text
        // Pages escape text once for JSON-in-HTML and again by mistake; three rounds undo
        // every double escape seen in the wild without looping on a literal "&amp;".
        for _ in 0..<3 where decoded.contains("&") {
            let next = decodeEntities(decoded)
            if next == decoded { break }
            decoded = next
        }
        let untagged = removeTags(decoded)
        let lines = untagged.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { line in
            line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        return keepingLines
            ? lines.filter { !$0.isEmpty }.joined(separator: "\n")
            : lines.filter { !$0.isEmpty }.joined(separator: " ")
    }

    // MARK: - Pieces

    private static func find(_ needle: String, in bytes: [UInt8], from start: Int) -> Int? {
        let pattern = Array(needle.utf8)
        guard pattern.count <= bytes.count else { return nil }
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0],
               zip(bytes[index..<(index + pattern.count)], pattern).allSatisfy({ lowercase($0) == $1 }) {
                let after = index + pattern.count
                // `<scripts` or `<linked` are other tags.
                if after == bytes.count || !isNameByte(bytes[after]) { return index }
            }
            index += 1
        }
        return nil
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        let lower = lowercase(byte)
        return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(lower)
            || lower == UInt8(ascii: "-") || lower == UInt8(ascii: "_")
    }

    /// Attributes of a tag, names lowercased, values with or without quotes.
    static func attributes(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "/" }
            let name = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != ">" && $0 != "/" }
            guard !name.isEmpty else { return result }
            rest = rest.dropFirst(name.count).drop(while: \.isWhitespace)
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst().drop(while: \.isWhitespace)
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    let body = rest.dropFirst().prefix { $0 != quote }
                    value = String(body)
                    rest = rest.dropFirst(body.count + 2)
                } else {
                    let body = rest.prefix { !$0.isWhitespace }
                    value = String(body)
                    rest = rest.dropFirst(body.count)
                }
            }
            let key = name.lowercased()
            if result[key] == nil { result[key] = value }
        }
    }

    /// Removes `<!-- -->` and `<![CDATA[ ]]>` wrappers (and their `//` or `/* */` comment
    /// guards) around a script's JSON.
    private static func unwrap(_ script: String) -> String {
        var text = Substring(script.trimmedWhitespace)
        var changed = true
        while changed {
            changed = false
            // Openers, with their comment guards and any spaces between: "// <![CDATA[",
            // "/* <![CDATA[ */", "<!--".
            if text.hasPrefix("//"), let rest = Optional(text.dropFirst(2).drop(while: \.isWhitespace)),
               rest.hasPrefix("<![CDATA[") || rest.hasPrefix("<!--") {
                text = rest
            }
            if text.hasPrefix("/*"), let close = text.firstRange(of: "*/"),
               text[text.index(text.startIndex, offsetBy: 2)..<close.lowerBound].trimmedWhitespace == "<![CDATA[" {
                text = text[close.upperBound...]
                changed = true
            }
            for opener in ["<!--", "<![CDATA["] where text.hasPrefix(opener) {
                text = Substring(text.dropFirst(opener.count).trimmedWhitespace)
                changed = true
            }
            // Closers likewise: "// ]]>", "/* ]]> */", "-->".
            if text.hasSuffix("*/"), let open = text.ranges(of: "/*").last,
               text[open.upperBound..<text.index(text.endIndex, offsetBy: -2)].trimmedWhitespace == "]]>" {
                text = Substring(text[..<open.lowerBound].trimmedWhitespace)
                changed = true
            }
            for closer in ["]]>", "-->"] where text.hasSuffix(closer) {
                text = Substring(text.dropLast(closer.count).trimmedWhitespace)
                if text.hasSuffix("//") { text = Substring(text.dropLast(2).trimmedWhitespace) }
                changed = true
            }
            text = Substring(text.trimmedWhitespace)
        }
        return String(text)
    }

    private static func removeTags(_ text: String) -> String {
        guard text.contains("<") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            result += rest[..<open]
            let after = rest[rest.index(after: open)...]
            // Only `<` that starts an HTML tag: "< 200 °C", "<3" and "<bread>" stay text.
            let name = after.prefix { $0.isLetter || $0.isNumber || $0 == "/" || $0 == "!" }.lowercased()
            guard let close = after.firstIndex(of: ">"),
                  name.hasPrefix("!") || htmlElements.contains(name.trimmingCharacters(of: "/")) else {
                result.append("<")
                rest = after
                continue
            }
            if ["br", "br/", "p", "/p", "li", "/li", "div", "/div", "/h1", "/h2", "/h3", "/h4", "tr", "/tr"].contains(name) {
                result.append("\n")
            } else {
                result.append(" ")
            }
            rest = after[after.index(after: close)...]
        }
        result += rest
        return result
    }

    /// The elements recipe text carries; other `<words>` are text.
    private static let htmlElements: Set<String> = [
        "a", "abbr", "b", "big", "blockquote", "br", "center", "cite", "code", "dd", "del", "div", "dl", "dt", "em",
        "font", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p", "picture",
        "pre", "q", "s", "script", "section", "small", "source", "span", "strike", "strong", "style", "sub", "sup",
        "table", "tbody", "td", "th", "thead", "tr", "u", "ul", "wbr",
    ]

    private static func decodeEntities(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            let body = after.prefix(12).prefix { $0 != ";" && $0 != "&" && !$0.isWhitespace }
            let end = after.index(after.startIndex, offsetBy: body.count, limitedBy: after.endIndex) ?? after.endIndex
            if end < after.endIndex, after[end] == ";", let decoded = entity(body) {
                result += decoded
                rest = after[after.index(after: end)...]
            } else {
                result.append("&")
                rest = after
            }
        }
        result += rest
        return result
    }

    private static func entity(_ body: Substring) -> String? {
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let code = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let code, code != 0, let scalar = Unicode.Scalar(code) else { return nil }
            return String(Character(scalar))
        }
        return namedEntities[String(body)]
    }

    /// The named entities recipe pages use; others are left as written.
    private static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "shy": "",
        "frac12": "½", "frac14": "¼", "frac34": "¾", "frac13": "⅓", "frac23": "⅔", "frac18": "⅛",
        "deg": "°", "times": "×", "frasl": "⁄", "middot": "·", "bull": "•", "hellip": "…",
        "ndash": "–", "mdash": "—", "lsquo": "‘", "rsquo": "’", "sbquo": "‚", "ldquo": "“", "rdquo": "”",
        "laquo": "«", "raquo": "»", "copy": "©", "reg": "®", "trade": "™", "euro": "€", "pound": "£",
        "cent": "¢", "iexcl": "¡", "iquest": "¿", "szlig": "ß", "micro": "µ", "ordm": "º", "ordf": "ª",
        "aacute": "á", "agrave": "à", "acirc": "â", "atilde": "ã", "auml": "ä", "aring": "å", "aelig": "æ",
        "ccedil": "ç", "eacute": "é", "egrave": "è", "ecirc": "ê", "euml": "ë", "iacute": "í", "igrave": "ì",
        "icirc": "î", "iuml": "ï", "ntilde": "ñ", "oacute": "ó", "ograve": "ò", "ocirc": "ô", "otilde": "õ",
        "ouml": "ö", "oslash": "ø", "oelig": "œ", "uacute": "ú", "ugrave": "ù", "ucirc": "û", "uuml": "ü",
        "yacute": "ý", "yuml": "ÿ", "Aacute": "Á", "Agrave": "À", "Acirc": "Â", "Auml": "Ä", "Aring": "Å",
        "Ccedil": "Ç", "Eacute": "É", "Egrave": "È", "Ecirc": "Ê", "Iacute": "Í", "Ntilde": "Ñ", "Oacute": "Ó",
        "Ouml": "Ö", "Oslash": "Ø", "Uacute": "Ú", "Uuml": "Ü",
    ]
}
