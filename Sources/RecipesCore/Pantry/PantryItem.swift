import FoundationEssentials

/// Something the kitchen holds: an ingredient by its identity ("eggs", "Eier" and "egg" are
/// one item), perhaps how much of it, perhaps the day it should be used by. People track only
/// what matters to them, so a staple is just there ("salt"), and a quantity or a use-by day
/// is there only when given.
///
/// ```swift
/// let flour = try PantryItem(reading: "500 g flour", vocabulary: .active)
/// flour.identity    // "all-purpose flour"
/// flour.quantity    // 500 (grams)
/// ```
public struct PantryItem: Sendable, Equatable {
    /// The ingredient: a vocabulary identity ("all-purpose flour"), or for a name the
    /// vocabulary does not know, the name folded and singular ("hazelnut butter").
    public var identity: String
    /// The name as the user wrote it, without its amount ("eggs", "Mehl").
    public var name: String
    /// How much is held, in ``dimension``'s base unit (millilitres, grams or pieces); nil
    /// when only that it is there is tracked.
    public var quantity: Double?
    /// What ``quantity`` measures.
    public var dimension: MeasureUnit.Dimension?
    /// What a count counts, as written ("jar" in "2 jars of honey"); empty for pieces and
    /// for volumes and masses.
    public var countUnit: String
    /// The day it should be used by, if it has one: a calendar day, kept as its midnight in
    /// UTC (``useBy(day:local:)`` makes it) so that every machine, in any time zone, reads the
    /// same day back with ``useByDay(in:)``.
    public var useBy: Date?

    /// An item with these parts.
    public init(identity: String, name: String, quantity: Double? = nil, dimension: MeasureUnit.Dimension? = nil,
                countUnit: String = "", useBy: Date? = nil) {
        self.identity = identity
        self.name = name
        self.quantity = quantity
        self.dimension = quantity == nil ? nil : dimension ?? .count
        self.countUnit = countUnit
        self.useBy = useBy
    }

    /// The item a user's words name: "eggs", "Flour", "500 g flour", "2 jars honey",
    /// "black pepper". Throws ``PantryInputError`` for no name, an amount without a name, or
    /// words that name several ingredients ("salt and pepper": each is an item of its own).
    public init(reading text: String, vocabulary: IngredientVocabulary) throws(PantryInputError) {
        let text = text.trimmedWhitespace
        guard !text.isEmpty else { throw PantryInputError(item: text, reason: "an item needs a name, such as eggs or '500 g flour'") }
        let (name, amount) = IngredientLine.split(text)
        let named = name.trimmedWhitespace
        // "500 g" alone: a number and a unit, which the split keeps as a name.
        let onlyAnAmount = amount.isEmpty && ShoppingList.parse(named).flatMap { MeasureUnit.leading($0.unit) }.map { $0.rest.trimmedWhitespace.isEmpty } == true
        guard named.contains(where: { $0.isLetter }), !onlyAnAmount else {
            throw PantryInputError(item: text, reason: "'\(text)' has an amount but no ingredient; write it as '500 g flour'")
        }
        var quantity: Double?, dimension: MeasureUnit.Dimension?, countUnit = ""
        var itemName = named
        // An amount in words ("a pinch", "a handful") is the item without an amount.
        if !amount.isEmpty, amount.contains(where: \.isNumber) || ShoppingList.parse(amount) != nil {
            guard let parsed = ShoppingList.parse(amount), parsed.upTo == nil else {
                throw PantryInputError(item: text, reason: "'\(amount)' is not an amount the pantry can keep (write one number and a unit, such as 500 g)")
            }
            if let unit = MeasureUnit.named(parsed.unit) {
                quantity = parsed.quantity * unit.size
                dimension = unit.dimension
            } else {
                // "2 jars honey": a count of jars. "2 garlic cloves" is a count of cloves.
                quantity = parsed.quantity
                dimension = .count
                countUnit = ShoppingList.countKey(parsed.unit)
            }
            if parsed.unit.isEmpty, let (base, count) = ShoppingList.countInName(named) {
                itemName = base
                countUnit = ShoppingList.countKey(count)
            }
        }
        if let quantity, quantity <= 0 {
            throw PantryInputError(item: text, reason: "'\(text)' holds nothing; 'recipes pantry remove \(itemName)' takes it out")
        }
        var reading = vocabulary.reading(of: itemName)
        if !reading.identities.isEmpty, Self.namesAProductOfItsOwn(itemName, reading: reading) {
            reading = IngredientReading(identities: [], isAlternatives: false, isOptional: false, written: [])
        }
        if reading.identities.count > 1 && !reading.isAlternatives {
            throw PantryInputError(item: text, reason: "'\(text)' names \(reading.identities.count) ingredients (\(reading.identities.joined(separator: ", "))); add each as an item of its own")
        }
        let identity = reading.identities.first ?? ShoppingList.itemKey(itemName)
        guard !identity.isEmpty else { throw PantryInputError(item: text, reason: "'\(text)' names no ingredient") }
        self.init(identity: identity, name: itemName, quantity: quantity, dimension: dimension, countUnit: countUnit)
    }

    /// Whether a name the vocabulary reads as an ingredient names something else made of it,
    /// which a kitchen keeps as an item of its own: words after the ingredient ("cheddar
    /// sauce", "salt & vinegar crisps") or one ingredient joined to a name it does not know
    /// ("mac and cheese"). Describing words before it ("large eggs") and a count after it
    /// ("basil leaves") do not.
    static func namesAProductOfItsOwn(_ name: String, reading: IngredientReading) -> Bool {
        let words = IngredientVocabulary.words(name)
        guard let last = words.last, let named = reading.written.last.flatMap({ IngredientVocabulary.words($0).last }) else { return false }
        if last != named, !ShoppingList.countWords.contains(ShoppingList.singular(last)) { return true }
        let joined = name.contains { "&+/".contains($0) } || words.contains { IngredientVocabulary.andWords.contains($0) || IngredientVocabulary.orWords.contains($0) }
        return joined && reading.identities.count == 1
    }

    /// Whether this item is there for a line that needs `needed`: the same ingredient or a
    /// more specific kind of it (cheddar for "cheese", a red onion for "onion"), never a more
    /// general one ("onion" does not do for "red onion").
    public func serves(_ needed: String, in vocabulary: IngredientVocabulary) -> Bool {
        vocabulary.isKind(identity, of: needed)
    }

    /// Whether this item is there for what a line or a shopping item reads as: `identity`,
    /// or when the vocabulary reads none, the folded name `key`.
    func isThere(for identity: String?, key: String, in vocabulary: IngredientVocabulary) -> Bool {
        identity.map { serves($0, in: vocabulary) } ?? (self.identity == key)
    }

    /// The amount held as a cook writes it ("500 g", "2 jars", "6"), in `system`'s units
    /// when given; nil when no quantity is tracked.
    public func amountText(in system: MeasureUnit.System? = nil) -> String? {
        guard let quantity, let dimension else { return nil }
        switch dimension {
        case .count:
            let number = ShoppingList.format(quantity)
            return countUnit.isEmpty ? number : number + " " + UnitConversion.plural(countUnit, after: number)
        case .volume, .mass:
            // Under a gram or millilitre, as it is: conversion rounds to halves.
            if quantity < 1, system ?? .metric == .metric { return ShoppingList.format(quantity) + (dimension == .mass ? " g" : " ml") }
            return UnitConversion.express(quantity, dimension: dimension, in: system ?? .metric)
        }
    }

    /// This item with `other`'s quantity added, when both are in one dimension (a volume and a
    /// mass meet through the ingredient's density), keeping its name and the earlier use-by
    /// day (what was there first goes off first). Throws when the amounts cannot be added
    /// ("2 jars" to "500 g").
    func adding(_ other: PantryItem, density: Double?) throws(PantryInputError) -> PantryItem {
        var result = self
        if let useBy = other.useBy { result.useBy = min(result.useBy ?? useBy, useBy) }
        guard let added = other.quantity, let addedDimension = other.dimension else { return result }
        guard let held = quantity, let heldDimension = dimension else {
            (result.quantity, result.dimension, result.countUnit) = (added, addedDimension, other.countUnit)
            return result
        }
        guard let converted = Self.convert(added, from: addedDimension, countUnit: other.countUnit, to: heldDimension,
                                           countUnit: countUnit, density: density) else {
            throw PantryInputError(item: other.name, reason: "\(other.amountText() ?? "") does not add to the \(amountText() ?? "") of \(name) held; remove it first to count it otherwise")
        }
        result.quantity = held + converted
        return result
    }

    /// This item less `other`'s quantity, converted as ``adding(_:density:)`` converts; nil
    /// when nothing is left. Throws when this item keeps no amount or the amounts do not meet.
    func taking(_ other: PantryItem, density: Double?) throws(PantryInputError) -> PantryItem? {
        guard let taken = other.quantity, let takenDimension = other.dimension else { return nil }
        guard let held = quantity, let heldDimension = dimension else {
            throw PantryInputError(item: other.name, reason: "the pantry keeps \(name) without an amount; 'recipes pantry remove \(other.name)' takes it out")
        }
        guard let converted = Self.convert(taken, from: takenDimension, countUnit: other.countUnit, to: heldDimension,
                                           countUnit: countUnit, density: density) else {
            throw PantryInputError(item: other.name, reason: "\(other.amountText() ?? "") cannot be taken from the \(amountText() ?? "") of \(name) held")
        }
        guard held - converted > 1e-9 else { return nil }
        var result = self
        result.quantity = held - converted
        return result
    }

    /// `amount` of `dimension` (a count of `countUnit`) in `target` (of `targetUnit`): the
    /// same dimension, or volume and mass through `density`; nil when they do not meet.
    static func convert(_ amount: Double, from dimension: MeasureUnit.Dimension, countUnit: String,
                        to target: MeasureUnit.Dimension, countUnit targetUnit: String, density: Double?) -> Double? {
        switch (dimension, target) {
        case (.count, .count): return countUnit == targetUnit ? amount : nil
        case (.volume, .volume), (.mass, .mass): return amount
        case (.volume, .mass): return density.map { amount * $0 }
        case (.mass, .volume): return density.map { amount / $0 }
        default: return nil
        }
    }
}

/// Pantry input that cannot be taken, and why; nothing was changed.
public struct PantryInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The item as given.
    public let item: String
    /// Why it cannot be taken.
    public let reason: String

    /// An error for `item`.
    public init(item: String, reason: String) {
        self.item = item
        self.reason = reason
    }

    public var description: String { reason }
}

extension PantryItem {
    /// The stored use-by value for the calendar day `date` falls on in `local`.
    public static func useBy(day date: Date, local: LocalTime) -> Date {
        let day = local.components(of: date)
        return LocalTime.utc.date(year: day.year, month: day.month, day: day.day)
    }

    /// The use-by day, as that calendar day's start in `local`; nil without one.
    ///
    /// The day is read as the UTC day of the stored instant plus 13 hours: that is the day of
    /// a value ``useBy(day:local:)`` wrote, and also of one written as a local midnight (as
    /// stores did before), in any zone from UTC-10 (Hawaii) to UTC+13 (New Zealand's summer);
    /// so a day written in Berlin is the same day in New York.
    public func useByDay(in local: LocalTime) -> Date? {
        guard let useBy else { return nil }
        let day = LocalTime.utc.components(of: useBy.addingTimeInterval(13 * 3_600))
        return local.date(year: day.year, month: day.month, day: day.day)
    }
}
