/// What recipes(1) says of `recipes duplicates` beyond its spec.
extension DuplicatesCommand {
    static let manual = CommandManual(
        .init(#"""
            Lists the recipes that share a source address (the web page they were imported from,
            compared without scheme,
            .BR www. ,
            fragment or trailing slash), one group per line, the recipe a merge keeps first. Two machines
            that import the same page before they sync end with two such recipes. Exit status 1 when
            there are none.
            """#),
        options: [
            .init("--merge", text: #"""
                Keep the recipe of each group changed last (then the smaller id) and delete the others, in
                one transaction; the kept one takes their plan entries and cooked records. The deletions sync
                like any other, and every machine merging the same recipes keeps the same one and makes the
                same copies of their plans.
                """#),
        ])
}
