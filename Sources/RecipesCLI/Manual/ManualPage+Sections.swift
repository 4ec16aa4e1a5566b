extension ManualPage {
    /// The page's own text: what no single command says.
    enum Sections {
        static let name = #"a recipe planner for the terminal and the status bar"#

        static let description = #"""
            .B recipes
            keeps recipes \(em plain dishes, baked goods and beverages, each with an ordered list of
            ingredients \(em in one SQLite file. It searches them, gives them planned dates, and prints
            the next planned recipe on one line for status bars (waybar, i3blocks, polybar, tmux,
            i3status\-rust), cron jobs and scripts.
            .PP
            Every change is one SQLite transaction: a command that fails changes nothing. Results go to
            standard output; diagnostics go to standard error as one line starting with
            .BR "recipes: error:" .
            .PP
            The first time a command runs without
            .B \-\-store
            or
            .B RECIPES_STORE
            and finds no store at the default location, it creates one holding 13 sample recipes and
            says so on standard error;
            .B recipes delete \-\-samples
            removes them.
            .B recipes init
            starts an empty store instead, and
            .B recipes sync
            on a machine without a store starts an empty one too. Samples nobody has changed never
            travel through sync (see
            .BR sync ).
            """#

        static let globalOptions = [GlobalOptions.store, GlobalOptions.color, GlobalOptions.help, GlobalOptions.version]

        static let globalOptionTexts: [CommandManual.OptionText] = [
            .init("--store", text: #"""
                The store to use, for any command, before or after it.
                """#),
            .init("--color", text: #"""
                Colour in tables (bold headers; planned dates red under an hour, yellow later today, cyan
                later, dim when past), before or after the command. auto, the default, colours only a
                terminal, and not when
                .B NO_COLOR
                is set or
                .B TERM
                is dumb; piped output is never coloured unless
                .B always
                asks for it.
                """#),
            .init("--help", text: #"""
                Help for recipes, or for the command it follows.
                """#),
            .init("--version", text: #"""
                The version.
                """#),
        ]

        /// The sections after OPTIONS, in order.
        static let closing: [(title: String, text: String)] = [
            ("OUTPUT FORMATS", ##"""
                Names and other text are printed on one line in every status format: line breaks and tabs
                become spaces, and control characters, ANSI escape sequences and bidirectional overrides
                are removed.
                .TP
                .B plain
                "Mom's Spaghetti \(bu tomorrow 18:00". Nothing, exit 1, when nothing is planned.
                .TP
                .B notify
                The plain line as a desktop notification body: &, < and > escaped, since most
                notification daemons render the body as markup. Nothing, exit 1, when nothing is planned.
                .TP
                .B waybar
                One JSON object a line for a
                .B custom
                module with
                .BR "return-type: json" :
                .BR text ,
                .B tooltip
                (summary and ingredients),
                .B class
                (imminent, today, upcoming, none) and
                .B alt
                (dish, baked, beverage). Text is Pango markup, so &, < and > are escaped.
                Nothing planned: an empty line, which hides the module on every waybar version
                (an empty text would leave the format\(aqs icon before waybar 0.11).
                .TP
                .B i3blocks
                Three lines: full_text, short_text (the name) and colour; exit 33 (urgent) when imminent.
                With
                .B \-\-follow
                (for
                .BR interval=persist )
                one full_text line per update, and a single space when nothing is planned (i3blocks 1.4
                reads an empty line as a closed pipe). The text is plain unless the environment has
                .BR markup=pango ,
                as i3blocks 1.5 sets it for a block with that property (with i3blocks 1.4, write
                .BR "command=markup=pango recipes next \-\-format i3blocks" );
                then &, < and > are escaped for Pango, and with
                .B \-\-follow
                the line is a
                .B <span foreground="#rrggbb">
                in the colour of the urgency.
                .TP
                .B polybar
                One line with %{F#rrggbb}...%{F\-} colour tags; a literal "%{" in a name is broken with a
                word joiner so it cannot start a tag. An empty line hides the module.
                .TP
                .B tmux
                One line in at most 40 columns (tmux's default status\-right\-length): a longer name is
                shortened with "\[u2026]", never the time. Imminent is white on red, today black on yellow,
                upcoming in the bar's own colours; # in names is doubled.
                .TP
                .B i3status\-rust
                The custom block's JSON:
                .BR icon ,
                .B state
                (Critical, Warning, Info, Idle),
                .BR text ,
                .BR short_text .
                .TP
                .B json
                The full recipe record plus
                .B startsIn
                (seconds to the meal, negative while it is in progress),
                .B start
                (when to start cooking, ISO 8601),
                .B inProgress
                (true or false),
                .B when
                and
                .BR class .
                Nothing, exit 1, when nothing is planned.
                .PP
                .B search \-\-format plain
                prints one recipe a line: id, kind, name, planned date (ISO 8601, UTC, empty when not
                planned) and the number of ingredients, separated by tabs.
                .B \-\-format json
                prints a JSON array of full records (as in format "recipes", version 2).
                """##),
            ("EXIT STATUS", #"""
                .TP
                .B 0
                Success; something was found.
                .TP
                .B 1
                Nothing found: no match for search, no such recipe, nothing planned (plain and json).
                .TP
                .B 2
                A runtime error: the store (or a backup to restore) is missing, not a regular file (a folder, a FIFO, a device),
                not a recipe store, from a newer version, damaged, unwritable, or busy (another recipes
                process held its write lock for 15 seconds), a recipe the store does not keep (a blank name,
                a name over 1,000 characters), a name matches several recipes, or a line of the config file
                cannot be read (named with its line number).
                .TP
                .B 33
                i3blocks format only: the next recipe is less than an hour away.
                .TP
                .B 64
                A usage error: unknown command or option, missing or extra argument, bad WHEN or DURATION,
                an empty
                .B \-\-store
                or
                .BR RECIPES_STORE .
                .TP
                .B 130
                .B cook
                on a terminal, stopped by Ctrl\-C, SIGTERM or SIGHUP (the screen put back first).
                .PP
                A closed output pipe ends the command quietly with status 0.
                """#),
            ("ENVIRONMENT", #"""
                .TP
                .B RECIPES_STORE
                The store to use when
                .B \-\-store
                is not given. Set but empty, it is a usage error (exit 64) rather than the default store.
                .TP
                .B XDG_DATA_HOME
                The default store is
                .IR $XDG_DATA_HOME/recipes/recipes.sqlite .
                .TP
                .B HOME
                Without XDG_DATA_HOME, the default store is
                .IR ~/.local/share/recipes/recipes.sqlite .
                .TP
                .B TZ
                The time zone dates are shown and read in; they are stored as UTC instants.
                .TP
                .B NO_COLOR
                When set and not empty, no colour unless
                .B \-\-color always
                (see no\-color.org).
                .TP
                .B RECIPES_NOW
                A testing aid: pins the clock to an ISO 8601 date and time (2026\-12\-24T17:00:00Z).
                """#),
            ("FILES", #"""
                .TP
                .I $XDG_CONFIG_HOME/recipes/config
                (else
                .IR ~/.config/recipes/config )
                Settings, one
                .B \fIkey\fB = \fIvalue\fR
                a line;
                .B #
                starts a comment. Meal times for WHEN:
                .B meal.\fIname\fB = \fIHH:MM\fR
                .RB ( "meal.breakfast = 07:30" ", " "meal.brunch = 10:30" ).
                A meal name is one word of letters, digits and \-, not a word WHEN already
                reads (a weekday, a month). Without them, breakfast is 08:00, lunch 12:30 and dinner 18:00.
                .B units = metric|us
                is the default of
                .B show \-\-units
                and
                .BR "shopping \-\-units" .
                .B ingredient.\fIname\fB = \fIfields\fR
                adds to the ingredient vocabulary and
                .B aisle.\fIname\fB = \fIingredients\fR
                moves ingredients and orders aisles (see
                .BR recipes-ingredients (7)).
                The planner's rules, for
                .BR "plan \-\-fill" ,
                .B \-\-reroll
                and
                .BR suggest :
                .B fill.max\-time = 30m\fR,
                .B fill.tag = fish, seafood
                (either),
                .BR "fill.not\-tag = dessert" ,
                .B fill.no\-repeat = 3w\fR,
                .B fill.kind = dish|baked|any\fR,
                .B fill.at\-least.\fItag\fB = \fIn\fR
                and
                .B fill.at\-most.\fItag\fB = \fIn\fR
                (meals in seven days); max\-time, tag and not\-tag may name days or a meal before the rule:
                .BR "fill.weekdays.max\-time = 30m" ,
                .BR "fill.fri.tag = fish" ,
                .BR "fill.mon\-thu.dinner.not\-tag = fried" ,
                .B weekends
                and ranges such as
                .BR sat\-sun .
                A line that is not understood stops the command that reads it with one line naming the file,
                the line number and the problem.
                .TP
                .I ~/.local/share/recipes/recipes.sqlite
                The default store, with its
                .I \-wal
                and
                .I \-shm
                companions while in use. Keep the three together; never copy the file alone while
                recipes runs.
                """#),
            ("EXAMPLES", #"""
                .nf
                recipes search chocolate \-\-kind baked
                recipes add "Mom's Spaghetti" \-i '1 box :: Spaghetti' \-i '4 cloves :: Garlic' \-\-plan 'fri 7pm'
                recipes plan focaccia tomorrow 7pm
                recipes plan pizza every fri dinner \-\-until 2027\-03\-31
                recipes plan pancakes sat breakfast \-\-servings 6
                recipes plan \-\-fill \-\-dry\-run \-\-max\-time 45m \-\-at\-least vegetarian=2
                recipes plan \-\-reroll fri
                recipes suggest \-\-tag quick
                # crontab: fill the coming week on Sunday evening, then tell it (see recipes\-bars(7))
                0 19 * * sun recipes plan \-\-fill \-\-week \-\-partial >/dev/null 2>&1; msg=$(recipes plan \-\-week \-\-format table 2>/dev/null) && notify\-send "The week" "$msg"
                recipes plan \-\-week
                recipes cooked focaccia yesterday dinner
                recipes search \-\-not\-cooked\-since 30d \-\-sort cooked
                recipes next \-\-format waybar \-\-follow
                msg=$(recipes next \-\-format notify \-\-within 30m \-\-every 5m) && notify\-send "Cook now" "$msg"
                recipes import https://example.com/recipes/banana\-bread
                recipes import banana\-bread.html
                recipes sync ~/Sync/recipes \-\-watch
                .fi
                """#),
            ("SEE ALSO", #"""
                .BR recipes-bars (7),
                .BR recipes-ingredients (7),
                .BR recipes-sync (7),
                .BR recipes-formats (7),
                .BR recipes-store (7),
                .BR sqlite3 (1),
                .BR waybar (5),
                .BR i3blocks (1),
                .BR polybar (1),
                .BR tmux (1)
                """#),
        ]
    }
}
