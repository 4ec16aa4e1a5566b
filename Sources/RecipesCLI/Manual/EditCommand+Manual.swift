/// What recipes(1) says of `recipes edit` beyond its spec.
extension EditCommand {
    static let manual = CommandManual(
        .init(#"\fIrecipe\fR"#, #"""
            Opens
            .BR $VISUAL ,
            else
            .BR $EDITOR ,
            else
            .B vi
            on the recipe as text: its fields as
            .I "Field: value"
            lines (Name, Kind, Source, Servings, Yield, Prep, Cook and Total (20m, 1h30m, or minutes),
            Tags (separated by commas), Image (the picture's address), Nutrition (per serving, as
            "310 kcal, 9 g fat, 18 g protein": parts separated by commas, each an amount and a nutrient
            (kcal, fat, saturated fat, carbohydrate, sugar, fiber, protein, sodium, cholesterol; salt is
            read as sodium, kJ as kcal), and Oven and Bake minutes for baked goods, Alcoholic and Served
            hot for beverages), then its summary, ingredients (one a line, as written or AMOUNT :: NAME) and
            instructions under the headings Summary:, Ingredients: and Instructions:. Saving and quitting
            writes the changes in one transaction; an unchanged file writes nothing. A text that cannot be
            read opens again with the problem on its first line; quitting it unchanged gives up, and the
            text is kept in a file the error names. If another process or a sync changed a field you
            changed meanwhile, nothing is written and the text is kept the same way. The kind is changed
            with
            .BR "set \-\-kind" ,
            not here.
            """#))
}
