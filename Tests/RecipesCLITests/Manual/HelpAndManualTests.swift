import Foundation
import Recipes
@testable import RecipesCLI
import Testing

@Suite struct HelpAndManualTests {
    static let commands = ["search", "show", "add", "edit", "set", "rename", "delete", "tags", "plan", "suggest", "cook", "cooked", "next", "shopping", "pantry", "export", "import", "sync", "duplicates", "backup", "restore", "init", "help", "completions"]
    static let manual = String(decoding: try! FileContents.read(RepositoryFiles.url("man/recipes.1").path), as: UTF8.self)

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
        #expect(manual.contains(".TP\n\\fB\(command)\\fR"), "\(command) has no entry")
    }

    /// man/recipes.1 is what the commands make of themselves; after changing an option, a help
    /// text or a manual text, regenerate it with `swift run recipes help --man > man/recipes.1`.
    @Test func theManPageIsWhatTheCommandsGenerate() throws {
        let generated = try RecipesProcess().run(["help", "--man"])
        #expect(generated.status == 0 && generated.stderr == "")
        #expect(generated.stdout == Self.manual, "man/recipes.1 is out of date: run 'swift run recipes help --man > man/recipes.1'")
        #expect(try RecipesProcess().run(["help", "search", "--man"]).status == 64)
    }

    /// A manual text for an option its command lacks would silently drop out of the page.
    @Test func manualTextsNameOnlyTheirCommandsOptions() {
        #expect(ManualPage.unknownOptions(Commands.all) == [])
        #expect(ManualPage.unknownOptions([Misdescribed.self]) == ["help --everything"])
    }

    private struct Misdescribed: RecipesCommand {
        static let spec = HelpCommand.spec
        static let manual = CommandManual(.init("Help."), options: [.init("--man", "--everything", text: "Both.")])
        init(_ arguments: ParsedArguments) {}
        func run(_ environment: CommandEnvironment) -> RecipesCLI.ExitStatus { .success }
    }

    static let groff = ["/usr/bin/groff"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let manualPages = try! FileManager.default.contentsOfDirectory(atPath: manualDirectory.path).filter { $0.hasPrefix("recipes") }.sorted()
    static var manualDirectory: URL {
        RepositoryFiles.url("man")
    }

    /// Every page formats as man(1) would show it, without a warning from groff (a request
    /// misspelt, a macro without its arguments, a character it cannot set).
    @Test(.enabled(if: groff != nil, "groff is not installed (.ci/run installs it when it can)"), arguments: manualPages)
    func groffFormatsThePageWithoutWarnings(page: String) throws {
        let groff = Process()
        groff.executableURL = URL(fileURLWithPath: Self.groff!)
        groff.arguments = ["-k", "-Tutf8", "-man", "-ww", "-z", Self.manualDirectory.appendingPathComponent(page).path]
        let errors = Pipe()
        groff.standardError = errors
        try groff.run()
        let warnings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        groff.waitUntilExit()
        #expect(groff.terminationStatus == 0 && warnings == "")
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
