/// What recipes(1) says of `recipes plan` beyond its spec.
extension PlanCommand {
    static let manual = CommandManual(
        .init(#"[\fIrecipe\fR [\fIwhen\fR]]"#, #"""
            Adds the recipe to the meal plan: a recipe can be planned any number of times, each WHEN one
            entry, and the command says where the recipe was already planned.
            .B \-\-replace
            moves the recipe's upcoming entries to WHEN instead (past ones stay as history). WHEN is read
            in local time. Days:
            .B today
            (alone, once its time has passed, the next quarter hour, as
            .BR tonight ),
            .BR tomorrow ,
            .B tonight
            (today at dinner time; once that has passed, the next quarter hour, never tomorrow),
            a weekday
            .RB ( fri ", " friday :
            the coming one, today while the time asked for is still ahead, so
            .B wed
            on a Wednesday morning is that evening;
            .BR "next fri" :
            the one of next week, weeks running Monday to Sunday),
            .B +3d
            or
            .B +2w
            (days or weeks from today, at most 3660 days),
            .B 2026\-12\-24
            (within 3660 days of today either way),
            .BR "dec 24" ", " "24 dec" ", " "december 24"
            (the next one, today included).
            Times:
            .BR 18:30 ,
            .BR 7pm ,
            .BR "7 pm" ,
            .BR 7:30am ,
            .BR noon ,
            .BR midnight ;
            .B at
            may stand before a time or meal.
            Meals:
            .B breakfast
            (08:00),
            .B lunch
            (12:30),
            .B dinner
            (18:00), and meals of your own, from the config file (see FILES): the meal is kept with the
            entry, and a time given with it wins
            .RB ( "sat dinner 19:30" ).
            A weekday range with a time or meal
            .RB ( "mon\-fri lunch" )
            plans each of those days once, at its next date whose time has not passed.
            Repeats, each with a time or meal:
            .BR "every fri" ,
            .BR "every friday dinner" ,
            .BR "every day" " (" daily ),
            .BR weekdays ,
            .BR weekends ,
            .BR "every 2 weeks on sun" ,
            .BR "every other week" ,
            .BR "every 3 days" ,
            .BR "every month on the 1st"
            (a month without that day is left out, as RFC 5545 does),
            .BR "every mon and thu 19:00" ;
            .BI \-\-until " date"
            ends one (the whole day counts). A repeat is stored as its rule, never as a list of dates, so
            it has no end of its own and costs nothing until it is listed.
            A day alone means 18:00; a time or meal alone means today, or tomorrow once it has passed. A date already past is planned, with a note on stderr saying so.
            Impossible dates and times (2026\-02\-30, 25:00) are usage errors naming the bad part.
            .IP
            .B plan \fIrecipe\fR \-\-clear
            removes the recipe's upcoming entries and ends its repeats;
            .B \-\-clear \fIwhen\fR
            removes only what is planned then (a whole day for a day alone), and a repeat skips that day.
            .B plan \fIrecipe\fR \-\-skip \fIdate\fR
            leaves out that day of the recipe's repeats without ending them. Exits 1 when there was
            nothing to clear or skip.
            .IP
            .B plan
            alone lists the week: a heading per day (today marked, and bold on a terminal), then its
            meals in time order with time, meal, name, kind, and marks for a repeat
            .RB ( "\(ci every Friday" ),
            servings, a cooked meal and a note. Each occurrence of a repeat is listed. Exits 1 when
            nothing is planned.
            .IP
            .B plan \fIrecipe when\fR \-\-lock
            plans the meal locked, so
            .B \-\-reroll
            leaves it alone; a meal of the recipe already planned at WHEN is locked instead of planned
            twice (a repeat's meal locks the repeat). The lock travels with the entry in sync and in
            exports, and the week's listing and show mark it.
            """#),
        .init(#"\fB\-\-fill\fR"#, #"""
            Fills the empty meals of the coming days (default: the next 7 days from today, today while
            its meal is ahead;
            .BI \-\-days " n"
            up to 31,
            .B \-\-week
            this calendar week, on Sunday from dinner time the coming one;
            .BI \-\-from " date"
            to start elsewhere) with recipes, dinner unless
            .BI \-\-meal " meal"
            (repeatable) names others, and saves them in one transaction. A meal the plan already has, by
            its meal word or, for an entry planned by time alone, the meal nearest its time when the recipe
            is a kind that meal may be (a hot cocoa at 16:00 is no dinner), is left as it is. The meals with
            the fewest recipes to choose from are filled first, so a scarce recipe a rule needs on Friday
            is not spent on Thursday.
            .B \-\-dry\-run
            shows the proposal and saves nothing. Each meal comes with why: "not cooked for 41 days \(bu
            25 min \(bu uses spinach (use by Fri)", the days counted to the meal.
            .IP
            The rules are hard: no proposal breaks one. They come from the config file's
            .B fill.
            lines (see FILES) with the options added:
            .B \-\-kind
            (dish, baked or any; default a dish, and at breakfast a baked good too; never a beverage),
            .B \-\-max\-time
            (the total time, else preparation and cooking; a recipe without a time does not pass),
            .B \-\-tag
            (repeatable, each must hold;
            .B \-\-tag fish,seafood
            for either),
            .BR \-\-not\-tag ,
            .B \-\-no\-repeat
            (default 14: no recipe cooked, or planned, that many calendar days or fewer before or after the
            meal's day, this fill's own meals included; with 2, Monday's recipe comes back on Thursday at
            the earliest),
            .BI \-\-at\-least " tag=n"
            and
            .BI \-\-at\-most " tag=n"
            (meals with the tag in every run of seven days from the first day, meals already planned
            counting; a shorter last run asks its share, rounded to the nearest; an option's bound for a tag
            replaces the config's same bound and keeps the other). Among what the rules admit, ranking prefers:
            the least recently cooked (up to 90 days), never-cooked recipes mixed in about one meal in
            three, a main ingredient (the meat or fish, else the first that is no staple) and tags not
            used in the three days around the meal, fewer ingredients missing from the pantry (an item past its use-by day no longer counts),
            recipes using a pantry item on or before its use-by day, servings near
            .BR \-\-servings ,
            and a draw from the seed.
            .B \-\-seed
            changes the draw; without it the first day is the seed, so the same fill on the same store
            proposes the same week all day.
            .IP
            When a meal has no recipe that fits, nothing is saved, the command exits 1 and names the rule
            that emptied the choice ("Fri 2026\-12\-11 dinner: no recipe tagged 'fish'", "all 3 recipes
            ready in 30 min were cooked or planned within 14 days of it (no\-repeat)");
            .B \-\-partial
            fills the other meals and lists the empty ones on stderr (exit 1 when it could fill none). A quota the days asked cannot hold
            exits 2. Output: a line per meal (day, meal, name, reason); plain: id, name, date (ISO 8601,
            UTC), meal and reason, tab-separated; json: an array of objects with date, meal, name, id,
            reason and reasons. A summary goes to stderr. The shopping list follows the filled plan.
            """#),
        .init(#"\fB\-\-reroll\fR \fIwhen\fR"#, #"""
            Replaces what the plan has for one meal (WHEN as plan reads it: \fBfri\fR, \fBsat lunch\fR,
            \fBtomorrow 19:30\fR, \fBthu\fR on a Thursday morning being tonight's; a day alone is its
            dinner) with the best other recipes the rules admit, in one transaction: a single date is
            removed, a repeat skips that day, and each dish of the meal is replaced by another (a curry and
            its bread by two others, as many as fit), keeping its time, meal, servings (unless
            \fB\-\-servings\fR) and note. Rerolling the same meal again goes on to the next recipes, not back
            to ones it replaced, until none is left; then it starts over. A locked dish of the meal stays and
            the others are replaced; an entry planned by time alone counts only when its kind is one the
            meal may be. A meal can be rerolled until it is cooked or two hours after its time (as long as
            .B next
            shows it and
            .B suggest
            suggests for it). Exits 1 when nothing is planned there, the meal is cooked or past
            or nothing else fits, 2 when every dish of the meal is locked; either way nothing changes.
            """#),
        options: [
            .init("--meal", text: #"""
                Name the meal (breakfast, lunch, dinner or a word of yours) without taking its time; with
                \-\-fill, the meals to fill (repeatable, default dinner).
                """#),
            .init("--format", text: #"""
                The list's format. table (the default on a terminal) is the week by day; plain gives a line
                per meal: the recipe's id, kind, name, the meal's date (ISO 8601, UTC) and ingredient count
                (as search prints), then the meal word, the entry id, "repeat", "cooked" and "locked" where they
                apply, tab-separated; json an array of objects with the recipe's id, kind and name, planned (this
                occurrence), entry, meal, servings, note, repeat (the RRULE), repeats (in words), cooked and locked.
                """#),
            .init("--ics", text: #"""
                Print the plan as an iCalendar (RFC 5545) calendar instead: one event per entry that has a
                meal in the window, with a UID from the entry (so a subscribed calendar updates the same
                event when it moves), an hour (or the bake time and half an hour) as duration, the name and
                meal as summary and the servings, note, ingredients and instructions as description. A
                single date starts in UTC; a repeat is its RRULE with the skipped days as EXDATE, in floating
                local time, so dinner stays at 18:00 across daylight-saving changes wherever the calendar
                is. Empty windows give an empty calendar and exit 0.
                """#),
        ])
}
