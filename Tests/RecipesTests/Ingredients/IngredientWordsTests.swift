import Testing
@testable import RecipesCore

/// Reading a line's words by bytes (every line whose scalars are below U+0300) against the
/// reference, by Characters: the same words, kinds, candidate names and places, for random
/// lines of the vocabulary's names, the rules' words and the characters a tokenizer can trip on.
struct IngredientWordsTests {
    let vocabulary = IngredientVocabulary.builtIn

    /// Without the table every line would take the slow way, and no test would notice.
    @Test func theBuiltInVocabularyReadsByBytes() {
        #expect(vocabulary.wordTable != nil)
    }

    @Test func wordsReadByBytesAreTheWordsReadByCharacters() throws {
        var random = PredicateDifferentialTests.Generator(state: 2_026)
        let names = vocabulary.entries.values.flatMap { $0.names.values.joined() }.sorted()
        let ruleWords = ["or", "and", "oder", "und", "y", "e", "to", "serve", "for", "garnish", "plus", "more", "optional", "room",
                         "temperature", "Type", "550", "00", "0", "12", "½", "²", "the", "of", "de", "d'", "l’", "Eier", "tomatoes",
                         "berries", "Crème", "BRÛLÉE", "ß", "Æbler", "İ", "ǅ", "ʰ", "ª", "µ", "×", "÷", "©", "¬", "\u{AD}"]
        let separators = [" ", " ", " ", ", ", "; ", " (", ") ", "[", "]", " & ", "+", "/", " / ", "-", "'", "’", "\t", "\r\n", "\n", ".", ":", "  "]
        let table = try #require(vocabulary.wordTable)
        var compared = 0, named = 0
        for _ in 0..<20_000 {
            var line = ""
            for _ in 0..<Int.random(in: 1...7, using: &random) {
                let word = Bool.random(using: &random) ? names.randomElement(using: &random)! : ruleWords.randomElement(using: &random)!
                line += (Int.random(in: 0..<4, using: &random) == 0 ? word.uppercased() : word) + separators.randomElement(using: &random)!
            }
            if Bool.random(using: &random) { line.removeLast() }
            guard let bytes = vocabulary.plainSegments(of: line, table: table) else { continue }
            let characters = vocabulary.characterSegments(of: line)
            #expect(Self.same(bytes.segments, characters.segments, in: line), "'\(line)'")
            // Bytes keep every word only when one may start an optional phrase.
            if bytes.allWords.isEmpty {
                #expect(!IngredientVocabulary.saysOptional(characters.allWords), "'\(line)'")
            } else {
                #expect(bytes.allWords == characters.allWords, "'\(line)'")
            }
            compared += 1
            if !bytes.segments.isEmpty { named += 1 }
        }
        #expect(compared >= 15_000 && named >= 10_000)
    }

    /// Every scalar the byte reading reads itself, inside a word, between words and alone.
    @Test func everyLatinScalarReadsAsByCharacters() throws {
        let table = try #require(vocabulary.wordTable)
        var compared = 0
        for value in UInt32(0x80)..<0x300 {
            let scalar = String(Unicode.Scalar(value)!)
            for line in ["salt\(scalar)pepper", "2 eggs \(scalar) milk", scalar, "Eier\(scalar)", "\(scalar)butter or oil"] {
                // Nil, for the Characters' way, where a word folds to a scalar above U+02FF.
                guard let bytes = vocabulary.plainSegments(of: line, table: table) else { continue }
                compared += 1
                #expect(Self.same(bytes.segments, vocabulary.characterSegments(of: line).segments, in: line),
                        "U+\(String(value, radix: 16))")
            }
        }
        #expect(compared > 3_100)
    }

    /// The same words, or none read by bytes where no word starts a name (nothing to match).
    private static func same(_ bytes: [IngredientVocabulary.Segment], _ characters: [IngredientVocabulary.Segment], in line: String) -> Bool {
        if bytes.isEmpty { return characters.allSatisfy { $0.words.allSatisfy(\.candidates.isEmpty) } }
        return describe(bytes, in: line) == describe(characters, in: line)
    }

    private static func describe(_ segments: [IngredientVocabulary.Segment], in line: String) -> [String] {
        func offset(_ index: String.Index) -> Int { line.utf8.distance(from: line.utf8.startIndex, to: index) }
        return segments.map { segment in
            zip(segment.words, segment.spans).map { word, span in
                let candidates = word.candidates.map { "\($0.exact):" + $0.phrases.map(\.identity).joined(separator: ",") }
                return "\(word.text)|\(word.kinds.rawValue)|\(word.isNumeral)|\(candidates)|\(offset(span.lowerBound))..<\(offset(span.upperBound))"
            }.joined(separator: " ")
        }
    }
}
