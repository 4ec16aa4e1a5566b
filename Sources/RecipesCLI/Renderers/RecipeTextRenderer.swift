import Recipes

/// A whole recipe as text for a terminal.
struct RecipeTextRenderer {
    let formatter: PlannedTimeFormatter
    /// Amounts multiplied by this (`show --scale`), said in the ingredients' heading.
    var scale: Double = 1

    func write(_ recipe: Recipe, to output: TextOutput) {
        output.line(TerminalText.oneLine(recipe.name))
        var facts = ["kind: \(recipe.variety.rawValue)"]
        if let planned = recipe.plannedDate { facts.append("planned: \(formatter.full(planned))") }
        if let baked = recipe as? BakedGood {
            if let temperature = baked.ovenTemperature { facts.append("oven: \(temperature) °C") }
            if let minutes = baked.bakeMinutes { facts.append("bake: \(minutes) min") }
        }
        if let beverage = recipe as? Beverage {
            facts.append(beverage.isServedHot ? "served hot" : "served cold")
            facts.append(beverage.isAlcoholic ? "alcoholic" : "non-alcoholic")
        }
        facts.append("id: \(recipe.id.uuidString)")
        output.line(facts.joined(separator: " · "))
        if !recipe.summary.isEmpty {
            output.line("")
            output.line(TerminalText.block(recipe.summary))
        }
        if !recipe.ingredients.isEmpty {
            output.line("")
            output.line(scale == 1 ? "Ingredients:" : "Ingredients (amounts × \(AmountScaling.format(scale))):")
            let rows = recipe.ingredients.map {
                ["  " + TerminalText.oneLine(AmountScaling.scale($0.amount, by: scale)), TerminalText.oneLine($0.name)]
            }
            TextColumns.write(rows, to: output)
        }
        if !recipe.instructions.isEmpty {
            output.line("")
            output.line("Instructions:")
            output.line(TerminalText.block(recipe.instructions))
        }
    }
}
