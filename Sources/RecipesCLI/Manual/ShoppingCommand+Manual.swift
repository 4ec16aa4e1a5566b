/// What recipes(1) says of `recipes shopping` beyond its spec.
extension ShoppingCommand {
    static let manual = CommandManual(
        .init(#"""
            The ingredients of the meals planned in the next 7 days, not yet cooked: each meal counts (a
            recipe planned twice needs its ingredients twice, a repeat's each occurrence), scaled by the
            meal's servings over the recipe's when both are known. Lines that name one ingredient are one
            item, in any language the vocabulary knows ("2 large eggs, beaten", "Eier" and "egg"; see
            .BR recipes-ingredients (7)),
            named in the first line's words for it; "salt and pepper" without an amount is both, and "butter
            or margarine" is bought as butter; water from the tap and ice are left out, as every kitchen has
            them (sparkling water is bought). Other lines merge by name (ignoring case, accents,
            punctuation and an English plural). Amounts that start with a number (2, 2.5, 1/2, 1 1/2,
            \(12) or a range (1\-2, 1 to 2) are added up: in one unit however it is written (tsp and
            teaspoon, cup and cups; 1\-2 tbsp and 1 tbsp are 2\-3 tbsp), across units of a dimension
            converted (1 cup and 250 ml are 490 ml; metric when any amount was), and from volume into
            weight for ingredients with a known density; spoons as they can be measured (4 tsp, not
            1 1/3 tbsp). Sums are rounded as cooks measure: under 10 to an eighth or a third (2 7/8 tsp,
            never 2.83), from 10 to a whole number, millilitres and grams to 5 from 100. A second number
            is part of the unit, not added ("4 150g each" is 4 of 150 g), except where cooks write one
            amount in two parts: "1 dozen" is 12, "1 lb 2 oz" one weight (as
            .B show \-\-scale
            and
            .B \-\-units
            read it too), and "1 (400 g) tin" the 400 g it holds. A count in a name is its unit
            ("garlic cloves", 2 is garlic, 2 cloves; "head of garlic" is a head, "Knoblauchzehen" cloves);
            cloves in any of the languages (gousses, Zehen, dientes) are one count, heads and bulbs another. Amounts in no known unit (1 can, a pinch) are kept
            as written, each with the recipes it comes from, and a last line names those left apart from
            a sum; an ingredient no recipe gives an amount for is its name and recipes alone. Items are
            listed under their aisles. A Cooklang reference to another recipe
            .RB ( @./Components/Dough{2%servings} )
            is that recipe's ingredients, scaled to the servings asked (all of it without an amount),
            when the store has it (by the file it was imported from, else by name). JSON gives each
            item's name, identity, aisle, optional and amounts: quantity, upTo (a range's upper end, or
            null), unit, text, measured and
            recipes. What the pantry holds is left out: an item held without an amount, and an amount held is
            taken from the sum it converts to (750 g of flour needed, 500 g held: 250 g); a sum in a unit
            the held amount does not convert to stays whole. Exits 1 when nothing is planned.
            """#),
        options: [
            .init("--units", text: #"""
                Write every measured amount in metric (g, kg, ml, l) or US units (cups, tbsp, tsp, oz, lb).
                Without it (and without a
                .B units
                line in the config file), amounts in one unit stay in it and mixed ones become metric when any
                was metric.
                """#),
            .init("--bought", text: #"""
                Put what was bought into the pantry, each argument one item, as
                .B pantry add
                does: recipes shopping \-\-bought eggs "500 g flour".
                """#),
            .init("--format", text: #"""
                Text (default): aisle headings, each item's name, then each amount with the recipes it is for.
                JSON: an array of items in aisle order with their name, identity (the ingredient the
                vocabulary reads, or null), aisle, optional, and amounts (quantity, upTo, unit, text,
                measured, recipes). Markdown: a checklist under aisle headings
                .RB ( "\- [ ] 5 eggs" )
                for notes apps.
                """#),
        ])
}
