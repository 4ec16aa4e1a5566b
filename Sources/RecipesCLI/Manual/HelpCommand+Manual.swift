/// What recipes(1) says of `recipes help` beyond its spec.
extension HelpCommand {
    static let manual = CommandManual(
        .init(#"""
            The same help as
            .BR \-h " and " \-\-help .
            """#))
}
