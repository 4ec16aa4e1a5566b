/// What recipes(1) says of `recipes delete` beyond its spec.
extension DeleteCommand {
    static let manual = CommandManual(
        .init(#"\fIrecipe\fR | \fB\-\-samples\fR"#, #"""
            Deletes the recipe and its ingredients, its plan and its cooked records, and says how many
            of those went ("deleted Soup (1A2B3C4D) with its 2 plan entries and 5 cooked records"). On a
            terminal, a recipe with any is deleted only once you answer y to the question first;
            .B \-\-yes
            does not ask, and a delete not on a terminal (a script) never asks.
            """#),
        options: [
            .init("--samples", text: #"""
                Delete the sample recipes nobody has changed, here or on a machine they came from through
                sync; changed ones are kept and named. The deletion is not synced: other machines keep their
                samples.
                """#),
        ])
}
