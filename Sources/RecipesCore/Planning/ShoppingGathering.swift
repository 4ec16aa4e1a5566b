import FoundationEssentials

/// What a shopping list gathers while it reads the recipes: the items by key, in the order
/// they first appear, and their amounts grouped by what can be added together.
struct ShoppingGathering {
    let vocabulary: IngredientVocabulary

    /// An item being gathered.
    private struct Gathered {
        /// The recipes that wrote each name, so the item is named as most of them name it.
        var names: [(name: String, recipes: Set<String>)] = []
        var identity: String?
        var isOptional = true
        /// Amounts in known units, by dimension, summed in the dimension's base.
        var measured: [MeasureUnit.Dimension: Measured] = [:]
        /// Amounts with a number but a unit not known, by the unit's key; and free text.
        var apart: [(key: String?, quantity: Double?, upTo: Double?, unit: String, recipes: [String])] = []
        /// The amounts in the order they first came: a dimension's sum, or one kept apart.
        var slots: [Slot] = []
    }

    private enum Slot: Equatable {
        case measured(MeasureUnit.Dimension)
        case apart(Int)
    }

    /// Amounts of one dimension added up.
    private struct Measured {
        var low = 0.0
        var high = 0.0
        var isRange = false
        /// The unit as first written, and the sum in it while every amount is in that unit,
        /// so that one unit prints as written.
        var firstUnit: String
        var inFirstUnit = (low: 0.0, high: 0.0)
        /// The units' spellings ("large", "") and the units themselves.
        var unitKeys: Set<String> = []
        var units: Set<MeasureUnit> = []
        var recipes: [String] = []
    }

    private var order: [String] = []
    private var gathered: [String: Gathered] = [:]

    init(vocabulary: IngredientVocabulary) {
        self.vocabulary = vocabulary
    }

    /// Adds an ingredient line, its amount times `factor`, needed by `recipe`.
    mutating func add(name: String, amount: String, factor: Double, from recipe: String) {
        var name = name
        // A note ending the amount ("200 g (finely grated)", "(optional)") is no part of the
        // quantity or its unit; one that says the line can be left out makes it optional.
        let optionalByNote = vocabulary.amountSaysOptional(amount)
        let amount = IngredientLine.note(ofAmount: amount).amount
        let parsed = ShoppingList.parse(amount)
        var unit = parsed?.unit ?? ""
        // "garlic cloves", 2: the count is the unit, as in "garlic", "2 cloves".
        if parsed != nil, unit.isEmpty, let (base, count) = ShoppingList.countInName(name) { (name, unit) = (base, count) }
        let reading = vocabulary.reading(of: name)
        // "Salt and pepper" with no number to share between them is both, each as written.
        if parsed == nil, !reading.isAlternatives, reading.identities.count > 1 {
            for (identity, written) in zip(reading.identities, reading.written) {
                addAmount(key: "=" + identity, name: written, identity: identity, parsed: nil, unit: "", amount: amount, factor: factor,
                          recipe: recipe, optional: reading.isOptional || optionalByNote)
            }
            return
        }
        // Water from the tap (and ice from the freezer) is in every kitchen, as the pantry
        // counts it: no shopping for "1 l water" (found by a user trial). Sparkling water is
        // another ingredient, and is shopped.
        if !reading.identities.isEmpty, reading.identities.allSatisfy(PantryMatch.alwaysThere.contains) { return }
        // "Butter or margarine" is bought as the first, and says the other will do.
        let identity = reading.identities.count == 1 || reading.isAlternatives ? reading.identities[0] : nil
        let key = identity.map { "=" + $0 } ?? ShoppingList.itemKey(name)
        guard !key.isEmpty else { return }
        // An ingredient the vocabulary knows is named in the line's words for it ("eggs", not
        // "large eggs, beaten").
        let written = reading.isAlternatives ? reading.written.joined(separator: " or ") : reading.written.first ?? name
        addAmount(key: key, name: identity != nil ? written : name, identity: identity, parsed: parsed.map { ($0.quantity, $0.upTo) }, unit: unit, amount: amount,
                  factor: factor, recipe: recipe, optional: reading.isOptional || optionalByNote)
    }

    private mutating func addAmount(key: String, name: String, identity: String?, parsed: (quantity: Double, upTo: Double?)?, unit: String,
                                    amount: String, factor: Double, recipe: String, optional: Bool) {
        if gathered[key] == nil {
            gathered[key] = Gathered(identity: identity)
            order.append(key)
        }
        var item = gathered[key]!
        item.isOptional = item.isOptional && optional
        // The way most recipes write it ("eggs" in a week of English recipes and one
        // "huevos"), the first of equals; a recipe planned twice counts once.
        if let index = item.names.firstIndex(where: { $0.name == name }) { item.names[index].recipes.insert(recipe) } else { item.names.append((name, [recipe])) }
        defer { gathered[key] = item }
        guard let parsed else {
            // The same words ("to taste", none) are one amount, however many meals need them.
            let text = amount.trimmedWhitespace
            if let index = item.apart.firstIndex(where: { $0.quantity == nil && $0.unit == text }) {
                if !item.apart[index].recipes.contains(recipe) { item.apart[index].recipes.append(recipe) }
            } else {
                item.slots.append(.apart(item.apart.count))
                item.apart.append((nil, nil, nil, text, [recipe]))
            }
            return
        }
        let low = parsed.quantity * factor, high = (parsed.upTo ?? parsed.quantity) * factor
        let unitKey = ShoppingList.unitKey(unit)
        guard let measure = MeasureUnit.named(unit) else {
            if let index = item.apart.firstIndex(where: { $0.key == unitKey && $0.quantity != nil }) {
                let upper = (item.apart[index].upTo ?? item.apart[index].quantity!) + high
                item.apart[index].quantity! += low
                item.apart[index].upTo = upper != item.apart[index].quantity! ? upper : nil
                if !item.apart[index].recipes.contains(recipe) { item.apart[index].recipes.append(recipe) }
            } else {
                item.slots.append(.apart(item.apart.count))
                item.apart.append((unitKey, low, high != low ? high : nil, unit, [recipe]))
            }
            return
        }
        var sum = item.measured[measure.dimension] ?? Measured(firstUnit: unit)
        if item.measured[measure.dimension] == nil { item.slots.append(.measured(measure.dimension)) }
        sum.low += low * measure.size
        sum.high += high * measure.size
        sum.isRange = sum.isRange || high != low
        // "tsp" and "teaspoon" are one unit: the sum stays in the first way of writing it.
        if sum.units.isEmpty || sum.units == [measure] {
            sum.inFirstUnit.low += low
            sum.inFirstUnit.high += high
        }
        sum.unitKeys.insert(unitKey)
        sum.units.insert(measure)
        if !sum.recipes.contains(recipe) { sum.recipes.append(recipe) }
        item.measured[measure.dimension] = sum
    }

    /// The gathered items, amounts written in `units` when given, less what `pantry` holds:
    /// an item the pantry has (the same ingredient or a more specific kind) without an
    /// amount is left out; one with an amount is taken from the sums it converts to (by
    /// density between volume and mass), and the item goes when nothing is left to buy.
    func items(units: MeasureUnit.System?, pantry: [PantryItem] = []) -> [ShoppingList.Item] {
        order.compactMap { key in
            var item = gathered[key]!
            // Cups of flour and grams of flour: one weight, when the flour's density is known;
            // and in metric, cups of a solid are weighed (spoons stay spoons, liquids litres).
            if let volume = item.measured[.volume], let identity = item.identity, let density = vocabulary.density(of: identity),
               item.measured[.mass] != nil || (units == .metric && volume.units.contains { $0.system == .us } && vocabulary.weighingDensity(of: identity) != nil) {
                let mass = item.measured[.mass]
                var merged = mass ?? Measured(firstUnit: "g")
                merged.low += volume.low * density
                merged.high += volume.high * density
                merged.isRange = (mass?.isRange ?? false) || volume.isRange
                merged.unitKeys.formUnion(volume.unitKeys)
                merged.units.formUnion(volume.units)
                if mass == nil { merged.units.insert(.gram) }
                // The recipes in the order they came, whichever dimension came first.
                let massRecipes = mass?.recipes ?? []
                let volumeFirst = item.slots.firstIndex(of: .measured(.volume))! < (item.slots.firstIndex(of: .measured(.mass)) ?? Int.max)
                merged.recipes = volumeFirst ? volume.recipes + massRecipes.filter { !volume.recipes.contains($0) }
                    : massRecipes + volume.recipes.filter { !massRecipes.contains($0) }
                item.measured[.mass] = merged
                item.measured[.volume] = nil
                // The weight takes the place of whichever came first.
                let first = item.slots.firstIndex { $0 == .measured(.volume) || $0 == .measured(.mass) }!
                item.slots.removeAll { $0 == .measured(.volume) || $0 == .measured(.mass) }
                item.slots.insert(.measured(.mass), at: first)
            }
            let held = pantry.first { $0.isThere(for: item.identity, key: key, in: vocabulary) }
            if let held {
                guard var left = held.quantity, let heldDimension = held.dimension else { return nil }
                let density = item.identity.flatMap(vocabulary.density(of:))
                for (dimension, var sum) in item.measured {
                    guard left > 0, let available = PantryItem.convert(left, from: heldDimension, countUnit: held.countUnit, to: dimension,
                                                                       countUnit: "", density: density) else { continue }
                    let taken = min(available, sum.high)
                    let scale = sum.low > 0 ? max(0, sum.low - taken) / sum.low : 0
                    let highScale = sum.high > 0 ? max(0, sum.high - taken) / sum.high : 0
                    sum.inFirstUnit = (sum.inFirstUnit.low * scale, sum.inFirstUnit.high * highScale)
                    (sum.low, sum.high) = (max(0, sum.low - taken), max(0, sum.high - taken))
                    sum.isRange = sum.isRange && sum.high > sum.low
                    item.measured[dimension] = sum
                    left -= PantryItem.convert(taken, from: dimension, countUnit: "", to: heldDimension, countUnit: held.countUnit, density: density) ?? left
                }
                // Counts of what the pantry counts too: 3 cans held, 1 can needed.
                if heldDimension == .count {
                    for index in item.apart.indices where left > 0 && item.apart[index].quantity != nil
                        && ShoppingList.countKey(item.apart[index].unit) == held.countUnit {
                        let high = item.apart[index].upTo ?? item.apart[index].quantity!
                        let taken = min(left, high)
                        item.apart[index].quantity = max(0, item.apart[index].quantity! - taken)
                        item.apart[index].upTo = item.apart[index].upTo.map { max(0, $0 - taken) }
                        left -= taken
                    }
                }
                item.slots.removeAll {
                    switch $0 {
                    case .measured(let dimension): item.measured[dimension]!.high <= 0.0001
                    case .apart(let index): (item.apart[index].upTo ?? item.apart[index].quantity).map { $0 <= 0.0001 } ?? false
                    }
                }
                if item.slots.isEmpty { return nil }
            }
            let amounts: [ShoppingList.Amount] = item.slots.map { slot in
                switch slot {
                case .measured(let dimension): amount(item.measured[dimension]!, dimension: dimension, units: units)
                case .apart(let index): amount(apart: item.apart[index])
                }
            }
            let name = item.names.max { $0.recipes.count < $1.recipes.count }!.name
            return ShoppingList.Item(name: name, identity: item.identity, aisle: vocabulary.aisle(of: item.identity ?? ShoppingList.itemKey(name)),
                                     isOptional: item.isOptional, amounts: amounts)
        }
    }

    /// An amount kept as written: its number summed with others in the same unknown unit.
    private func amount(apart: (key: String?, quantity: Double?, upTo: Double?, unit: String, recipes: [String])) -> ShoppingList.Amount {
        guard let quantity = apart.quantity else {
            return ShoppingList.Amount(quantity: nil, upTo: nil, unit: apart.unit, recipes: apart.recipes, text: apart.unit, isMeasured: false)
        }
        var number = ShoppingList.rounded(quantity)
        if let upTo = apart.upTo, ShoppingList.rounded(upTo) != number { number += "-" + ShoppingList.rounded(upTo) }
        let unit = UnitConversion.plural(apart.unit, after: number)
        return ShoppingList.Amount(quantity: quantity, upTo: apart.upTo, unit: unit, recipes: apart.recipes,
                                   text: unit.isEmpty ? number : number + " " + unit, isMeasured: false)
    }

    /// One dimension's sum: in the unit it was written in when that was one unit and no
    /// system was asked for; else converted, to metric when any amount was metric.
    private func amount(_ sum: Measured, dimension: MeasureUnit.Dimension, units: MeasureUnit.System?) -> ShoppingList.Amount {
        let upTo = sum.isRange ? sum.high : nil
        if sum.units.count == 1, let unit = sum.units.first, units == nil || unit.system == nil || unit.system == units || dimension == .count {
            let low = sum.inFirstUnit.low, high = sum.isRange ? sum.inFirstUnit.high : nil
            var number = UnitConversion.number(low, unit: unit, system: nil)
            if let high, UnitConversion.number(high, unit: unit, system: nil) != number { number += "-" + UnitConversion.number(high, unit: unit, system: nil) }
            // US units asked for: a spoon in any language is written "tbsp" or "tsp".
            // Pieces written two ways ("2 large", "3") are a count.
            let written = units == .us && unit.system == nil && dimension == .volume ? unit.symbol
                : dimension == .count && sum.unitKeys.count > 1 ? "" : sum.firstUnit
            let unitText = UnitConversion.plural(written, after: number)
            let text = unitText.isEmpty ? number : number + " " + unitText
            return ShoppingList.Amount(quantity: low, upTo: high, unit: unitText, recipes: sum.recipes, text: text, isMeasured: true)
        }
        let system = units ?? (sum.units.contains { $0.system == .metric } ? .metric : sum.units.contains { $0.system == .us } ? .us : nil)
        let unit = dimension == .count ? MeasureUnit.piece : UnitConversion.unit(for: sum.low, dimension: dimension, in: system)
        let text = UnitConversion.written(sum.low / unit.size, upTo: upTo.map { $0 / unit.size }, unit: unit, system: system)
        return ShoppingList.Amount(quantity: sum.low / unit.size, upTo: upTo.map { $0 / unit.size }, unit: unit.symbol, recipes: sum.recipes,
                                   text: text, isMeasured: true)
    }
}
