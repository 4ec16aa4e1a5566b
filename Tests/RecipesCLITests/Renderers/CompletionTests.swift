import Foundation
import Recipes
import Testing

/// The completion scripts in the real shells: bash calling the completion function as
/// readline would, zsh typing Tab at an interactive prompt inside tmux, fish answering
/// `complete -C`. Recipe names come from the store, and a name that is shell code stays text.
@Suite struct CompletionTests {
    static let zsh = ["/usr/bin/zsh", "/bin/zsh"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let fish = ["/usr/bin/fish"].first { FileManager.default.isExecutableFile(atPath: $0) }

    let cli = RecipesProcess()
    let work: URL
    var marker: String { cli.home.path + "/pwned" }

    init() throws {
        work = cli.home.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work.appendingPathComponent("cookbook"), withIntermediateDirectories: true)
        try Data().write(to: work.appendingPathComponent("backup.json"))
        try cli.seed([Recipe(name: "Mom's Spaghetti"), Recipe(name: "Soup"), Recipe(name: "$(touch \(cli.home.path)/pwned)")])
        cli.environment = ReadmeBlocks.installed(cli.environment)
    }

    func script(_ shell: String) throws -> URL {
        let file = cli.home.appendingPathComponent("completion.\(shell)")
        try Data(try cli.run(["completions", shell]).stdout.utf8).write(to: file)
        return file
    }

    /// What bash offers for `line` (the last word being completed), one candidate a line.
    func bash(_ words: [String]) throws -> [String] {
        let quoted = words.map { "'\($0.replacing("'", with: "'\\''"))'" }.joined(separator: " ")
        let command = "cd \(work.path) && source \(try script("bash").path) && COMP_WORDS=(\(quoted)) && COMP_CWORD=\(words.count - 1) "
            + "&& { _recipes; printf '%s\\n' \"${COMPREPLY[@]}\"; }"
        let output = try RecipesProcess.runWithSignals(["/bin/bash", "--norc", "--noprofile", "-c", command],
                                                       environment: cli.environment, capturing: true)
        return output.split(separator: "\n").map(String.init).sorted()
    }

    static let cases: [([String], [String])] = [
        (["recipes", "show", ""], [#"$(touch\ "#, #"Mom\'s\ Spaghetti"#, "Soup"]),
        (["recipes", "show", "So"], ["Soup"]),
        // Names match ignoring case, as `show` reads them.
        (["recipes", "show", "so"], ["Soup"]),
        (["recipes", "cooked", "MOM"], [#"Mom\'s\ Spaghetti"#]),
        (["recipes", "search", "--kind", "d"], ["dish"]),
        (["recipes", "--store", "STORE", "delete", "Mo"], [#"Mom\'s\ Spaghetti"#]),
        (["recipes", "plan", "So"], ["Soup"]),
        (["recipes", "plan", "Soup", ""], []),
        (["recipes", "cooked", "So"], ["Soup"]),
        (["recipes", "search", "--sort", "c"], ["cooked"]),
        (["recipes", "search", "--not-c"], ["--not-cooked-since"]),
        (["recipes", "next", "-f", "way"], ["waybar"]),
        (["recipes", "next", "-k", "b"], ["baked", "beverage"]),
        (["recipes", "import", "back"], ["backup.json"]),
        (["recipes", "sync", "cook"], ["cookbook"]),
        (["recipes", "--color", "n"], ["never"]),
    ]

    @Test(arguments: cases)
    func bashCompletesNamesPathsAndShortOptions(words: [String], expected: [String]) throws {
        let words = words.map { $0 == "STORE" ? cli.store.path : $0 }
        var environment = cli.environment
        if !words.contains("--store") { environment["RECIPES_STORE"] = cli.store.path }
        cli.environment = environment
        let offered = try bash(words)
        if expected.first == #"$(touch\ "# {
            #expect(offered.count == 3 && offered.contains { $0.hasPrefix(#"\$\(touch\ "#) }, "\(offered)")
        } else {
            #expect(offered == expected)
        }
        #expect(!FileManager.default.fileExists(atPath: marker), "a recipe name ran as a command")
    }

    /// Tab on a fresh account must not create the default store (with its sample recipes)
    /// just to list names: the first real command says it creates one.
    @Test func completingNamesNeverCreatesTheDefaultStore() throws {
        let defaultStore = cli.home.path + "/.local/share/recipes/recipes.sqlite"
        #expect(try bash(["recipes", "show", ""]) == [])
        #expect(!FileManager.default.fileExists(atPath: defaultStore), "bash completion created the default store")
        if let fish = Self.fish {
            let command = "source \(try script("fish").path); complete -C 'recipes show '"
            #expect(try RecipesProcess.runWithSignals([fish, "--no-config", "-c", command], environment: cli.environment, capturing: true) == "")
            #expect(!FileManager.default.fileExists(atPath: defaultStore), "fish completion created the default store")
        }
    }

    @Test(.enabled(if: fish != nil, "fish is not installed (.ci/run installs it when it can)"), arguments: cases)
    func fishCompletesNamesPathsAndShortOptions(words: [String], expected: [String]) throws {
        let line = words.map { $0 == "STORE" ? cli.store.path : $0 }.joined(separator: " ")
        let command = "cd \(work.path); source \(try script("fish").path); complete -C '\(line.replacing("'", with: "\\'"))'"
        var environment = cli.environment
        environment["RECIPES_STORE"] = cli.store.path
        let output = try RecipesProcess.runWithSignals([try #require(Self.fish), "--no-config", "-c", command],
                                                       environment: environment, capturing: true)
        let offered = output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.sorted()
        // fish shows names as they are (it quotes on insertion) and folders with a slash.
        let plain = expected.map { $0.replacing("\\", with: "") }.map { $0 == "$(touch " ? "$(touch \(cli.home.path)/pwned)" : $0 }
            .map { $0 == "cookbook" ? "cookbook/" : $0 }.sorted()
        #expect(offered == plain, "\(output)")
        #expect(!FileManager.default.fileExists(atPath: marker), "a recipe name ran as a command")
    }

    /// zsh at an interactive prompt (in tmux, which shows what Tab inserted).
    @Test(.enabled(if: zsh != nil && StatusBarClientTests.tmux != nil, "needs zsh and tmux (.ci/run installs them when it can)"),
          arguments: [
            ("recipes show So", "recipes show Soup"),
            ("recipes --store STORE show So", "recipes --store STORE show Soup"),
            ("recipes show --store STORE Mo", #"recipes show --store STORE Mom\'s\ Spaghetti"#),
            ("recipes next -f wa", "recipes next -f waybar"),
            ("recipes import back", "recipes import backup.json"),
            ("recipes sync cook", "recipes sync cookbook/"),
          ])
    func zshCompletesAtAnInteractivePrompt(typed: String, shown: String) throws {
        let tmux = try #require(StatusBarClientTests.tmux)
        let functions = cli.home.appendingPathComponent("zfunc"), dotdir = cli.home.appendingPathComponent("zdot")
        for folder in [functions, dotdir] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try FileManager.default.copyItem(at: try script("zsh"), to: functions.appendingPathComponent("_recipes"))
        try "fpath=(\(functions.path) $fpath)\nautoload -U compinit\ncompinit -u -D\nPS1='ready> '\ncd \(work.path)\n"
            .write(to: dotdir.appendingPathComponent(".zshrc"), atomically: true, encoding: .utf8)
        let socket = "recipes-zsh-\(UUID().uuidString.prefix(8))"
        let environment = cli.environment.merging(["ZDOTDIR": dotdir.path, "TERM": "xterm", "RECIPES_STORE": cli.store.path]) { $1 }
        @discardableResult
        func run(_ arguments: [String], capturing: Bool = false) throws -> String {
            try RecipesProcess.runWithSignals([tmux, "-L", socket] + arguments, environment: environment, capturing: capturing)
        }
        defer { _ = try? run(["kill-server"]) }
        try run(["-f", "/dev/null", "new-session", "-d", "-x", "150", "-y", "10", "\(try #require(Self.zsh)) -i"])
        let typed = typed.replacing("STORE", with: cli.store.path), shown = shown.replacing("STORE", with: cli.store.path)
        var screen = ""
        // capture-pane trims trailing spaces: wait for the prompt's text.
        for _ in 0..<100 where !screen.contains("ready>") {
            usleep(100_000)
            screen = try run(["capture-pane", "-p"], capturing: true)
        }
        try run(["send-keys", typed, "Tab"])
        for _ in 0..<100 where !screen.contains(shown) {
            usleep(100_000)
            screen = try run(["capture-pane", "-p"], capturing: true)
        }
        #expect(screen.contains("ready> \(shown)"), "\(screen)")
    }
}
