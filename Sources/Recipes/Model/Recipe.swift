import FoundationEssentials

/// A recipe: a plain dish, or through its subclasses a ``BakedGood`` or a ``Beverage``.
///
/// ```swift
/// let spaghetti = Recipe(name: "Mom's Spaghetti", instructions: "Boil, simmer, toss.",
///                        plannedDate: Recipe.dateAt6PM(daysFromNow: 2))
/// spaghetti.ingredients.append(Ingredient(name: "Spaghetti", amount: "1 box"))
/// ```
public class Recipe {
    /// Stable across stores, so that stores can be merged or synced later.
    public let id: UUID
    public var name: String
    /// One line shown in lists and tooltips.
    public var summary: String
    public var instructions: String
    /// When the recipe is planned, or nil when it is not planned.
    public var plannedDate: Date?
    /// The web page the recipe came from, when it was imported from one; imports use it to
    /// recognise a recipe they already have.
    public var sourceURL: String?
    /// Ordered; appending sets each ingredient's ``Ingredient/recipe``.
    public var ingredients: [Ingredient] {
        didSet { adoptIngredients() }
    }
    /// Set when the recipe is first saved.
    public internal(set) var createdAt: Date
    /// Set each time a save writes a change to the recipe.
    public internal(set) var updatedAt: Date

    public init(id: UUID = UUID(), name: String, summary: String = "", instructions: String = "",
                plannedDate: Date? = nil, ingredients: [Ingredient] = [], sourceURL: String? = nil) {
        self.id = id
        self.sourceURL = sourceURL
        self.name = name
        self.summary = summary
        self.instructions = instructions
        self.plannedDate = plannedDate
        self.ingredients = ingredients
        let now = Date()
        self.createdAt = now
        self.updatedAt = now
        adoptIngredients()
    }

    /// Longer names are refused by `recipes add` and imports: a name is a line in a list or
    /// a status bar, and megabytes of it would only be a mistake or an attack.
    public static let maximumNameLength = 1_000

    /// Which of the three kinds this recipe is.
    public var variety: RecipeVariety { .dish }

    /// An ingredient is in one recipe's list at a time: one appended here that another
    /// recipe still lists leaves that list.
    private func adoptIngredients() {
        for ingredient in ingredients where ingredient.owner !== self {
            let previous = ingredient.owner
            ingredient.owner = self
            if let previous, previous !== self { previous.ingredients.removeAll { $0 === ingredient } }
        }
    }

    /// 18:00 local time, `daysFromNow` days after `now`: the default planning time everywhere.
    ///
    /// ```swift
    /// Recipe.dateAt6PM(daysFromNow: 2)   // the day after tomorrow, 18:00 local
    /// ```
    public static func dateAt6PM(daysFromNow days: Int, from now: Date = Date(), local: LocalTime = .system) -> Date {
        let today = local.components(of: now)
        return local.date(year: today.year, month: today.month, day: today.day + days, hour: 18)
    }
}

/// Something baked: bread, cake, pastry.
public final class BakedGood: Recipe {
    /// Oven temperature in degrees Celsius.
    public var ovenTemperature: Int?
    /// Time in the oven, in minutes.
    public var bakeMinutes: Int?

    public init(id: UUID = UUID(), name: String, summary: String = "", instructions: String = "",
                plannedDate: Date? = nil, ingredients: [Ingredient] = [],
                ovenTemperature: Int? = nil, bakeMinutes: Int? = nil) {
        self.ovenTemperature = ovenTemperature
        self.bakeMinutes = bakeMinutes
        super.init(id: id, name: name, summary: summary, instructions: instructions,
                   plannedDate: plannedDate, ingredients: ingredients)
    }

    public override var variety: RecipeVariety { .bakedGood }
}

/// Something to drink.
public final class Beverage: Recipe {
    public var isAlcoholic: Bool
    public var isServedHot: Bool

    public init(id: UUID = UUID(), name: String, summary: String = "", instructions: String = "",
                plannedDate: Date? = nil, ingredients: [Ingredient] = [],
                isAlcoholic: Bool = false, isServedHot: Bool = false) {
        self.isAlcoholic = isAlcoholic
        self.isServedHot = isServedHot
        super.init(id: id, name: name, summary: summary, instructions: instructions,
                   plannedDate: plannedDate, ingredients: ingredients)
    }

    public override var variety: RecipeVariety { .beverage }
}
