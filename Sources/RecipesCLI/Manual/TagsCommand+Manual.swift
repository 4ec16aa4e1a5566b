/// What recipes(1) says of `recipes tags` beyond its spec.
extension TagsCommand {
    static let manual = CommandManual(
        .init(#"""
            Every tag, in order, with the number of recipes that have it, separated by a tab. Tags are
            kept lowercased, with runs of spaces as one, each once per recipe. Exits 1 when no recipe
            has a tag.
            """#))
}
