/// What recipes(1) says of `recipes suggest` beyond its spec.
extension SuggestCommand {
    static let manual = CommandManual(
        .init(#"""
            Ranks recipes for the next meal as
            .B plan \-\-fill
            does, best first, each with why: dinner (or
            .BR \-\-meal )
            today while it is not over (two hours after its time), else tomorrow's. The same rules, from
            the config file and the options;
            .BI \-n ", " \-\-limit " n"
            suggestions (default 5). Exits 1 when none fits, naming the rule.
            """#))
}
