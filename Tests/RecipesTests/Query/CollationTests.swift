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
        // The byte order is taken where the texts first differ: pairs with a long common
        // beginning put that place past the eight-byte steps, with marks just after it.
        for _ in 0..<20_000 {
            let shared = text() + text()
            var lhs = shared + text(), rhs = shared + text()
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
    /// The byte-order shortcut takes only valid UTF-8 below U+0300, in any place of a word.
    @Test func theShortcutTakesOnlyValidUTF8BelowCombiningMarks() {
        func check(_ inserted: [UInt8], _ expected: Bool) {
            for position in 0...17 {
                var bytes = [UInt8](repeating: 0x41, count: 17)
                bytes.insert(contentsOf: inserted, at: position)
                let found = bytes.withUnsafeBufferPointer { TextMatching.isBelowCombiningMarks($0) }
                #expect(found == expected, "\(inserted) at \(position)")
            }
        }
        for value in 0...255 { check([UInt8(value)], value < 0x80) }
        check([0xC3, 0xA9], true)            // é
        check([0xCB, 0xBF], true)            // U+02FF
        check([0xCC, 0x81], false)           // a combining acute accent
        check([0xC0, 0x80], false)           // an overlong form, not UTF-8
        check([0xC3, 0x41], false)           // a lead byte without its continuation
        check([0xD0, 0xB0], false)           // Cyrillic а: the exact way
        let lone: [UInt8] = [0x41, 0xC3]
        #expect(!lone.withUnsafeBufferPointer { TextMatching.isBelowCombiningMarks($0) })
    }

    /// Text that is not UTF-8 orders as Swift orders what it reads as (U+FFFD), also after a
    /// common beginning and where one text is cut inside a character.
    @Test func bytesThatAreNotUTF8OrderAsSwiftReadsThem() {
        let pieces: [[UInt8]] = [[0xC3, 0x78], [0x7A], [0xC3, 0xA9], [0xC4, 0x80], [0x80], [0xEF, 0xAC, 0x81], [0xC3], [0xE2, 0x82],
                                 [0xCC, 0x81], [0x61]]
        let texts = pieces + pieces.flatMap { first in pieces.map { first + $0 } }.map { Array("mise en place ".utf8) + $0 }
        for lhs in texts {
            for rhs in texts {
                let (l, r) = (String(decoding: lhs, as: UTF8.self), String(decoding: rhs, as: UTF8.self))
                let expected: Int32 = l < r ? -1 : (r < l ? 1 : 0)
                let result = lhs.withUnsafeBufferPointer { lb in rhs.withUnsafeBufferPointer { rb in TextMatching.compare(lb, rb) } }
                #expect(result == expected, "\(lhs) vs \(rhs)")
            }
        }
    }
}

extension CollationTests {
    /// Text sorts by `recipes_sort_text` in byte order, which must be Swift's `<` too: checked
    /// through SQLite, on random texts of every piece, NFC or not.
    @Test func theSortTextOrdersAsStringLessThan() throws {
        let temporary = TemporaryStore()
        let database = try temporary.rawConnection()
        var random = PredicateDifferentialTests.Generator(state: 11)
        func text() -> String {
            (0..<Int.random(in: 0...8, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
        }
        func sortBytes(_ text: String) throws -> [UInt8] {
            guard case .blob(let bytes)? = try database.scalar("SELECT CAST(recipes_sort_text(?) AS BLOB)", [.text(text)]) else {
                return []
            }
            return bytes
        }
        for _ in 0..<5_000 {
            let lhs = text(), rhs = text()
            let expected = lhs < rhs ? -1 : (rhs < lhs ? 1 : 0)
            let (l, r) = (try sortBytes(lhs), try sortBytes(rhs))
            let result = l.lexicographicallyPrecedes(r) ? -1 : (r.lexicographicallyPrecedes(l) ? 1 : 0)
            #expect(result == expected, "\(lhs.debugDescription) vs \(rhs.debugDescription)")
        }
        #expect(try database.scalar("SELECT recipes_sort_text(12)") == .integer(12))
        #expect(try database.scalar("SELECT recipes_sort_text(NULL)") == .null)
    }

    /// Names another SQLite client wrote (decomposed accents, a singleton, bytes that are not
    /// UTF-8) sort in SQL as the same recipes sort in memory, both ways: the store's own
    /// writes are NFC, theirs need not be.
    @Test func namesAnotherClientWroteSortAsInMemory() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        let names = ["Eclair", "Éclair", "Ezme", "Ångström cake", "Apple pie", "Борщ", "Йогурт", "Zucchini", "ﬁg tart", "Fig tart"]
        for name in names { context.insert(Recipe(name: name)) }
        try context.save()
        let other = try temporary.rawConnection()
        try other.execute("""
            UPDATE recipe SET name = 'E' || char(0x301) || 'clair' || char(0x308) WHERE name = 'Éclair';
            UPDATE recipe SET name = char(0x212B) || 'ngstro' || char(0x308) || 'm cake' WHERE name = 'Ångström cake';
            UPDATE recipe SET name = 'И' || char(0x306) || 'огурт' WHERE name = 'Йогурт';
            UPDATE recipe SET name = CAST(X'46C3' || CAST(' tart' AS BLOB) AS TEXT) WHERE name = 'Fig tart';
            INSERT INTO recipe (id, kind, name, created, updated)
                SELECT '00000000-0000-0000-0000-00000000000' || n, 'dish', 'E' || char(0x301) || 'clair', 0, 0
                FROM (SELECT 1 AS n UNION ALL SELECT 2);
            """)
        let all = try ModelContext(temporary.store).fetch(FetchDescriptor<Recipe>())
        #expect(all.count == names.count + 2)
        for order in [SortOrder.forward, .reverse] {
            let sort = [SortDescriptor(\Recipe.name, order: order)]
            let fetched = try ModelContext(temporary.store).fetch(FetchDescriptor<Recipe>(sortBy: sort)).map(\.id)
            let expected = try PredicateDifferentialTests.expected(all, #Predicate { _ in true }, sort, id: \.id)
            #expect(fetched == expected, "\(order)")
        }
    }
}
