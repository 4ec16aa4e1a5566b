import Foundation
@testable import RecipesCLI
import Testing

/// `TerminalText.oneLine` returns text it would not change as it is, without rebuilding it;
/// that shortcut must give what the scalar-by-scalar rule gives, for any text.
@Suite struct TerminalTextTests {
    static let pieces = ["a", "Zed", " ", "  ", "\n", "\r\n", "\t", "\u{1B}[31m", "\u{1B}]0;title\u{07}", "\u{85}", "\u{9B}2J",
                         "\u{61C}", "\u{200E}", "\u{2028}", "\u{202E}", "\u{2066}", "\u{A0}", "é", "ł", "пельмени", "€", "—", "\u{7F}", "😀"]

    @Test func theShortcutAgreesWithTheRule() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            #expect(TerminalText.oneLine(text) == TerminalText.oneLineScalarByScalar(text), "\(text.debugDescription)")
        }
        #expect(TerminalText.isOneLineAlready("Crème brûlée") && TerminalText.isOneLineAlready("Пельмени"))
        #expect(!TerminalText.isOneLineAlready(" x") && !TerminalText.isOneLineAlready("a  b") && !TerminalText.isOneLineAlready("a\u{202E}b"))
    }
}
