import Foundation
import Recipes
import Testing

/// The README's cron line, run as cron runs it: `env -i` with only what cron sets (HOME,
/// LOGNAME, SHELL and PATH=/usr/bin:/bin), every five minutes of a pinned clock, against the
/// real binary installed where the README's Install puts it. `notify-send` is the one
/// stand-in: a script first on PATH that records its arguments and the D-Bus address.
@Suite(.serialized) struct CronTests {
    static let cronLine = ReadmeBlocks.block(after: "cron — ")
    static let hostileName = #"Pie <b>bold</b> & "quotes""#

    /// The command part of the crontab line (after the five time fields).
    static func command(ofCronLine line: String) -> String {
        let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        return fields.count == 6 ? String(fields[5]) : ""
    }

    @Test func theReadmeCronLineAnnouncesEachRecipeOnceThirtyMinutesAhead() throws {
        let line = try #require(Self.cronLine?.split(separator: "\n").first { $0.hasPrefix("*/5 ") }, "no */5 line in \(Self.cronLine ?? "")")
        let command = Self.command(ofCronLine: String(line))
        let home = try CronHome()
        let context = ModelContext(try RecipeStore(url: home.store))
        for (name, time) in [(Self.hostileName, "18:00"), ("Salad", "18:02"), ("Tea", "18:31")] {
            context.insert(Recipe(name: name, plannedDate: RecipesProcess.date("2026-11-30T\(time):00Z")))
        }
        try context.save()
        // Every five minutes from 17:20 to 18:10, as cron runs it.
        let statuses = try stride(from: 20, through: 70, by: 5).map { minute in
            try home.run(command, at: String(format: "2026-11-30T%02d:%02d:00Z", 17 + minute / 60, minute % 60))
        }
        let bus = "unix:path=/run/user/\(getuid())/bus"
        let notifications = try home.notifications()
        #expect(notifications == """
            \(bus)|Cook now|Pie &lt;b&gt;bold&lt;/b&gt; &amp; "quotes" · 18:00 (in 30m)
            \(bus)|Cook now|Salad · 18:02 (in 27m)
            \(bus)|Cook now|Tea · 18:31 (in 26m)

            """)
        // A run with nothing to say fails quietly (no mail from cron).
        #expect(statuses.filter { $0 == 0 }.count == 3)
    }

    static let desktop = ["/usr/bin/Xvfb", "/usr/bin/dunst", "/usr/bin/dunstctl", "/usr/bin/notify-send", "/usr/bin/dbus-daemon"]
        .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    static let sessionBus = "/run/user/\(getuid())/bus"

    /// The README line as printed under `env -i`, with the real notify-send, to a real dunst
    /// (on a private X server, Xvfb) listening on the session bus where the line looks for it.
    /// dunst hands Pango its `message`: the name's `<b>` must reach it as text (`&lt;b&gt;`).
    @Test(.enabled(if: desktop, "needs Xvfb, dunst, libnotify-bin and dbus (.ci/run installs them when it can)"),
          .enabled(if: !FileManager.default.fileExists(atPath: sessionBus), "a session bus already runs at \(sessionBus)"))
    func theReadmeCronLineReachesDunstAsText() throws {
        let line = try #require(Self.cronLine?.split(separator: "\n").first { $0.hasPrefix("*/5 ") })
        let cli = RecipesProcess()
        let bin = cli.home.appendingPathComponent(".local/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("recipes"), withDestinationURL: RecipesProcess.binary)
        let store = cli.home.appendingPathComponent(".local/share/recipes/recipes.sqlite")
        try FileManager.default.createDirectory(at: store.deletingLastPathComponent(), withIntermediateDirectories: true)
        let context = ModelContext(try RecipeStore(url: store))
        context.insert(Recipe(name: Self.hostileName, plannedDate: RecipesProcess.date("2026-11-30T18:00:00Z")))
        try context.save()

        let runtime = (Self.sessionBus as NSString).deletingLastPathComponent
        let createdRuntime = !FileManager.default.fileExists(atPath: runtime)
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let display = ":\(90 + getpid() % 100)"
        let bus = "unix:path=\(Self.sessionBus)"
        let desktop = ["DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": bus, "HOME": cli.home.path, "PATH": "/usr/bin:/bin"]
        func sh(_ command: String) throws -> String {
            try RecipesProcess.runWithSignals(["/bin/sh", "-c", command], environment: desktop, capturing: true)
        }
        let config = cli.home.appendingPathComponent("dunstrc")
        try Data().write(to: config)
        let pids = try sh("""
            Xvfb \(display) -screen 0 640x480x24 > /dev/null 2>&1 & echo $!
            dbus-daemon --session --fork --address=\(bus) --print-pid=1
            for i in $(seq 50); do [ -e /tmp/.X11-unix/X\(display.dropFirst()) ] && break; sleep 0.1; done
            dunst -conf \(config.path) > /dev/null 2>&1 & echo $!
            for i in $(seq 50); do dunstctl is-paused > /dev/null 2>&1 && break; sleep 0.1; done
            """).split(separator: "\n").joined(separator: " ")
        defer {
            _ = try? sh("kill \(pids)")
            try? FileManager.default.removeItem(atPath: Self.sessionBus)
            if createdRuntime { try? FileManager.default.removeItem(atPath: runtime) }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["-i", "HOME=\(cli.home.path)", "LOGNAME=\(NSUserName())", "SHELL=/bin/sh", "PATH=/usr/bin:/bin",
                             "RECIPES_NOW=2026-11-30T17:30:00Z", "/bin/sh", "-c", Self.command(ofCronLine: String(line))]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let history = try sh("sleep 0.5; dunstctl close-all; sleep 0.3; dunstctl history")
        let object = try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [String: Any]
        let notifications = (object?["data"] as? [[[String: Any]]])?.first ?? []
        let message = (notifications.first?["message"] as? [String: Any])?["data"] as? String
        #expect(notifications.count == 1, "\(history)")
        #expect(message == "<b>Cook now</b>\nPie &lt;b&gt;bold&lt;/b&gt; &amp; \"quotes\" · 18:00 (in 30m)", "\(history)")
    }

    /// The README's Sunday line: the planner fills the coming week and the week is told, in
    /// cron's bare environment; a second Sunday run with the week full tells it again and
    /// plans nothing more.
    @Test func theReadmeSundayLineFillsTheComingWeekAndTellsIt() throws {
        let block = try #require(ReadmeBlocks.block(after: "Sunday evening — "))
        let line = try #require(block.split(separator: "\n").first { $0.hasPrefix("0 19 * * sun ") }, "\(block)")
        let command = Self.command(ofCronLine: String(line))
        let home = try CronHome()
        let context = ModelContext(try RecipeStore(url: home.store))
        for index in 1...9 { context.insert(Recipe(name: "Dinner \(index)")) }
        try context.save()
        // Sunday 2026-12-06 19:00, cron's time.
        func runOnSunday() throws -> Int32 { try home.run(command, at: "2026-12-06T19:00:00Z") }
        #expect(try runOnSunday() == 0)
        let told = try home.notifications()
        #expect(told.hasPrefix("unix:path=/run/user/\(getuid())/bus|The week|Mon 2026-12-07"), "\(told)")
        // The whole coming week is told, each day with its dinner.
        #expect((7...13).allSatisfy { told.contains("2026-12-\(String(format: "%02d", $0))\n  18:00  dinner  Dinner ") }, "\(told)")
        let planned = try RecipeStore(url: home.store).plannedMeals(from: RecipesProcess.date("2026-12-07T00:00:00Z"), to: RecipesProcess.date("2026-12-14T00:00:00Z"))
        #expect(planned.count == 7 && Set(planned.map(\.recipe.name)).count == 7)
        #expect(try runOnSunday() == 0)
        #expect(try RecipeStore(url: home.store).plannedMeals(from: RecipesProcess.date("2026-12-07T00:00:00Z"), to: RecipesProcess.date("2026-12-14T00:00:00Z")).count == 7)
        #expect(try home.notifications().components(separatedBy: "|The week|").count == 3)
    }
}

/// A home as cron finds it: the binary where the README's Install puts it, the default store's
/// folder, and a `notify-send` stand-in first on PATH that records the D-Bus address, the
/// title and the body of each notification, a line `address|title|body`.
final class CronHome {
    let cli = RecipesProcess()
    let stubs: URL
    let log: URL
    let store: URL

    init() throws {
        let bin = cli.home.appendingPathComponent(".local/bin")
        stubs = cli.home.appendingPathComponent("stubs")
        for folder in [bin, stubs] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("recipes"), withDestinationURL: RecipesProcess.binary)
        log = cli.home.appendingPathComponent("notifications")
        try RecipesProcess.writeScript("""
            #!/bin/sh
            printf '%s|%s|%s\\n' "$DBUS_SESSION_BUS_ADDRESS" "$1" "$2" >> \(log.path)
            """, to: stubs.appendingPathComponent("notify-send"))
        store = cli.home.appendingPathComponent(".local/share/recipes/recipes.sqlite")
        try FileManager.default.createDirectory(at: store.deletingLastPathComponent(), withIntermediateDirectories: true)
    }

    /// Runs a crontab line's command under `env -i` with only what cron sets, at `now`.
    func run(_ command: String, at now: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["-i", "HOME=\(cli.home.path)", "LOGNAME=\(NSUserName())", "SHELL=/bin/sh",
                             "PATH=\(stubs.path):/usr/bin:/bin", "RECIPES_NOW=\(now)", "/bin/sh", "-c", command]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func notifications() throws -> String { try String(contentsOf: log, encoding: .utf8) }
}
