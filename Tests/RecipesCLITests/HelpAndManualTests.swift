import Foundation
import Recipes
import Testing

@Suite struct HelpAndManualTests {
    static let commands = ["search", "show", "add", "edit", "set", "rename", "delete", "tags", "plan", "suggest", "cook", "cooked", "next", "shopping", "pantry", "export", "import", "sync", "duplicates", "backup", "restore", "init", "help", "completions"]
    static let manual = String(decoding: try! FileContents.read(URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("man/recipes.1").path), as: UTF8.self)

    @Test(arguments: commands)
    func helpFlagsAndHelpCommandAgree(command: String) throws {
        let cli = RecipesProcess()
        let viaHelp = try cli.run(["help", command])
        #expect(viaHelp.status == 0 && viaHelp.stderr == "")
        #expect(viaHelp.stdout.hasPrefix("OVERVIEW: "))
        #expect(viaHelp.stdout.contains("\nUSAGE: recipes \(command)"))
        #expect(viaHelp.stdout.contains("\nOPTIONS:\n"))
        #expect(try cli.run([command, "--help"]) == viaHelp)
        #expect(try cli.run([command, "-h"]) == viaHelp)
    }

    @Test func topLevelHelpListsEveryCommand() throws {
        let cli = RecipesProcess()
        let help = try cli.run(["--help"])
        #expect(help.status == 0)
        // Exactly these: a new command must join the list, and with it the man-page checks.
        let listed = help.stdout.components(separatedBy: "SUBCOMMANDS:\n").last?.split(separator: "\n")
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && !$0.contains("See 'recipes") }
            .compactMap { $0.split(separator: " ").first.map(String.init) } ?? []
        #expect(listed == Self.commands)
        #expect(help.stdout.hasSuffix("See 'recipes help <subcommand>' for detailed help.\n"))
        #expect(try cli.run([]) == help)
        #expect(try cli.run(["help"]) == help)
        #expect(try cli.run(["--version"]) == .init(stdout: "recipes 0.1.0\n", stderr: "", status: 0))
    }

    /// The man page must document every option that --help shows.
    @Test(arguments: commands)
    func everyOptionInHelpIsInTheManPage(command: String) throws {
        let help = try RecipesProcess().run(["help", command]).stdout
        let options = help.split(separator: "\n").flatMap { line in
            line.split(separator: " ").filter { $0.hasPrefix("--") }.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",.;)'")) }
        }
        #expect(!options.isEmpty)
        let manual = Self.manual.replacingOccurrences(of: "\\-", with: "-")
        for option in Set(options) {
            #expect(manual.contains(option), "\(option) of \(command) is missing from man/recipes.1")
        }
        #expect(manual.contains(".B \(command)") || manual.contains(".B \(command) "), "\(command) has no entry")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsNameEveryCommand(shell: String) throws {
        let script = try RecipesProcess().run(["completions", shell])
        #expect(script.status == 0)
        for command in Self.commands { #expect(script.stdout.contains(command)) }
        #expect(script.stdout.contains("i3status-rust"))
        if shell == "bash" {
            let check = Process()
            check.executableURL = URL(fileURLWithPath: "/bin/bash")
            check.arguments = ["-n"]
            let input = Pipe()
            check.standardInput = input
            try check.run()
            input.fileHandleForWriting.write(Data(script.stdout.utf8))
            try input.fileHandleForWriting.close()
            check.waitUntilExit()
            #expect(check.terminationStatus == 0)
        }
    }
}
