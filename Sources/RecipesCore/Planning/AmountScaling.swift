import FoundationEssentials

/// Scales an ingredient's amount as a cook would: the leading quantity — a whole number, a
/// decimal, a fraction or a Unicode fraction, a mixed number, a range (`1-2`, `1 to 2`) —
/// multiplied and written the way recipes write it (`1½ cups`, not `1.5000 cups`; to an
/// eighth or a third under 10 and whole above, except metric amounts, which keep decimals); the unit
/// and anything after it kept; an amount without a quantity ("to taste", "a pinch") left
/// alone.
///
/// ```swift
/// AmountScaling.scale("1 ½ cups", by: 2)    // "3 cups"
/// AmountScaling.scale("1-2 tbsp", by: 1.5)  // "1½-3 tbsp"
/// ```
public enum AmountScaling {
    /// `amount` with its leading quantity multiplied by `factor` (unchanged for a factor of 1,
    /// or one that is not a positive number).
    public static func scale(_ amount: String, by factor: Double) -> String {
        guard factor.isFinite, factor > 0, factor != 1, let leading = leadingQuantity(Substring(amount.trimmedWhitespace)) else { return amount }
        // Metric amounts keep their decimals ("2.5 dl"); cups, spoons and counts go to the
        // eighths and thirds a cook measures ("1⅛ cups", never "1.13").
        let metric = MeasureUnit.leading(String(leading.rest))?.unit.system == .metric
        func number(_ value: Double) -> String { metric ? ShoppingList.format(value) : ShoppingList.rounded(value) }
        // "1 lb 2 oz" doubled is "2¼ lb": the two measures as one, in the first's unit.
        if leading.upper == nil, let compound = compound(leading.rest) {
            let scaled = number((leading.value + compound.extra) * factor)
            return scaled + pluralized(Substring(compound.unit), after: scaled) + compound.after
        }
        var scaled = number(leading.value * factor)
        if let upper = leading.upper { scaled += upper.separator + number(upper.value * factor) }
        return scaled + pluralized(leading.rest, after: scaled)
    }

    /// `rest` with its first word, a unit written singular ("cup", "head"), made plural when
    /// the number before it is no longer one: "2 heads", "2¼ cups" (found by a user trial).
    private static func pluralized(_ rest: Substring, after number: String) -> String {
        guard let start = rest.firstIndex(where: { !$0.isWhitespace }) else { return String(rest) }
        let end = rest[start...].firstIndex { !$0.isLetter } ?? rest.endIndex
        let word = String(rest[start..<end])
        // A unit in brackets or glued on ("(400g) tin") stays as written.
        guard !word.isEmpty else { return String(rest) }
        return String(rest[..<start]) + UnitConversion.plural(word, after: number) + String(rest[end...])
    }

    /// After an amount's first number, a unit and a smaller one of the same kind ("lb 2 oz",
    /// "cup 2 tbsp"): the second measure in the first's unit, the first unit as written (" lb")
    /// and what follows the second; nil for anything else.
    static func compound(_ rest: Substring) -> (extra: Double, unit: String, after: String)? {
        let text = String(rest)
        guard let (large, afterLarge) = MeasureUnit.leading(text), large.dimension != .count,
              let first = afterLarge.first(where: { !$0.isWhitespace }), first.isNumber,
              let small = leadingQuantity(Substring(afterLarge.trimmedWhitespace)), small.upper == nil,
              let (unit, after) = MeasureUnit.leading(String(small.rest)), unit.dimension == large.dimension, unit.size < large.size,
              after.first.map({ !$0.isLetter }) ?? true else { return nil }
        return (small.value * unit.size / large.size, String(text[..<afterLarge.startIndex]), String(after))
    }

    /// The quantity an amount starts with — a number, a mixed number, a range ("1-2", "1–2",
    /// "1 to 2", "1 or 2") — with the range's separator as written and what follows; nil when
    /// it starts with none.
    static func leadingQuantity(_ text: Substring) -> (value: Double, upper: (value: Double, separator: String)?, rest: Substring)? {
        guard let (first, afterFirst) = quantity(text) else { return nil }
        let trimmed = afterFirst.drop(while: \.isWhitespace)
        for separator in ["-", "–", "to ", "or "] where trimmed.hasPrefix(separator) {
            let afterSeparator = trimmed.dropFirst(separator.count).drop(while: \.isWhitespace)
            guard let (second, afterSecond) = quantity(afterSeparator) else { continue }
            let spaced = separator.hasSuffix(" ") || afterFirst.first == " "
            return (first, (second, spaced ? " " + separator.trimmedWhitespace + " " : separator), afterSecond)
        }
        return (first, nil, afterFirst)
    }

    /// A quantity as cooks write it: `1½`, `⅓`, `2.25`.
    public static func format(_ value: Double) -> String {
        ShoppingList.format(value)
    }

    /// A leading quantity — up to two numbers, "1 1/2", "1 ½", "1½", "2" — and what follows.
    static func quantity(_ text: Substring) -> (Double, Substring)? {
        var rest = text
        var total = 0.0
        var found = false
        for _ in 0..<2 {
            let before = rest
            guard let (value, remainder) = number(rest.drop(while: \.isWhitespace)) else { break }
            // A second number only completes a mixed number with a fraction ("1 1/2").
            if found, !(value < 1) { rest = before; break }
            total += value
            found = true
            rest = remainder
        }
        return found && total < ShoppingList.largestQuantity ? (total, rest) : nil
    }

    private static func number(_ text: Substring) -> (Double, Substring)? {
        if let first = text.first, let fraction = ShoppingList.vulgarFractions[first] { return (fraction, text.dropFirst()) }
        let digits = text.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "," || $0 == "/") }
        guard let firstDigit = digits.first, firstDigit.isNumber, !digits.hasSuffix("/") else { return nil }
        var rest = text.dropFirst(digits.count)
        if digits.contains("/") {
            let parts = digits.split(separator: "/")
            guard parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator != 0 else { return nil }
            return (numerator / denominator, rest)
        }
        guard var value = Double(digits.replacing(",", with: ".")) else { return nil }
        if let next = rest.first, let fraction = ShoppingList.vulgarFractions[next] {
            value += fraction
            rest = rest.dropFirst()
        }
        return (value, rest)
    }
}
