/// The three kinds of recipe, as stored in the `kind` column and named on the command line.
public enum RecipeVariety: String, CaseIterable, Codable, Sendable {
    /// A plain recipe: a main dish, a side, a soup.
    case dish
    /// A ``BakedGood``.
    case bakedGood = "baked"
    /// A ``Beverage``.
    case beverage

    /// The Swift class that models this kind.
    public var modelType: Recipe.Type {
        switch self {
        case .dish: Recipe.self
        case .bakedGood: BakedGood.self
        case .beverage: Beverage.self
        }
    }
}

/// A filter over kinds, as in SwiftData's recipe sample: everything, baked goods, or beverages.
public enum RecipeKind: String, CaseIterable, Codable, Sendable {
    /// Every recipe.
    case all
    /// Baked goods only.
    case bakedGoods
    /// Beverages only.
    case beverages
}
