import FoundationEssentials
import Recipes

/// `recipes next`: the limit-1 fetch of the next planned recipe, printed for a status bar, a
/// cron job or a script.
struct NextCommand: RecipesCommand {
    static let formatNames = ["plain", "waybar", "i3blocks", "polybar", "tmux", "i3status-rust", "json"]

    static let format = OptionSpec("--format", short: "f", value: "format", choices: formatNames,
                                   help: "plain (default), waybar, i3blocks, polybar, tmux, i3status-rust or json.")
    static let within = OptionSpec("--within", value: "duration",
                                   help: "Count a recipe further away than this (30m, 2h, 1d) as nothing planned.")
    static let kind = CommonOptions.kind()
    static let follow = OptionSpec("--follow", help: "Keep running; print a new line whenever the text changes (for bars that read a line per update).")

    static let spec = CommandSpec(
        name: "next",
        abstract: "Print the next planned recipe on one line, for status bars, cron and scripts.",
        discussion: """
            Shows the earliest recipe planned after now: its name and when ("18:00 (in 2h 5m)", \
            "tomorrow 18:00", "Fri 18:00", "Dec 24 18:00"), with a class: imminent (under an \
            hour), today, upcoming, or none. When nothing is planned, bar formats print an empty \
            update (hiding the module) and exit 0; plain and json print nothing and exit 1. \
            i3blocks exits 33 (urgent) when the recipe is imminent. With --follow it sleeps until \
            the next minute or a change to the store, and stops on SIGTERM, SIGINT or a closed pipe.
            """,
        options: [format, within, kind, follow],
        examples: ["recipes next", "recipes next --format waybar --follow",
                   "msg=$(recipes next --within 30m) && notify-send \"$msg\""])

    let status: any StatusFormat
    let window: TimeInterval?
    let recipeKind: RecipeKind
    let following: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        status = Self.statusFormat(named: arguments.value(Self.format) ?? "plain")
        do {
            window = try arguments.value(Self.within).map(DurationParser.parse)
        } catch let error as PlanningInputError {
            throw UsageError("bad DURATION for --within \(error)", command: Self.spec.name)
        } catch {
            throw UsageError("bad DURATION for --within", command: Self.spec.name)
        }
        recipeKind = CommonOptions.recipeKind(arguments.value(Self.kind))
        following = arguments.has(Self.follow)
    }

    static func statusFormat(named name: String) -> any StatusFormat {
        switch name {
        case "waybar": WaybarStatus()
        case "i3blocks": I3blocksStatus()
        case "polybar": PolybarStatus()
        case "tmux": TmuxStatus()
        case "i3status-rust": I3statusRustStatus()
        case "json": JSONStatus()
        default: PlainStatus()
        }
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let store = try environment.openStore()
        guard following else {
            let line = try current(store, now: environment.now, environment)
            let text = status.render(line)
            if !text.isEmpty || !(status is PlainStatus || status is JSONStatus) { environment.output.line(text) }
            return status.exitStatus(line)
        }
        return try follow(store, environment)
    }

    private func current(_ store: RecipeStore, now: Date, _ environment: CommandEnvironment) throws -> StatusLine? {
        guard let upcoming = try store.nextPlannedRecipe(after: now, kind: recipeKind, local: environment.local),
              window.map({ upcoming.startsIn <= $0 }) ?? true else { return nil }
        return StatusLine(upcoming, formatter: PlannedTimeFormatter(now: now, local: environment.local))
    }

    private func follow(_ opened: RecipeStore, _ environment: CommandEnvironment) throws -> ExitStatus {
        var store = opened
        let watcher = try ChangeWatcher(storePath: store.path ?? "")
        let pinned = environment.isClockPinned
        var printed: String?
        var version = try store.dataVersion
        while true {
            let now = pinned ? environment.now : Date()
            let line = status.followLine(try current(store, now: now, environment))
            if line != printed {
                environment.output.line(line)
                environment.output.flush()
                printed = line
            }
            if environment.output.isBroken { return .success }
            // Wake just after the next minute starts, when a countdown changes.
            let seconds = 60 - now.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) + 0.05
            switch try watcher.waitForOtherWriters(seconds: seconds, store: store, version: &version) {
            case .stop: return .success
            case .storeReplaced:
                store.closeReplacedFile()
                store = try environment.openStore()
                watcher.storeReopened()
                version = try store.dataVersion
            default: break
            }
        }
    }
}
