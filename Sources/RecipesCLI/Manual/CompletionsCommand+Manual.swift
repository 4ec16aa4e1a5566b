/// What recipes(1) says of `recipes completions` beyond its spec.
extension CompletionsCommand {
    static let manual = CommandManual(
        .init(#"""
            Prints a completion script for the shell. It completes commands, options (long and
            short) and their values, recipe names from the store for show, plan, delete and export,
            files for import and \-\-store, and folders for sync. Names are completed as text: one
            that looks like shell code is never run, and no store is created to find them.
            """#))
}
