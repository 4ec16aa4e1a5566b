import Foundation
import Recipes
import Testing

/// A long import reports its progress on standard error when that is a terminal (a real
/// pseudo-terminal from script(1)), redrawn in place and erased at the end; piped, nothing.
@Suite struct ImportProgressTests {
    let cli = RecipesProcess()

    /// An archive of `count` recipes, as `recipes export` writes it.
    func archive(_ count: Int) throws -> URL {
        let store = cli.home.appendingPathComponent("source.sqlite")
        let context = ModelContext(try RecipeStore(url: store))
        for index in 0..<count { context.insert(Recipe(name: "Recipe \(index)", ingredients: [Ingredient(name: "Salt")])) }
        try context.save()
        let file = cli.home.appendingPathComponent("archive.json")
        let exported = try cli.run(["--store", store.path, "export"])
        try Data(exported.stdout.utf8).write(to: file)
        return file
    }

    @Test(.enabled(if: ColorTests.script != nil)) func aTerminalSeesTheCountAndRate() throws {
        let file = try archive(300)
        let command = "\(RecipesProcess.binary.path) --store \(cli.store.path) import \(file.path) > \(cli.home.path)/out"
        let screen = try RecipesProcess.runWithSignals([try #require(ColorTests.script), "-qec", command, "/dev/null"],
                                                       environment: cli.environment, capturing: true)
        #expect(screen.contains("\r\u{1B}[Krecipes: reading \(file.path)…"), "\(screen.debugDescription)")
        #expect(screen.contains("\r\u{1B}[Krecipes: importing 300 of 300 recipes ("), "\(screen.debugDescription)")
        #expect(screen.contains("/s), saving…"), "\(screen.debugDescription)")
        // Erased at the end, so the terminal is left with the summary alone.
        #expect(screen.hasSuffix("\r\u{1B}[K"), "\(screen.debugDescription)")
        #expect(try String(contentsOfFile: cli.home.path + "/out", encoding: .utf8) == "imported 300 recipes\n")
    }

    @Test func pipedStandardErrorStaysQuiet() throws {
        let file = try archive(300)
        #expect(try cli.runOnStore(["import", file.path]) == .init(stdout: "imported 300 recipes\n", stderr: "", status: 0))
    }
}
