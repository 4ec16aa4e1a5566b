/// JSON string literals written by hand: for the status-bar line, where an encoder's start-up
/// cost matters, and for JSON-LD, which escapes more than JSONEncoder does.
public enum JSONString {
    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped,
    /// and every scalar `alsoEscaping` picks written as a `\u` escape.
    public static func quoted(_ text: String, alsoEscaping: (Unicode.Scalar) -> Bool = { _ in false }) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || alsoEscaping(scalar) {
                    result += escaped(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// `\uXXXX`, or a surrogate pair of them beyond the Basic Multilingual Plane.
    public static func escaped(_ scalar: Unicode.Scalar) -> String {
        func unit(_ value: UInt32) -> String {
            let hex = String(value, radix: 16)
            return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        guard scalar.value > 0xFFFF else { return unit(scalar.value) }
        let offset = scalar.value - 0x10000
        return unit(0xD800 + (offset >> 10)) + unit(0xDC00 + (offset & 0x3FF))
    }
}
