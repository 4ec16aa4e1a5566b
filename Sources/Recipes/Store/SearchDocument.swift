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
    /// The document's words as the index's `ascii` tokenizer cuts them (see
    /// ``SearchIndexQuery/isWordByte(_:)``), added to `words`.
    func collectWords(into words: inout Set<String>) {
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
                words.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                start = end
            }
        }
    }
}
