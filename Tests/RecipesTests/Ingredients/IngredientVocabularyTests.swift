import Testing
@testable import RecipesCore

/// The built-in vocabulary read as data: complete in the languages read, and each of its
/// names reading back as its own ingredient.
struct IngredientVocabularyTests {
    let vocabulary = IngredientVocabulary.builtIn
    static let languages = ["de", "fr", "es", "it", "pt", "nl", "sv", "no"]

    @Test func itKnowsAFewHundredIngredientsInEveryAisle() {
        #expect(vocabulary.entries.count >= 300)
        let aisles = Set(vocabulary.entries.values.map { vocabulary.aisle(of: $0.identity) })
        #expect(aisles == Set(Aisle.builtIn))
    }

    /// Every ingredient a recipe can name (all but the generic kinds) has a name in each
    /// language the importers read.
    @Test func everyIngredientIsNamedInEachLanguageRead() {
        for entry in vocabulary.entries.values where !entry.names.isEmpty {
            let missing = Self.languages.filter { (entry.names[$0] ?? []).isEmpty }
            #expect(missing.isEmpty, "\(entry.identity) has no name in \(missing)")
        }
    }

    /// A name given to an ingredient reads as that ingredient, whole: no other name is
    /// longer inside it, and no conjunction splits it.
    @Test func everyNameReadsAsItsOwnIngredient() {
        for entry in vocabulary.entries.values {
            for name in entry.names.values.joined() {
                let reading = vocabulary.reading(of: name)
                #expect(reading.identities == [entry.identity], "'\(name)' reads as \(reading.identities), not \(entry.identity)")
            }
        }
    }

    /// Kinds make a tree: each leads to a root without a kind, in the same vocabulary.
    @Test func kindsLeadToAnIngredientWithoutOne() {
        for entry in vocabulary.entries.values {
            var seen: Set<String> = []
            var current = entry.identity
            while let kind = vocabulary.entries[current]?.kind {
                #expect(vocabulary.entries[kind] != nil, "\(current) is a kind of unknown \(kind)")
                #expect(seen.insert(kind).inserted, "kinds of \(entry.identity) go round")
                if !seen.insert(current).inserted { break }
                current = kind
            }
        }
    }

    @Test func densitiesAreThoseOfFood() {
        for entry in vocabulary.entries.values {
            if let density = entry.density { #expect((0.1...2).contains(density), "\(entry.identity): \(density)") }
        }
        for (identity, low, high) in [("all-purpose flour", 0.45, 0.65), ("sugar", 0.75, 0.95), ("butter", 0.85, 1.0), ("milk", 1.0, 1.05), ("honey", 1.3, 1.5)] {
            let density = vocabulary.density(of: identity)
            #expect(density.map { (low...high).contains($0) } == true, "\(identity): \(String(describing: density))")
        }
    }
}
