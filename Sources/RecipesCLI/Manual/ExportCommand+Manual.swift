import RecipesCore

/// What recipes(1) says of `recipes export` beyond its spec.
extension ExportCommand {
    static let manual = CommandManual(
        .init(#"""
            Writes recipes (all of them without an argument) as JSON: an object with
            .BR format " \(dq" recipes "\(dq, " version " 2 and " recipes ,
            each with its id, kind, name, summary, instructions, planned date (its next meal; ISO 8601,
            UTC, to the millisecond), kind-specific fields, its details
            (\#(RecipeDetails.fields.map(\.jsonKey).joined(separator: ", "))), ingredients in order,
            .B plan
            (its entries: id, date, meal, servings, note, repeat as an RRULE, skipped and cooked days),
            .B cooked
            (when it was cooked) and, for reading, lastCooked and timesCooked. Import reads version 1
            too, whose planned date becomes one entry. With
            .B \-\-format schema.org
            it writes schema.org Recipe JSON-LD instead, as recipe sites publish it: the servings and what
            it makes as recipeYield, the times, the tags as keywords and the kind as recipeCategory; importing it
            again gives the same tags.
            """#),
        options: [
            .init("--format", text: #"""
                json (default); schema.org for JSON-LD (one Recipe node, or an @graph of several: name,
                description, recipeIngredient, recipeInstructions as HowToSteps, a recipeCategory of Baking or
                Drinks, the bake time as cookTime, url); or cooklang for exactly one recipe: the file it was
                imported from while it is unchanged; else front matter (quoted as YAML needs), then its
                instructions with each ingredient marked where its name first appears
                .RB ( @flour{1/2%cup}(sifted) ;
                fractions as 1/2), ingredients the instructions never name in a last step, and text Cooklang
                would read as markup escaped. Cookware and timers are kept only in the imported file.
                """#),
        ])
}
