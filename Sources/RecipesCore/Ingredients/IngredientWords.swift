#if canImport(Glibc)
import Glibc
#endif

/// What the reading rules ask of a word besides its text: whether it joins ("or", "and"),
/// starts a use or preparation, is left out of matching, or precedes a type number.
struct WordKinds: OptionSet, Sendable {
    let rawValue: UInt8

    static let or = WordKinds(rawValue: 1 << 0)
    static let and = WordKinds(rawValue: 1 << 1)
    static let preparation = WordKinds(rawValue: 1 << 2)
    static let leftOut = WordKinds(rawValue: 1 << 3)
    static let grade = WordKinds(rawValue: 1 << 4)
    /// The first word of a phrase that marks a line optional or offers extra ("to serve",
    /// "plus more"): only a line with one needs its words checked for those phrases.
    static let startsOptionalPhrase = WordKinds(rawValue: 1 << 5)

    var isConjunction: Bool { !isDisjoint(with: [.or, .and]) }

    /// The kinds of a folded word, from the rules' word lists.
    static func of(_ word: String) -> WordKinds {
        var kinds: WordKinds = []
        if IngredientVocabulary.orWords.contains(word) { kinds.insert(.or) }
        if IngredientVocabulary.andWords.contains(word) { kinds.insert(.and) }
        if IngredientVocabulary.preparationWords.contains(word) { kinds.insert(.preparation) }
        if IngredientVocabulary.isLeftOut(word) { kinds.insert(.leftOut) }
        if IngredientVocabulary.gradeWords.contains(word) { kinds.insert(.grade) }
        if IngredientVocabulary.optionalPhrases[word] != nil || IngredientVocabulary.extraPhrases[word] != nil {
            kinds.insert(.startsOptionalPhrase)
        }
        return kinds
    }
}

/// A word of a line as matching reads it: folded, with its kinds and the names that may
/// start at it.
struct LineWord {
    let text: String
    let kinds: WordKinds
    /// The phrases starting with the word itself (exact) and then with each form of it
    /// without a regular plural ending, in that order; lists with no phrase left out.
    let candidates: [Candidates]
    /// Whether every character is a number ("12", "½"), as a count is.
    let isNumeral: Bool

    struct Candidates {
        let phrases: [IngredientVocabulary.Phrase]
        let exact: Bool
    }
}

/// The vocabulary's first words and the rules' word lists, found by a word's folded UTF-8
/// bytes in an open-addressed table: hashing Strings for a Dictionary or Set, five to eight
/// times a word, was a third of a line's reading.
///
/// Bytes compare as Swift compares Strings only when both are in NFC. A word whose scalars
/// are all below U+0300 is its own NFC, so the table answers for such words (see
/// ``IngredientVocabulary/plainSegments(of:table:)``); it is not made (nil) when some
/// name's word would equal one of them only after normalizing.
struct ReadingWordTable: Sendable {
    struct Entry: Sendable {
        let kinds: WordKinds
        let phrases: [IngredientVocabulary.Phrase]
    }

    private(set) var entries: [Entry] = []
    /// Each entry's key, its bytes from `keyStarts[i]` to `keyStarts[i + 1]`.
    private var keyBytes: [UInt8] = []
    private var keyStarts: [Int] = [0]
    /// Entry numbers plus one, zero for an empty slot; a power of two long.
    private var slots: [Int32]

    init?(phrases: [String: [IngredientVocabulary.Phrase]]) {
        var words = Set(phrases.keys)
        words.formUnion(IngredientVocabulary.orWords)
        words.formUnion(IngredientVocabulary.andWords)
        words.formUnion(IngredientVocabulary.preparationWords)
        words.formUnion(IngredientVocabulary.leftOutWords)
        words.formUnion(IngredientVocabulary.gradeWords)
        words.formUnion(IngredientVocabulary.optionalPhrases.keys)
        words.formUnion(IngredientVocabulary.extraPhrases.keys)
        var capacity = 16
        while capacity < words.count * 2 { capacity *= 2 }
        slots = Array(repeating: 0, count: capacity)
        for word in words {
            var word = word
            let isPlain = word.withUTF8 { TextMatching.isBelowCombiningMarks($0) }
            if !isPlain {
                // Never found by the plain words the table is asked about, unless it equals one.
                if TextMatching.canonical(word).utf8.allSatisfy({ $0 < 0xCC }) { return nil }
                continue
            }
            let entry = Entry(kinds: WordKinds.of(word), phrases: phrases[word] ?? [])
            word.withUTF8 { insert($0, entry) }
        }
    }

    private mutating func insert(_ key: UnsafeBufferPointer<UInt8>, _ entry: Entry) {
        entries.append(entry)
        keyBytes.append(contentsOf: key)
        keyStarts.append(keyBytes.count)
        var slot = Self.hash(key) & (slots.count - 1)
        while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = Int32(entries.count)
    }

    /// FNV-1a: words are short, and their bytes are in hand.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    /// The entry whose key is `word`'s bytes.
    func entry(_ word: UnsafeBufferPointer<UInt8>) -> Entry? {
        let mask = slots.count - 1
        var slot = Self.hash(word) & mask
        while true {
            let number = Int(slots[slot])
            if number == 0 { return nil }
            let start = keyStarts[number - 1], end = keyStarts[number]
            if end - start == word.count, keyBytes.withUnsafeBufferPointer({ keys in
                memcmp(keys.baseAddress! + start, word.baseAddress!, word.count) == 0
            }) {
                return entries[number - 1]
            }
            slot = (slot + 1) & mask
        }
    }
}

extension IngredientVocabulary {
    /// A line's segments (see ``segments(of:)``) read by bytes, for a line whose scalars are
    /// all below U+0300 (ASCII and accented Latin, nearly every line): there each scalar is a
    /// Character (a carriage return and line feed are one, but split words alike either way)
    /// and the table's byte keys compare as Strings do. Nil for any other line, or when a
    /// word folds to something else.
    func plainSegments(of line: String, table: ReadingWordTable) -> (segments: [Segment], allWords: [String])? {
        let original = line
        var line = line
        // An index from an offset, in the line as given (withUTF8 may hold a copy).
        func index(_ offset: Int) -> String.Index { original.utf8.index(original.utf8.startIndex, offsetBy: offset) }
        return line.withUTF8 { bytes -> (segments: [Segment], allWords: [String])? in
            guard TextMatching.isBelowCombiningMarks(bytes) else { return nil }
            var builder = SegmentBuilder()
            var allWords: [String] = []
            var needsAllWords = false
            var wordStart: Int?
            var depth = 0
            func endWord(at end: Int) -> Bool {
                guard let start = wordStart else { return true }
                wordStart = nil
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
                let word: LineWord
                if TextMatching.isASCII(raw) {
                    word = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { folded in
                        for (offset, byte) in raw.enumerated() { folded[offset] = (byte >= 0x41 && byte <= 0x5A) ? byte + 0x20 : byte }
                        return Self.lineWord(UnsafeBufferPointer(folded), table: table)
                    }
                } else {
                    let folded = TextMatching.foldedUTF8(raw)
                    guard folded.withUnsafeBufferPointer(TextMatching.isBelowCombiningMarks) else { return false }
                    word = folded.withUnsafeBufferPointer { Self.lineWord($0, table: table) }
                }
                allWords.append(word.text)
                if word.kinds.contains(.startsOptionalPhrase) { needsAllWords = true }
                guard depth == 0 else { return true }
                builder.add(word, at: index(start)..<index(end))
                return true
            }
            var offset = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                let length = byte < 0x80 ? 1 : 2
                defer { offset += length }
                if length == 2 {
                    let scalar = (Int(byte & 0x1F) << 6) | Int(bytes[offset + 1] & 0x3F)
                    if Self.latinWordScalars[scalar - 0x80] {
                        if wordStart == nil { wordStart = offset }
                        continue
                    }
                } else if (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) {
                    if wordStart == nil { wordStart = offset }
                    continue
                }
                guard endWord(at: offset) else { return nil }
                switch byte {
                case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"): depth = max(0, depth - 1)
                case _ where depth > 0: break
                case UInt8(ascii: ","), UInt8(ascii: ";"): builder.endSegment()
                case UInt8(ascii: "&"), UInt8(ascii: "+"): builder.addConjunction(Self.lineWord("and", table: table), at: index(offset)..<index(offset + 1))
                case UInt8(ascii: "/"): builder.addConjunction(Self.lineWord("or", table: table), at: index(offset)..<index(offset + 1))
                default: break
                }
            }
            guard endWord(at: bytes.count) else { return nil }
            builder.endSegment()
            return (builder.segments, needsAllWords ? allWords : [])
        }
    }

    /// Whether each scalar from U+0080 to U+02FF is a letter or a number, as
    /// `Character.isLetter` and `isNumber` answer for it alone.
    private static let latinWordScalars: [Bool] = (0x80..<0x300).map { value in
        let character = Character(Unicode.Scalar(UInt32(value))!)
        return character.isLetter || character.isNumber
    }

    /// A folded word whose scalars are all below U+0300, with what the table knows of it and
    /// of its forms without a plural ending (the keys ``candidates(of:)`` looks up).
    static func lineWord(_ folded: UnsafeBufferPointer<UInt8>, table: ReadingWordTable) -> LineWord {
        let entry = table.entry(folded)
        var candidates: [LineWord.Candidates] = []
        if let phrases = entry?.phrases, !phrases.isEmpty { candidates.append(.init(phrases: phrases, exact: true)) }
        let count = folded.count
        func ends(with ending: StaticString) -> Bool {
            ending.utf8CodeUnitCount <= count
                && memcmp(folded.baseAddress! + count - ending.utf8CodeUnitCount, ending.utf8Start, ending.utf8CodeUnitCount) == 0
        }
        func consider(_ key: UnsafeBufferPointer<UInt8>) {
            if let phrases = table.entry(key)?.phrases, !phrases.isEmpty { candidates.append(.init(phrases: phrases, exact: false)) }
        }
        if count > 4, ends(with: "ies") {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count - 2) { key in
                _ = key.initialize(from: folded.prefix(count - 3))
                key[count - 3] = UInt8(ascii: "y")
                consider(UnsafeBufferPointer(key))
            }
        }
        for ending in pluralEndingBytes where count - ending.utf8CodeUnitCount >= 2 && ends(with: ending) {
            consider(UnsafeBufferPointer(rebasing: folded[..<(count - ending.utf8CodeUnitCount)]))
        }
        return LineWord(text: String(decoding: folded, as: UTF8.self), kinds: entry?.kinds ?? [], candidates: candidates,
                        isNumeral: isNumeral(folded))
    }

    static func lineWord(_ word: StaticString, table: ReadingWordTable) -> LineWord {
        lineWord(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount), table: table)
    }

    /// ``pluralEndings``, for comparing bytes.
    private static let pluralEndingBytes: [StaticString] = ["s", "es", "n", "en", "e", "er"]

    /// Whether every scalar of a folded plain word is a number, as `Character.isNumber` says.
    private static func isNumeral(_ folded: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        while offset < folded.count {
            let byte = folded[offset]
            if byte < 0x80 {
                guard byte >= 0x30 && byte <= 0x39 else { return false }
                offset += 1
            } else {
                let value = (UInt32(byte & 0x1F) << 6) | UInt32(folded[offset + 1] & 0x3F)
                guard Character(Unicode.Scalar(value)!).isNumber else { return false }
                offset += 2
            }
        }
        return true
    }
}
