import FoundationEssentials

extension RecipeRecord {
    init(_ recipe: Recipe) {
        self = .blank
        for column in Self.columns { column.load(&self, recipe) }
        ingredients = recipe.ingredients.map(IngredientRecord.init)
    }

    /// Why the store refuses to keep this recipe, or nil: the same rules for a local save,
    /// an import and a change received from another store, so nothing one machine stores can
    /// be refused by another.
    var problem: String? {
        if !name.contains(where: { !$0.isWhitespace }) { return "a recipe has no name" }
        if name.count > Recipe.maximumNameLength { return "a recipe's name is longer than \(Recipe.maximumNameLength) characters" }
        if let servings, servings < 1 { return "a recipe's servings must be at least 1" }
        if [prepMinutes, cookMinutes, totalMinutes].contains(where: { !(0...Recipe.longestMinutes).contains($0 ?? 0) }) {
            return "a recipe's times are from 0 to \(Recipe.longestMinutes) minutes (30 days)"
        }
        return nil
    }

    /// Equal apart from the update time, which a save sets itself.
    func sameContent(as other: RecipeRecord) -> Bool {
        var other = other
        other.updatedAt = updatedAt
        return self == other
    }

    func makeRecipe() -> Recipe {
        // The id is the one property set only by an initializer; the columns set the rest.
        let recipe: Recipe = switch variety {
        case .dish: Recipe(id: id, name: name)
        case .bakedGood: BakedGood(id: id, name: name)
        case .beverage: Beverage(id: id, name: name)
        }
        for column in Self.columns { column.apply(recipe, self) }
        recipe.ingredients = ingredients.map { $0.makeIngredient() }
        return recipe
    }
}

extension RecipeRecord.IngredientRecord {
    init(_ ingredient: Ingredient) {
        self = .blank
        for column in Self.columns { column.load(&self, ingredient) }
    }

    func makeIngredient() -> Ingredient {
        let ingredient = Ingredient(id: id, name: name)
        for column in Self.columns { column.apply(ingredient, self) }
        return ingredient
    }
}

extension UUID {
    /// `uuidString` (upper-case, 36 characters), which the store keeps. Foundation's goes
    /// through snprintf, a tenth of listing many recipes and of writing their ingredients.
    package var storedText: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var end = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[end] = 0x2D
                        end += 1
                    }
                    let high = byte >> 4, low = byte & 0x0F
                    text[end] = high < 10 ? 0x30 + high : 0x37 + high
                    text[end + 1] = low < 10 ? 0x30 + low : 0x37 + low
                    end += 2
                }
                return end
            }
        }
    }

    /// The id as 16 bytes, in `uuid` order: 20 fewer than its text. The store keeps each
    /// ingredient line's id so (see Schema's "ingredients keyed by recipe row").
    package var storedBytes: SQLiteValue {
        withUnsafeBytes(of: uuid) { .blob(Array($0)) }
    }

    init?(storedBytes bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { $0.copyBytes(from: bytes) }
        self.init(uuid: uuid)
    }

    /// Parses the store's canonical 36-character form. Foundation's `init(uuidString:)`
    /// goes through sscanf, which showed up as the largest cost of listing many recipes.
    init?(storedText text: String) {
        var text = text
        let parsed: uuid_t? = text.withUTF8 { bytes in
            guard bytes.count == 36 else { return nil }
            // Filled in place: a list parses one id per row.
            var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            var count = 0
            var high: UInt8?
            for (index, byte) in bytes.enumerated() {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard byte == 0x2D else { return nil }
                    continue
                }
                let nibble: UInt8
                switch byte {
                case 0x30...0x39: nibble = byte - 0x30
                case 0x41...0x46: nibble = byte - 0x41 + 10
                case 0x61...0x66: nibble = byte - 0x61 + 10
                default: return nil
                }
                if let first = high {
                    withUnsafeMutableBytes(of: &value) { $0[count] = first << 4 | nibble }
                    count += 1
                    high = nil
                } else {
                    high = nibble
                }
            }
            return value
        }
        guard let parsed else { return nil }
        self.init(uuid: parsed)
    }
}
