/// What recipes(1) says of `recipes init` beyond its spec.
extension InitCommand {
    static let manual = CommandManual(
        .init(#"""
            Creates an empty store (at
            .BR \-\-store ,
            .BR RECIPES_STORE ,
            or the default path) without the sample recipes: for a second machine before its first
            .BR sync ,
            or to start from nothing. A store already there is left as it is (exit status 0).
            """#))
}
