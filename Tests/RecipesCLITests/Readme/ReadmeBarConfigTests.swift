import Foundation
import Recipes
import Testing

/// The commands of the README's waybar, i3status-rust and polybar configs as printed (the
/// real waybar runs in StatusBarClientTests; i3status-rust is not packaged in Debian 12),
/// through /bin/sh with the built `recipes` first on PATH.
@Suite struct ReadmeBarConfigTests {
    let cli = RecipesProcess(now: "2026-11-30T17:30:00Z")

    init() throws {
        try cli.seed([Recipe(name: "Pie <b>", summary: "Flaky", plannedDate: RecipesProcess.date("2026-11-30T18:00:00Z"),
                             ingredients: [Ingredient(name: "Flour", amount: "200 g")])])
    }

    var environment: [String: String] {
        ReadmeBlocks.installed(cli.environment).merging(["RECIPES_STORE": cli.store.path]) { $1 }
    }

    func sh(_ command: String, environment: [String: String]) throws -> String {
        try RecipesProcess.runWithSignals(["/bin/sh", "-c", command], environment: environment, capturing: true)
    }

    static func waybarModule() throws -> [String: String] {
        let block = try #require(ReadmeBlocks.block(after: "waybar (`~/.config/waybar/config`):"))
        let object = try JSONSerialization.jsonObject(with: Data("{\(block)}".utf8)) as? [String: [String: String]]
        return try #require(object?["custom/recipes"])
    }

    @Test func waybarExecPrintsTheModuleLine() throws {
        let module = try Self.waybarModule()
        #expect(module["return-type"] == "json")
        let exec = try #require(module["exec"])
        let first = try sh("/usr/bin/timeout 2 \(exec) | head -1", environment: environment)
        #expect(first.hasPrefix(#"{"text":"Pie &lt;b&gt; · 18:00 (in 30m)""#), "\(first)")
    }

    /// waybar runs on-click without a terminal: the README's opens one, and `show --next`
    /// needs no id from jq. A stand-in terminal runs what it is given with the output captured.
    @Test func waybarOnClickShowsTheNextRecipeInATerminal() throws {
        let onClick = try #require(try Self.waybarModule()["on-click"])
        let bin = cli.home.appendingPathComponent("terminal")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let terminal = bin.appendingPathComponent("x-terminal-emulator")
        try RecipesProcess.writeScript("#!/bin/sh\n[ \"$1\" = -e ] && shift && exec \"$@\"\n", to: terminal)
        var environment = environment
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "")
        let shown = try sh(onClick, environment: environment)
        #expect(shown.hasPrefix("Pie <b>\n"), "\(shown)")
        #expect(shown.contains("200 g  Flour"), "\(shown)")
    }

    @Test func i3statusRustBlockHidesWhenEmptyAndPrintsItsJSON() throws {
        let block = try #require(ReadmeBlocks.block(after: "i3status-rust"))
        let settings = Dictionary(block.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }, uniquingKeysWith: { $1 })
        #expect(settings["hide_when_empty"] == "true")
        #expect(settings["json"] == "true")
        let command = try #require(settings["command"].map { String($0.dropFirst().dropLast()) })
        #expect(try sh(command, environment: environment)
            == #"{"icon":"","state":"Critical","text":"Pie <b> · 18:00 (in 30m)","short_text":"Pie <b>"}"# + "\n")
        try cli.runOnStore(["plan", "Pie <b>", "--clear"])
        #expect(try sh(command, environment: environment) == #"{"icon":"","state":"Idle","text":"","short_text":""}"# + "\n")
    }

    /// polybar (not run here: it draws on X and shows no text to read back) is given its
    /// colour-tagged line by the README's exec, and an empty line, which hides the module.
    @Test func polybarExecPrintsATaggedLineThenAnEmptyOne() throws {
        let block = try #require(ReadmeBlocks.block(after: "polybar:"))
        let exec = try #require(block.split(separator: "\n").first { $0.hasPrefix("exec = ") }?.dropFirst("exec = ".count))
        #expect(block.contains("tail = true"))
        let first = try sh("/usr/bin/timeout 2 \(exec) | head -1", environment: environment)
        #expect(first == "%{F#FF5555}Pie <b> · 18:00 (in 30m)%{F-}\n")
        try cli.runOnStore(["plan", "Pie <b>", "--clear"])
        #expect(try sh("/usr/bin/timeout 2 \(exec) | head -1", environment: environment) == "\n")
    }

    @Test func showNextShowsTheNextPlannedRecipeOrSaysNothingIsPlanned() throws {
        #expect(try cli.runOnStore(["show", "--next"]).stdout.hasPrefix("Pie <b>\n"))
        #expect(try cli.runOnStore(["show", "--next", "--format", "json"]).stdout.contains(#""name":"Pie <b>""#))
        try cli.runOnStore(["plan", "Pie <b>", "--clear"])
        #expect(try cli.runOnStore(["show", "--next"]) == .init(stdout: "", stderr: "recipes: nothing planned\n", status: 1))
        let both = try cli.runOnStore(["show", "pie", "--next"])
        #expect(both.status == 64 && both.stderr.hasPrefix("recipes: error: give RECIPE or --next, not both"), "\(both)")
        let neither = try cli.runOnStore(["show"])
        #expect(neither.status == 64 && neither.stderr.hasPrefix("recipes: error: missing <recipe>"), "\(neither)")
    }
}

/// The bar guide (`man 7 recipes-bars`) prints the same configs as the README, which the
/// tests run: neither can drift from what is tested.
@Suite struct BarGuideTests {
    static let guide: String = {
        let path = RepositoryFiles.url("man/recipes-bars.7").path
        let roff = String(decoding: try! FileContents.read(path), as: UTF8.self)
        // The page's code blocks as text: roff's escapes for a backslash and a leading dot undone.
        return roff.replacing("\\e", with: "\\").replacing("\\&", with: "")
    }()

    @Test(arguments: ["waybar (`~/.config/waybar/config`):", "i3blocks (`~/.config/i3blocks/config`):", "polybar:",
                      "tmux (`~/.tmux.conf`):", "i3status-rust", "cron — ", "Sunday evening — "])
    func theGuidePrintsTheReadmesConfig(marker: String) throws {
        let block = try #require(ReadmeBlocks.block(after: marker))
        // The converter's shape of a code block: .RS 4, the lines, .RE.
        #expect(Self.guide.contains(".RS 4\n" + block + ".RE"), "man/recipes-bars.7 lacks the README's block after '\(marker)':\n\(block)")
    }
}
