import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
// The standard library's canonical decomposition (NFD), used for folding; public but
// underscored, it is the normalization Swift's own String comparison runs on.
@_spi(_Unicode) import Swift

/// The string semantics that predicates have in memory, written once so that the SQL side
/// (registered as SQLite functions) and Swift evaluation cannot drift apart.
///
/// Swift compares strings by Unicode canonical equivalence and `contains` / `starts(with:)`
/// work on Characters (grapheme clusters): "é" does not contain "e", "e\u{301}" equals "é".
/// SQLite's `instr`, `LIKE` and `=` work on bytes, so they are used only where the two agree:
/// ASCII text without carriage returns ("\r\n" is one Character).
public enum TextMatching {
    /// `haystack.contains(needle)` with Swift's Character semantics.
    public static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        if isPlainASCII(haystack) && isPlainASCII(needle) {
            return byteRange(of: needle, in: haystack) != nil
        }
        return characterContains(string(haystack), string(needle))
    }

    /// `haystack.starts(with: prefix)` with Swift's Character semantics.
    public static func startsWith(_ haystack: UnsafeBufferPointer<UInt8>, _ prefix: UnsafeBufferPointer<UInt8>) -> Bool {
        if isPlainASCII(haystack) && isPlainASCII(prefix) {
            return prefix.count <= haystack.count && zip(haystack, prefix).allSatisfy { $0 == $1 }
        }
        return characterStartsWith(string(haystack), string(prefix))
    }

    // Called generically on purpose: with Foundation imported, `String.contains(String)`
    // resolves to Foundation's NSString-style method (false for an empty needle), while
    // `#Predicate` evaluates the standard library's Collection algorithm. A generic context
    // sees only the latter.
    private static func characterContains<C: BidirectionalCollection>(_ haystack: C, _ needle: C) -> Bool where C.Element: Equatable {
        haystack.contains(needle)
    }

    private static func characterStartsWith<C: Sequence>(_ haystack: C, _ prefix: C) -> Bool where C.Element: Equatable {
        haystack.starts(with: prefix)
    }

    /// Swift's `String` ordering (canonical equivalence) as `SortDescriptor` applies it: less
    /// when `<`, greater when the reverse `<`, else the same. (The standard library's `<` can
    /// hold neither way for strings that are not `==`, such as "\u{E9} e" and "e\u{301} ";
    /// asking `<` both ways agrees with Foundation's ComparableComparator on them.)
    public static func compare(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Int32 {
        if let order = byteOrderAtFirstDifference(lhs, rhs) { return order }
        let l = string(lhs), r = string(rhs)
        return l < r ? -1 : (r < l ? 1 : 0)
    }

    /// The byte order of two texts, when the place they first differ shows it is Swift's, else
    /// nil. Swift orders strings by the scalars of their NFC forms. Where the character at
    /// the first difference, and the one after it, are valid UTF-8 below U+0300 in both
    /// texts (ASCII, Latin-1, Latin Extended, IPA), nothing before that place differs, that
    /// character is a starter no earlier one composes with, and no later mark composes with
    /// it (every scalar below U+0300 has combining class 0 and is no composition's second
    /// half): its scalar comes next in both NFC forms, and UTF-8 keeps scalar order. The same
    /// holds where one text ends and the other goes on with such a character. Sorting a list
    /// by name calls this for every comparison: building Strings was a fifth of a large
    /// search, and checking both whole names for marks, an eighth.
    static func byteOrderAtFirstDifference(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Int32? {
        let common = min(lhs.count, rhs.count)
        var index = 0
        if common > 0, let l = UnsafeRawPointer(lhs.baseAddress), let r = UnsafeRawPointer(rhs.baseAddress) {
            while index + 8 <= common,
                  l.loadUnaligned(fromByteOffset: index, as: UInt64.self) == r.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
                index += 8
            }
        }
        while index < common && lhs[index] == rhs[index] { index += 1 }
        if index == common && lhs.count == rhs.count { return 0 }
        // Back to the start of the character the difference is in (bytes before it are the
        // same), so that a difference inside a two-byte letter takes the shortcut too.
        func continues(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Bool { at < bytes.count && bytes[at] & 0xC0 == 0x80 }
        var start = index
        while start > 0 && (continues(lhs, start) || continues(rhs, start)) { start -= 1 }
        guard startsWithPlainCharacters(lhs, at: start), startsWithPlainCharacters(rhs, at: start) else { return nil }
        if index == common { return lhs.count < rhs.count ? -1 : 1 }
        return lhs[index] < rhs[index] ? -1 : 1
    }

    /// Whether the two characters from `start` (or as many as there are before the text ends)
    /// are valid UTF-8 below U+0300: ASCII, or a lead byte from 0xC2 to 0xCB and its continuation.
    private static func startsWithPlainCharacters(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var index = start
        for _ in 0..<2 where index < bytes.count {
            guard let length = plainCharacterLength(bytes, at: index) else { return false }
            index += length
        }
        return true
    }

    /// The length of the character at `index` when it is valid UTF-8 below U+0300 (ASCII, or
    /// a lead byte from 0xC2 to 0xCB and its continuation), else nil.
    private static func plainCharacterLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let byte = bytes[index]
        if byte < 0x80 { return 1 }
        guard (0xC2...0xCB).contains(byte), index + 1 < bytes.count, bytes[index + 1] & 0xC0 == 0x80 else { return nil }
        return 2
    }

    /// The library's `localizedStandardContains`: true when the folded needle (see
    /// ``fold(_:)``) occurs in the folded haystack. An empty needle matches nothing, as on
    /// Apple platforms.
    public static func foldedContains(_ haystack: String, _ needle: String) -> Bool {
        var haystack = haystack, foldedNeedle = fold(needle)
        return haystack.withUTF8 { h in foldedNeedle.withUTF8 { n in foldedContains(h, foldedNeedle: n) } }
    }

    /// `haystack` folded contains `needle`, which is already folded. ASCII text is compared
    /// byte by byte, lower-casing as it goes, without building the folded copy.
    static func foldedContains(_ haystack: UnsafeBufferPointer<UInt8>, foldedNeedle needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !needle.isEmpty else { return false }
        if isASCII(needle) {
            // ASCII in the text stays where it is when the text is folded (only its case
            // changes), so an ASCII needle found as it stands is found in the folded text too;
            // only a miss in text with other characters needs the fold (é folds to e).
            if asciiCaseInsensitiveRange(of: needle, in: haystack) { return true }
            if isASCII(haystack) { return false }
        }
        return foldedUTF8(haystack).withUnsafeBufferPointer { byteRange(of: needle, in: $0) != nil }
    }

    /// Whether lower-case ASCII `needle` occurs in ASCII `haystack` ignoring the haystack's case.
    private static func asciiCaseInsensitiveRange(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard needle.count <= haystack.count else { return false }
        let first = needle[0]
        let firstUpper = (first >= 0x61 && first <= 0x7A) ? first - 0x20 : first
        var start = 0
        let last = haystack.count - needle.count
        while start <= last {
            let byte = haystack[start]
            if byte == first || byte == firstUpper {
                var matched = true
                for offset in 1..<needle.count {
                    var candidate = haystack[start + offset]
                    if candidate >= 0x41 && candidate <= 0x5A { candidate += 0x20 }
                    if candidate != needle[offset] {
                        matched = false
                        break
                    }
                }
                if matched { return true }
            }
            start += 1
        }
        return false
    }

    /// Case-folds and removes diacritics ("Crème Brûlée" becomes "creme brulee", "STRASSE"
    /// and "Straße" both "strasse", full-width "Ｆｕｌｌ" "full"): the form that search
    /// compares and the search index stores. Marks are dropped from the canonical
    /// decomposition, case is folded by upper- then lower-casing each scalar, and the result is
    /// composed again (NFC). ASCII takes a byte-wise fast path.
    public static func fold(_ text: String) -> String {
        var text = text
        let ascii = text.withUTF8 { isASCII($0) }
        if ascii {
            return String(unsafeUninitializedCapacity: text.utf8.count) { buffer in
                var count = 0
                for byte in text.utf8 {
                    buffer[count] = (byte >= 0x41 && byte <= 0x5A) ? byte + 0x20 : byte
                    count += 1
                }
                return count
            }
        }
        // Only the non-ASCII runs go through decomposition; long text with a few accented
        // words stays cheap. Splitting there is safe: marks are dropped, and no canonical
        // composition starts from an ASCII base once they are gone. ASCII is copied byte by
        // byte (see foldedUTF8).
        return text.withUTF8 { String(decoding: foldedUTF8($0), as: UTF8.self) }
    }

    /// ``fold(_:)`` from UTF-8 to UTF-8, ASCII copied byte by byte: appending it scalar by
    /// scalar to a String was most of a search's time.
    static func foldedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var folded: [UInt8] = []
        folded.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                folded.append((byte >= 0x41 && byte <= 0x5A) ? byte + 0x20 : byte)
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count && bytes[end] >= 0x80 { end += 1 }
            if !appendLatinFold(of: UnsafeBufferPointer(rebasing: bytes[index..<end]), to: &folded) {
                folded.append(contentsOf: foldNonASCII(string(UnsafeBufferPointer(rebasing: bytes[index..<end]))).utf8)
            }
            index = end
        }
        return folded
    }

    /// The folds of U+00C0 ... U+017F (accented Latin letters, ß, æ, ø), each on its own.
    private static let latinFolds: [[UInt8]] = (0xC0...0x17F).map { Array(foldNonASCII(String(Unicode.Scalar($0)!)).utf8) }

    /// Folds a run made only of U+00C0 ... U+017F letter by letter from a table, which is
    /// most accented text; false (appending nothing) for any other run. Letter by letter
    /// equals folding the run: these are precomposed starters with no marks between them,
    /// and their folds hold no marks, so nothing reorders or composes across letters.
    private static func appendLatinFold(of run: UnsafeBufferPointer<UInt8>, to folded: inout [UInt8]) -> Bool {
        guard run.count % 2 == 0 else { return false }
        var index = 0
        while index < run.count {
            let lead = run[index], trail = run[index + 1]
            guard lead >= 0xC3 && lead <= 0xC5, trail & 0xC0 == 0x80 else { return false }
            index += 2
        }
        index = 0
        while index < run.count {
            let scalar = (Int(run[index] & 0x1F) << 6) | Int(run[index + 1] & 0x3F)
            folded.append(contentsOf: latinFolds[scalar - 0xC0])
            index += 2
        }
        return true
    }

    private static func foldNonASCII(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        for scalar in text._nfd {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark: continue
            default: break
            }
            // Full-width ASCII forms (U+FF01...U+FF5E) fold to ASCII.
            let narrow = (0xFF01...0xFF5E).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0xFEE0) ?? scalar : scalar
            for upper in narrow.properties.uppercaseMapping.unicodeScalars {
                folded.append(contentsOf: upper.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return canonical(String(folded))
    }

    /// How a person types a recipe's name: folded, with punctuation dropped, dashes read as
    /// spaces and spaces collapsed, so "moms spaghetti" names "Mom's Spaghetti".
    public static func nameKey(_ text: String) -> String {
        let folded = fold(text)
        // ASCII by bytes: asking each Character's Unicode properties was a sixth of reading a
        // store's lines into its needs (the first search by ingredient after a load, `perf`).
        if folded.utf8.allSatisfy({ $0 < 0x80 }) { return asciiNameKey(folded) }
        return characterNameKey(folded)
    }

    /// ``nameKey(_:)`` of folded ASCII text: a letter or digit is kept, white space and the
    /// hyphen (ASCII's one dash) part words, anything else goes. What the Characters give.
    static func asciiNameKey(_ folded: String) -> String {
        var key: [UInt8] = []
        key.reserveCapacity(folded.utf8.count)
        var pendingSpace = false
        for byte in folded.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"):
                if pendingSpace && !key.isEmpty { key.append(UInt8(ascii: " ")) }
                pendingSpace = false
                key.append(byte)
            case 0x09...0x0D, UInt8(ascii: " "), UInt8(ascii: "-"):
                pendingSpace = true
            default:
                break
            }
        }
        return String(decoding: key, as: UTF8.self)
    }

    /// ``nameKey(_:)`` of folded text, by Characters.
    static func characterNameKey(_ folded: String) -> String {
        var key = ""
        var pendingSpace = false
        for character in folded {
            if character.isLetter || character.isNumber {
                if pendingSpace && !key.isEmpty { key.append(" ") }
                pendingSpace = false
                key.append(character)
            } else if character.isWhitespace || character.unicodeScalars.first?.properties.generalCategory == .dashPunctuation {
                // "crème-fraîche" is "creme fraiche"; an apostrophe just goes ("moms").
                pendingSpace = true
            }
        }
        return key
    }

    /// The composed (NFC) form in which the store keeps text. Swift's `==` already treats
    /// the two forms as the same string, so this loses nothing; it keeps SQL's ORDER BY
    /// consistent, since the standard library's `<` is not transitive across mixed forms.
    public static func canonical(_ text: String) -> String {
        var text = text
        guard let firstNonASCII = text.withUTF8({ $0.firstIndex { $0 >= 0x80 } }) else { return text }
        // Scalars below U+0300 are their own NFC form (see compare); most accented Latin text
        // is, and checking its runs one by one was a twentieth of loading recipes.
        if text.withUTF8({ isBelowCombiningMarks(UnsafeBufferPointer(rebasing: $0[firstNonASCII...])) }) { return text }
        return text.withUTF8 { bytes in
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<firstNonASCII]))
            var index = firstNonASCII
            while index < bytes.count {
                var asciiEnd = index
                while asciiEnd < bytes.count && bytes[asciiEnd] < 0x80 { asciiEnd += 1 }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<asciiEnd]))
                guard asciiEnd < bytes.count else { break }
                var end = asciiEnd + 1
                while end < bytes.count && bytes[end] >= 0x80 { end += 1 }
                let run = string(UnsafeBufferPointer(rebasing: bytes[asciiEnd..<end]))
                if run.unicodeScalars.allSatisfy(isStableStarter) {
                    result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[asciiEnd..<end]))
                } else {
                    // The run is normalized with the ASCII character before it, which its
                    // marks may compose with. An ASCII character never composes with what
                    // precedes it and blocks reordering, so normalizing run by run gives the
                    // whole text's NFC without normalizing the long ASCII stretches.
                    let start = asciiEnd > 0 ? asciiEnd - 1 : asciiEnd
                    if start < asciiEnd { result.removeLast() }
                    result.append(contentsOf: string(UnsafeBufferPointer(rebasing: bytes[start..<end]))._nfcCodeUnits)
                }
                index = end
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// Characters that are NFC on their own and never compose with a neighbour: the precomposed
    /// Latin letters and modifiers, Cyrillic letters, kana and CJK ideographs (not combining
    /// marks, Greek's few singletons, or Hangul, whose jamo compose). A run of them needs no
    /// normalization, which is most accented text.
    private static func isStableStarter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xA0..<0x300, 0x400..<0x483, 0x48A..<0x530, 0x3041..<0x3097, 0x30A1..<0x30FB, 0x4E00..<0xA000: true
        default: false
        }
    }

    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 }
    }

    /// Valid UTF-8 whose every scalar is below U+0300: ASCII bytes, and two-byte sequences
    /// with a lead byte from 0xC2 to 0xCB. Bytes that are not UTF-8 (another SQLite client
    /// can store them) read as U+FFFD in Swift, so they take the exact way.
    static func isBelowCombiningMarks(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return true }
        var index = 0
        while index < bytes.count {
            // Eight ASCII bytes at a time (no high bit set).
            if index + 8 <= bytes.count, base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            guard let length = plainCharacterLength(bytes, at: index) else { return false }
            index += length
        }
        return true
    }

    /// ASCII in which every byte is one Character: no carriage return, which pairs with "\n".
    static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    static func byteRange(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        if needle.isEmpty { return 0 }
        guard needle.count <= haystack.count, let h = haystack.baseAddress, let n = needle.baseAddress else { return nil }
        let first = Int32(n.pointee), last = haystack.count - needle.count
        var start = 0
        // memchr finds candidates for the first byte; memcmp confirms the rest.
        while start <= last, let hit = memchr(h + start, first, last - start + 1) {
            let offset = UnsafeRawPointer(hit) - UnsafeRawPointer(h)
            if memcmp(h + offset, n, needle.count) == 0 { return offset }
            start = offset + 1
        }
        return nil
    }
}
