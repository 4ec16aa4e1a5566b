import Foundation
import Recipes
import Testing

/// Colour in tables, ripgrep-style: `--color auto` (the default) colours only a terminal and
/// only without NO_COLOR; `always` and `never` decide alone; piped output is never coloured
/// unless asked. The terminal is a real pseudo-terminal from script(1).
@Suite struct ColorTests {
    static let script = ["/usr/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let bold = "\u{1B}[1m", red = "\u{1B}[31m", yellow = "\u{1B}[33m", reset = "\u{1B}[0m"

    let cli = RecipesProcess()

    init() throws {
        try cli.seed([Recipe(name: "Soup", plannedDate: RecipesProcess.date("2026-11-30T10:00:00Z")),
                      Recipe(name: "Stew", plannedDate: RecipesProcess.date("2026-11-30T18:00:00Z"))])
    }

    /// `recipes ARGUMENTS` on a pseudo-terminal, as a person at a terminal sees it.
    func onTerminal(_ arguments: [String], environment extra: [String: String] = [:]) throws -> String {
        let command = ([RecipesProcess.binary.path, "--store", cli.store.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let environment = cli.environment.merging(["TERM": "xterm"]) { $1 }.merging(extra) { $1 }
        return try RecipesProcess.runWithSignals([try #require(Self.script), "-qec", command, "/dev/null"],
                                                 environment: environment, capturing: true)
    }

    @Test(.enabled(if: script != nil)) func aTableOnATerminalIsColoured() throws {
        let table = try onTerminal(["search"])
        #expect(table.contains("\(Self.bold)KIND"), "\(table.debugDescription)")
        // Soup is under an hour away (imminent, red), Stew later today (yellow).
        #expect(table.contains("\(Self.red)10:00 (in 30m)\(Self.reset)"), "\(table.debugDescription)")
        #expect(table.contains("\(Self.yellow)18:00 (in 8h 30m)\(Self.reset)"), "\(table.debugDescription)")
        let plans = try onTerminal(["plan"])
        // The week: today in bold, the time in the colour of how soon it is.
        #expect(plans.contains("\(Self.red)10:00\(Self.reset)"), "\(plans.debugDescription)")
        #expect(plans.contains("\(Self.bold)Mon 2026-11-30  today\(Self.reset)"), "\(plans.debugDescription)")
    }

    @Test(.enabled(if: script != nil), arguments: [
        (["search"], ["NO_COLOR": "1"]),
        (["search", "--color", "never"], [:]),
        (["--color=never", "search"], [:]),
        (["search"], ["TERM": "dumb"]),
    ])
    func noColourWhenTheUserSaysSo(arguments: [String], environment: [String: String]) throws {
        let table = try onTerminal(arguments, environment: environment)
        #expect(table.contains("Soup") && !table.contains("\u{1B}["), "\(table.debugDescription)")
    }

    @Test func pipedOutputIsNeverColouredUnlessAsked() throws {
        let table = try cli.runOnStore(["search", "--format", "table"])
        #expect(table.status == 0 && table.stdout.contains("Soup") && !table.stdout.contains("\u{1B}["))
        for arguments in [["search", "--format", "table", "--color", "always"], ["--color", "always", "search", "--format", "table"]] {
            cli.environment["NO_COLOR"] = "1"
            let forced = try cli.runOnStore(arguments)
            #expect(forced.stdout.hasPrefix("\(Self.bold)KIND"), "\(forced)")
        }
    }

    @Test func aBadColourChoiceIsAUsageError() throws {
        let result = try cli.runOnStore(["search", "--color", "sometimes"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("recipes: error: 'sometimes' is not a valid --color (one of: auto, always, never)"), "\(result)")
        #expect(try cli.run(["--color", "sometimes", "search"]).stderr.hasPrefix("recipes: error: 'sometimes' is not a valid --color"))
    }
}
