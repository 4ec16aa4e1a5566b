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
            (0..<Int.random(in: 0...12, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
        }
        for _ in 0..<20_000 {
            var lhs = text(), rhs = text()
            let expected: Int32 = lhs < rhs ? -1 : (rhs < lhs ? 1 : 0)
            let result = lhs.withUTF8 { l in rhs.withUTF8 { r in TextMatching.compare(l, r) } }
            #expect(result == expected, "\(lhs.debugDescription) vs \(rhs.debugDescription)")
        }
        // A combining mark in any place of a long ASCII run (the eight-byte scan) still counts.
        for position in 0...17 {
            var plain = String(repeating: "a", count: 17), marked = plain
            marked.insert(contentsOf: "e\u{301}", at: marked.index(marked.startIndex, offsetBy: position))
            plain.insert("f", at: plain.index(plain.startIndex, offsetBy: position))
            let result = marked.withUTF8 { m in plain.withUTF8 { p in TextMatching.compare(m, p) } }
            #expect(result == 1, "at \(position): é sorts after f")
        }
    }
}

extension CollationTests {
    /// The eight-byte test for "some byte is 0xCC or above", against the byte-by-byte rule,
    /// for every byte value in every place of a word.
    @Test func theWordAtATimeScanFindsEveryByteFromCC() {
        for value in 0...255 {
            for position in 0..<9 {
                var bytes = [UInt8](repeating: 0x41, count: 9)
                bytes[position] = UInt8(value)
                let found = bytes.withUnsafeBufferPointer { TextMatching.isBelowCombiningMarks($0) }
                #expect(found == (value < 0xCC), "byte \(value) at \(position)")
            }
        }
    }
}
