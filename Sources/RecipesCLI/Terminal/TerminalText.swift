import RecipesCore

/// Makes untrusted text (recipe names from the web, say) safe to print where a newline or a
/// control sequence would do harm: a status-bar line, a table cell, a terminal.
enum TerminalText {
    /// One line: line breaks and tabs become spaces; other control characters, ANSI escape
    /// sequences and bidirectional overrides are removed; runs of spaces collapse.
    static func oneLine(_ text: String) -> String {
        isOneLineAlready(text) ? text : oneLineScalarByScalar(text)
    }

    /// True when ``oneLine(_:)`` would return `text` unchanged: no byte that starts a line
    /// break, a control or a bidi character (below 0x20, DEL; 0xC2 leads U+0080–U+009F, 0xD8
    /// U+061C, 0xE2 U+2000–U+2FFF), and no space to drop. Most names are; a search lists
    /// thousands.
    static func isOneLineAlready(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else { return bytes.isEmpty }
            var previous: UInt8 = 0
            for byte in bytes {
                if byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 { return false }
                if byte == 0x20 && previous == 0x20 { return false }
                previous = byte
            }
            return true
        }
    }

    /// ``oneLine(_:)`` for any text, a scalar at a time.
    static func oneLineScalarByScalar(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var lastWasSpace = false
        for scalar in withoutEscapeSequences(text).unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                if !lastWasSpace && !result.isEmpty { result.append(" ") }
                lastWasSpace = true
                continue
            }
            if isInvisibleControl(scalar) { continue }
            lastWasSpace = scalar == " "
            if lastWasSpace && (result.isEmpty || result.hasSuffix(" ")) { continue }
            result.unicodeScalars.append(scalar)
        }
        while result.hasSuffix(" ") { result.removeLast() }
        return result
    }

    /// Several lines for a terminal: keeps line breaks and tabs, removes the rest as above.
    static func block(_ text: String) -> String {
        var result = ""
        for scalar in withoutEscapeSequences(text).unicodeScalars {
            if scalar == "\n" || scalar == "\t" { result.unicodeScalars.append(scalar); continue }
            if scalar == "\r" { continue }
            if isInvisibleControl(scalar) { continue }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// C0 and C1 controls, DEL, and the bidi embedding, override and isolate characters.
    static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        ControlText.isInvisibleControl(scalar)
    }

    /// Removes ESC-introduced sequences and their C1 forms (see ControlText).
    static func withoutEscapeSequences(_ text: String) -> String {
        ControlText.withoutEscapeSequences(text)
    }
}
