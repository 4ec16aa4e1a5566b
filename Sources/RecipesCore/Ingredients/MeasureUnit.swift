import FoundationEssentials

/// A unit an amount is measured in, with its dimension and its size in the dimension's base
/// (millilitres, grams, pieces), so amounts convert within a dimension.
///
/// The table holds metric units, US customary ones, and the spoons of the languages the
/// importers read (EL and TL, c.à.s and c.à.c, cucharada, cucchiaio, colher de sopa, eetlepel,
/// msk, ss, ...). Sizes are the ones cooks use: a tablespoon is 15 ml and a teaspoon 5 ml in
/// every language, a cup 240 ml (the US one; a "metric cup" 250 ml), a pint, quart and gallon
/// the US ones, an ounce 28.35 g, a pound 453.6 g, a German Pfund 500 g. Cups of other
/// languages (Tasse, tazza, verre) vary by household and are left out: an amount in them is
/// kept as written. A size word ("2 large") counts pieces.
///
/// ```swift
/// MeasureUnit.named("c. à s.")?.size   // 15 (ml)
/// MeasureUnit.named("cups")?.symbol    // "cup"
/// ```
public struct MeasureUnit: Sendable, Equatable, Hashable {
    /// What a unit measures.
    public enum Dimension: Sendable, Hashable {
        /// Millilitres.
        case volume
        /// Grams.
        case mass
        /// Pieces: "2 eggs", "2 large".
        case count
    }

    /// Which way of measuring a unit belongs to, for converting to one.
    public enum System: String, Sendable, Hashable, CaseIterable {
        /// Grams, kilograms, millilitres, litres.
        case metric
        /// Cups, spoons, ounces and pounds.
        case us
    }

    /// How the unit prints: "ml", "tbsp", "cup".
    public let symbol: String
    /// What it measures.
    public let dimension: Dimension
    /// Its size in millilitres, grams or pieces.
    public let size: Double
    /// The system it belongs to; nil for spoons and pieces, which both use.
    public let system: System?

    /// The unit `text` names ("tbsp.", "Esslöffel", "c. à s.", "cups"), read from its start
    /// ("cup, sifted" is a cup); nil for a unit the table does not have ("a pinch", "can").
    /// An empty text is a count of pieces.
    public static func named(_ text: String) -> MeasureUnit? {
        leading(text)?.unit
    }

    /// The unit `text` starts with and the text after it ("cup, sifted" → cup, ", sifted");
    /// an empty text is a count of pieces. Nil when it starts with no unit the table has.
    static func leading(_ text: String) -> (unit: MeasureUnit, rest: Substring)? {
        // Words with where each ends in `text`: "c. à s." is the words "c", "à", "s".
        var words: [(word: String, end: String.Index)] = []
        var index = text.startIndex
        while index < text.endIndex, words.count < 4 {
            while index < text.endIndex, text[index].isWhitespace || text[index] == "." { index = text.index(after: index) }
            guard index < text.endIndex, !",()".contains(text[index]) else { break }
            var word = ""
            while index < text.endIndex, !text[index].isWhitespace, !",().".contains(text[index]) {
                word.append(text[index])
                index = text.index(after: index)
            }
            // A dot ends an abbreviation: "tbsp." and "c.à.s".
            while index < text.endIndex, text[index] == "." { index = text.index(after: index) }
            words.append((TextMatching.fold(word), index))
        }
        guard !words.isEmpty else { return text.trimmedWhitespace.isEmpty ? (.piece, text[...]) : nil }
        for length in stride(from: words.count, through: 1, by: -1) {
            let phrase = words.prefix(length).map(\.word).joined(separator: " ")
            let rest = text[words[length - 1].end...]
            if let unit = table[phrase] { return (unit, rest) }
            for ending in ["s", "es", "n"] where phrase.hasSuffix(ending) && phrase.count > ending.count + 1 {
                if let unit = table[String(phrase.dropLast(ending.count))] { return (unit, rest) }
            }
        }
        return nil
    }

    /// A piece: "2 eggs".
    public static let piece = MeasureUnit(symbol: "", dimension: .count, size: 1, system: nil)
    /// Millilitres, litres, grams and kilograms, as metric amounts print.
    static let millilitre = MeasureUnit(symbol: "ml", dimension: .volume, size: 1, system: .metric)
    static let litre = MeasureUnit(symbol: "l", dimension: .volume, size: 1000, system: .metric)
    static let gram = MeasureUnit(symbol: "g", dimension: .mass, size: 1, system: .metric)
    static let kilogram = MeasureUnit(symbol: "kg", dimension: .mass, size: 1000, system: .metric)
    /// Cups and spoons, ounces and pounds, as US amounts print.
    static let cup = MeasureUnit(symbol: "cup", dimension: .volume, size: 240, system: .us)
    static let tablespoon = MeasureUnit(symbol: "tbsp", dimension: .volume, size: 15, system: nil)
    static let teaspoon = MeasureUnit(symbol: "tsp", dimension: .volume, size: 5, system: nil)
    static let ounce = MeasureUnit(symbol: "oz", dimension: .mass, size: 28.35, system: .us)
    static let pound = MeasureUnit(symbol: "lb", dimension: .mass, size: 453.6, system: .us)

    /// Every spelling, folded and without dots, to its unit.
    private static let table: [String: MeasureUnit] = {
        var table: [String: MeasureUnit] = [:]
        func add(_ unit: MeasureUnit, _ names: [String]) {
            for name in names { table[name] = unit }
        }
        func volume(_ symbol: String, _ size: Double, _ system: System?) -> MeasureUnit {
            MeasureUnit(symbol: symbol, dimension: .volume, size: size, system: system)
        }
        add(millilitre, ["ml", "millilitre", "milliliter", "millilitro", "mililitro", "milliliter"])
        add(volume("cl", 10, .metric), ["cl", "centilitre", "centiliter", "centilitro"])
        add(volume("dl", 100, .metric), ["dl", "decilitre", "deciliter", "decilitro"])
        add(litre, ["l", "litre", "liter", "litro", "lt", "ltr"])
        add(gram, ["g", "gr", "gram", "gramme", "gramm", "grammo", "grammi", "gramo", "grama", "grs"])
        add(kilogram, ["kg", "kilo", "kilogram", "kilogramme", "kilogramm", "chilo", "chilogrammo", "kilogramo", "quilo", "quilograma"])
        add(MeasureUnit(symbol: "mg", dimension: .mass, size: 0.001, system: .metric), ["mg", "milligram", "milligramme"])
        add(cup, ["cup", "c", "us cup"])
        add(volume("metric cup", 250, .metric), ["metric cup"])
        add(tablespoon, [
            "tbsp", "tbs", "tbl", "tablespoon", "tbsps", "el", "essloffel", "cs", "cas", "c a s", "c a soupe", "cuillere a soupe", "cuilleres a soupe",
            "cda", "cdas", "cucharada", "cucchiaio", "cucchiai", "cucchiaio da tavola", "cucchiai da tavola", "colher de sopa",
            "colheres de sopa", "cs", "eetlepel", "eetl", "msk", "matsked", "ss", "spiseskje",
        ])
        add(teaspoon, [
            "tsp", "teaspoon", "tsps", "tl", "teeloffel", "cc", "cac", "c a c", "c a cafe", "cuillere a cafe", "cuilleres a cafe", "cdta", "cdtas", "cdita",
            "cditas", "cucharadita", "cucchiaino", "cucchiaini", "colher de cha", "colheres de cha", "theelepel", "thl", "tsk",
            "tesked", "ts", "teskje",
        ])
        add(volume("krm", 1, nil), ["krm", "kryddmatt"])
        add(volume("fl oz", 30, .us), ["fl oz", "fluid ounce", "floz"])
        add(volume("pint", 473, .us), ["pint", "pt"])
        add(volume("quart", 946, .us), ["quart", "qt"])
        add(volume("gallon", 3785, .us), ["gallon", "gal"])
        add(ounce, ["oz", "ounce", "onza", "oncia", "unze"])
        add(pound, ["lb", "pound", "lbs", "libra"])
        add(MeasureUnit(symbol: "Pfund", dimension: .mass, size: 500, system: nil), ["pfund"])
        add(piece, [
            "piece", "pc", "pcs", "stuck", "stk", "st", "piece", "pieza", "pezzo", "pezzi", "peca", "stuk", "stuks", "styck",
            "large", "medium", "small", "big", "whole", "extra large", "gross", "grosse", "grossen", "mittelgross", "mittelgrosse",
            "klein", "kleine", "kleinen", "gros", "moyen", "moyenne", "petit", "petite", "grande", "mediano", "mediana", "pequeno",
            "pequena", "piccolo", "piccola", "piccoli", "groot", "grote", "middelgroot", "middelgrote", "kleine",
            "stor", "stora", "medelstor", "liten", "sma", "store", "mellomstor",
        ].reduce(into: []) { unique, name in if !unique.contains(name) { unique.append(name) } })
        return table
    }()
}

extension MeasureUnit.System {
    /// The configuration file's `units = metric|us` line, or nil when it has none; throws
    /// for another value, naming the line.
    public init?(configuration text: String, path: String) throws(MealTimes.ConfigurationError) {
        let file = try ConfigurationLines(text, path: path)
        guard let (name, setting) = file.section("units").last else { return nil }
        guard name.isEmpty else { throw file.failure(setting, "unknown setting '\(setting.key)' (expected units = metric|us)") }
        guard let system = Self(rawValue: setting.value.lowercased()) else {
            throw file.failure(setting, "'\(setting.value)' is not a system of units (metric or us)")
        }
        self = system
    }
}
