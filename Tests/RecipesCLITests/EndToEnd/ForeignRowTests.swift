import Foundation
import Recipes
import Testing

/// A recipe row another program wrote with its id in lower case (recipes writes upper case)
/// is listed, but commands that read it back by its id cannot: each says so in one line on
/// stderr and changes nothing (found by the second new-user trial: they exited 1 silently).
@Suite struct ForeignRowTests {
    let cli = RecipesProcess()

    init() throws {
        try cli.seed([Recipe(name: "Soup")])
        try SQLiteConnection(path: cli.store.path).execute("""
            INSERT INTO recipe (id, kind, name, created, updated)
            VALUES ('ffeeddcc-bbaa-4998-8877-665544332211', 'dish', 'Raw lower', 0, 0)
            """)
    }

    @Test(arguments: [["delete", "Raw lower"], ["set", "Raw lower", "--summary", "hi"], ["rename", "Raw lower", "Cooked"],
                      ["export", "Raw lower"], ["export", "Raw lower", "--format", "schema.org"], ["export", "Raw lower", "--format", "cooklang"]])
    func aRowThatCannotBeReadByItsIdIsOneClearLine(arguments: [String]) throws {
        let before = try cli.runOnStore(["export"]).stdout
        let result = try cli.runOnStore(arguments)
        #expect(result.status == 2 && result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == "recipes: error: 'Raw lower' (FFEEDDCC) was found but cannot be read by its id: its row was not written "
                + "by recipes (its id is not in the form recipes writes); nothing was changed\n", "\(result)")
        #expect(try cli.runOnStore(["export"]).stdout == before)
        // Still listed (a search by word would not find it: other programs' rows are not in the index).
        #expect(try cli.runOnStore(["search", "--format", "plain"]).stdout.contains("\tRaw lower\t"))
    }
}
