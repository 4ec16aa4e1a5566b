#if canImport(Glibc)
import Glibc
#endif

/// What the search index holds for one recipe: the folded text of its name, summary,
/// instructions and each ingredient's name and amount, one field a line.
///
/// Each field is folded on its own (``TextMatching/fold(_:)``), exactly as the per-row
/// check folds it, so whenever a field contains a folded needle, this document contains it
/// too. That makes the index a safe pre-filter: it may let extra recipes through, never
/// keep a matching one out.
struct SearchDocument: Equatable {
    let text: String

    init(_ record: RecipeRecord) {
        var fields = [record.name, record.summary, record.instructions]
        for ingredient in record.ingredients {
            fields.append(ingredient.name)
            fields.append(ingredient.amount)
        }
        // Stored text is NFC; folding the stored form keeps this equal to the SQL side.
        text = fields.map { TextMatching.fold(TextMatching.canonical($0)) }.joined(separator: "\n")
    }
}

extension SearchDocument {
    /// Adds the document's words, as the index's `ascii` tokenizer cuts them (see
    /// ``SearchIndexQuery/isWordByte(_:)``), to `words`.
    func collectWords(into words: inout SearchWords) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                guard SearchIndexQuery.isWordByte(bytes[start]) else {
                    start += 1
                    continue
                }
                var end = start + 1
                while end < bytes.count && SearchIndexQuery.isWordByte(bytes[end]) { end += 1 }
                // Words are folded, so already lower-case, as the tokenizer would make them.
                words.insert(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                start = end
            }
        }
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
    private var slots = [Int](repeating: -1, count: 1_024)

    var isEmpty: Bool { ends.isEmpty }

    mutating func insert(_ word: UnsafeBufferPointer<UInt8>) {
        var slot = Self.hash(word) & (slots.count - 1)
        while slots[slot] >= 0 {
            if equals(slots[slot], word) { return }
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = ends.count
        bytes.append(contentsOf: word)
        ends.append(bytes.count)
        if ends.count * 2 > slots.count { grow() }
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
