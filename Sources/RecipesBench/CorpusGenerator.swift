import Foundation
import Recipes

/// A deterministic synthetic recipe corpus: the same seed gives the same recipes.
struct CorpusGenerator {
    /// SplitMix64: small, fast, and the same on every machine.
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The word planted in about one recipe in a thousand, for the selective query.
    static let rareIngredient = "Saffron threads"

    static let modifiers = ["Spicy", "Smoky", "Golden", "Rustic", "Creamy", "Herbed", "Roasted", "Grilled", "Classic",
                            "Summer", "Winter", "Garden", "Lemon", "Garlic", "Honey", "Maple", "Ginger", "Sunday", "Farmhouse"]
    static let accented = ["Crème", "Brûlée", "Jalapeño", "Purée", "Soufflé", "Flambé", "Crêpe", "Gratiné", "Pâté",
                           "Käsespätzle", "Smørrebrød", "Açaí", "Tête-à-tête", "Entrée"]
    static let dishes = ["Soup", "Stew", "Salad", "Curry", "Risotto", "Pasta", "Gratin", "Chili", "Tagine", "Pilaf",
                         "Casserole", "Omelette", "Tacos", "Noodles", "Dumplings", "Oxtail"]
    static let bakes = ["Bread", "Cake", "Pie", "Tart", "Muffins", "Cookies", "Scones", "Brioche", "Focaccia", "Galette"]
    static let drinks = ["Lemonade", "Smoothie", "Punch", "Tea", "Cocktail", "Cordial", "Lassi", "Spritz"]
    static let ingredients = ["Flour", "Sugar", "Salt", "Butter", "Eggs", "Milk", "Garlic", "Onion", "Lemon", "Olive oil",
                              "Tomatoes", "Basil", "Oregano", "Thyme", "Rosemary", "Black pepper", "Cumin", "Paprika",
                              "Chicken stock", "Rice", "Carrots", "Celery", "Potatoes", "Cream", "Parmesan", "Yeast",
                              "Honey", "Vanilla", "Cinnamon", "Ginger", "Lime", "Mint", "Chickpeas", "Lentils",
                              "Spinach", "Mushrooms", "Bell pepper", "Chili flakes", "Coconut milk", "Soy sauce",
                              "Sesame oil", "Cilantro", "Parsley", "Baking powder", "Cocoa", "Oats", "Almonds",
                              "Walnuts", "Yogurt", "Feta", "Cheddar", "Bacon", "Shrimp", "Tofu", "Apples", "Bananas"]
    static let amounts = ["1 cup", "2 Tbsp", "200 g", "1/2 tsp", "3 cloves", "1 medium, diced", "a pinch", "250 ml",
                          "1 large can", "2", "½ cup", "100 g, chopped", "1 tsp", "4 sprigs", "to taste", "1 l"]
    static let sentences = [
        "Preheat the oven and line a tray with baking paper.",
        "Warm the oil in a heavy pan over medium heat until it shimmers.",
        "Add the onion and cook, stirring now and then, until soft and golden.",
        "Stir in the garlic and spices and cook for one minute until fragrant.",
        "Pour in the stock, bring to a gentle simmer and cover with a lid.",
        "Season generously and taste again before serving.",
        "Whisk the dry ingredients together in a large bowl.",
        "Fold the wet ingredients into the dry ones without overmixing.",
        "Bake until a skewer inserted in the middle comes out clean.",
        "Let everything rest for ten minutes so the flavours settle.",
        "Blend until completely smooth, adding a splash of water if needed.",
        "Serve with crusty bread and a crisp green salad.",
        "Chill for at least an hour before pouring over ice.",
        "Scatter the herbs over the top just before it goes to the table.",
        "Reduce the heat and let it bubble slowly, stirring from time to time.",
        "Knead the dough on a floured surface until it is smooth and elastic.",
    ]

    var random: Random
    let now: Date

    init(seed: UInt64, now: Date) {
        random = Random(state: seed)
        self.now = now
    }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
    mutating func chance(_ percent: Int) -> Bool { random.next() % 100 < UInt64(percent) }

    mutating func recipe(number: Int) -> Recipe {
        let accentedName = chance(10)
        let kindRoll = random.next() % 100
        let noun = kindRoll < 60 ? pick(Self.dishes) : (kindRoll < 85 ? pick(Self.bakes) : pick(Self.drinks))
        let name = "\(accentedName ? pick(Self.accented) : pick(Self.modifiers)) \(noun) \(number)"
        var instructions = ""
        let length = 300 + Int(random.next() % 1_201)
        while instructions.utf8.count < length {
            instructions += (instructions.isEmpty ? "" : " ") + pick(Self.sentences)
        }
        if chance(10) { instructions += " Finish with a little \(pick(Self.accented).lowercased())." }
        var ingredients = (0..<(5 + Int(random.next() % 11))).map { _ in Ingredient(name: pick(Self.ingredients), amount: pick(Self.amounts)) }
        if random.next() % 1_000 == 0 { ingredients.append(Ingredient(name: Self.rareIngredient, amount: "a pinch")) }
        let planned: Date? = chance(5) ? now.addingTimeInterval(Double(random.next() % (90 * 86_400))) : nil
        let summary = "A \(pick(Self.modifiers).lowercased()) \(noun.lowercased()) for \(2 + random.next() % 6) people."
        switch kindRoll {
        case 60..<85:
            return BakedGood(name: name, summary: summary, instructions: instructions, plannedDate: planned,
                             ingredients: ingredients, ovenTemperature: 160 + Int(random.next() % 9) * 10,
                             bakeMinutes: 10 + Int(random.next() % 60))
        case 85...:
            return Beverage(name: name, summary: summary, instructions: instructions, plannedDate: planned,
                            ingredients: ingredients, isAlcoholic: chance(30), isServedHot: chance(40))
        default:
            return Recipe(name: name, summary: summary, instructions: instructions, plannedDate: planned, ingredients: ingredients)
        }
    }

    /// The recipe as a plain text file, the way a terminal user might keep it.
    static func text(of recipe: Recipe) -> String {
        var text = "# \(recipe.name)\n\n\(recipe.summary)\n\n## Ingredients\n"
        for ingredient in recipe.ingredients { text += "- \(ingredient.amount) \(ingredient.name)\n" }
        text += "\n## Instructions\n\(recipe.instructions)\n"
        return text
    }
}
