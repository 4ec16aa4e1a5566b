/// What recipes(1) says of `recipes rename` beyond its spec.
extension RenameCommand {
    static let manual = CommandManual(
        .init(#"""
            Renames the recipe.
            """#))
}
