import FoundationEssentials

/// A recipe's saved content as a value: `Sendable`, `Hashable` and `Codable`, for handing
/// results from a ``RecipeModelActor`` to any task, to a UI, or over the wire.
///
/// A ``Recipe`` is a reference type tracked by one context, so it stays inside the actor that
/// fetched it; a snapshot is a copy that never changes behind the holder's back. Two snapshots
/// are equal when every field is, so comparing them tells whether a recipe changed.
///
/// ```swift
/// let snapshots = try await worker.fetch(FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.name)]))
/// for recipe in snapshots { print(recipe.name, recipe.ingredients.count) }
/// ```
public struct RecipeSnapshot: RecipeDetailsHolder, Identifiable, Hashable, Codable, Sendable {
    /// The recipe's ``Recipe/id``.
    public var id: UUID
    /// Which of the three kinds the recipe is.
    public var variety: RecipeVariety
    /// ``Recipe/name``.
    public var name: String
    /// ``Recipe/summary``.
    public var summary: String
    /// ``Recipe/instructions``.
    public var instructions: String
    /// ``Recipe/plannedDate``.
    public var plannedDate: Date?
    /// ``Recipe/details``: source, servings, times, tags, picture, nutrition, read as the
    /// snapshot's own properties (`snapshot.servings`).
    public var details: RecipeDetails
    /// ``Recipe/ingredients``, in order.
    public var ingredients: [IngredientSnapshot]
    /// ``Recipe/createdAt``.
    public var createdAt: Date
    /// ``Recipe/updatedAt``.
    public var updatedAt: Date
    /// ``BakedGood/ovenTemperature``; nil for other kinds.
    public var ovenTemperature: Int?
    /// ``BakedGood/bakeMinutes``; nil for other kinds.
    public var bakeMinutes: Int?
    /// ``Beverage/isAlcoholic``; nil for other kinds.
    public var isAlcoholic: Bool?
    /// ``Beverage/isServedHot``; nil for other kinds.
    public var isServedHot: Bool?

    /// A copy of `recipe` as it is now, unsaved changes included.
    public init(_ recipe: Recipe) {
        id = recipe.id
        variety = recipe.variety
        name = recipe.name
        summary = recipe.summary
        instructions = recipe.instructions
        plannedDate = recipe.plannedDate
        details = recipe.details
        ingredients = recipe.ingredients.map(IngredientSnapshot.init)
        createdAt = recipe.createdAt
        updatedAt = recipe.updatedAt
        let baked = recipe as? BakedGood
        ovenTemperature = baked?.ovenTemperature
        bakeMinutes = baked?.bakeMinutes
        let beverage = recipe as? Beverage
        isAlcoholic = beverage?.isAlcoholic
        isServedHot = beverage?.isServedHot
    }


    private enum CodingKeys: String, CodingKey {
        case id, variety, name, summary, instructions, plannedDate, ingredients, createdAt, updatedAt, ovenTemperature, bakeMinutes,
             isAlcoholic, isServedHot
    }

    /// Reads what ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        variety = try container.decode(RecipeVariety.self, forKey: .variety)
        name = try container.decode(String.self, forKey: .name)
        summary = try container.decode(String.self, forKey: .summary)
        instructions = try container.decode(String.self, forKey: .instructions)
        plannedDate = try container.decodeIfPresent(Date.self, forKey: .plannedDate)
        details = try RecipeDetails(from: decoder)
        ingredients = try container.decode([IngredientSnapshot].self, forKey: .ingredients)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        updatedAt = try container.decode(Date.self, forKey: .updatedAt)
        ovenTemperature = try container.decodeIfPresent(Int.self, forKey: .ovenTemperature)
        bakeMinutes = try container.decodeIfPresent(Int.self, forKey: .bakeMinutes)
        isAlcoholic = try container.decodeIfPresent(Bool.self, forKey: .isAlcoholic)
        isServedHot = try container.decodeIfPresent(Bool.self, forKey: .isServedHot)
    }

    /// Every field under its model property's name, the details among them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(variety, forKey: .variety)
        try container.encode(name, forKey: .name)
        try container.encode(summary, forKey: .summary)
        try container.encode(instructions, forKey: .instructions)
        try container.encodeIfPresent(plannedDate, forKey: .plannedDate)
        try details.encode(to: encoder)
        try container.encode(ingredients, forKey: .ingredients)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encodeIfPresent(ovenTemperature, forKey: .ovenTemperature)
        try container.encodeIfPresent(bakeMinutes, forKey: .bakeMinutes)
        try container.encodeIfPresent(isAlcoholic, forKey: .isAlcoholic)
        try container.encodeIfPresent(isServedHot, forKey: .isServedHot)
    }

    /// The identifier to look the recipe up with in another context.
    public var persistentModelID: PersistentIdentifier { PersistentIdentifier(id) }

    /// A new, unsaved ``Recipe`` (or ``BakedGood`` / ``Beverage``) with this content, to
    /// ``ModelContext/insert(_:)`` into a context.
    public func makeRecipe() -> Recipe {
        let ingredients = ingredients.map { Ingredient(id: $0.id, name: $0.name, amount: $0.amount, isHeading: $0.isHeading) }
        let recipe: Recipe
        switch variety {
        case .dish:
            recipe = Recipe(id: id, name: name, summary: summary, instructions: instructions,
                            plannedDate: plannedDate, ingredients: ingredients)
        case .bakedGood:
            recipe = BakedGood(id: id, name: name, summary: summary, instructions: instructions, plannedDate: plannedDate,
                               ingredients: ingredients, ovenTemperature: ovenTemperature, bakeMinutes: bakeMinutes)
        case .beverage:
            recipe = Beverage(id: id, name: name, summary: summary, instructions: instructions, plannedDate: plannedDate,
                              ingredients: ingredients, isAlcoholic: isAlcoholic ?? false, isServedHot: isServedHot ?? false)
        }
        recipe.details = details
        recipe.createdAt = createdAt
        recipe.updatedAt = updatedAt
        return recipe
    }
}

/// One ingredient line of a ``RecipeSnapshot``.
public struct IngredientSnapshot: Identifiable, Hashable, Codable, Sendable {
    /// ``Ingredient/id``.
    public var id: UUID
    /// ``Ingredient/name``.
    public var name: String
    /// ``Ingredient/amount``.
    public var amount: String
    /// ``Ingredient/isHeading``: a line that heads the ones after it ("For the dough").
    public var isHeading: Bool

    /// A copy of `ingredient`.
    public init(_ ingredient: Ingredient) {
        id = ingredient.id
        name = ingredient.name
        amount = ingredient.amount
        isHeading = ingredient.isHeading
    }

    /// An ingredient line with these values.
    public init(id: UUID = UUID(), name: String, amount: String = "", isHeading: Bool = false) {
        self.id = id
        self.name = name
        self.amount = amount
        self.isHeading = isHeading
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, amount, isHeading
    }

    /// Decodes a line; one encoded before snapshots had headings is an ingredient.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        amount = try container.decode(String.self, forKey: .amount)
        isHeading = try container.decodeIfPresent(Bool.self, forKey: .isHeading) ?? false
    }
}
