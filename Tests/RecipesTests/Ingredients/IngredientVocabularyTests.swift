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

/// The configuration's ingredient and aisle lines: what they add, and each bad line named.
struct IngredientVocabularyConfigurationTests {
    @Test func linesAddIngredientsNamesAndAisles() throws {
        let vocabulary = try IngredientVocabulary(configuration: """
            # mine
            ingredient.gochugaru = kind chili flake; aisle spices; ko 고춧가루; en korean chili flakes
            ingredient.cheddar = en mature cheddar
            aisle.asian shop = gochugaru
            """, path: "config")
        #expect(vocabulary.reading(of: "2 tbsp Korean chili flakes").identities == ["gochugaru"])
        #expect(vocabulary.reading(of: "고춧가루").identities == ["gochugaru"])
        #expect(vocabulary.isKind("gochugaru", of: "chili flake"))
        #expect(vocabulary.reading(of: "200 g mature cheddar").identities == ["cheddar"])
        #expect(vocabulary.aisle(of: "gochugaru").name == "asian shop" && vocabulary.aisleOrder.first?.name == "asian shop")
        // The built-in names still read.
        #expect(vocabulary.reading(of: "Eier").identities == ["egg"])
    }

    @Test(arguments: [
        ("ingredient.x = colour red", "config:1: unknown field 'colour' (expected kind, aisle, density or a language code with names)"),
        ("\ningredient.x = kind unicorn", "config:2: 'unicorn' is not an ingredient of the vocabulary (kind names one)"),
        ("ingredient.x = aisle basement", "config:1: unknown aisle 'basement' (aisles: produce, dairy and eggs, meat and fish, bakery, baking, spices, tins and jars, frozen, drinks, other; an aisle.NAME line adds one)"),
        ("ingredient.x = density heavy", "config:1: 'heavy' is not a density in grams per millilitre (such as 0.53)"),
        ("ingredient.x = kind cheese; kind milk", "config:1: 'kind' is given twice"),
        ("ingredient.x = en zzz\ningredient.y = de zzz", "config:2: 'zzz' already names 'x' on line 1"),
        ("ingredient.x = kind x", "config:1: 'kind' needs another ingredient's name"),
        ("ingredient.x = de", "config:1: 'de' needs names, comma separated"),
        ("aisle. = eggs", "config:1: an aisle needs a name: aisle.NAME = INGREDIENTS"),
    ])
    func aBadLineIsNamedAndRefused(text: String, message: String) {
        #expect { try IngredientVocabulary(configuration: text, path: "config") } throws: { "\($0)" == message }
    }
}
