import Foundation
import Recipes

/// A deterministic synthetic recipe corpus shaped like real collections: the same seed gives
/// the same recipes (ids included, so a reused corpus compares by id).
///
/// Text is drawn from a vocabulary of several thousand words with a Zipf-like frequency
/// (a few words in every recipe, most in almost none), in several languages with accents and
/// a few in other scripts; lengths follow a log-normal curve with a long tail (about 10
/// ingredient lines and 1,000 characters of instructions on average). The words the queries
/// look for are planted at fixed rates, so each query class has the frequency it names
/// whatever the vocabulary does.
struct CorpusGenerator {
    /// SplitMix64: small, fast, and the same on every machine.
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// A word drawn with probability proportional to 1 / rank.
    struct ZipfVocabulary {
        let words: [String]
        private let cumulative: [Double]

        init(_ words: [String], exponent: Double = 1.0) {
            self.words = words
            var total = 0.0
            cumulative = words.indices.map { rank in
                total += 1 / pow(Double(rank + 1), exponent)
                return total
            }
        }

        func draw(_ random: inout Random) -> String {
            let target = Double(random.next() >> 11) / Double(1 << 53) * cumulative[cumulative.count - 1]
            var low = 0, high = cumulative.count - 1
            while low < high {
                let middle = (low + high) / 2
                if cumulative[middle] < target { low = middle + 1 } else { high = middle }
            }
            return words[low]
        }
    }

    /// A word the benchmark searches for, planted in `percent` of recipes in a random field.
    struct PlantedWord {
        let text: String
        let percent: Double
    }

    static let planted = [
        PlantedWord(text: "Saffron", percent: 0.05),          // rare, and `ffron` inside it
        PlantedWord(text: "cardamom", percent: 1),            // selective
        PlantedWord(text: "Soufflé", percent: 1),             // accented, typed without accents
        PlantedWord(text: "пельмени", percent: 0.5),          // another script
        PlantedWord(text: "garlic", percent: 15),             // common
        PlantedWord(text: "lemon", percent: 12),              // with garlic: two words
        PlantedWord(text: "salt", percent: 55),               // very common
    ]

    /// Everyday words of real recipe pages, most frequent first.
    static let commonWords = """
        the and a to of in with until for or minutes it add into on heat over is about cook stir \
        place from pan bowl large medium until water oil remove mix each then top small cup all \
        serve sauce until cover at together bake side let combine well oven bring simmer flour \
        sugar butter egg eggs milk onion pepper minced chopped sliced diced fresh ground hot \
        cold warm low high boil set aside drain season taste transfer pour spread roll cut \
        slice whisk fold beat blend chop grate press mash toss coat brush sprinkle garnish \
        golden brown tender soft crisp smooth thick thin until through inch degrees dish tray \
        sheet pot skillet lid spoon knife board plate glass mixture dough batter crust filling \
        cream cheese chicken beef pork fish rice pasta bread tomato tomatoes carrot carrots \
        potato potatoes beans peas corn spinach mushrooms herbs thyme rosemary basil parsley \
        cilantro mint dill oregano paprika cumin cinnamon ginger nutmeg vanilla honey vinegar \
        wine stock broth yogurt lime orange apple berries chocolate cocoa nuts almonds walnuts \
        oats seeds sesame soy noodles tofu shrimp bacon sausage lamb turkey duck cabbage celery \
        leek zucchini eggplant squash pumpkin avocado coconut mustard mayonnaise olives capers
        """.split(separator: " ").map(String.init)

    /// Words of other kitchens, with their accents, and a few in other scripts.
    static let foreignWords = """
        crème brûlée jalapeño purée flambé crêpe gratiné pâté käsespätzle smørrebrød açaí \
        entrée façon déglacer réduire mélanger poêle sauté émincé haché râpé fenouil échalote \
        champignons crémeux bœuf côte pommes à la française rôti épices noix pâte feuilletée \
        brötchen würzen schälen kümmel knödel gemüse süß sahne zwiebeln rühren backofen \
        häagen jalapeños piñones paella sofrito cebolla añadir cocción limón azúcar mantequilla \
        piña jamón albóndigas mañana fuego señora ragù gnocchi parmigiano mascarpone tiramisù \
        perché cottura forno pepe sale olio aglio basilico lasagne smörgås köttbullar grön \
        blåbär jordgubbar rødgrød fløde æbler kød çorba köfte börek yoğurt şeker içli ıspanak \
        борщ сметана укроп картофель σουβλάκι τζατζίκι ελιές ラーメン 味噌 醤油 豆腐 餃子 \
        김치 불고기 pho bánh mì phở gỏi cuốn nước mắm
        """.split(separator: " ").map(String.init)

    static let syllables = ["ka", "lo", "mi", "ter", "ban", "sho", "ri", "vel", "du", "mar", "ne", "pol", "sa", "tin",
                            "gre", "ko", "lin", "bru", "fa", "den", "quo", "zel", "hu", "wim", "ost", "pra", "cu", "lem",
                            "ja", "vor", "tis", "ne", "bo", "gha", "ul", "fre", "dak", "sim", "op", "ey"]
    static let accents: [Character: Character] = ["e": "é", "a": "à", "o": "ö", "u": "ü", "i": "î", "n": "ñ", "c": "ç"]

    /// Thousands of words: the everyday ones first (most frequent), then made-up words from
    /// syllables, a seventh of them accented, with foreign words spread through the ranks.
    static func makeVocabulary(size: Int, random: inout Random) -> [String] {
        var words = commonWords
        var seen = Set(words)
        var foreign = foreignWords.makeIterator()
        while words.count < size {
            if words.count % 40 == 0, let word = foreign.next() {
                if seen.insert(word).inserted { words.append(word) }
                continue
            }
            var word = ""
            for _ in 0..<(2 + Int(random.next() % 3)) { word += syllables[Int(random.next() % UInt64(syllables.count))] }
            if random.next() % 7 == 0, let index = word.firstIndex(where: { accents[$0] != nil }), let accented = accents[word[index]] {
                word.replaceSubrange(index...index, with: String(accented))
            }
            if seen.insert(word).inserted { words.append(word) }
        }
        return words
    }

    static let units = ["cup", "cups", "tbsp", "tsp", "g", "kg", "ml", "l", "oz", "lb", "pinch", "cloves", "sprigs",
                        "can", "slices", "handful", "EL", "TL", "Prise", "cuillère", "cucharada", "piece"]
    static let amountNotes = ["", "", "", ", diced", ", chopped", ", softened", ", to taste", ", divided", " (optional)",
                              ", finely grated", ", room temperature"]

    var random: Random
    let now: Date
    let vocabulary: ZipfVocabulary
    let ingredientNames: ZipfVocabulary

    init(seed: UInt64, now: Date) {
        random = Random(state: seed)
        self.now = now
        let words = Self.makeVocabulary(size: 6_000, random: &random)
        vocabulary = ZipfVocabulary(words)
        // Ingredient names favour the food words but reach into the whole vocabulary.
        ingredientNames = ZipfVocabulary(Array(words[60...]) + Array(words[..<60]), exponent: 0.9)
    }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
    mutating func chance(_ percent: Double) -> Bool { Double(random.next() % 1_000_000) < percent * 10_000 }

    /// A log-normal draw with the given mean (sigma sets the tail), from Box-Muller.
    mutating func logNormal(mean: Double, sigma: Double) -> Double {
        let u1 = max(Double(random.next() >> 11) / Double(1 << 53), 1e-12), u2 = Double(random.next() >> 11) / Double(1 << 53)
        let normal = (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
        return exp(log(mean) - sigma * sigma / 2 + sigma * normal)
    }

    mutating func sentence() -> String {
        let count = 5 + Int(random.next() % 14)
        var words = (0..<count).map { _ in vocabulary.draw(&random) }
        words[0] = words[0].prefix(1).uppercased() + words[0].dropFirst()
        return words.joined(separator: " ") + "."
    }

    mutating func uuid() -> UUID {
        let high = random.next(), low = random.next()
        let bytes = withUnsafeBytes(of: (high, low)) { Array($0) }
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], (bytes[6] & 0x0F) | 0x40, bytes[7],
                           (bytes[8] & 0x3F) | 0x80, bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    mutating func recipe() -> Recipe {
        let kindRoll = random.next() % 100
        var name = (0..<(2 + Int(random.next() % 3))).map { _ in ingredientNames.draw(&random) }.joined(separator: " ")
        let instructionLength = Int(min(logNormal(mean: 1_000, sigma: 0.7), 20_000))
        var instructions = ""
        while instructions.utf8.count < instructionLength {
            instructions += (instructions.isEmpty ? "" : " ") + sentence()
        }
        let ingredientCount = max(1, Int(min(logNormal(mean: 10, sigma: 0.45), 80).rounded()))
        var ingredients = (0..<ingredientCount).map { _ in
            Ingredient(name: (0..<(1 + Int(random.next() % 2))).map { _ in ingredientNames.draw(&random) }.joined(separator: " "),
                       amount: "\(1 + random.next() % 500) \(pick(Self.units))\(pick(Self.amountNotes))")
        }
        var summary = sentence()
        name = name.prefix(1).uppercased() + name.dropFirst()
        for word in Self.planted where chance(word.percent) {
            switch random.next() % 4 {
            case 0: name += " " + word.text
            case 1: summary += " With \(word.text)."
            case 2: instructions += " Add the \(word.text.lowercased())."
            default: ingredients.append(Ingredient(name: word.text, amount: "\(1 + random.next() % 20) \(pick(Self.units))"))
            }
        }
        let planned: Date? = chance(5) ? now.addingTimeInterval(Double(random.next() % (90 * 86_400))) : nil
        let id = uuid()
        switch kindRoll {
        case 60..<85:
            return BakedGood(id: id, name: name, summary: summary, instructions: instructions, plannedDate: planned,
                             ingredients: ingredients, ovenTemperature: 160 + Int(random.next() % 9) * 10,
                             bakeMinutes: 10 + Int(random.next() % 60))
        case 85...:
            return Beverage(id: id, name: name, summary: summary, instructions: instructions, plannedDate: planned,
                            ingredients: ingredients, isAlcoholic: chance(30), isServedHot: chance(40))
        default:
            return Recipe(id: id, name: name, summary: summary, instructions: instructions, plannedDate: planned, ingredients: ingredients)
        }
    }

    /// A repeat for one recipe in ten, as a household keeps "pizza every Friday": daily,
    /// weekly or monthly, at dinner, started up to two months ago so that many occurrences
    /// have already passed.
    mutating func repeatingPlan(for recipe: Recipe) -> PlanEntry? {
        guard chance(10) else { return nil }
        let start = now.addingTimeInterval(-Double(random.next() % (60 * 86_400)))
        let rule = switch random.next() % 3 {
        case 0: RepeatRule(frequency: .daily, interval: 1 + Int(random.next() % 3))
        case 1: RepeatRule(frequency: .weekly, weekdays: [Int(random.next() % 7)])
        default: RepeatRule(frequency: .monthly, monthDay: 1 + Int(random.next() % 28))
        }
        return PlanEntry(recipeID: recipe.id, date: start, meal: "dinner", repeatRule: rule)
    }

    /// The recipe as a plain text file, the way a terminal user might keep it.
    static func text(of recipe: Recipe) -> String {
        var text = "# \(recipe.name)\n\n\(recipe.summary)\n\n## Ingredients\n"
        for ingredient in recipe.ingredients { text += "- \(ingredient.amount) \(ingredient.name)\n" }
        text += "\n## Instructions\n\(recipe.instructions)\n"
        return text
    }
}
