import FoundationEssentials

/// One line of a recipe's ingredient list: a name and a free-text amount.
///
/// ```swift
/// recipe.ingredients.append(Ingredient(name: "Onion", amount: "1 medium, diced"))
/// recipe.ingredients.last?.recipe === recipe   // true
/// ```
public final class Ingredient {
    public let id: UUID
    public var name: String
    /// Free text such as "1 medium, diced" or "2 Tbsp".
    public var amount: String
    /// The recipe whose list holds this ingredient; set when it is appended or fetched.
    public internal(set) weak var recipe: Recipe?

    public init(id: UUID = UUID(), name: String, amount: String = "") {
        self.id = id
        self.name = name
        self.amount = amount
    }

    /// The ingredient's place in its recipe's list, from 0.
    public var position: Int? {
        recipe?.ingredients.firstIndex { $0 === self }
    }
}
