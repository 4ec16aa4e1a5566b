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

/// Any set of the three kinds: what ``RecipeKind`` filters, and plain dishes alone, which it
/// cannot name without a fourth case that would break a `switch` written for SwiftData's
/// sample. `recipes next --kind dish` asks for ``dishes``.
public struct RecipeKinds: OptionSet, Hashable, Sendable {
    /// The bits, one a kind.
    public let rawValue: Int
    /// Kinds from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Plain recipes: neither baked goods nor beverages.
    public static let dishes = RecipeKinds(rawValue: 1 << 0)
    /// Baked goods.
    public static let bakedGoods = RecipeKinds(rawValue: 1 << 1)
    /// Beverages.
    public static let beverages = RecipeKinds(rawValue: 1 << 2)
    /// Every kind.
    public static let all: RecipeKinds = [.dishes, .bakedGoods, .beverages]

    /// The kinds `kind` filters for.
    public init(_ kind: RecipeKind) {
        switch kind {
        case .all: self = .all
        case .bakedGoods: self = .bakedGoods
        case .beverages: self = .beverages
        }
    }

    /// Whether a recipe of `variety` is of one of these kinds.
    public func includes(_ variety: RecipeVariety) -> Bool {
        switch variety {
        case .dish: contains(.dishes)
        case .bakedGood: contains(.bakedGoods)
        case .beverage: contains(.beverages)
        }
    }

    /// The varieties, in the order of `RecipeVariety.allCases`.
    var varieties: [RecipeVariety] { RecipeVariety.allCases.filter(includes) }

    /// `alias.kind IN (...)` for these kinds (``SQLTranslator/kindCondition(alias:_:)``); nil
    /// for all of them, which needs no test.
    func sqlCondition(alias: String) -> String? {
        self == .all ? nil : SQLTranslator.kindCondition(alias: alias, varieties)
    }
}
