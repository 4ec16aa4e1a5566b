/// What recipes(1) says of `recipes next` beyond its spec.
extension NextCommand {
    static let manual = CommandManual(
        .init(#"""
            The recipe planned after now whose cooking starts first, with its name and when: "18:00
            (in 2h 5m)" today, "tomorrow 18:00", "Fri 18:00" within a week, "Dec 24 18:00" later, with
            the year when it differs. A recipe with a total time (or preparation and cooking times)
            says when to start: "start 14:00 (in 30m) for 18:00", "start now for 18:00 (in 25m)" once
            that is late, "Fri 18:00, start 14:00"; a roast at 19:00 that takes two hours comes before
            a soup at 18:00, from 17:00. A meal whose time has come stays, as "now", until it is recorded as
            cooked, two hours have passed, or the next meal should be started. Its class is
            .B imminent
            (cooking starts within an hour, or the meal is in progress),
            .B today
            or
            .BR upcoming ;
            .B none
            when nothing is planned.
            """#),
        options: [
            .init("--within", text: #"""
                A recipe whose cooking starts further away than DURATION counts as nothing planned.
                DURATION is a number and a unit, repeatable: 45s, 30m, 2h, 1h30m, 1d, 1w; or in words,
                as in "10 minutes", "1 hour 30 min", "2 days" (everywhere a DURATION is read, the config file's
                fill. lines too).
                """#),
            .init("--every", text: #"""
                For cron: how often the command runs. Prints every recipe whose cooking starts more than
                \-\-within minus DURATION and at most \-\-within from now, one a line, and a meal planned
                later than that (already inside \-\-within) on the first run after it was planned, so that
                each meal is announced by exactly one run. A recipe taking more than two days is announced
                two days and \-\-within before its meal. Needs
                .BR \-\-within ;
                only with plain, notify and json, not with
                .BR \-\-follow .
                """#),
            .init("--follow", text: #"""
                Keep running, printing a line only when the text changes: when the countdown's minute
                turns, or when another process changes the store (or replaces its file, as restoring a
                backup with mv does: it reads the new file). It sleeps in between (inotify and poll), and
                exits 0 on SIGTERM, SIGINT, SIGHUP or when its reader closes the pipe.
                .PP
                A store named by
                .B \-\-store
                or
                .B RECIPES_STORE
                that does not exist yet is nothing planned to the bar formats (an empty update, exit 0);
                with
                .B \-\-follow
                they wait for the store to appear. plain and json report it as an error (exit 2).
                """#),
            .init("--use-by", text: #"""
                With
                .B \-\-format
                plain or notify (not
                .BR \-\-follow ):
                after the meal's line, one line naming the pantry items whose use-by day is today or tomorrow,
                or has passed ("use by today: cream \(md use by tomorrow: spinach"); nothing when there are
                none or nothing is planned. In a cron run it comes with the meals it announces.
                """#),
        ])
}
