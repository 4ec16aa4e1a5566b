import Foundation
@testable import Recipes
@testable import RecipesCore
@_spi(_Unicode) import Swift
import Testing

/// Folding and normalizing work run by run on the non-ASCII parts of a text; the result must
/// be the same as the whole text's, and the word set used by the search index must keep
/// every distinct word once.
@Suite struct TextFoldingTests {
    static let texts = [
        "plain ascii", "Cafe\u{301} au lait", "A\u{30A}ngstro\u{308}m", "a\u{323}\u{302} and a\u{302}\u{323}",
        "\u{1100}\u{1161}\u{11A8} kimchi", "Crème brûlée", "ｆｕｌｌ ｗｉｄｔｈ Ｆｕｌｌ", "e\u{301}\u{301}x", "\u{301}start",
        "ﬁne straße İstanbul ǅemal", "👨‍👩‍👧 family", "x\u{212B}y\u{2126}z", "пельмени Борщ", "\u{0B47}\u{0B3E} oriya", "O\u{31B}\u{301} \u{1A0}\u{301}", "И\u{306}x", "か\u{3099}き", "\u{387}\u{374}",
    ]

    /// A name's key of ASCII text is made by bytes; it must be what its Characters make, for
    /// every ASCII character (control characters, CR LF, punctuation, the hyphen) in any
    /// order, and names typed with accents reach the same key.
    @Test func aNamesKeyByBytesIsTheKeyByCharacters() {
        var random = PredicateDifferentialTests.Generator(state: 2212)
        let pieces = ["\r\n", "\r", "\n", "\t", " ", "-", "--", "'", "Mom's", "Crème", "brûlée", "x", "42", "½"]
        for round in 0..<5_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                text += Bool.random(using: &random) ? pieces.randomElement(using: &random)!
                    : String(UnicodeScalar(UInt8.random(in: 0...0x7F, using: &random)))
            }
            let folded = TextMatching.fold(text)
            #expect(TextMatching.nameKey(text) == TextMatching.characterNameKey(folded), "round \(round): \(Array(text.utf8))")
            if folded.utf8.allSatisfy({ $0 < 0x80 }) {
                #expect(TextMatching.asciiNameKey(folded) == TextMatching.characterNameKey(folded), "round \(round)")
            }
        }
        #expect(TextMatching.nameKey("  Mom's -- Spaghetti\r\n") == "moms spaghetti")
        #expect(TextMatching.nameKey("Crème-Fraîche") == "creme fraiche")
    }

    @Test(arguments: texts) func canonicalIsTheWholeTextsNFC(text: String) {
        #expect(Array(TextMatching.canonical(text).utf8) == text._nfcCodeUnits)
    }

    /// `canonical` returns text whose scalars are all below U+0300 as it is, on the rule
    /// that each of them is its own NFC form, whatever follows it; a mark after one takes the
    /// full way.
    @Test func everyScalarBelowCombiningMarksIsItsOwnNFC() {
        let scalars = (0x80..<0x300).compactMap { Unicode.Scalar($0) }
        let text = "x" + String(String.UnicodeScalarView(scalars)) + " y"
        #expect(Array(TextMatching.canonical(text).utf8) == text._nfcCodeUnits)
        #expect(Array(text.utf8) == text._nfcCodeUnits)
        for scalar in scalars.prefix(64) {
            let marked = "a" + String(Character(scalar)) + "\u{301}\u{327} b"
            #expect(Array(TextMatching.canonical(marked).utf8) == marked._nfcCodeUnits, "\(scalar.value)")
        }
    }

    @Test(arguments: texts) func foldingRunByRunEqualsFoldingTheWholeText(text: String) {
        let folded = TextMatching.fold(text)
        // Folding again changes nothing, and an ASCII word found as it stands is found folded.
        #expect(TextMatching.fold(folded) == folded)
        for word in text.split(separator: " ") where word.utf8.allSatisfy({ $0 < 0x80 }) {
            #expect(TextMatching.foldedContains(text, String(word)))
        }
    }

    /// Accented Latin letters fold from a table, letter by letter; every pair of them must
    /// fold as the whole run does through decomposition.
    @Test func latinLettersFoldLikeTheirDecomposition() {
        let letters = (0xC0...0x17F).map { String(Unicode.Scalar($0)!) }
        for first in letters {
            for second in ["", "é", "ß", "İ", "ŉ", "\u{301}", "Ÿ"] {
                let run = first + second
                var scalars = String.UnicodeScalarView()
                for scalar in run._nfd {
                    switch scalar.properties.generalCategory {
                    case .nonspacingMark, .enclosingMark: continue
                    default: break
                    }
                    for upper in scalar.properties.uppercaseMapping.unicodeScalars {
                        scalars.append(contentsOf: upper.properties.lowercaseMapping.unicodeScalars)
                    }
                }
                #expect(TextMatching.fold("x" + run + "y") == "x" + TextMatching.canonical(String(scalars)) + "y", "\(run)")
            }
        }
    }

    @Test func searchWordsKeepEachWordOnce() {
        var words = SearchWords()
        var expected = Set<String>()
        for round in 0..<3 {
            for number in 0..<5_000 {
                let word = "w\(number % (1_000 * (round + 1)))é"
                expected.insert(word)
                var bytes = Array(word.utf8)
                bytes.withUnsafeMutableBufferPointer { words.insert(UnsafeBufferPointer($0)) }
            }
        }
        var found: [String] = []
        words.forEach { found.append($0) }
        #expect(found.count == expected.count && Set(found) == expected)
    }
}
