import FoundationEssentials

// The pantry as the store keeps it: `pantry_item` rows (see Schema, "pantry"), each with a
// version in `recipe_version` under an id made from its identity, so it syncs, merges and is
// compacted as a recipe is (PantryChanges).

extension RecipeStore {
    /// What the kitchen holds, soonest use-by day first, then by identity.
    public func pantryItems() throws -> [PantryItem] {
        try reading {
            try database.fetchAll("SELECT \(Self.pantryColumns) FROM pantry_item WHERE removed = 0 ORDER BY use_by IS NULL, use_by, identity") {
                try Self.pantryItem($0)
            }
        }
    }

    /// Adds `items` in one transaction: an item the pantry holds already gets the new
    /// amount added (converted to what it holds: "250 ml" to "500 g" of flour by density)
    /// and the new use-by day; one it does not hold is added. Returns the items as held now.
    /// Throws ``PantryInputError`` when an amount cannot be added to the one held, and then
    /// changes nothing.
    @discardableResult
    public func addToPantry(_ items: [PantryItem], vocabulary: IngredientVocabulary = .active) throws -> [PantryItem] {
        try write {
            var result: [PantryItem] = []
            for item in items {
                let held = try heldItem(item.identity)
                let updated = try held.map { try $0.adding(item, density: vocabulary.density(of: item.identity)) } ?? item
                try storePantryItem(updated, removed: false)
                try stampLocalChange(of: Self.pantryID(updated.identity), deleted: false)
                result.removeAll { $0.identity == updated.identity }
                result.append(updated)
            }
            return result
        }
    }

    /// Removes the items of these identities in one transaction, and returns those that
    /// were held (an identity the pantry does not hold is left alone).
    @discardableResult
    public func removeFromPantry(_ identities: [String]) throws -> [PantryItem] {
        try write {
            var removed: [PantryItem] = []
            for identity in identities {
                guard let held = try heldItem(identity) else { continue }
                try storePantryItem(held, removed: true)
                try stampLocalChange(of: Self.pantryID(identity), deleted: true)
                removed.append(held)
            }
            return removed
        }
    }

    /// Takes `items` out in one transaction: an item given with an amount ("100 g sugar")
    /// takes that much from the one held (converted, as adding converts), removing it when
    /// nothing is left; one given without an amount removes the item. Returns the items as
    /// held now (nil for one removed), in order. Throws ``PantryInputError`` for an item the
    /// pantry does not hold or an amount that cannot be taken, and then changes nothing.
    @discardableResult
    public func takeFromPantry(_ items: [PantryItem], vocabulary: IngredientVocabulary = .active) throws -> [(item: PantryItem, left: PantryItem?)] {
        try write {
            var result: [(item: PantryItem, left: PantryItem?)] = []
            for item in items {
                guard let held = try heldItem(item.identity) else {
                    throw PantryInputError(item: item.name, reason: "the pantry holds no \(item.name)")
                }
                let left = item.quantity == nil ? nil : try held.taking(item, density: vocabulary.density(of: item.identity))
                try storePantryItem(left ?? held, removed: left == nil)
                try stampLocalChange(of: Self.pantryID(item.identity), deleted: left == nil)
                result.append((held, left))
            }
            return result
        }
    }

    /// Empties the pantry in one transaction; returns how many items it held.
    @discardableResult
    public func clearPantry() throws -> Int {
        try write {
            let items = try pantryItems()
            return try removeFromPantry(items.map(\.identity)).count
        }
    }

    /// Takes what the recipe's lines ask for from the pantry items that hold a quantity of
    /// them, in one transaction: the line's amount converted to the item's unit (by density
    /// between volume and mass), never below zero; an item used up is removed. Items held
    /// without a quantity, and amounts that do not convert (a pinch, 1 can against grams),
    /// are left as they are. With `servings`, the amounts are scaled by them over the
    /// recipe's own (when it says them), as a meal for six takes more than one for four.
    /// Returns the items changed (a used-up one with quantity 0).
    @discardableResult
    public func takeFromPantry(recipeID: UUID, servings: Int? = nil, vocabulary: IngredientVocabulary = .active) throws -> [PantryItem] {
        try takingFromPantry(recipeID: recipeID, servings: servings, vocabulary: vocabulary).map(\.after)
    }

    /// ``takeFromPantry(recipeID:servings:vocabulary:)``, each changed item as it was and is.
    func takingFromPantry(recipeID: UUID, servings: Int?, vocabulary: IngredientVocabulary) throws -> [(before: PantryItem, after: PantryItem)] {
        try write {
            let tracked = try pantryItems().filter { $0.quantity != nil }
            guard !tracked.isEmpty, let record = try record(withID: recipeID) else { return [] }
            var changed: [String: (before: PantryItem, after: PantryItem)] = [:]
            for item in ShoppingList(meals: [(record.makeRecipe(), servings)], vocabulary: vocabulary).items {
                let key = ShoppingList.itemKey(item.name)
                guard let found = tracked.first(where: { $0.isThere(for: item.identity, key: key, in: vocabulary) }),
                      var held = changed[found.identity]?.after ?? Optional(found), let heldDimension = held.dimension else { continue }
                let density = vocabulary.density(of: item.identity ?? held.identity)
                for amount in item.amounts {
                    guard let quantity = amount.quantity else { continue }
                    let used: Double?
                    if amount.isMeasured, let unit = MeasureUnit.named(amount.unit) {
                        used = PantryItem.convert(quantity * unit.size, from: unit.dimension, countUnit: "", to: heldDimension,
                                                  countUnit: held.countUnit, density: density)
                    } else {
                        // A count of what the pantry counts: 1 can of 3, 2 cloves of 4.
                        used = heldDimension == .count && ShoppingList.countKey(amount.unit) == held.countUnit ? quantity : nil
                    }
                    guard let used else { continue }
                    held.quantity = max(0, (held.quantity ?? 0) - used)
                }
                if held != found { changed[found.identity] = (found, held) }
            }
            for (_, item) in changed.values {
                // Used up: it is no longer in the kitchen.
                let usedUp = (item.quantity ?? 1) < 1e-9
                try storePantryItem(item, removed: usedUp)
                try stampLocalChange(of: Self.pantryID(item.identity), deleted: usedUp)
            }
            return changed.values.sorted { $0.after.identity < $1.after.identity }
        }
    }

    /// The item of `identity` the pantry holds, if any.
    func heldItem(_ identity: String) throws -> PantryItem? {
        try database.fetchOne("SELECT \(Self.pantryColumns) FROM pantry_item WHERE identity = ? AND removed = 0", [identity]) {
            try Self.pantryItem($0)
        }
    }

    /// Writes the item's row (a removed one as a tombstone, which keeps what it held).
    func storePantryItem(_ item: PantryItem, removed: Bool) throws {
        try database.execute("""
            INSERT INTO pantry_item (id, identity, name, quantity, dimension, count_unit, use_by, removed) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET identity = excluded.identity, name = excluded.name, quantity = excluded.quantity,
                dimension = excluded.dimension, count_unit = excluded.count_unit, use_by = excluded.use_by, removed = excluded.removed
            """, [Self.pantryID(item.identity), item.identity, item.name, item.quantity, item.dimension.map(Self.dimensionName),
                  item.countUnit, item.useBy, removed])
    }

    static let pantryColumns = "identity, name, quantity, dimension, count_unit, use_by"

    static func pantryItem(_ row: SQLiteRow) throws -> PantryItem {
        let dimension: String? = try row["dimension"]
        return PantryItem(identity: try row["identity"], name: try row["name"], quantity: try row["quantity"],
                          dimension: dimension.flatMap(Self.dimension(named:)), countUnit: try row["count_unit"], useBy: try row["use_by"])
    }

    static func dimensionName(_ dimension: MeasureUnit.Dimension) -> String {
        switch dimension {
        case .volume: "volume"
        case .mass: "mass"
        case .count: "count"
        }
    }

    static func dimension(named name: String) -> MeasureUnit.Dimension? {
        switch name {
        case "volume": .volume
        case "mass": .mass
        case "count": .count
        default: nil
        }
    }

    /// The id of the pantry item of `identity`: the same on every machine, so two machines
    /// adding the same ingredient make one item, and never a recipe's (its version nibble is
    /// 8, which no generated UUID has).
    static func pantryID(_ identity: String) -> UUID {
        let first = fnv1a(Data("pantry \(identity)".utf8)), second = fnv1a(Data("pantry item \(identity)".utf8))
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: first >> (8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: second >> (8 * index))
        }
        bytes[6] = 0x80 | (bytes[6] & 0x0F)
        bytes[8] = 0x80 | (bytes[8] & 0x3F)
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
