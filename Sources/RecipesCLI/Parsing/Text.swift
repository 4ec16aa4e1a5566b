/// Small text helpers the command line needs; Foundation's versions live in the part of it
/// this binary leaves out to start faster.
extension StringProtocol {
    /// Without leading and trailing white space.
    var trimmed: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// Padded with spaces on the right to `width` characters.
    func padded(to width: Int) -> String {
        count >= width ? String(self) : String(self) + String(repeating: " ", count: width - count)
    }
}
