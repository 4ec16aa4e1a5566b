import Foundation
import Recipes
import Testing

/// The README's Install steps as printed, on a fresh account: an empty HOME and the bare
/// environment of a new login. The release build itself is left out (minutes of CPU); the
/// built binary stands where it would leave `recipes`.
@Suite struct InstallTests {
    /// The binary links FoundationEssentials, not FoundationInternationalization: that one
    /// (SortDescriptor's module) brings 34 MB of ICU data into a static build. Its name
    /// appears in a dynamic build's list of libraries and in a static build's symbols.
    @Test func theBinaryLeavesOutFoundationInternationalization() throws {
        let binary = try Data(contentsOf: RecipesProcess.binary)
        #expect(binary.count > 0)
        #expect(binary.range(of: Data("FoundationInternationalization".utf8)) == nil)
        #expect(binary.range(of: Data("FoundationEssentials".utf8)) != nil)
    }

    @Test func theReadmeInstallStepsWorkInAnEmptyHome() throws {
        let block = try #require(ReadmeBlocks.block(after: "## Install"))
        let steps = block.split(separator: "\n").filter { !$0.hasPrefix("swift build") }.joined(separator: "\n")
        let cli = RecipesProcess()
        let checkout = cli.home.appendingPathComponent("checkout"), home = cli.home.appendingPathComponent("fresh-home")
        for folder in [checkout.appendingPathComponent(".build/release"), checkout.appendingPathComponent("man"), home] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(at: checkout.appendingPathComponent(".build/release/recipes"),
                                                   withDestinationURL: RecipesProcess.binary)
        let manFolder = RepositoryFiles.url("man")
        let pages = try FileManager.default.contentsOfDirectory(atPath: manFolder.path).filter { $0.hasPrefix("recipes") }
        for page in pages {
            try FileManager.default.copyItem(at: manFolder.appendingPathComponent(page), to: checkout.appendingPathComponent("man/" + page))
        }
        let output = try RecipesProcess.runWithSignals(
            ["/usr/bin/env", "-i", "HOME=\(home.path)", "PATH=/usr/bin:/bin", "/bin/sh", "-c",
             "cd \(checkout.path) && set -e\n\(steps)\necho installed"], environment: [:], capturing: true)
        #expect(output == "installed\n", "the steps stopped: \(output)")
        let installed = home.appendingPathComponent(".local/bin/recipes").path
        #expect(FileManager.default.isExecutableFile(atPath: installed))
        // Installed stripped (`install -s`): smaller than the build, and it still runs (below).
        let builtSize = try FileManager.default.attributesOfItem(atPath: RecipesProcess.binary.path)[.size] as? Int ?? 0
        let installedSize = try FileManager.default.attributesOfItem(atPath: installed)[.size] as? Int ?? 0
        #expect(installedSize > 0 && installedSize < builtSize, "installed \(installedSize) bytes, built \(builtSize)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/man/man1/recipes.1").path))
        // Every guide in man/ is installed by the steps as printed.
        #expect(pages.count >= 5)
        for page in pages {
            let section = page.hasSuffix(".1") ? "man1" : "man7"
            #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/man/\(section)/\(page)").path), "\(page) not installed")
        }
        let completion = try String(contentsOf: home.appendingPathComponent(".local/share/bash-completion/completions/recipes"), encoding: .utf8)
        #expect(completion.contains("complete -F _recipes recipes"))
        // After the next login ~/.local/bin is on PATH, and man finds the page beside it.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            let page = try RecipesProcess.runWithSignals(
                ["/usr/bin/env", "-i", "HOME=\(home.path)", "PATH=\(home.path)/.local/bin:/usr/bin:/bin", "/usr/bin/man", "-w", "recipes"],
                environment: [:], capturing: true)
            #expect(page == home.appendingPathComponent(".local/share/man/man1/recipes.1").path + "\n")
        }
    }
}
