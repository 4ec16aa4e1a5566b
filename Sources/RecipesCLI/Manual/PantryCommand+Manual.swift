/// What recipes(1) says of `recipes pantry` beyond its spec.
extension PantryCommand {
    static let manual = CommandManual(
        .init(#"""
            What the kitchen holds, for
            .B search \-\-can\-cook
            and the shopping list.
            .B pantry add
            takes each argument as one item, written as one says it: eggs, Flour, "500 g flour",
            "2 jars honey", "black pepper". Items are kept by ingredient, in any language the vocabulary
            knows, so eggs, Eier and egg are one item; a name the vocabulary does not know is kept by its
            words. Track only what matters: an item without an amount is simply there; an amount, when
            given, adds to the one held, converted to its unit (250 ml of flour adds to 500 g by the
            flour's density), and an amount that cannot be added (2 jars to 500 g) is refused; more of
            an item keeps its name and the earlier use-by day. A count keeps what it counts: cans, jars,
            cloves (gousses, Zehen and dientes are cloves), and "2 cans (14 oz)" is the weight they hold;
            "a dozen eggs" is 12 and "half a dozen" 6; an amount in words ("a pinch of salt") is the item
            without an amount. Counted items are taken by
            .B cooked
            and left off the shopping list as measured ones are (3 cans held, 1 can needed: 2 left). What is made of an ingredient is an item of
            its own ("cheddar sauce", "mac and cheese"), not the ingredient.
            .B \-\-until
            gives the items a use-by day (a day past is listed with "(past)").
            .B pantry remove
            and
            .B pantry clear
            take items out (pantry remove "100 g sugar" takes that much and keeps the rest);
            .B pantry
            alone (or
            .BR "pantry list" )
            lists what is held, the items to be used within three days first under "Use soon", then the
            rest under aisle headings, each with its amount and use-by day. Bad input (an empty item, an
            amount without a name, "salt and pepper" as one item, a day that cannot be read) is one line
            on stderr with exit status 2, and nothing is changed; removing an item the pantry does not
            hold changes nothing and exits 1, as does listing an empty pantry. The pantry is part of the
            store: it is in backups, and it syncs as recipes do, each item a change of its own whose later
            version wins (two machines adding eggs make one item).
            """#),
        options: [
            .init("--until", text: #"""
                With
                .BR add :
                the day the items should be used by, as a WHEN's day (2026\-12\-24, tomorrow, fri, dec 24, +3d).
                """#),
            .init("--format", text: #"""
                Text (default): what to use soon, then aisle headings, one item a line
                .RB ( "flour \(md 750 g \(md use by 2026\-12\-05" ).
                JSON: an array of items, soonest use-by first, each with its name, identity, aisle, amount (as
                written, or null), quantity (millilitres, grams or pieces, or null), dimension (volume, mass,
                count or null) and useBy (YYYY\-MM\-DD or null).
                """#),
        ])
}
