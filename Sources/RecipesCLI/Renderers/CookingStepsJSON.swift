import RecipesCore

/// `cook --format json`: the steps as front-ends use them. An object with `id`, `name`,
/// `servings` (scaled, or null), `scale`, `ingredients` (each `amount` and `name`, or a
/// `heading`) and `steps`, each with its `number`, `text`, `ingredients` (indexes into the
/// list: the lines it uses) and `timers` (`text`, `seconds`, and `upToSeconds` for a range,
/// else null).
enum CookingStepsJSON {
    static func json(_ sheet: CookingSheet) -> String {
        let ingredients = sheet.lines.map { line in
            line.isHeading ? JSONText.object([("heading", JSONText.quoted(line.name))])
                : JSONText.object([("amount", JSONText.quoted(line.amount)), ("name", JSONText.quoted(line.name))])
        }
        let steps = zip(sheet.steps, sheet.uses).map { step, uses in
            JSONText.object([
                ("number", String(step.number)),
                ("text", JSONText.quoted(step.text)),
                ("ingredients", "[" + uses.map(String.init).joined(separator: ",") + "]"),
                ("timers", "[" + step.timers.map { timer in
                    JSONText.object([("text", JSONText.quoted(timer.text)), ("seconds", String(timer.seconds)),
                                     ("upToSeconds", timer.upToSeconds.map(String.init) ?? "null")])
                }.joined(separator: ",") + "]"),
            ])
        }
        return JSONText.object([
            ("id", JSONText.quoted(sheet.recipeID.uuidString)),
            ("name", JSONText.quoted(sheet.name)),
            ("servings", sheet.servings.map(number) ?? "null"),
            ("scale", number(sheet.factor)),
            ("ingredients", "[" + ingredients.joined(separator: ",\n") + "]"),
            ("steps", "[" + steps.joined(separator: ",\n") + "]"),
        ])
    }

    /// A JSON number: whole without a point, else to three decimals (1.5, 0.333).
    private static func number(_ value: Double) -> String {
        let rounded = (value * 1_000).rounded() / 1_000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }
}
