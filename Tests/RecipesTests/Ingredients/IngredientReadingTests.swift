import FoundationEssentials
import Testing
@testable import RecipesCore

/// How ingredient lines read: the issue's examples, the kinds a cook tells apart, lines of
/// recipe pages in the languages read (Fixtures/ingredient-lines.tsv), and invariants over the
/// whole vocabulary with random noise around its names.
struct IngredientReadingTests {
    let vocabulary = IngredientVocabulary.builtIn

    @Test(arguments: [
        ("2 large eggs, beaten", ["egg"], false), ("1 cup all-purpose flour, sifted", ["all-purpose flour"], false),
        ("salt and freshly ground black pepper", ["salt", "black pepper"], false),
        ("vegetable or chicken stock", ["vegetable stock", "chicken stock"], true), ("Zucker", ["sugar"], false), ("sucre", ["sugar"], false),
        ("azúcar", ["sugar"], false), ("Eier", ["egg"], false), ("eggplant", ["eggplant"], false), ("pepper", ["black pepper"], false),
        ("1 red bell pepper, diced", ["bell pepper"], false), ("peanut butter", ["peanut butter"], false), ("chicken stock", ["chicken stock"], false),
        ("sour cream", ["sour cream"], false), ("ice cream", ["ice cream"], false), ("cream cheese", ["cream cheese"], false),
        ("red onions, sliced", ["red onion"], false), ("flour", ["all-purpose flour"], false), ("Salz und Pfeffer", ["salt", "black pepper"], false),
        ("butter or margarine", ["butter", "margarine"], true), ("salt, pepper", ["salt", "black pepper"], false),
        // A list whose last word is "or" is either of all (found by a user trial).
        ("butter, margarine or oil", ["butter", "margarine", "vegetable oil"], true), ("salt, pepper and nutmeg", ["salt", "black pepper", "nutmeg"], false),
        ("tomatoes, in olive oil", ["tomato"], false), ("red or white wine vinegar", ["red wine vinegar", "white wine vinegar"], true),
        ("6 c.à.s d'huile d'olive", ["olive oil"], false), ("100 g de gruyère râpé", ["gruyere"], false),
        ("2 tbsp almond butter", ["almond butter"], false), ("2 tbsp hazelnut butter", [], false), ("1 cup rice flour", ["rice flour"], false),
        ("1 can (15 oz) tomato sauce", ["tomato sauce"], false), ("1 cup salsa", ["salsa"], false), ("1 cup oat milk", ["oat milk"], false),
        ("2 cups semi-sweet chocolate chips", ["chocolate chip"], false), ("½ cup grated Parmesan cheese", ["parmesan"], false),
        ("1 c. à café de bicarbonate de soude", ["baking soda"], false), ("3 cloves garlic", ["garlic"], false), ("2 gousses d’ail", ["garlic"], false), ("", [], false), ("a handful of love", [], false),
        // A unit word that begins a name: "copo" is a Portuguese glass, "copos de chile" chili flakes.
        ("2 copos de chile", ["chili flake"], false), ("2 copos de leite", ["milk"], false), ("2 tazas de café", ["coffee"], false),
    ])
    func linesReadAsACookReadsThem(line: String, identities: [String], alternatives: Bool) {
        let reading = vocabulary.reading(of: line)
        #expect(reading.identities == identities)
        #expect(reading.isAlternatives == alternatives)
    }

    /// A word that names minced meat alone and is also a past participle ("gehakt",
    /// "macinato") prepares an ingredient named before it in the line, never adds one (found
    /// by a user trial: chopped parsley was bought as minced meat, and ground black pepper read
    /// as nothing).
    @Test(arguments: [
        ("peterselie, gehakt", ["parsley"]), ("1 ui, gehakt", ["onion"]), ("knoflook, gehakt", ["garlic"]),
        ("pepe nero, macinato", ["black pepper"]), ("pepe nero macinato", ["black pepper"]), ("aglio macinato", ["garlic"]),
        ("500 g gehakt", ["ground meat"]), ("gehakt", ["ground meat"]), ("300 g di macinato", ["ground meat"]),
        ("macinato di manzo", ["ground beef"]), ("500 g rundergehakt", ["ground beef"]), ("400 g carne macinata", ["ground meat"]),
    ])
    func aParticipleAfterANamePreparesIt(line: String, identities: [String]) {
        #expect(vocabulary.reading(of: line).identities == identities)
    }

    /// A more specific ingredient serves for the general one, never the other way; things
    /// named after an ingredient are not kinds of it.
    @Test(arguments: [
        ("cheddar", "cheese", true), ("cheese", "cheddar", false), ("red onion", "onion", true), ("onion", "red onion", false),
        ("all-purpose flour", "flour", true), ("whole wheat flour", "flour", true), ("whole wheat flour", "all-purpose flour", false),
        ("chicken stock", "chicken", false), ("peanut butter", "butter", false), ("bell pepper", "black pepper", false),
        ("sour cream", "cream", false), ("ice cream", "cream", false), ("cream cheese", "cream", false), ("heavy cream", "cream", true),
        ("chicken stock", "stock", true), ("spring onion", "onion", false),
    ])
    func kindsAreWhatACookSubstitutes(identity: String, general: String, isKind: Bool) {
        #expect(vocabulary.entries[identity] != nil && vocabulary.entries[general] != nil)
        #expect(vocabulary.isKind(identity, of: general) == isKind)
    }

    @Test(arguments: [
        ("parsley, to serve", true), ("1 tbsp chopped cilantro (optional)", true), ("Petersilie nach Belieben", true),
        ("persil (facultatif)", true), ("cilantro para decorar", true), ("prezzemolo facoltativo", true), ("salsa opcional", true),
        ("peterselie, optioneel", true), ("persilja till servering", true), ("persille til pynt", true), ("lime wedges, for garnish", true),
        ("2 eggs", false), ("salt to taste", false), ("Sale q.b.", false), ("optionality", false),
    ])
    func optionalLinesAreMarked(line: String, optional: Bool) {
        #expect(vocabulary.reading(of: line).isOptional == optional)
    }

    /// Lines as recipe pages and Cooklang files write them, each with what a cook reads it
    /// as: one ingredient, "a + b" for both, "a | b" for either, "-" for none.
    @Test func pageLinesReadAsTheFixtureSays() throws {
        let fixture = RepositoryFiles.fixture("ingredient-lines.tsv")
        let text = try String(contentsOf: fixture, encoding: .utf8)
        var count = 0
        for row in text.split(separator: "\n") where !row.hasPrefix("#") {
            let columns = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            try #require(columns.count == 3, "\(row)")
            let expected = columns[1] == "-" ? [] : columns[1].split(whereSeparator: { $0 == "+" || $0 == "|" }).map { $0.trimmedWhitespace }
            let reading = vocabulary.reading(of: columns[0])
            #expect(reading.identities == expected, "'\(columns[0])'")
            #expect(reading.isAlternatives == columns[1].contains("|"), "'\(columns[0])'")
            #expect(reading.isOptional == (columns[2] == "optional"), "'\(columns[0])'")
            count += 1
        }
        #expect(count >= 300)
    }

    /// Around any name of the vocabulary, a quantity, a size and preparation change nothing.
    @Test func amountsSizesAndPreparationAroundANameChangeNothing() {
        var random = PredicateDifferentialTests.Generator(state: 36)
        let before = ["", "2 ", "1 ½ cups ", "200 g ", "3 large ", "1 (400 g) can ", "½ TL "]
        let after = ["", ", chopped", ", finely diced", " (about 2)", ", at room temperature", ", plus extra"]
        let names = vocabulary.entries.values.flatMap { entry in entry.names.values.joined().map { (entry.identity, $0) } }
            .sorted { $0.1 < $1.1 }
        for (identity, name) in names {
            let line = before.randomElement(using: &random)! + name + after.randomElement(using: &random)!
            #expect(vocabulary.reading(of: line).identities == [identity], "'\(line)'")
        }
    }

    /// Two names joined by "and" are both needed, by "or" either, in each language's word.
    @Test func namesJoinedByAndOrOrAreBothOrEither() {
        var random = PredicateDifferentialTests.Generator(state: 7)
        let entries = vocabulary.entries.values.filter { !$0.names.isEmpty }.sorted { $0.identity < $1.identity }
        let words = [("and", false), ("und", false), ("et", false), ("or", true), ("oder", true), ("ou", true), ("o", true), ("eller", true)]
        var checked = 0
        for _ in 0..<400 {
            let first = entries.randomElement(using: &random)!, second = entries.randomElement(using: &random)!
            guard first.identity != second.identity, let a = first.names["en"]?.first ?? first.names["de"]?.first,
                  let b = second.names["en"]?.first ?? second.names["de"]?.first else { continue }
            // A name made only of a shorter one and more words would be read as the longer.
            guard vocabulary.reading(of: a).identities == [first.identity], vocabulary.reading(of: b).identities == [second.identity] else { continue }
            let (word, isOr) = words.randomElement(using: &random)!
            let reading = vocabulary.reading(of: "\(a) \(word) \(b)")
            #expect(reading.identities == [first.identity, second.identity], "'\(a) \(word) \(b)' reads as \(reading.identities)")
            #expect(reading.isAlternatives == isOr, "'\(a) \(word) \(b)'")
            checked += 1
        }
        #expect(checked >= 300)
    }
}
