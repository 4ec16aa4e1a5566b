import FoundationEssentials

/// A JSON value read leniently, the way web pages write it.
///
/// Recipe pages embed JSON that strict parsers refuse: raw newlines and tabs inside strings,
/// trailing commas, `\'` escapes, a byte-order mark, two documents in one block. The reader
/// accepts those and still refuses what has no reading (an unclosed string or object), so
/// that what is imported is what the page said.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in document order; a repeated key keeps its first value.
    case object([(key: String, value: JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let l), .bool(let r)): l == r
        case (.number(let l), .number(let r)): l == r
        case (.string(let l), .string(let r)): l == r
        case (.array(let l), .array(let r)): l == r
        case (.object(let l), .object(let r)): l.map(\.key) == r.map(\.key) && l.map(\.value) == r.map(\.value)
        default: false
        }
    }

    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value as a list: an array's elements, nothing for null, else the value alone.
    var elements: [JSONValue] {
        switch self {
        case .array(let values): values
        case .null: []
        default: [self]
        }
    }

    /// Strings and numbers as text (numbers without a needless ".0").
    var text: String? {
        switch self {
        case .string(let text): text
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        default: nil
        }
    }
}

/// Why a block of JSON could not be read, with the line it stopped on.
struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    let line: Int
    let reason: String
    var description: String { "line \(line): \(reason)" }
}

extension JSONValue {
    /// Nesting deeper than this is refused rather than risking the stack on hostile input.
    static let maximumDepth = 256

    /// Reads every value in `text`: one document is returned as is, several in a row as an array.
    static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var reader = LenientJSONReader(Array(text.utf8))
        return try reader.readDocuments()
    }

    /// Whether `text` is one JSON object with `key` among its own keys (escapes in keys aside),
    /// found by skipping over the values rather than reading them: knowing a 150 MB archive by
    /// its "format" key took a third of importing it. False for anything that does not scan.
    static func isObject(_ data: Data, withKey key: String) -> Bool {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var skimmer = JSONSkimmer(bytes)
            let wanted = Array(key.utf8)
            var found = false
            _ = skimmer.members { name, _ in
                found = bytes[name].elementsEqual(wanted)
                return !found
            }
            return found
        }
    }
}

private struct LenientJSONReader {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    mutating func readDocuments() throws(JSONSyntaxError) -> JSONValue {
        var values: [JSONValue] = []
        skipSpace()
        while position < bytes.count {
            values.append(try readValue(depth: 0))
            skipSpace()
            // Statements such as `;` between documents in one script block.
            while position < bytes.count, bytes[position] == UInt8(ascii: ";") || bytes[position] == UInt8(ascii: ",") {
                position += 1
                skipSpace()
            }
        }
        guard !values.isEmpty else { throw failure("no JSON value") }
        return values.count == 1 ? values[0] : .array(values)
    }

    private mutating func readValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < JSONValue.maximumDepth else { throw failure("nested more than \(JSONValue.maximumDepth) levels deep") }
        skipSpace()
        guard position < bytes.count else { throw failure("the text ends where a value should be") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try readObject(depth: depth)
        case UInt8(ascii: "["): return try readArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default:
            for (word, value) in [("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null)]
            where bytes[position...].starts(with: word.utf8) {
                position += word.utf8.count
                return value
            }
            throw failure("unexpected '\(String(decoding: [bytes[position]], as: UTF8.self))'")
        }
    }

    private mutating func readObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        var keys = Set<String>()
        while true {
            skipSpace()
            guard position < bytes.count else { throw failure("an object is not closed") }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            guard bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a quoted key") }
            let key = try readString()
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw failure("expected ':' after \"\(key)\"") }
            position += 1
            let value = try readValue(depth: depth + 1)
            if keys.insert(key).inserted { members.append((key, value)) }
            try readSeparator(closing: UInt8(ascii: "}"), what: "an object")
        }
    }

    private mutating func readArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        position += 1
        var values: [JSONValue] = []
        while true {
            skipSpace()
            guard position < bytes.count else { throw failure("an array is not closed") }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(values)
            }
            values.append(try readValue(depth: depth + 1))
            try readSeparator(closing: UInt8(ascii: "]"), what: "an array")
        }
    }

    /// A comma (a trailing one is fine) or the closing bracket, which is left for the caller.
    private mutating func readSeparator(closing: UInt8, what: String) throws(JSONSyntaxError) {
        skipSpace()
        guard position < bytes.count else { throw failure("\(what) is not closed") }
        if bytes[position] == UInt8(ascii: ",") {
            position += 1
        } else if bytes[position] != closing {
            throw failure("expected ',' or '\(String(decoding: [closing], as: UTF8.self))' in \(what)")
        }
    }

    private mutating func readString() throws(JSONSyntaxError) -> String {
        position += 1
        var utf8: [UInt8] = []
        var pendingHighSurrogate: UInt32?
        func appendScalar(_ value: UInt32, to utf8: inout [UInt8]) {
            utf8.append(contentsOf: String(Character(Unicode.Scalar(value) ?? "\u{FFFD}")).utf8)
        }
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\"") {
                if pendingHighSurrogate != nil { appendScalar(0xFFFD, to: &utf8) }
                return String(decoding: utf8, as: UTF8.self)
            }
            guard byte == UInt8(ascii: "\\") else {
                if pendingHighSurrogate != nil {
                    appendScalar(0xFFFD, to: &utf8)
                    pendingHighSurrogate = nil
                }
                // Raw control characters (newlines, tabs) are kept as the page meant them.
                utf8.append(byte)
                continue
            }
            guard position < bytes.count else { break }
            let escaped = bytes[position]
            position += 1
            if escaped == UInt8(ascii: "u") {
                guard position + 4 <= bytes.count,
                      let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16) else {
                    throw failure("a \\u escape needs four hex digits")
                }
                position += 4
                if let high = pendingHighSurrogate {
                    pendingHighSurrogate = nil
                    if (0xDC00...0xDFFF).contains(code) {
                        appendScalar(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00), to: &utf8)
                        continue
                    }
                    appendScalar(0xFFFD, to: &utf8)
                }
                if (0xD800...0xDBFF).contains(code) {
                    pendingHighSurrogate = code
                } else {
                    appendScalar((0xDC00...0xDFFF).contains(code) ? 0xFFFD : code, to: &utf8)
                }
                continue
            }
            if pendingHighSurrogate != nil {
                appendScalar(0xFFFD, to: &utf8)
                pendingHighSurrogate = nil
            }
            switch escaped {
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            // `\"`, `\\`, `\/` and the invalid but common `\'` stand for the character itself.
            default: utf8.append(escaped)
            }
        }
        throw failure("a string is not closed")
    }

    private mutating func readNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let numeric: Set<UInt8> = Set("0123456789.eE+-".utf8)
        while position < bytes.count, numeric.contains(bytes[position]) { position += 1 }
        guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)), value.isFinite else {
            throw failure("'\(String(decoding: bytes[start..<position], as: UTF8.self))' is not a number")
        }
        return .number(value)
    }

    private mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private func failure(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(line: bytes[..<min(position, bytes.count)].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }, reason: reason)
    }
}
