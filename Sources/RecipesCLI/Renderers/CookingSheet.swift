import FoundationEssentials
import RecipesCore

/// A recipe as cook mode follows it: its ingredient lines scaled and converted, its steps
/// with their timers, and which lines each step uses. The full-screen view, the text and
/// the JSON all show this one reading.
struct CookingSheet {
    struct Line {
        /// The amount scaled and converted ("300 g"); empty for a heading or a line without one.
        let amount: String
        let name: String
        /// A heading that parts the list ("For the sauce").
        let isHeading: Bool
    }

    let recipeID: UUID
    let name: String
    /// The servings cooked for: the recipe's own times the factor.
    let servings: Double?
    let factor: Double
    let lines: [Line]
    let steps: [CookingStep]
    /// For each step, the indexes of the lines it uses.
    let uses: [[Int]]

    init(_ recipe: Recipe, factor: Double, units: MeasureUnit.System?, vocabulary: IngredientVocabulary) {
        recipeID = recipe.id
        name = TerminalText.oneLine(recipe.name)
        servings = recipe.servings.map { Double($0) * factor }
        self.factor = factor
        lines = recipe.ingredients.map { ingredient in
            Line(amount: ingredient.isHeading ? "" : TerminalText.oneLine(ScalingOptions.amount(ingredient.amount, of: ingredient.name, by: factor, units: units)),
                 name: TerminalText.oneLine(ingredient.name), isHeading: ingredient.isHeading)
        }
        // Temperatures in the units asked for; the text defused as `show` defuses it.
        let instructions = TerminalText.block(units.map { UnitConversion.convertingTemperatures(in: recipe.instructions, to: $0) } ?? recipe.instructions)
        steps = CookingSteps.steps(of: instructions)
        let names = lines.map { $0.isHeading ? "" : $0.name }
        uses = steps.map { CookingSteps.ingredients(usedBy: $0.text, names: names, vocabulary: vocabulary) }
    }

    /// "serves 4", "serves 6 (× 1.5)", "× 2"; nil at the recipe's own size without servings.
    var sizeText: String? {
        let times = factor == 1 ? nil : "× \(AmountScaling.format(factor))"
        guard let servings else { return times }
        return "serves \(AmountScaling.format(servings))" + (times.map { " (\($0))" } ?? "")
    }

    /// A timer as the cook reads it: "25 minutes", "1-2 hours (rings after 1 h)".
    static func label(_ timer: StepTimer) -> String {
        timer.isRange ? "\(timer.text) (rings after \(duration(timer.seconds)))" : timer.text
    }

    /// Seconds as a duration in words a clock time cannot be taken for: "20 min", "1 h 30 min", "45 s".
    static func duration(_ seconds: Int) -> String {
        let parts = [(seconds / 3_600, "h"), (seconds % 3_600 / 60, "min"), (seconds % 60, "s")].filter { $0.0 > 0 }
        return parts.isEmpty ? "0 s" : parts.map { "\($0.0) \($0.1)" }.joined(separator: " ")
    }

    /// Seconds as a countdown shows them: "4:05", "1:02:03".
    static func clock(_ seconds: Int) -> String {
        let hours = seconds / 3_600, minutes = seconds % 3_600 / 60, rest = seconds % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }
}
