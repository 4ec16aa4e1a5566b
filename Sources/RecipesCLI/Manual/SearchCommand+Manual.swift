/// What recipes(1) says of `recipes search` beyond its spec.
extension SearchCommand {
    static let manual = CommandManual(
        .init(#"""
            Recipes in which every word appears, ignoring case and accents ("creme" finds
            "Crème brûlée"), in the name, summary, instructions, or an ingredient's name or amount.
            Without words, every recipe. Sorted by name as Finder sorts names (case and accents aside,
            numbers by value: "Apple 672" before "Apple 1169"), then planned date
            .RB ( "\-\-sort planned" :
            by planned date, then name;
            .BR "\-\-sort cooked" :
            least recently cooked first, never cooked before all, then name).
            .B \-\-ingredient
            (repeatable) keeps the recipes with a line naming that ingredient or a kind of it, in any
            language the vocabulary knows;
            .B \-\-tag
            (repeatable),
            .BR \-\-max\-time ,
            .BR \-\-not\-cooked\-since ,
            .B \-\-kind
            and the words all apply together. Exits 1 when nothing matches.
            """#),
        options: [
            .init("--can-cook", text: #"""
                Only recipes whose required ingredients the pantry holds (see
                .BR pantry ),
                each with what it misses, fewest missing first, and among those missing as many, first the
                ones using more of the items to be used within three days (the pantry's
                .BR \-\-until ).
                A line is met by an item of the same
                ingredient or a more specific kind of it (cheddar or a red onion for "cheese" or "onion"; never
                "cheese" for cheddar, "onion" for a red onion); "pepper" is black pepper, never a bell pepper;
                stock is not its meat, peanut butter not butter, sour cream not cream; an "A or B" line by
                either; water and ice are always there, and optional lines never count. Lines in any language
                the vocabulary knows match an English pantry and the other way round. It applies together with
                the words and the other filters; recipes without ingredient lines are left out. Table: kind,
                name, missing; plain: id, kind, name, planned, the number missing and the missing names;
                JSON: an array of objects with id, kind, name, planned and missing (a list of ingredient
                names). It runs as SQL on what the store read of each line (the first search after
                recipes were saved reads their lines).
                """#),
            .init("--missing", text: #"""
                With (and implying)
                .BR \-\-can\-cook :
                allow up to
                .I n
                missing ingredients (default 0).
                """#),
            .init("--ingredient", text: #"""
                Only recipes with a line naming this ingredient or a kind of it, read as
                .BR recipes-ingredients (7)
                reads lines, in any language the vocabulary knows:
                .B \-\-ingredient egg
                finds "2 large eggs, beaten" and "Eier", not "eggplant";
                .B \-\-ingredient cheese
                finds cheddar and
                .B \-\-ingredient flour
                every flour. A name the vocabulary does not know is looked for in the lines' names, case and
                accents aside. Repeat for several, which must all be there.
                """#),
            .init("--max-time", text: #"""
                Only recipes ready within this time (30 for minutes, 30m, 1h30m): the total time when the recipe has one,
                else preparation and cooking together; recipes without times are left out.
                """#),
            .init("--not-cooked-since", text: #"""
                Only recipes never cooked, or last cooked longer ago than DURATION (30d, 2w, 12h; units s, m,
                h, d, w) before now.
                """#),
            .init("--sort", text: #"""
                The order (default name):
                .B name
                then planned date;
                .B planned
                by planned date, unplanned recipes first, then name;
                .B cooked
                is least recently cooked first, never cooked before all, ties by name.
                Names order as Swift's String does, by character code (after canonical composition): capitals
                before small letters, accented letters after z.
                """#),
            .init("--format", text: #"""
                .B table
                is the default on a terminal,
                .B plain
                when piped.
                """#),
        ])
}
