import FoundationEssentials

/// Amounts converted between units and written as cooks write them: metric in whole
/// millilitres and grams (to the nearest 5 from 100, litres and kilograms from 1000), US in
/// cups, spoons, ounces and pounds with fractions ("1¼ cups", "2 tbsp", "¾ lb"), never
/// "2.83 tsp".
///
/// ```swift
/// UnitConversion.text(quantity: 1, unit: .named("cup")!, in: .metric)      // "240 ml"
/// UnitConversion.text(quantity: 500, unit: .named("g")!, in: .us)          // "1⅛ lb"
/// ```
public enum UnitConversion {
    /// `quantity` (to `upTo`, for a range) of `unit`, in `system`'s units; a count, and a unit
    /// already of the system, as it is but rounded.
    public static func text(quantity: Double, upTo: Double? = nil, unit: MeasureUnit, in system: MeasureUnit.System?) -> String {
        let base = quantity * unit.size, upper = upTo.map { $0 * unit.size }
        guard unit.dimension != .count else { return written(quantity, upTo: upTo, unit: unit, system: nil) }
        if let system, unit.system != system || isLarge(base, for: unit) {
            return express(base, upTo: upper, dimension: unit.dimension, in: system)
        }
        return written(quantity, upTo: upTo, unit: unit, system: unit.system)
    }

    /// An amount in the dimension's base (`base` millilitres or grams, to `upTo`) in the
    /// units of `system`, or in spoons when `system` is nil.
    public static func express(_ base: Double, upTo: Double? = nil, dimension: MeasureUnit.Dimension, in system: MeasureUnit.System?) -> String {
        let unit = unit(for: base, dimension: dimension, in: system)
        return written(base / unit.size, upTo: upTo.map { $0 / unit.size }, unit: unit, system: system)
    }

    /// The unit an amount reads best in: the largest whose count is at least one (a quarter
    /// for cups), as recipes write it.
    static func unit(for base: Double, dimension: MeasureUnit.Dimension, in system: MeasureUnit.System?) -> MeasureUnit {
        switch (dimension, system) {
        case (.count, _): return .piece
        case (.volume, .metric?): return base >= 1000 ? .litre : .millilitre
        case (.mass, .metric?): return base >= 1000 ? .kilogram : .gram
        case (.volume, .us?): return base >= MeasureUnit.cup.size / 4 ? .cup : base >= MeasureUnit.tablespoon.size ? .tablespoon : .teaspoon
        case (.mass, .us?): return base >= MeasureUnit.pound.size ? .pound : .ounce
        // Spoons: tablespoons when they measure it to a half, else teaspoons (4 tsp, not 1⅓ tbsp).
        case (.volume, nil):
            let halves = base / (MeasureUnit.tablespoon.size / 2)
            return base >= MeasureUnit.tablespoon.size && abs(halves - halves.rounded()) < 0.01 ? .tablespoon : .teaspoon
        case (.mass, nil): return base >= 1000 ? .kilogram : .gram
        }
    }

    /// An English unit word in the plural after a number above one: "2 cups", "2 pinches";
    /// other words, symbols and other languages' units as they are.
    public static func plural(_ unit: String, after number: String) -> String {
        guard number != "1", number.contains(where: { $0.isASCII && $0.isNumber }), !unit.contains(" ") else { return unit }
        let lower = unit.lowercased()
        if let plural = pluralUnits[lower] { return unit.first?.isUppercase == true ? plural.prefix(1).uppercased() + plural.dropFirst() : plural }
        return unit
    }

    private static let pluralUnits: [String: String] = [
        "cup": "cups", "pinch": "pinches", "can": "cans", "tin": "tins", "jar": "jars", "clove": "cloves", "slice": "slices", "stick": "sticks",
        "bunch": "bunches", "sprig": "sprigs", "handful": "handfuls", "piece": "pieces", "packet": "packets", "package": "packages",
        "bottle": "bottles", "head": "heads", "sheet": "sheets", "tablespoon": "tablespoons", "teaspoon": "teaspoons", "pound": "pounds",
        "ounce": "ounces", "quart": "quarts", "pint": "pints", "gallon": "gallons", "leaf": "leaves", "dash": "dashes", "drop": "drops",
        "stalk": "stalks", "fillet": "fillets", "bag": "bags", "box": "boxes", "carton": "cartons", "splash": "splashes",
    ]

    /// Whether an amount has outgrown its unit (1500 ml is 1.5 l).
    private static func isLarge(_ base: Double, for unit: MeasureUnit) -> Bool {
        (unit == .millilitre || unit == .gram) && base >= 1000
    }

    /// A number of `unit`, rounded for its system, with the unit's symbol.
    static func written(_ quantity: Double, upTo: Double?, unit: MeasureUnit, system: MeasureUnit.System?) -> String {
        let low = number(quantity, unit: unit, system: system)
        var text = low
        if let upTo, number(upTo, unit: unit, system: system) != low { text += "-" + number(upTo, unit: unit, system: system) }
        var symbol = unit.symbol
        // "2 cups", "1 cup", "½ cup": the one symbol that takes a plural.
        let largest = upTo.map { number($0, unit: unit, system: system) } ?? low
        if symbol == "cup", largest != "1", largest.contains(where: { $0.isASCII && $0.isNumber }) { symbol = "cups" }
        return symbol.isEmpty ? text : text + " " + symbol
    }

    /// A quantity of `unit` as cooks write it: decimals for metric units, fractions otherwise.
    static func number(_ value: Double, unit: MeasureUnit, system: MeasureUnit.System?) -> String {
        system == .metric || unit.system == .metric ? decimal(value, unit: unit) : ShoppingList.rounded(value)
    }

    /// Metric amounts: litres and kilograms to two decimals; millilitres and grams to a half
    /// under 10, whole under 100, to the nearest 5 above.
    private static func decimal(_ value: Double, unit: MeasureUnit) -> String {
        let rounded: Double
        if unit.size >= 1000 {
            rounded = (value * 100).rounded() / 100
        } else if value < 10 {
            rounded = max(0.5, (value * 2).rounded() / 2)
        } else if value < 100 {
            rounded = value.rounded()
        } else {
            rounded = (value / 5).rounded() * 5
        }
        guard rounded < ShoppingList.largestQuantity else { return "\(rounded)" }
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(Int((rounded * 100).rounded()))
        while text.count < 3 { text = "0" + text }
        text.insert(".", at: text.index(text.endIndex, offsetBy: -2))
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
