import FoundationEssentials

/// What one serving of a recipe holds, as its source labels it: energy in kcal, sodium and
/// cholesterol in mg, the rest in grams. Recipe pages give it as schema.org
/// `NutritionInformation` and Cooklang files as metadata; ``Recipe/nutrition`` keeps it.
///
/// ```swift
/// let nutrition = try Nutrition(text: "420 kcal, 12 g fat, 30 g protein")
/// nutrition[.protein]   // 30
/// nutrition.text        // "420 kcal, 12 g fat, 30 g protein"
/// ```
public struct Nutrition: Hashable, Sendable {
    /// The nutrients a label lists, in its order.
    public enum Nutrient: String, CaseIterable, Sendable {
        /// Energy, in kcal.
        case calories
        /// Fat, in grams.
        case fat
        /// Saturated fat, in grams.
        case saturatedFat
        /// Carbohydrate, in grams.
        case carbohydrate
        /// Sugar, in grams.
        case sugar
        /// Fibre, in grams.
        case fiber
        /// Protein, in grams.
        case protein
        /// Sodium, in milligrams (a label's salt is read as sodium: 1 g of salt is 400 mg).
        case sodium
        /// Cholesterol, in milligrams.
        case cholesterol

        /// The unit the amount is kept in: "kcal", "g" or "mg".
        public var unit: String {
            switch self {
            case .calories: "kcal"
            case .sodium, .cholesterol: "mg"
            default: "g"
            }
        }

        /// How a label names it: "saturated fat".
        public var label: String {
            switch self {
            case .calories: "kcal"
            case .saturatedFat: "saturated fat"
            default: rawValue
            }
        }

        /// Its schema.org `NutritionInformation` property.
        var schemaOrgProperty: String { self == .calories ? "calories" : rawValue + "Content" }

        /// The words that name it in a label, a Cooklang key or the edit text, folded.
        var names: [String] {
            switch self {
            case .calories: ["kcal", "calories", "calorie", "cal", "energy", "kalorien", "energie", "energia"]
            case .fat: ["fat", "total fat", "fett", "grassi", "grasas", "lipides", "matieres grasses", "gordura", "vet"]
            case .saturatedFat: ["saturated fat", "saturatedfat", "saturated_fat", "sat fat", "saturates", "gesattigte fettsauren", "grassi saturi"]
            case .carbohydrate: ["carbohydrate", "carbohydrates", "carbs", "carb", "kohlenhydrate", "carboidrati", "carbohidratos", "glucides"]
            case .sugar: ["sugar", "sugars", "zucker", "zuccheri", "azucares", "sucres"]
            case .fiber: ["fiber", "fibre", "fibres", "fibers", "dietary fiber", "ballaststoffe", "fibre alimentari", "fibra"]
            case .protein: ["protein", "proteins", "eiweiss", "proteine", "proteinas", "proteines"]
            case .sodium: ["sodium", "natrium", "sodio"]
            case .cholesterol: ["cholesterol", "cholesterin", "colesterolo", "colesterol"]
            }
        }
    }

    /// The amounts given, per nutrient, in ``Nutrient/unit``.
    public private(set) var amounts: [Nutrient: Double]

    /// The largest amount kept: a serving holds no more than this of anything (kcal, g or mg).
    public static let largestAmount = 100_000.0

    /// Nutrition with these amounts; amounts that are negative, not finite or past
    /// ``largestAmount`` are left out.
    public init(_ amounts: [Nutrient: Double] = [:]) {
        self.amounts = amounts.filter { Self.isSound($0.value) }
    }

    /// Whether nothing is given.
    public var isEmpty: Bool { amounts.isEmpty }

    /// The amount of `nutrient`, in its unit; setting nil removes it.
    public subscript(nutrient: Nutrient) -> Double? {
        get { amounts[nutrient] }
        set { amounts[nutrient] = newValue.flatMap { Self.isSound($0) ? $0 : nil } }
    }

    /// Every amount times `factor`: what `factor` servings hold. A total may pass
    /// ``largestAmount``, which bounds one serving (9,999 servings of 310 kcal are 3,099,690
    /// kcal, not nothing: found by a user trial).
    public func times(_ factor: Double) -> Nutrition {
        var total = Nutrition()
        total.amounts = amounts.mapValues { $0 * factor }.filter { $0.value.isFinite }
        return total
    }

    /// "420 kcal, 12 g fat, 30 g protein", in a label's order: what the edit text and
    /// `recipes show` print and ``init(text:)`` reads back.
    public var text: String {
        Nutrient.allCases.compactMap { nutrient in
            amounts[nutrient].map { nutrient == .calories ? "\(Self.number($0)) kcal" : "\(Self.number($0)) \(nutrient.unit) \(nutrient.label)" }
        }.joined(separator: ", ")
    }

    /// A line that cannot be read as nutrition, and why.
    public struct Problem: Error, Equatable, CustomStringConvertible, Sendable {
        /// What is wrong, for the user.
        public let reason: String
        /// ``reason``.
        public var description: String { reason }
    }

    /// Reads ``text``'s form: parts separated by commas or semicolons, each an amount and a
    /// nutrient in either order ("12 g fat", "fat 12 g", "protein: 30g", "sodium 0.4 g" as
    /// 400 mg). An empty text is no nutrition.
    public init(text: String) throws(Problem) {
        var amounts: [Nutrient: Double] = [:]
        for part in Self.parts(text) {
            guard let (nutrient, amount) = Self.reading(part) else {
                throw Problem(reason: "'\(part)' is not an amount of a nutrient (such as '420 kcal' or '12 g fat')")
            }
            // Out of bounds is refused, never quietly left out (found by a user trial: the
            // edit said 'updated' and the nutrition was gone).
            guard Self.isSound(amount) else {
                throw Problem(reason: "'\(part)' is more than a serving holds (at most \(Self.number(Self.largestAmount)) \(nutrient.unit))")
            }
            amounts[nutrient] = amount
        }
        self.init(amounts)
    }

    /// The parts between commas, semicolons or middle dots, a comma between digits ("12,5 g")
    /// being a decimal one.
    private static func parts(_ text: String) -> [String] {
        let characters = Array(text)
        var parts: [String] = [], current = ""
        for (index, character) in characters.enumerated() {
            let decimal = character == "," && index > 0 && index + 1 < characters.count
                && characters[index - 1].isNumber && characters[index + 1].isNumber
            if (character == "," && !decimal) || character == ";" || character == "·" {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts.map(\.trimmedWhitespace).filter { !$0.isEmpty }
    }

    /// "12 g fat" or "fat: 12g": the nutrient and its amount in its unit.
    static func reading(_ part: String) -> (Nutrient, Double)? {
        let folded = TextMatching.fold(part).replacing(":", with: " ")
        guard let (value, digits) = firstNumber(in: folded) else { return nil }
        // A minus sign is no amount of a nutrient: "-5 kcal" is not 5 kcal (found by a user trial).
        if let before = folded[..<digits.lowerBound].last(where: { !$0.isWhitespace }), before == "-" || before == "\u{2212}" { return nil }
        let words = (folded[..<digits.lowerBound] + " " + folded[digits.upperBound...])
            .split(whereSeparator: { !$0.isLetter && $0 != "_" }).map(String.init)
        let units: Set<String> = ["g", "mg", "kcal", "kj", "cal", "gram", "grams", "milligrams"]
        let unit = words.first(where: units.contains)
        let name = words.filter { $0 != unit }.joined(separator: " ")
        let nutrient: Nutrient
        if name.isEmpty, unit == "kcal" || unit == "kj" || unit == "cal" {
            nutrient = .calories
        } else if ["salt", "sale", "sel", "sal", "salz", "zout"].contains(name) {
            // Salt on European labels: 1 g of salt holds about 400 mg of sodium.
            let grams = unit == "mg" || unit == "milligrams" ? value / 1_000 : value
            return (.sodium, grams * 400)
        } else if let named = Nutrient.allCases.first(where: { $0.names.contains(name) }) {
            nutrient = named
        } else {
            return nil
        }
        return (nutrient, amount(value, unit: unit, of: nutrient))
    }

    /// `value` in `unit` as `nutrient`'s own unit: "0.4 g" of sodium is 400 mg, 1000 kJ 239 kcal.
    private static func amount(_ value: Double, unit: String?, of nutrient: Nutrient) -> Double {
        switch (unit, nutrient.unit) {
        case ("kj", _): value / 4.184
        case ("mg", "g"), ("milligrams", "g"): value / 1_000
        case ("g", "mg"), ("gram", "mg"), ("grams", "mg"): value * 1_000
        default: value
        }
    }

    /// A schema.org value ("12 g", "240 calories", 240, "1,5 g") as `nutrient`'s amount.
    static func amount(schemaOrg text: String, of nutrient: Nutrient) -> Double? {
        let folded = TextMatching.fold(text)
        guard let (value, digits) = firstNumber(in: folded), isSound(value) else { return nil }
        let unit = folded[digits.upperBound...].split(whereSeparator: { !$0.isLetter }).first.map(String.init)
        return amount(value, unit: unit, of: nutrient)
    }

    /// The text's first run of digits as a number (a decimal comma read as a point), and
    /// where it stands.
    private static func firstNumber(in text: String) -> (Double, Range<String.Index>)? {
        guard let start = text.firstIndex(where: \.isNumber) else { return nil }
        let digits = text[start...].prefix { $0.isNumber || $0 == "." || $0 == "," }
        return Double(digits.replacing(",", with: ".")).map { ($0, digits.startIndex..<digits.endIndex) }
    }

    /// 12, 12.5, 0.25: at most two decimals, none when whole.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    private static func isSound(_ value: Double) -> Bool {
        value.isFinite && value >= 0 && value <= largestAmount
    }
}

extension Nutrition: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// An object of amounts by nutrient: `{"calories": 420, "fat": 12}`; keys it does not know
    /// are ignored, as a newer version's nutrients would be.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        var amounts: [Nutrient: Double] = [:]
        for nutrient in Nutrient.allCases {
            amounts[nutrient] = try container.decodeIfPresent(Double.self, forKey: Key(stringValue: nutrient.rawValue))
        }
        self.init(amounts)
    }

    /// Writes the object ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for nutrient in Nutrient.allCases {
            if let amount = amounts[nutrient] { try container.encode(amount, forKey: Key(stringValue: nutrient.rawValue)) }
        }
    }
}

extension Nutrition: SQLiteValueConvertible {
    /// ``text``, which other SQLite clients can read too; no nutrition is NULL.
    package var sqliteValue: SQLiteValue { isEmpty ? .null : .text(text) }
    /// Reads what it can: a part another client wrote that does not read is left out
    /// rather than making the whole recipe unreadable.
    package init?(sqliteValue: SQLiteValue) {
        guard case .text(let text) = sqliteValue else { return nil }
        self.init(Dictionary(Self.parts(text).compactMap(Self.reading), uniquingKeysWith: { _, last in last }))
    }
}
