import Foundation
import Recipes
import Testing

@Suite struct FirstRunTests {
    @Test func aNewUserGetsTheSamplesAndTheNextRecipe() throws {
        let cli = RecipesProcess(now: "2026-11-30T09:30:00Z")
        let first = try cli.run(["next"])
        let path = cli.home.path + "/.local/share/recipes/recipes.sqlite"
        #expect(first.stderr == "recipes: created \(path) with 13 sample recipes; remove them with 'recipes delete --samples'\n")
        // The samples plan Banana bread for tomorrow 10:00 counted from the day they load.
        #expect(first.stdout == "Banana bread · tomorrow 10:00\n")
        #expect(first.status == 0)
        let second = try cli.run(["next"])
        #expect(second.stderr == "")
        #expect(second.stdout == first.stdout)
    }

    @Test func samplesFollowXDGDataHomeAndCanBeRemoved() throws {
        let cli = RecipesProcess()
        cli.environment["XDG_DATA_HOME"] = cli.home.path + "/data"
        let search = try cli.run(["search", "--format", "plain"])
        #expect(search.stderr.contains(cli.home.path + "/data/recipes/recipes.sqlite with 13 sample recipes"))
        #expect(search.stdout.split(separator: "\n").count == 13)
        #expect(try cli.run(["search", "spaghetti", "--format", "plain"]).stdout.contains("Mom's Spaghetti"))
        let removed = try cli.run(["delete", "--samples"])
        #expect(removed.stdout == "deleted 13 sample recipes\n")
        #expect(try cli.run(["search"]).status == 1)
        #expect(try cli.run(["next"]).status == 1)
    }

    @Test func theSamplesMeetTheirPromise() throws {
        let archive = try RecipeArchive.decode(FileContents.read(RepositoryFiles.url("SampleData/recipes.json").path))
        let recipes = try archive.makeRecipes()
        #expect(recipes.count >= 12)
        #expect(recipes.filter { $0 is BakedGood }.count >= 3)
        #expect(recipes.filter { $0 is Beverage }.count >= 3)
        #expect(recipes.contains { $0.name.unicodeScalars.contains { $0.value > 0x7F } })
        #expect(recipes.compactMap(\.plannedDate).allSatisfy { $0 > Date() })
        let spaghetti = try #require(recipes.first { $0.name == "Mom's Spaghetti" })
        #expect(spaghetti.ingredients.map { "\($0.amount) \($0.name)" } == [
            "1 box Spaghetti", "1 medium, diced Onion", "4 cloves Garlic", "2 Tbsp Olive oil",
            "1 large can Canned tomatoes", "5 leaves Basil", "2 Tbsp Oregano",
        ])
        #expect(Set(recipes.compactMap(\.id)).count == recipes.count)
    }

    @Test func theBinaryWorksCopiedAloneIntoABinDirectory() throws {
        let cli = RecipesProcess()
        let bin = cli.home.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let copy = bin.appendingPathComponent("recipes")
        // Written through a descriptor closed on exec: a process another test starts meanwhile
        // must not inherit it, or starting the copy fails with "text file busy".
        let bytes = try FileContents.read(RecipesProcess.binary.path)
        let descriptor = open(copy.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        #expect(descriptor >= 0)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        let process = Process()
        process.executableURL = copy
        process.arguments = ["search", "--kind", "beverage", "--format", "plain"]
        process.environment = cli.environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        // Between another test's fork and its exec the descriptor is still shared: try again.
        for attempt in 1...50 {
            do {
                try process.run()
                break
            } catch where attempt < 50 && "\(error)".contains("Text file busy") {
                usleep(20_000)
            }
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: data, as: UTF8.self).split(separator: "\n").count == 4)
    }
}
