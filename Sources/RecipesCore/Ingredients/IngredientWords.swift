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
    /// A name that is also a past participle ("gehakt"): see ``IngredientVocabulary/participleNames``.
    static let participle = WordKinds(rawValue: 1 << 6)

    var isConjunction: Bool { !isDisjoint(with: [.or, .and]) }

    /// The kinds of a folded word, from the rules' word lists.
    static func of(_ word: String) -> WordKinds {
        var kinds: WordKinds = []
        if IngredientVocabulary.orWords.contains(word) { kinds.insert(.or) }
        if IngredientVocabulary.andWords.contains(word) { kinds.insert(.and) }
        if IngredientVocabulary.preparationWords.contains(word) { kinds.insert(.preparation) }
        if IngredientVocabulary.isLeftOut(word) { kinds.insert(.leftOut) }
        if IngredientVocabulary.gradeWords.contains(word) { kinds.insert(.grade) }
        if IngredientVocabulary.participleNames.contains(word) { kinds.insert(.participle) }
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
/// bytes in an open-addressed table: a line's words were Strings hashed for a Dictionary or
/// Set five to eight times each, and a word without each plural ending it had a new String.
///
/// Bytes compare as Swift compares Strings only when both are in NFC. A word whose scalars
/// are all below U+0300 is its own NFC, so the table answers for such words (see
/// ``IngredientVocabulary/plainSegments(of:table:)``); it is not made (nil) when some
/// name's word would equal one of them only after normalizing.
final class ReadingWordTable: Sendable {
    /// By entry number: the word's kinds, and the phrases that start with it.
    private let kinds: [WordKinds]
    private let phrases: [[IngredientVocabulary.Phrase]]
    /// Each entry's key, its bytes from `keyStarts[i]` to `keyStarts[i + 1]`.
    private let keyBytes: [UInt8]
    private let keyStarts: [Int]
    /// Entry numbers plus one, zero for an empty slot; a power of two long.
    private let slots: [Int32]

    /// The table of `phrases` and the rules' words; nil when some word that is not plain
    /// would equal a plain one after normalizing, and so could not be found by its bytes.
    static func make(phrases: [String: [IngredientVocabulary.Phrase]]) -> ReadingWordTable? {
        var words = Set(phrases.keys)
        words.formUnion(IngredientVocabulary.orWords)
        words.formUnion(IngredientVocabulary.andWords)
        words.formUnion(IngredientVocabulary.preparationWords)
        words.formUnion(IngredientVocabulary.leftOutWords)
        words.formUnion(IngredientVocabulary.gradeWords)
        words.formUnion(IngredientVocabulary.participleNames)
        words.formUnion(IngredientVocabulary.optionalPhrases.keys)
        words.formUnion(IngredientVocabulary.extraPhrases.keys)
        var plain: [String] = []
        for var word in words {
            if word.withUTF8({ TextMatching.isBelowCombiningMarks($0) }) {
                plain.append(word)
            } else if TextMatching.canonical(word).utf8.allSatisfy({ $0 < 0xCC }) {
                return nil
            }
        }
        return ReadingWordTable(plain, phrases: phrases)
    }

    private init(_ words: [String], phrases: [String: [IngredientVocabulary.Phrase]]) {
        var capacity = 16
        while capacity < words.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        var kinds: [WordKinds] = [], phraseLists: [[IngredientVocabulary.Phrase]] = []
        var keyBytes: [UInt8] = [], keyStarts = [0]
        for var word in words {
            kinds.append(WordKinds.of(word))
            phraseLists.append(phrases[word] ?? [])
            word.withUTF8 { key in
                keyBytes.append(contentsOf: key)
                keyStarts.append(keyBytes.count)
                var slot = Self.hash(key) & (capacity - 1)
                while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
                slots[slot] = Int32(kinds.count)
            }
        }
        self.kinds = kinds
        self.phrases = phraseLists
        self.keyBytes = keyBytes
        self.keyStarts = keyStarts
        self.slots = slots
    }

    /// FNV-1a: words are short, and their bytes are in hand.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    /// The number of the entry whose key is `word`'s bytes.
    func entry(_ word: UnsafeBufferPointer<UInt8>) -> Int? {
        let mask = slots.count - 1
        var slot = Self.hash(word) & mask
        while true {
            let number = Int(slots[slot])
            if number == 0 { return nil }
            let start = keyStarts[number - 1], end = keyStarts[number]
            if end - start == word.count, keyBytes.withUnsafeBufferPointer({ Self.same(UnsafeBufferPointer(rebasing: $0[start..<end]), word) }) {
                return number - 1
            }
            slot = (slot + 1) & mask
        }
    }

    /// Whether two runs of bytes are the same; words are short, so a loop is as quick as memcmp.
    private static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a[index] != b[index] { return false }
        return true
    }

    func kinds(_ entry: Int) -> WordKinds { kinds[entry] }
    func phrases(_ entry: Int) -> [IngredientVocabulary.Phrase] { phrases[entry] }
    func startsPhrases(_ entry: Int) -> Bool { !phrases[entry].isEmpty }

    /// Calls `body` with `word` (exact) and then each form of it without a plural ending that
    /// ``IngredientVocabulary/candidates(of:)`` looks up, each with the table's entry for it,
    /// until `body` returns false.
    func forEachForm(of word: UnsafeBufferPointer<UInt8>, _ body: (_ entry: Int, _ exact: Bool) -> Bool) {
        if let entry = entry(word), !body(entry, true) { return }
        let count = word.count
        func ends(with ending: StaticString) -> Bool {
            let length = ending.utf8CodeUnitCount
            return length <= count && Self.same(UnsafeBufferPointer(rebasing: word[(count - length)...]),
                                                UnsafeBufferPointer(start: ending.utf8Start, count: length))
        }
        if count > 4, ends(with: "ies") {
            let go = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count - 2) { key in
                _ = key.initialize(from: word.prefix(count - 3))
                key[count - 3] = UInt8(ascii: "y")
                return entry(UnsafeBufferPointer(key)).map { body($0, false) } ?? true
            }
            if !go { return }
        }
        for ending in Self.pluralEndings where count - ending.utf8CodeUnitCount >= 2 && ends(with: ending) {
            if let entry = entry(UnsafeBufferPointer(rebasing: word[..<(count - ending.utf8CodeUnitCount)])), !body(entry, false) { return }
        }
    }

    /// ``IngredientVocabulary/pluralEndings``, for comparing bytes.
    private static let pluralEndings: [StaticString] = ["s", "es", "n", "en", "e", "er"]
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
            // Most lines name nothing the vocabulary knows and say nothing of being optional:
            // looking their words up, without keeping them, is all they need.
            guard let survey = Self.survey(bytes, table: table) else { return nil }
            if !survey.mayName && !survey.mayBeOptional { return ([], []) }
            var builder = SegmentBuilder()
            var allWords: [String] = []
            let finished = Self.scanPlain(bytes) { range, inBrackets in
                guard survey.mayBeOptional || (survey.mayName && !inBrackets) else { return true }
                let raw = UnsafeBufferPointer(rebasing: bytes[range])
                return Self.withFolded(raw) { folded in
                    let word = Self.lineWord(folded, table: table)
                    if survey.mayBeOptional { allWords.append(word.text) }
                    if survey.mayName && !inBrackets { builder.add(word, at: index(range.lowerBound)..<index(range.upperBound)) }
                }
            } mark: { byte, offset in
                guard survey.mayName else { return }
                switch byte {
                case UInt8(ascii: ","), UInt8(ascii: ";"): builder.endSegment()
                case UInt8(ascii: "/"): builder.addConjunction(Self.lineWord("or", table: table), at: index(offset)..<index(offset + 1))
                default: builder.addConjunction(Self.lineWord("and", table: table), at: index(offset)..<index(offset + 1))
                }
            }
            guard finished else { return nil }
            builder.endSegment()
            return (builder.segments, allWords)
        }
    }

    /// Whether a word outside brackets may start a name (or "&", "+", "/", as the word they
    /// are), and whether a word may start a phrase that marks the line optional; nil when a
    /// word folds to a scalar above U+02FF.
    private static func survey(_ bytes: UnsafeBufferPointer<UInt8>, table: ReadingWordTable) -> (mayName: Bool, mayBeOptional: Bool)? {
        var mayName = false, mayBeOptional = false
        func startsName(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
            var starts = false
            table.forEachForm(of: word) { entry, _ in
                starts = table.startsPhrases(entry)
                return !starts
            }
            return starts
        }
        let finished = scanPlain(bytes) { range, inBrackets in
            withFolded(UnsafeBufferPointer(rebasing: bytes[range])) { folded in
                if !mayBeOptional, let entry = table.entry(folded), table.kinds(entry).contains(.startsOptionalPhrase) { mayBeOptional = true }
                if !mayName && !inBrackets && startsName(folded) { mayName = true }
            }
        } mark: { byte, _ in
            if !mayName, byte != UInt8(ascii: ","), byte != UInt8(ascii: ";") {
                let word: StaticString = byte == UInt8(ascii: "/") ? "or" : "and"
                mayName = startsName(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
            }
        }
        return finished ? (mayName, mayBeOptional) : nil
    }

    /// Walks a plain line's words: `word` gets each run of letters and digits, with whether it
    /// is in brackets, and `mark` each ",", ";", "&", "+" and "/" outside brackets. False when
    /// `word` returns false.
    private static func scanPlain(_ bytes: UnsafeBufferPointer<UInt8>, word: (Range<Int>, _ inBrackets: Bool) -> Bool,
                                  mark: (UInt8, Int) -> Void) -> Bool {
        var wordStart: Int?
        var depth = 0
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte >= 0x80 {
                let scalar = (Int(byte & 0x1F) << 6) | Int(bytes[offset + 1] & 0x3F)
                if latinWordScalars[scalar - 0x80] {
                    if wordStart == nil { wordStart = offset }
                } else if let start = wordStart {
                    guard word(start..<offset, depth > 0) else { return false }
                    wordStart = nil
                }
                offset += 2
                continue
            }
            if (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) {
                if wordStart == nil { wordStart = offset }
                offset += 1
                continue
            }
            if let start = wordStart {
                guard word(start..<offset, depth > 0) else { return false }
                wordStart = nil
            }
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"): depth = max(0, depth - 1)
            case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "&"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                if depth == 0 { mark(byte, offset) }
            default: break
            }
            offset += 1
        }
        if let start = wordStart { return word(start..<bytes.count, depth > 0) }
        return true
    }

    /// Calls `body` with a plain word folded (ASCII lower-cased on the stack); false, without
    /// calling it, when the fold has a scalar above U+02FF.
    private static func withFolded(_ raw: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        if TextMatching.isASCII(raw) {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { folded in
                for (offset, byte) in raw.enumerated() { folded[offset] = (byte >= 0x41 && byte <= 0x5A) ? byte + 0x20 : byte }
                body(UnsafeBufferPointer(folded))
            }
            return true
        }
        let folded = TextMatching.foldedUTF8(raw)
        return folded.withUnsafeBufferPointer { folded in
            guard TextMatching.isBelowCombiningMarks(folded) else { return false }
            body(folded)
            return true
        }
    }

    /// Whether each scalar from U+0080 to U+02FF is a letter or a number, as
    /// `Character.isLetter` and `isNumber` answer for it alone.
    private static let latinWordScalars: [Bool] = (0x80..<0x300).map { value in
        let character = Character(Unicode.Scalar(UInt32(value))!)
        return character.isLetter || character.isNumber
    }

    /// A folded word whose scalars are all below U+0300, with what the table knows of it and
    /// of its forms without a plural ending.
    static func lineWord(_ folded: UnsafeBufferPointer<UInt8>, table: ReadingWordTable) -> LineWord {
        var candidates: [LineWord.Candidates] = []
        table.forEachForm(of: folded) { entry, exact in
            if table.startsPhrases(entry) { candidates.append(.init(phrases: table.phrases(entry), exact: exact)) }
            return true
        }
        return LineWord(text: String(decoding: folded, as: UTF8.self), kinds: table.entry(folded).map(table.kinds) ?? [],
                        candidates: candidates, isNumeral: isNumeral(folded))
    }

    static func lineWord(_ word: StaticString, table: ReadingWordTable) -> LineWord {
        lineWord(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount), table: table)
    }

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
