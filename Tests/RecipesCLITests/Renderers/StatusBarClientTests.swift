import Foundation
import Recipes
import Testing

/// `recipes next` read by real status-bar programs: i3blocks (which prints the i3bar protocol
/// it would send to the bar), tmux (whose status line an outer tmux captures as drawn) and
/// waybar (in a headless sway, photographed with grim). .ci/run installs them when it can;
/// without them these skip, saying why.
@Suite(.serialized) struct StatusBarClientTests {
    static let hostileName = "Pie <b>&amp; %{F#f00} #[fg=red] $(reboot)"
    static let i3blocks = ["/usr/bin/i3blocks", "/usr/local/bin/i3blocks"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }

    let cli = RecipesProcess(now: "2026-11-30T17:30:00Z")

    init() throws {
        try cli.seed([Recipe(name: Self.hostileName, plannedDate: RecipesProcess.date("2026-11-30T18:00:00Z"))])
    }

    /// The blocks i3blocks sends to the bar in its first second or two, as JSON objects.
    func i3blocksBlocks(command: String, markup: String? = nil) throws -> [[String: Any]] {
        let config = cli.home.appendingPathComponent("i3blocks.conf")
        try """
            [recipe]
            command=\(command)
            interval=once
            \(markup.map { "markup=\($0)" } ?? "")

            """.write(to: config, atomically: true, encoding: .utf8)
        let text = try RecipesProcess.runWithSignals(["/usr/bin/timeout", "2", try #require(Self.i3blocks), "-c", config.path],
                                                     environment: cli.environment, capturing: true)
        // The i3bar protocol: a header line, "[", then one array of blocks per update.
        let last = try #require(text.split(separator: "\n").last { $0.contains("full_text") }, "i3blocks printed: \(text)")
        let array = try JSONSerialization.jsonObject(with: Data(last.drop { $0 == "," }.utf8)) as? [[String: Any]]
        return try #require(array).filter { $0["name"] as? String == "recipe" }
    }

    /// Every update i3blocks sends for the block `name` of `config`, while the recipe's plan
    /// is cleared by another process a second and a half after the start.
    func i3blocksUpdates(config: String, name: String, environment: [String: String]) throws -> [[String: Any]] {
        let file = cli.home.appendingPathComponent("i3blocks-persist.conf")
        try config.write(to: file, atomically: true, encoding: .utf8)
        let clear = "\(RecipesProcess.binary.path) --store \(cli.store.path) plan '\(Self.hostileName)' --clear"
        let script = "/usr/bin/timeout 4 \(try #require(Self.i3blocks)) -c \(file.path) & sleep 1.5; \(clear) > /dev/null; wait"
        let text = try RecipesProcess.runWithSignals(["/bin/sh", "-c", script], environment: environment, capturing: true)
        return try text.split(separator: "\n").filter { $0.contains("full_text") }.compactMap { line in
            let array = try JSONSerialization.jsonObject(with: Data(line.drop { $0 == "," }.utf8)) as? [[String: Any]]
            return array?.first { $0["name"] as? String == name }
        }
    }

    /// i3blocks 1.4 takes an empty line in persist mode for a closed pipe and keeps showing
    /// the recipe for ever; a single space clears the block on 1.4 and 1.5.
    @Test(.enabled(if: i3blocks != nil)) func i3blocksPersistClearsTheBlockWhenThePlanIsCleared() throws {
        let config = "[recipe]\ncommand=\(nextCommand) --follow\ninterval=persist\n"
        let updates = try i3blocksUpdates(config: config, name: "recipe", environment: cli.environment)
        #expect(updates.first?["full_text"] as? String == "\(Self.hostileName) · 18:00 (in 30m)")
        #expect(updates.last?["full_text"] as? String == " ", "i3blocks kept: \(updates.last ?? [:])")
    }

    /// The README's i3blocks config as printed: persist mode reads the full_text only, so the
    /// colour of the urgency travels as a Pango span, and the name stays text.
    @Test(.enabled(if: i3blocks != nil)) func i3blocksReadmeConfigShowsTheColourOfTheUrgency() throws {
        let config = try #require(ReadmeBlocks.block(after: "i3blocks (`~/.config/i3blocks/config`):"))
        let environment = ReadmeBlocks.installed(cli.environment).merging(["RECIPES_STORE": cli.store.path]) { $1 }
        let updates = try i3blocksUpdates(config: config, name: "recipes", environment: environment)
        #expect(updates.first?["full_text"] as? String
            == "<span foreground=\"#FF5555\">Pie &lt;b&gt;&amp;amp; %{F#f00} #[fg=red] $(reboot) · 18:00 (in 30m)</span>")
        #expect(updates.first?["markup"] as? String == "pango")
        #expect(updates.last?["full_text"] as? String == " ")
    }

    var nextCommand: String { "\(RecipesProcess.binary.path) --store \(cli.store.path) next --format i3blocks" }

    @Test(.enabled(if: i3blocks != nil)) func i3blocksShowsTheNameAsTextInOneUrgentBlock() throws {
        let blocks = try i3blocksBlocks(command: nextCommand)
        #expect(blocks.count == 1)
        #expect(blocks.first?["full_text"] as? String == "\(Self.hostileName) · 18:00 (in 30m)")
        #expect(blocks.first?["short_text"] as? String == Self.hostileName)
        #expect(blocks.first?["color"] as? String == "#FF5555")
        // Exit 33 within the hour: i3blocks marks the block urgent.
        #expect(blocks.first?["urgent"] as? Bool == true)
    }

    @Test(.enabled(if: i3blocks != nil)) func i3blocksWithPangoMarkupGetsEscapedText() throws {
        let blocks = try i3blocksBlocks(command: "markup=pango " + nextCommand, markup: "pango")
        #expect(blocks.first?["full_text"] as? String == "Pie &lt;b&gt;&amp;amp; %{F#f00} #[fg=red] $(reboot) · 18:00 (in 30m)")
        #expect(blocks.first?["markup"] as? String == "pango")
    }

    static let waybarDesktop = ["/usr/bin/sway", "/usr/bin/waybar", "/usr/bin/grim"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
        && RecipesProcess.unprivilegedPrefix != nil

    /// The README's waybar module as printed, in a real waybar inside a headless sway (run as
    /// an unprivileged user when the tests run as root), seen through a screenshot: the
    /// module, styled red here, is drawn while a recipe is planned and gone once the plan is
    /// cleared (waybar before 0.11 keeps the format's icon for `{"text":""}`).
    @Test(.enabled(if: waybarDesktop, "needs sway, waybar and grim (.ci/run installs them when it can)"))
    func waybarHidesTheModuleWhenNothingIsPlanned() throws {
        let module = try #require(ReadmeBlocks.block(after: "waybar (`~/.config/waybar/config`):"))
        let home = cli.home, runtime = cli.home.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try #"{"position": "top", "height": 30, "modules-right": ["custom/recipes"], \#(module)}"#
            .write(to: home.appendingPathComponent("waybar.json"), atomically: true, encoding: .utf8)
        try "* { font-family: sans-serif; font-size: 14px; } window#waybar { background: #000000; } #custom-recipes { background: #ff0000; }"
            .write(to: home.appendingPathComponent("style.css"), atomically: true, encoding: .utf8)
        try "output HEADLESS-1 resolution 800x600\nbar {\n    swaybar_command true\n}\n"
            .write(to: home.appendingPathComponent("sway.conf"), atomically: true, encoding: .utf8)
        if getuid() == 0 {
            for path in try FileManager.default.subpathsOfDirectory(atPath: home.path).map({ home.path + "/" + $0 }) + [home.path] {
                chown(path, 65534, 65534)
            }
        }
        let environment = ReadmeBlocks.installed(cli.environment).merging([
            "RECIPES_STORE": cli.store.path, "XDG_RUNTIME_DIR": runtime.path, "WLR_BACKENDS": "headless",
            "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1", "WAYLAND_DISPLAY": "wayland-1",
        ]) { $1 }
        let asUser = (RecipesProcess.unprivilegedPrefix ?? []).joined(separator: " ")
        func sh(_ command: String) throws -> String {
            try RecipesProcess.runWithSignals(["/bin/sh", "-c", command], environment: environment, capturing: true)
        }
        let pids = try sh("""
            \(asUser) sway -c \(home.path)/sway.conf > /dev/null 2>&1 & echo $!
            for i in $(seq 50); do [ -S \(runtime.path)/wayland-1 ] && break; sleep 0.1; done
            \(asUser) waybar -c \(home.path)/waybar.json -s \(home.path)/style.css > /dev/null 2>&1 & echo $!
            """).split(separator: "\n").joined(separator: " ")
        defer { _ = try? sh("kill \(pids)") }
        /// Red pixels in the bar (the top 30 rows), from grim's PPM: the module's background.
        func redPixelsInTheBar() throws -> Int {
            let shot = home.appendingPathComponent("shot.ppm").path
            _ = try sh("\(asUser) grim -t ppm \(shot)")
            let data = try FileContents.read(shot)
            // "P6\nW H\n255\n", then RGB bytes.
            var newlines = 0, offset = 0
            while newlines < 3, offset < data.count { if data[data.startIndex + offset] == 0x0A { newlines += 1 }; offset += 1 }
            let pixels = data.dropFirst(offset)
            return stride(from: 0, to: min(pixels.count, 800 * 30 * 3), by: 3).filter { index in
                let red = pixels[pixels.startIndex + index], green = pixels[pixels.startIndex + index + 1]
                return red > 200 && green < 50
            }.count
        }
        var drawn = 0
        for _ in 0..<60 where drawn == 0 {
            usleep(200_000)
            drawn = try redPixelsInTheBar()
        }
        #expect(drawn > 0, "the module never showed the planned recipe")
        #expect(try cli.run(["--store", cli.store.path, "plan", Self.hostileName, "--clear"], unprivileged: true).status == 0)
        var left = drawn
        for _ in 0..<60 where left > 0 {
            usleep(200_000)
            left = try redPixelsInTheBar()
        }
        #expect(left == 0, "the module stayed on screen with nothing planned")
    }

    @Test func waybarIsGivenTheEmptyLineThatHidesIt() throws {
        // A meal of 15:00 is over by 17:01.
        let empty = RecipesProcess(now: "2026-11-30T17:01:00Z")
        try empty.seed([Recipe(name: "Past", plannedDate: RecipesProcess.date("2026-11-30T15:00:00Z"))])
        // Exactly "\n": waybar 0.9.17 hides a module only for empty output, not for {"text":""}.
        #expect(try empty.runOnStore(["next", "--format", "waybar"]) == .init(stdout: "\n", stderr: "", status: 0))
    }

    /// The status line as a terminal shows it: an inner tmux started with `config`, attached
    /// inside an outer tmux that captures the screen (with colours as SGR escapes), once a
    /// line contains `until`.
    func tmuxStatusLine(config: String, environment: [String: String], until: String) throws -> String {
        let tmux = try #require(Self.tmux)
        let inner = "recipes-inner-\(getpid())", outer = "recipes-outer-\(getpid())"
        let environment = environment.merging(["TERM": "xterm-256color"]) { $1 }
        let file = cli.home.appendingPathComponent("tmux.conf")
        try config.write(to: file, atomically: true, encoding: .utf8)
        @discardableResult
        func run(_ arguments: [String], capturing: Bool = false) throws -> String {
            try RecipesProcess.runWithSignals([tmux] + arguments, environment: environment, capturing: capturing)
        }
        defer {
            _ = try? run(["-L", outer, "kill-server"])
            _ = try? run(["-L", inner, "kill-server"])
        }
        try run(["-L", inner, "-f", file.path, "new-session", "-d", "-x", "160", "-y", "5", "sleep 30"])
        try run(["-L", outer, "-f", "/dev/null", "new-session", "-d", "-x", "160", "-y", "6", "TMUX= \(tmux) -L \(inner) attach"])
        var screen = ""
        for _ in 0..<20 where !screen.contains(until) {
            usleep(250_000)
            screen = try run(["-L", outer, "capture-pane", "-p", "-e", "-t", "0"], capturing: true)
        }
        return try #require(screen.split(separator: "\n").last { $0.contains(until) }.map(String.init), "screen: \(screen)")
    }

    /// tmux's default bar: black on green.
    static let tmuxBar = "\u{1B}[30m\u{1B}[42m"
    /// The imminent style, white on red: readable on any bar colour.
    static let tmuxImminent = "\u{1B}[1m\u{1B}[37m\u{1B}[41m"

    @Test(.enabled(if: tmux != nil)) func tmuxDrawsTheNameInItsColourWithoutStyleInjection() throws {
        let next = "RECIPES_NOW=2026-11-30T17:30:00Z TZ=UTC \(RecipesProcess.binary.path) --store \(cli.store.path) next --format tmux"
        let status = try tmuxStatusLine(config: """
            set -g status-right '#(\(next))'
            set -g status-right-length 150
            set -g status-interval 1

            """, environment: cli.environment, until: "(in 30m)")
        // In the imminent style, the name's own "#[fg=red]" and "%{F#f00}" shown as text,
        // shortened to tmux's default 40 columns.
        #expect(status.contains("\(Self.tmuxImminent)Pie <b>&amp; %{F#f00}… · 18:00 (in 30m)"), "\(status.debugDescription)")
        #expect(status.components(separatedBy: "\u{1B}[41m").count == 2, "a second colour change: \(status.debugDescription)")
    }

    /// The README's tmux config as printed, with tmux's default status-right-length (40): a
    /// long name is shortened, the time never, in a style readable on the default green bar.
    @Test(.enabled(if: tmux != nil)) func tmuxReadmeConfigKeepsTheTimeOfALongName() throws {
        let long = RecipesProcess(now: "2026-11-30T15:30:00Z")
        try long.seed([Recipe(name: "A very long recipe name for a Sunday family dinner",
                              plannedDate: RecipesProcess.date("2026-11-30T18:00:00Z"))])
        let config = try #require(ReadmeBlocks.block(after: "tmux (`~/.tmux.conf`):"))
        let environment = ReadmeBlocks.installed(long.environment).merging(["RECIPES_STORE": long.store.path]) { $1 }
        let status = try tmuxStatusLine(config: config, environment: environment, until: "18:00")
        // Today: black (the bar's own) on yellow.
        #expect(status.contains("\(Self.tmuxBar)[0] ") && status.contains("\u{1B}[43mA very long recipe… · 18:00 (in 2h 30m)"),
                "\(status.debugDescription)")
    }
}
