/// What recipes(1) says of `recipes add` beyond its spec.
extension AddCommand {
    static let manual = CommandManual(
        .init(#"""
            Adds a recipe (refused when one of the same kind has the name, unless
            .BR \-\-duplicate ).
            Each
            .B \-\-ingredient
            is
            a line as written ("2 eggs", "1 \(12 cups flour", "200 g di farina", "Zucchero 105 g": the amount
            and the name are split as imports split recipe pages) or
            .I "AMOUNT :: NAME"
            (for example "1 medium, diced :: Onion"); they keep their order. A name
            has at most 1,000 characters.
            Creates the store named by
            .B \-\-store
            or
            .B RECIPES_STORE
            when it does not exist yet.
            """#),
        options: [
            .init("--ingredient", text: #"""
                An ingredient as written ("2 eggs") or as 'amount :: name'; repeat for more. A short line
                without a number that ends in a colon ("For the dough:"), or "== Dough ==", is a heading over
                the lines after it: shown as one, and left out of shopping and scaling.
                """#),
            .init("--plan", text: #"""
                Plan it at once, in the same transaction; WHEN as for
                .B plan
                (a day, a meal, a range, a repeat).
                """#),
            .init("--duplicate", text: #"""
                Add it even when a recipe of the same kind has the name already (ignoring case, accents and
                punctuation); without it such an add is refused, as import refuses it, and nothing is written.
                """#),
        ])
}
