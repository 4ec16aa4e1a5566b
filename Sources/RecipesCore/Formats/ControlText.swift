/// The characters that control a terminal or reorder text rather than show something: what
/// every format that puts untrusted text in front of a person removes (the CLI's output, an
/// iCalendar feed a calendar application shows).
public enum ControlText {
    /// C0 and C1 controls, DEL, and the bidi embedding, override and isolate characters.
    public static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: true
        default: false
        }
    }

    /// Removes ESC-introduced sequences (CSI such as "\u{1B}[31m", OSC up to BEL or ST, and
    /// two-character escapes) and their one-character C1 forms, so their parameters do not
    /// show up as stray text.
    public static func withoutEscapeSequences(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{9D}" }) else { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\u{1B}":
                guard let kind = scalars.next() else { break }
                if kind == "[" { skipCSI(&scalars) } else if kind == "]" { skipOSC(&scalars) }
            case "\u{9B}": skipCSI(&scalars)
            case "\u{9D}": skipOSC(&scalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    private static func skipCSI(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
    }

    private static func skipOSC(_ scalars: inout String.UnicodeScalarView.Iterator) {
        var previous: Unicode.Scalar?
        while let next = scalars.next() {
            if next == "\u{07}" || next == "\u{9C}" || (previous == "\u{1B}" && next == "\\") { return }
            previous = next
        }
    }
}
