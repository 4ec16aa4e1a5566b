import FoundationEssentials

/// The persisted state of one recipe with its ingredients: what a row holds, and the
/// snapshot a context compares against to find what changed. Its columns are described in
/// RecipeColumns.swift. Its details are read as its own properties (`record.servings`).
struct RecipeRecord: Equatable, RecipeDetailsHolder {
    struct IngredientRecord: Equatable {
        var id = RecipeRecord.noID
        var name = ""
        var amount = ""
        var isHeading = false
    }

    // Defaults make an empty record, which reading a row or a model fills in.
    var id = RecipeRecord.noID
    var variety = RecipeVariety.dish
    var name = ""
    var summary = ""
    var instructions = ""
    var plannedDate: Date?
    var createdAt = Date(timeIntervalSinceReferenceDate: 0)
    var updatedAt = Date(timeIntervalSinceReferenceDate: 0)
    var ovenTemperature: Int?
    var bakeMinutes: Int?
    var isAlcoholic: Bool?
    var isServedHot: Bool?
    var details = RecipeDetails()
    // Derived by the store from the cooked log (see RecipeStore+Plan); never edited.
    var lastCooked: Date?
    var timesCooked = 0
    var ingredients: [IngredientRecord] = []

    static let noID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
}

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
        // No more bytes than the limit is no more characters; counting characters (grapheme
        // breaking) only for longer names.
        if name.utf8.count > Recipe.maximumNameLength, name.count > Recipe.maximumNameLength {
            return "a recipe's name is longer than \(Recipe.maximumNameLength) characters"
        }
        for field in RecipeDetails.fields {
            if let problem = field.valueProblem(details) { return "\(field.label.lowercased()): \(problem)" }
        }
        if let problem = FieldLimit.ovenTemperature.problem(ovenTemperature) { return "oven: " + problem }
        if let problem = FieldLimit.bakeMinutes.problem(bakeMinutes) { return "bake minutes: " + problem }
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
        // Nothing observes the new recipe yet: its properties are set without the registrar.
        recipe.isBeingMade = true
        for column in Self.columns { column.apply(recipe, self) }
        recipe.ingredients = ingredients.map { $0.makeIngredient() }
        recipe.isBeingMade = false
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
        ingredient.isBeingMade = true
        for column in Self.columns { column.apply(ingredient, self) }
        ingredient.isBeingMade = false
        return ingredient
    }
}

extension UUID {
    /// `uuidString` (upper-case, 36 characters), which the store keeps. Foundation's goes
    /// through snprintf, a tenth of listing many recipes and of writing their ingredients.
    package var storedText: String {
        String(unsafeUninitializedCapacity: 36) { writeStoredText(to: $0) }
    }

    /// Appends ``storedText``'s bytes to `bytes`, making no String: a list writes one id a row.
    package func appendStoredText(to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: 36))
        bytes.withUnsafeMutableBufferPointer { _ = writeStoredText(to: UnsafeMutableBufferPointer(rebasing: $0[start...])) }
    }

    /// Writes the 36 bytes of ``storedText`` to the start of `text`; returns 36.
    private func writeStoredText(to text: UnsafeMutableBufferPointer<UInt8>) -> Int {
        withUnsafeBytes(of: uuid) { bytes in
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

    /// Whether this id sorts before `other` as their ``storedText`` does, compared byte by
    /// byte without making the text: a context saves in id order, and making two strings a
    /// comparison was a tenth of saving an import.
    package func precedes(_ other: UUID) -> Bool {
        withUnsafeBytes(of: uuid) { mine in
            withUnsafeBytes(of: other.uuid) { theirs in
                for index in 0..<16 where mine[index] != theirs[index] { return mine[index] < theirs[index] }
                return false
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

    /// An id for the line at `ordinal` of `recipe` whose stored id is not a UUID: made from
    /// the three (two FNV-1a hashes), so every read, on any machine, gives the same, and
    /// marked as RFC 9562's version 8, an id made by its own rule.
    init(line ordinal: Int, of recipe: UUID, storedAs value: SQLiteValue) {
        var bytes = withUnsafeBytes(of: recipe.uuid) { Array($0) }
        withUnsafeBytes(of: Int64(ordinal).littleEndian) { bytes.append(contentsOf: $0) }
        switch value {
        case .null: bytes.append(0)
        case .integer(let number): bytes.append(1); withUnsafeBytes(of: number.littleEndian) { bytes.append(contentsOf: $0) }
        case .real(let number): bytes.append(2); withUnsafeBytes(of: number.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        case .text(let text): bytes.append(3); bytes.append(contentsOf: text.utf8)
        case .blob(let blob): bytes.append(4); bytes.append(contentsOf: blob)
        }
        func fnv1a(_ basis: UInt64) -> UInt64 {
            bytes.reduce(basis) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
        }
        var id = [UInt8](repeating: 0, count: 16)
        withUnsafeBytes(of: fnv1a(0xCBF2_9CE4_8422_2325).bigEndian) { id.replaceSubrange(0..<8, with: $0) }
        withUnsafeBytes(of: fnv1a(0x8422_2325_CBF2_9CE4).bigEndian) { id.replaceSubrange(8..<16, with: $0) }
        id[6] = id[6] & 0x0F | 0x80
        id[8] = id[8] & 0x3F | 0x80
        self.init(storedBytes: id)!
    }

    /// Parses the store's canonical 36-character form. Foundation's `init(uuidString:)`
    /// goes through sscanf, which showed up as the largest cost of listing many recipes.
    init?(storedText text: String) {
        var text = text
        guard let id = text.withUTF8({ UUID(storedUTF8: $0) }) else { return nil }
        self = id
    }

    /// The same from the text's bytes, as SQLite holds them: a list reads one id per row.
    init?(storedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 36, bytes[8] == 0x2D, bytes[13] == 0x2D, bytes[18] == 0x2D, bytes[23] == 0x2D else { return nil }
        // Each byte from its two hex digits; any byte that is not one sets a high bit of
        // `invalid`. Straight-line work: this was a twentieth of listing half the store.
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var invalid: UInt8 = 0
        withUnsafeMutableBytes(of: &uuid) { target in
            var source = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 { source += 1 }
                let high = Self.hexValue(bytes[source]), low = Self.hexValue(bytes[source + 1])
                invalid |= high | low
                target[index] = high << 4 | low & 0x0F
                source += 2
            }
        }
        guard invalid & 0xF0 == 0 else { return nil }
        self.init(uuid: uuid)
    }

    /// A hex digit's value, upper or lower case; 0xFF for any other byte.
    private static func hexValue(_ byte: UInt8) -> UInt8 {
        // Both answers computed and one chosen, without a branch to mispredict on ids whose
        // digits and letters come in no order.
        let digit = byte &- 0x30, letter = (byte | 0x20) &- 0x61
        let letterValue = letter < 6 ? letter &+ 10 : 0xFF
        return digit < 10 ? digit : letterValue
    }
}
