/// What recipes(1) says of `recipes cook` beyond its spec.
extension CookCommand {
    static let manual = CommandManual(
        .init(#"\fIrecipe\fR | \fB\-\-next\fR"#, #"""
            Cook mode. On a terminal it takes the whole screen (the alternate screen, so the shell's
            screen comes back as it was; a resize redraws, and a terminal smaller than 40\(mu12 is told
            so): the recipe's name and servings, its ingredients scaled (with
            .BR \-\-servings ,
            .B \-\-scale
            and
            .B \-\-units
            as in
            .BR show ),
            the lines the current step uses marked with a triangle and those of earlier steps ticked
            \(lq\[u2713]\(rq; the step, in bold, wrapped to a readable width (a step longer than the screen is cut, with a
            mark, its timers kept);
            the timers, counting down on every page; and a line of keys.
            Keys:
            .BR n ,
            \(->, space, Enter, Page Down: the next step;
            .BR p ,
            \(<-, Page Up: the step before;
            .BR t :
            start the step's timer (of a step naming several, the next one not running; when all run, stop
            the one started last);
            .BR d :
            put away the timers that rang;
            .BR i :
            hide or show the ingredients;
            .BR q :
            quit (asked twice while a timer runs; the timers left running are named on the shell's screen,
            as they end with the view). A presentation remote's page keys work as n and p.
            A timer that ends rings the terminal's bell, shows a highlighted line until put away, and sends
            a desktop notification through
            .BR notify\-send (1)
            when it is installed (without it, or without a desktop session, nothing else happens). Timers
            run on the clock that goes on while the computer sleeps. After the last step,
            .B c
            records the recipe cooked at that moment as
            .B cooked
            does (its planned meal is done, the pantry is taken from; when it was recorded within four hours,
            .B C
            records another batch) and leaves the line it printed on the shell's screen; a recipe without
            steps can be recorded too. Steps are the instructions' paragraphs, their numbered lines (1., 2), Step 3:,
            Schritt 4), or their lines when each is a sentence; a heading line ("For the sauce:") leads the
            step after it, and a paragraph over 400 characters is cut at sentence ends. Timers are the
            times a step names, in the languages imports read: "25 minutes", "1\-2 hours", "10 to 12 min",
            "4 Minuten", "1\(12 Stunden", "10 \(`a 12 min", "2 h 30", "30 sec"; a range rings at its lower
            bound and says so ("rings after 20 min"). A recipe without instructions shows its ingredients and says it has no
            steps. Piped (or on a terminal whose TERM is unset or dumb), or with
            .BR \-\-format ,
            it prints instead the ingredients and the numbered steps, each with its timers ("timer: 25
            minutes = 25:00"); json gives the same to scripts. Ctrl\-C, SIGTERM and SIGHUP leave the view
            with exit 130; Ctrl\-Z suspends it and
            .B fg
            brings it back.
            """#),
        options: [
            .init("--format", text: #"""
                Print the steps instead of the full\-screen view (text is the default when standard input or
                output is not a terminal). JSON: an object with
                .BR id ,
                .BR name ,
                .B servings
                (scaled; null when the recipe does not say),
                .BR scale ,
                .B ingredients
                (each
                .B amount
                and
                .BR name ,
                or a
                .BR heading )
                and
                .BR steps ,
                each with its
                .BR number ,
                .BR text ,
                .B ingredients
                (indexes into the list: the lines the step uses) and
                .B timers
                (each
                .BR text ,
                .B seconds
                and
                .BR upToSeconds ,
                the end of a range, else null).
                """#),
            .init("--next", text: #"""
                Cook the next planned recipe, as
                .B recipes next
                finds it, instead of RECIPE, for the planned meal's servings unless
                .B \-\-servings
                or
                .B \-\-scale
                says otherwise.
                """#),
            .init("--servings", "--scale", "--units", text: #"""
                As for
                .BR show .
                """#),
        ])
}
