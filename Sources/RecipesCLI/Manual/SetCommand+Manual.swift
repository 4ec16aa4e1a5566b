/// What recipes(1) says of `recipes set` beyond its spec.
extension SetCommand {
    static let manual = CommandManual(
        .init(#"\fIrecipe\fR"#, #"""
            Changes the fields given, and nothing else, in one transaction. A long text (summary,
            instructions) is the text itself, the path of a file holding it, or
            .B \-
            for standard input. If another process or a sync changes one of these fields meanwhile,
            nothing is written and the command says so.
            """#),
        options: [
            .init("--kind", text: #"""
                Make it another kind, keeping its id, ingredients and plan. What only the old kind has (oven
                temperature and bake time, alcoholic and hot) is dropped, and the output names it; a new
                beverage is neither alcoholic nor hot until its Alcoholic and Served hot lines say so in
                .BR "recipes edit" .
                """#),
        ])
}
