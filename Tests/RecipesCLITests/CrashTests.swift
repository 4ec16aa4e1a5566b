import Foundation
import Recipes
import Testing

/// kill -9 at random moments during a large import: the store always opens, passes
/// `PRAGMA integrity_check`, and holds the import entirely or not at all.
/// RECIPES_CRASH_RECIPES sets the import's size (default 3,000; the reliability runs use 50,000).
@Suite struct CrashTests {
    @Test func killingAnImportLeavesAllOrNothing() throws {
        let size = ProcessInfo.processInfo.environment["RECIPES_CRASH_RECIPES"].flatMap(Int.init) ?? 3_000
        let cli = RecipesProcess()
        let archive = RecipeArchive(recipes: (0..<size).map { index in
            RecipeJSON(Recipe(name: "Imported \(index)", instructions: String(repeating: "Stir and taste. ", count: 40),
                              ingredients: (0..<8).map { Ingredient(name: "Item \($0)", amount: "\($0) g") }))
        })
        let file = cli.home.appendingPathComponent("big.json")
        try archive.encoded().write(to: file)

        // How long a whole import takes here, so kills land across all of it.
        try cli.seed([Recipe(name: "Before")])
        let start = Date()
        #expect(try cli.runOnStore(["import", file.path]).status == 0)
        let duration = Date().timeIntervalSince(start)

        var interrupted = 0
        var random = SystemRandomNumberGenerator()
        for trial in 0..<30 {
            let store = cli.home.appendingPathComponent("trial-\(trial).sqlite")
            let context = ModelContext(try RecipeStore(url: store))
            context.insert(Recipe(name: "Before"))
            try context.save()
            let process = Process()
            process.executableURL = RecipesProcess.binary
            process.arguments = ["--store", store.path, "import", file.path]
            process.environment = cli.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(Double.random(in: 0...duration, using: &random) * 1_000_000))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                interrupted += 1
            }
            process.waitUntilExit()

            let reopened = try RecipeStore(url: store)
            let connection = try SQLiteConnection(path: store.path)
            #expect(try connection.scalar("PRAGMA integrity_check") == .text("ok"), "trial \(trial)")
            let count = try ModelContext(reopened).fetchCount(FetchDescriptor<Recipe>())
            #expect(count == 1 || count == 1 + size, "trial \(trial): \(count) recipes")
            #expect(try connection.scalar("SELECT count(*) FROM recipe_search") == .integer(Int64(count)), "trial \(trial)")
        }
        // Most kills must land during the import, or the test proves little.
        #expect(interrupted >= 15)
    }
}
