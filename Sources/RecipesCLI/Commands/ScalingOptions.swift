import FoundationEssentials
import RecipesCore

/// How much of a recipe and in which units, shared by `show` and `cook`: --scale or
/// --servings, and --units.
struct ScalingOptions {
    static let scale = OptionSpec("--scale", value: "factor", help: "Multiply the ingredients' amounts: 2, 1.5, 1/2.")
    static let servings = OptionSpec("--servings", value: "count", help: "Scale the amounts for this many servings, \(FieldLimit.servings.rangeText) (the recipe must say its servings).")
    static let units = OptionSpec("--units", value: "system", choosing: MeasureUnit.System.self,
                                  help: "Convert amounts and oven temperatures to metric (g, ml, °C) or us (cups, oz, lb, °F) (default: the config's units line).")

    /// The factor --scale gives (1 without it).
    let factor: Double
    /// The servings asked for, which make the factor once the recipe is known.
    let servingsWanted: Int?
    /// The system amounts are converted to, when asked on the command line.
    let units: MeasureUnit.System?

    init(_ arguments: ParsedArguments, command: String) throws(UsageError) {
        servingsWanted = try arguments.number(Self.servings, .servings, command: command)
        if servingsWanted != nil, arguments.has(Self.scale) { throw UsageError(.servingsWithScale, command: command) }
        if let text = arguments.value(Self.scale) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Double($0) }
            let value: Double? = parts.count == 2 ? parts[0].flatMap { top in parts[1].map { top / $0 } } : parts.count == 1 ? parts[0] : nil
            guard let value, value.isFinite, value > 0, value <= 100 else { throw UsageError(.badScale(text), command: command) }
            factor = value
        } else {
            factor = 1
        }
        units = arguments.choice(Self.units)
    }

    /// The factor for `recipe`: --servings over the recipe's own, else --scale's.
    func factor(for recipe: Recipe) throws -> Double {
        guard let servingsWanted else { return factor }
        guard let servings = recipe.servings else {
            throw CommandFailure("\(TerminalText.oneLine(recipe.name)) does not say how many it serves; "
                                 + "set it with 'recipes set \(CommonOptions.shortID(recipe.id)) --servings N', or use --scale")
        }
        return Double(servingsWanted) / Double(servings)
    }

    /// An ingredient's amount scaled by `factor` and converted to `units`.
    static func amount(_ amount: String, of name: String, by factor: Double, units: MeasureUnit.System?) -> String {
        let scaled = AmountScaling.scale(amount, by: factor)
        return units.map { UnitConversion.converted(scaled, to: $0, density: RecipeTextRenderer.weighingDensity(name, units: $0)) } ?? scaled
    }
}
