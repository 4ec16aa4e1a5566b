#if canImport(Glibc)
import Glibc
#endif

/// What the search index holds for one recipe: the words of the folded text of its name,
/// summary, instructions and each ingredient's name and amount, each word once, in the order
/// first met, a space between them.
///
/// Each field is folded on its own (``TextMatching/fold(_:)``), exactly as the per-row
/// check folds it, and cut into words as the index's `ascii` tokenizer cuts it (see
/// ``SearchIndexQuery``), so whenever a field contains a folded needle, every piece of the
/// needle sits in some word here. That makes the index a safe pre-filter: it may let extra
/// recipes through, never keep a matching one out. The index keeps no positions
/// (`detail = none`): which recipes hold a word is all it records, so a word given twice
/// indexes nothing more. Giving each once spares FTS5 a third of the words of a bulk load
/// (its hash write was a quarter of the writing thread), and removing an entry with these
/// words removes one that was indexed from the whole text, as stores before kept it.
struct SearchDocument: Equatable {
    let text: String

    init(_ record: RecipeRecord) {
        var words = SearchWords(expectedCount: 256)
        self.init(record, listingWordsIn: &words)
    }

    /// The document, its words also added to `words`: a bulk insert lists the words of all
    /// the recipes it writes in one set, which also tells which words this recipe repeats.
    init(_ record: RecipeRecord, listingWordsIn words: inout SearchWords) {
        var fields = [record.name, record.summary, record.instructions]
        for ingredient in record.ingredients {
            fields.append(ingredient.name)
            fields.append(ingredient.amount)
        }
        words.beginDocument()
        var text: [UInt8] = []
        for field in fields {
            // Stored text is NFC; folding the stored form keeps this equal to the SQL side.
            var folded = TextMatching.fold(TextMatching.canonical(field))
            folded.withUTF8 { bytes in
                Self.forEachWord(in: bytes) { word in
                    guard words.insertForDocument(word) else { return }
                    if !text.isEmpty { text.append(0x20) }
                    text.append(contentsOf: word)
                }
            }
        }
        self.text = String(decoding: text, as: UTF8.self)
    }

    /// Each run of the tokenizer's word bytes (``SearchIndexQuery/isWordByte(_:)``) in `bytes`.
    static func forEachWord(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var start = 0
        while start < bytes.count {
            guard SearchIndexQuery.isWordByte(bytes[start]) else {
                start += 1
                continue
            }
            var end = start + 1
            while end < bytes.count && SearchIndexQuery.isWordByte(bytes[end]) { end += 1 }
            body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            start = end
        }
    }
}

extension SearchDocument {
    /// Adds the document's words, as the index's `ascii` tokenizer cuts them (see
    /// ``SearchIndexQuery/isWordByte(_:)``), to `words`.
    func collectWords(into words: inout SearchWords) {
        var text = text
        // Words are folded, so already lower-case, as the tokenizer would make them.
        text.withUTF8 { bytes in Self.forEachWord(in: bytes) { words.insert($0) } }
    }
}

/// A set of distinct words kept as bytes. A bulk import meets each common word thousands of
/// times; hashing its bytes and comparing them in place is several times cheaper than making
/// and hashing a String each time (that was a fifth of the time of loading recipes).
struct SearchWords {
    private var bytes: [UInt8] = []
    /// Word `i` is `bytes[ends[i - 1] ..< ends[i]]` (from 0 for the first).
    private var ends: [Int] = []
    /// Open addressing: a word's number, or -1 for an empty slot.
    private var slots: [Int]
    /// Word `i` was last met in document `lastDocument[i]` (see ``beginDocument()``).
    private var lastDocument: [Int] = []
    private var document = 0

    /// A set with room for about `expectedCount` words before it grows.
    init(expectedCount: Int = 512) {
        var count = 16
        while count < 2 * expectedCount { count *= 2 }
        slots = [Int](repeating: -1, count: count)
    }

    var isEmpty: Bool { ends.isEmpty }

    mutating func insert(_ word: UnsafeBufferPointer<UInt8>) {
        _ = insertForDocument(word)
    }

    /// Starts the words of another document.
    mutating func beginDocument() {
        document += 1
    }

    /// Adds `word` unless the set holds it; true unless the current document already met it.
    mutating func insertForDocument(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        var slot = Self.hash(word) & (slots.count - 1)
        while slots[slot] >= 0 {
            let number = slots[slot]
            if equals(number, word) {
                guard lastDocument[number] != document else { return false }
                lastDocument[number] = document
                return true
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = ends.count
        bytes.append(contentsOf: word)
        ends.append(bytes.count)
        lastDocument.append(document)
        if ends.count * 2 > slots.count { grow() }
        return true
    }

    func forEach(_ body: (String) throws -> Void) rethrows {
        try forEachWord { try body(String(decoding: $1, as: UTF8.self)) }
    }

    /// Adds every word of `other`.
    mutating func formUnion(_ other: SearchWords) {
        guard !isEmpty else { return self = other }
        other.forEachWord { insert($1) }
    }

    /// Each word's number and bytes, in the order they were added.
    private func forEachWord(_ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try bytes.withUnsafeBufferPointer { stored in
            var start = 0
            for (number, end) in ends.enumerated() {
                try body(number, UnsafeBufferPointer(rebasing: stored[start..<end]))
                start = end
            }
        }
    }

    mutating func removeAll() {
        self = SearchWords()
    }

    /// FNV-1a: a few instructions a byte, and words are short.
    private static func hash(_ word: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in word { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }

    private func equals(_ number: Int, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = number == 0 ? 0 : ends[number - 1], end = ends[number]
        guard end - start == word.count else { return false }
        return bytes.withUnsafeBufferPointer { stored in memcmp(stored.baseAddress! + start, word.baseAddress!, word.count) == 0 }
    }

    private mutating func grow() {
        var slots = [Int](repeating: -1, count: slots.count * 2)
        forEachWord { number, word in
            var slot = Self.hash(word) & (slots.count - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = number
        }
        self.slots = slots
    }
}
