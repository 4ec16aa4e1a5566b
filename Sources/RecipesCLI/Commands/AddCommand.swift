import FoundationEssentials
import RecipesCore

/// `recipes add`: a new recipe, written in one transaction.
struct AddCommand: RecipesCommand {
    static let kind = OptionSpec("--kind", short: "k", value: "kind", choosing: RecipeVariety.self,
                                 help: "dish (default), baked or beverage.")
    static let summary = OptionSpec("--summary", value: "text", help: "A one-line description.")
    static let instructions = OptionSpec("--instructions", value: "text", help: "How to make it: the text, a file holding it, or - for standard input.")
    static let ingredient = OptionSpec("--ingredient", short: "i", value: "ingredient", repeatable: true,
                                       help: "An ingredient as written ('2 eggs', '1 ½ cups flour') or 'AMOUNT :: NAME', or a heading ('For the dough:'); repeat in order.")
    static let plan = OptionSpec("--plan", value: "when", help: "Plan it, as in 'recipes plan' (today, fri 7pm, sat dinner, every fri, mon-fri lunch ...).")
    static let oven = OptionSpec("--oven", value: "celsius", help: "Baked goods: oven temperature in °C, \(FieldLimit.ovenTemperature.rangeText).")
    static let bakeMinutes = OptionSpec("--bake-minutes", value: "minutes", help: "Baked goods: minutes in the oven, \(FieldLimit.bakeMinutes.rangeText).")
    static let alcoholic = OptionSpec("--alcoholic", help: "Beverages: contains alcohol.")
    static let hot = OptionSpec("--hot", help: "Beverages: served hot.")
    static let duplicate = OptionSpec("--duplicate", help: "Add it even when a recipe of this kind has the name already.")

    static let spec = CommandSpec(
        name: "add",
        abstract: "Add a recipe.",
        discussion: """
            Ingredients are given one per --ingredient, as written ('2 eggs', 'Zucchero 105 g': \
            the amount and the name split as imports split a page's lines), or as amount and \
            name separated by ' :: ' ("1 medium, diced :: Onion"). Creates the store when \
            --store or RECIPES_STORE names one that does not exist yet. A recipe of the same \
            kind and name (ignoring case, accents and punctuation) is refused, as import \
            refuses it, unless --duplicate asks for a second one.
            """,
        arguments: [ArgumentSpec("name", help: "The recipe's name.")],
        options: [kind, summary, instructions, ingredient, plan] + RecipeFactOptions.details.map(\.option)
            + [RecipeFactOptions.tag, oven, bakeMinutes, alcoholic, hot, duplicate],
        examples: ["recipes add \"Mom's Spaghetti\" -i '1 box :: Spaghetti' -i '4 cloves :: Garlic' --plan 'fri 7pm'",
                   "recipes add Focaccia --kind baked --oven 220 --bake-minutes 25 --servings 8 --tag bread --tag italian"])

    let name: String
    let variety: RecipeVariety
    let summaryText: String
    let instructionsText: String
    let ingredients: [(amount: String, name: String)]
    /// The `-i` lines as typed, which say whether a line is a heading.
    let ingredientTexts: [String]
    let when: String?
    let ovenTemperature: Int?
    let minutes: Int?
    let isAlcoholic: Bool
    let isHot: Bool
    /// The details given, as text.
    let details: [(field: RecipeDetail, text: String)]
    let tags: [String]
    let allowsDuplicate: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let command = Self.spec.name
        name = arguments.positionals[0]
        guard name.contains(where: { !$0.isWhitespace }) else {
            throw UsageError(.emptyName, command: command)
        }
        guard name.count <= Recipe.maximumNameLength else {
            throw UsageError(.nameTooLong(maximum: Recipe.maximumNameLength), command: command)
        }
        variety = arguments.choice(Self.kind, default: .dish)
        summaryText = arguments.value(Self.summary) ?? ""
        instructionsText = arguments.value(Self.instructions) ?? ""
        ingredientTexts = arguments.all(Self.ingredient)
        ingredients = ingredientTexts.map(Self.splitIngredient)
        if let empty = ingredients.first(where: { $0.name.isEmpty }) {
            throw UsageError(.ingredientWithoutName(amount: empty.amount), command: command)
        }
        when = arguments.value(Self.plan)
        ovenTemperature = try arguments.number(Self.oven, .ovenTemperature, command: command)
        minutes = try arguments.number(Self.bakeMinutes, .bakeMinutes, command: command)
        isAlcoholic = arguments.has(Self.alcoholic)
        isHot = arguments.has(Self.hot)
        allowsDuplicate = arguments.has(Self.duplicate)
        details = try RecipeFactOptions.detailValues(in: arguments, command: command)
        let tagChanges = try RecipeFactOptions.tagChanges(in: arguments, command: command)
        if let removed = tagChanges.remove.first { throw UsageError(.removingTagFromNewRecipe(removed), command: command) }
        tags = tagChanges.add
        if variety != .bakedGood, ovenTemperature != nil || minutes != nil {
            throw UsageError(.kindOnlyOptions(options: "--oven and --bake-minutes", kind: RecipeVariety.bakedGood.rawValue), command: command)
        }
        if variety != .beverage, isAlcoholic || isHot {
            throw UsageError(.kindOnlyOptions(options: "--alcoholic and --hot", kind: RecipeVariety.beverage.rawValue), command: command)
        }
    }

    /// "1 medium, diced :: Onion" gives ("1 medium, diced", "Onion"); without "::" the line is
    /// split as imports split recipe pages' lines: "2 eggs" gives ("2", "eggs").
    static func splitIngredient(_ text: String) -> (amount: String, name: String) {
        guard let separator = text.firstRange(of: "::") else {
            let split = Ingredient.split(text)
            return (split.amount, split.name)
        }
        return (text[..<separator.lowerBound].trimmed, text[separator.upperBound...].trimmed)
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        // WHEN is read as 'recipes plan' reads it (meals, ranges, repeats), before the store is
        // touched, so a bad WHEN changes nothing.
        let plan = try when.map { try PlanCommand.parsePlanWhen($0, environment, command: Self.spec.name) }
        let instructionsText = try TextArgument.read(self.instructionsText)
        // A heading is a line of its own: never one with an amount, nor one given as AMOUNT :: NAME.
        let models = zip(ingredients, ingredientTexts).map { line, text in
            (text.contains("::") ? nil : Ingredient.heading(in: text)).map { Ingredient(name: $0, isHeading: true) }
                ?? Ingredient(name: line.name, amount: line.amount)
        }
        let recipe: Recipe = switch variety {
        case .dish: Recipe(name: name, summary: summaryText, instructions: instructionsText, ingredients: models)
        case .bakedGood: BakedGood(name: name, summary: summaryText, instructions: instructionsText,
                                   ingredients: models, ovenTemperature: ovenTemperature, bakeMinutes: minutes)
        case .beverage: Beverage(name: name, summary: summaryText, instructions: instructionsText,
                                 ingredients: models, isAlcoholic: isAlcoholic, isServedHot: isHot)
        }
        _ = RecipeFactOptions.apply(details, to: recipe)
        recipe.tags = tags
        let store = try environment.openStore(creating: true)
        let context = ModelContext(store)
        // The check, the recipe and its plan in one transaction: no other add can come between.
        try context.transaction {
            if !allowsDuplicate, let existing = try store.recipes(matching: name).first(where: {
                $0.variety == variety && TextMatching.nameKey($0.name) == TextMatching.nameKey(name)
            }) {
                throw CommandFailure("\(variety.rawValue) '\(TerminalText.oneLine(existing.name))' is already there (\(CommonOptions.shortID(existing.id))); "
                                     + "change it with 'recipes edit' or 'recipes set', or add another with --duplicate")
            }
            context.insert(recipe)
            try context.save()
            if let plan {
                try store.plan(plan.dates.map { PlanEntry(recipeID: recipe.id, date: $0, meal: plan.meal, repeatRule: plan.repeatRule) },
                               now: environment.now)
            }
        }
        var line = "added \(TerminalText.oneLine(name)) (\(CommonOptions.shortID(recipe.id)))"
        if let plan {
            let formatter = PlannedTimeFormatter(now: environment.now, local: environment.local)
            let dates = plan.dates.map(formatter.full).joined(separator: ", ")
            line += plan.repeatRule.map { ", planned \($0.summary(in: environment.local)), first \(dates)" } ?? ", planned \(dates)"
            if let meal = plan.meal { line += " (\(meal))" }
        }
        environment.output.line(line)
        return .success
    }
}
