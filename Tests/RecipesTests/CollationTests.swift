import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// `COLLATE swift` (TextMatching.compare) must order as Swift's String `<` does, which is
/// what a SortDescriptor on a name does in memory: checked on random pairs from scripts on
/// both sides of its byte-order fast path (scalars below U+0300) and across it.
@Suite struct CollationTests {
    static let pieces = ["a", "B", "z", " ", "1", "~", "é", "e\u{301}", "É", "ß", "ÿ", "ł", "ǅ", "ɐ", "\u{A0}", "\u{301}",
                         "\u{308}", "а", "й", "и\u{306}", "한", "\u{1100}\u{1161}", "ﬁ", "Å", "\u{212B}", "😀", "\u{7F}", "\t"]

    @Test func itOrdersAsStringLessThan() {
        var random = PredicateDifferentialTests.Generator(state: 7)
        func text() -> String {
            (0..<Int.random(in: 0...4, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
        }
        for _ in 0..<20_000 {
            var lhs = text(), rhs = text()
            let expected: Int32 = lhs < rhs ? -1 : (rhs < lhs ? 1 : 0)
            let result = lhs.withUTF8 { l in rhs.withUTF8 { r in TextMatching.compare(l, r) } }
            #expect(result == expected, "\(lhs.debugDescription) vs \(rhs.debugDescription)")
        }
    }
}
