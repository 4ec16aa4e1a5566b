/// What recipes(1) says of `recipes cooked` beyond its spec.
extension CookedCommand {
    static let manual = CommandManual(
        .init(#"\fIrecipe\fR [\fIwhen\fR]"#, #"""
            Records that the recipe was cooked, at WHEN or now, and prints
            "cooked Pizza (Fri 2026\-12\-04 18:10; planned dinner Fri 2026\-12\-04 18:00: done)", or
            .I unplanned
            when no planned occurrence of the recipe lies from a day before WHEN to two hours after it
            (with a meal word in WHEN, an occurrence of that meal). The nearest is marked done, so
            .B next
            moves past it; a repeat goes on. WHEN looks back:
            .BR yesterday ,
            a weekday (the last one, today included), a time alone (today's), a meal
            .RB ( breakfast ,
            .BR lunch ,
            .BR dinner ),
            .IR "today 12:30" ,
            .IR "2026\-11\-30 19:00" ,
            .I tonight
            (dinner today; before dinner time, now).
            What the recipe's lines ask for, for the servings cooked (see
            .BR \-\-servings ;
            a planned meal for 6 of a recipe for 4 takes half as much again), is taken from the pantry items
            kept with an amount (converted to their unit, never below zero; an item used up leaves the
            pantry), in the same transaction;
            items kept without an amount stay.
            A WHEN more than 5 minutes ahead is a usage error (exit 64) and records nothing. A recipe
            recorded cooked within 4 hours of WHEN, with no planned meal left open for it, is that meal
            recorded already: refused (exit 1, naming the record and the planned meal it fulfilled)
            unless
            .B \-\-again
            asks for another record.
            .B \-\-undo
            takes back the recipe's latest record ("undid Pizza cooked Fri 2026\-12\-04 18:10; planned
            Fri 2026\-12\-04 18:00 is open again"): it no longer counts, and the planned meal it fulfilled
            is planned again unless another record fulfils it, and what recording it took from the pantry
            is put back ("pantry: eggs 3 \(-> 6, flour back 500 g"; on the machine that recorded it, which
            remembers the amounts; the pantry's new amounts then sync). The undoing travels through sync, so
            every machine undoes it; a recipe with no record exits 1.
            .B show
            says how often and when the recipe was last cooked, and lists its plan entries.
            """#),
        options: [
            .init("--undo", text: #"""
                Undo the recipe's latest cooked record; the planned meal it was for is planned again. Not
                with WHEN,
                .B \-\-servings
                or
                .BR \-\-again .
                """#),
            .init("--servings", text: #"""
                Cooked for this many: what the pantry gives up is scaled by COUNT over the recipe's servings
                (default: the servings of the planned meal it fulfils, else the recipe's own; 1 to 9999).
                """#),
        ])
}
