/// What recipes(1) says of `recipes show` beyond its spec.
extension ShowCommand {
    static let manual = CommandManual(
        .init(#"\fIrecipe\fR | \fB\-\-next\fR"#, #"""
            One recipe in full. A recipe is named by its name, matched ignoring case, accents and
            punctuation ("moms spaghetti"), by its first words when they name one recipe ("pepper fried
            chicken" for "Pepper fried chicken (Yuringi)"), or by the first four or more characters of its
            id; a name that is a typo away from one recipe's is answered "did you mean ...", and nothing
            is done with it. When
            several match, the error lists them (with the path of the file each came from, which names it too: Dinners/Meatballs). Servings, what it makes, prep, cook and total times are printed
            on a line of their own (scaled with \-\-servings or \-\-scale, the servings asked and what it makes
            as that many times what it makes: "serves 8 \(md makes 12 pancakes \(mu 2"), the tags on the next, then the web address it came from (source:), its picture's address (image:) and
            its nutrition per serving ("nutrition per serving: 310 kcal, 9 g fat, 18 g protein"; with
            .B \-\-servings
            or
            .BR \-\-scale ,
            also what the servings shown hold together); for a recipe cooked, how often and when last
            ("cooked 3 times, last Sun 2026\-11\-29 18:00"). Its plan entries follow under Plan: (the date,
            meal, repeat, servings and note; single dates already cooked left out), unless the plan is the
            one date the planned fact shows. JSON has the same
            .I plan
            and
            .I cooked
            lists as
            .BR export .
            """#),
        options: [
            .init("--next", text: #"""
                Show the next planned recipe, as
                .B recipes next
                finds it, instead of RECIPE; "nothing planned" on stderr and exit 1 when nothing is.
                """#),
            .init("--scale", text: #"""
                Multiply the ingredients' amounts (2, 1.5, 1/2; above 0, up to 100): every amount that
                starts with a quantity (whole numbers, decimals, fractions, Unicode fractions, mixed numbers,
                ranges such as 1\-2) is scaled and written as cooks write it (1\(12 cups), units and the rest
                kept; "to taste" or "a pinch" stay as they are.
                """#),
            .init("--servings", text: #"""
                Scale the amounts for this many servings (1 to 9999): by COUNT over the recipe's own servings (an error
                when the recipe does not say them). Not with
                .BR \-\-scale .
                """#),
            .init("--units", text: #"""
                Convert amounts in known units (cups, fluid ounces, pints to millilitres and litres; ounces
                and pounds to grams and kilograms; and back) and the oven temperatures in the summary and
                instructions (350\(deF is 175 \(deC, 180 \(deC is 350 \(deF: to 5 \(deC, to 25 \(deF, as
                recipes round). Spoons, counts and amounts in no known unit stay as written. The default is the
                config file's
                .B units
                line.
                """#),
            .init("--pantry", text: #"""
                Mark each ingredient line against the pantry:
                \(lq\[u2713] have\(rq when what it needs is held (an item of the same ingredient or a more
                specific one, either of "A or B"), \(lq\[u2717] missing\(rq with what is missing, or
                .B (optional)
                for a line that can be left out. Text only.
                """#),
        ])
}
