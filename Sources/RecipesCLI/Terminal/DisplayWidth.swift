/// How many terminal columns text takes, as wcwidth counts them (tmux does): East Asian wide
/// and emoji characters two, everything else one per character.
enum DisplayWidth {
    static func columns(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + columns($1) }
    }

    static func columns(_ character: Character) -> Int {
        character.unicodeScalars.contains { isWide($0) } ? 2 : 1
    }

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isEmojiPresentation { return true }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
