import FoundationEssentials
import RecipesCore

/// `recipes next`: the limit-1 fetch of the next planned recipe, printed for a status bar, a
/// cron job or a script.
struct NextCommand: RecipesCommand {
    static let format = OptionSpec("--format", short: "f", value: "format", choosing: NextFormat.self,
                                   help: "plain (default), notify, waybar, i3blocks, polybar, tmux, i3status-rust or json.")
    static let within = OptionSpec("--within", value: "duration",
                                   help: "Count a recipe whose cooking starts further away than this (30m, 2h, 1d) as nothing planned.")
    static let every = OptionSpec("--every", value: "duration",
                                  help: "How often cron runs this: print each meal once, on the run that sees its start come within --within (or the first after it was planned), one a line.")
    static let kind = CommonOptions.kind()
    static let follow = OptionSpec("--follow", help: "Keep running; print a new line whenever the text changes (for bars that read a line per update).")
    static let useBy = OptionSpec("--use-by", help: "With plain or notify: after the meal, a line naming the pantry items to be used by today or tomorrow (use by tomorrow: spinach).")

    static let spec = CommandSpec(
        name: "next",
        abstract: "Print the next planned recipe on one line, for status bars, cron and scripts.",
        discussion: """
            Shows the recipe planned after now whose cooking starts first (the earliest planned, \
            unless one planned later takes longer to make): its name and when ("18:00 (in 2h 5m)", \
            "tomorrow 18:00", "Fri 18:00", "Dec 24 18:00"; for a recipe with a total time, when \
            to start: "start 14:00 (in 30m) for 18:00"), with a class: imminent (cooking starts \
            within an hour), today, upcoming, or none. A meal whose time has come shows as \
            "now" until it is cooked, two hours have passed, or the next should be started. When nothing is planned, bar formats print an empty \
            update (hiding the module) and exit 0; plain and json print nothing and exit 1. A \
            store named by --store or RECIPES_STORE that does not exist yet is nothing planned \
            to a bar format (with --follow it waits for the store to appear); plain and json \
            exit 2. \
            i3blocks exits 33 (urgent) when the recipe is imminent. With --follow it sleeps until \
            the next minute or a change to the store, and stops on SIGTERM, SIGINT or a closed pipe.
            """,
        options: [format, within, every, kind, follow, useBy],
        examples: ["recipes next", "recipes next --format waybar --follow",
                   "msg=$(recipes next --format notify --within 30m --every 5m) && notify-send \"Cook now\" \"$msg\""])

    let status: any StatusFormat
    let window: TimeInterval?
    /// The cron period: only recipes whose start is (window - period, window] away.
    let period: TimeInterval?
    let kinds: RecipeKinds
    let following: Bool
    /// Whether the pantry items to be used soon follow the meal.
    let remindsUseBy: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        status = (arguments.choice(Self.format) ?? NextFormat.plain).status
        window = try Self.duration(arguments, Self.within)
        period = try Self.duration(arguments, Self.every)
        kinds = (arguments.choice(Self.kind) ?? KindChoice.all).kinds
        following = arguments.has(Self.follow)
        remindsUseBy = arguments.has(Self.useBy)
        if remindsUseBy, status.feedsABar || following || !(status is PlainStatus || status is NotifyStatus) {
            throw UsageError(.needs(option: "--use-by", what: "--format plain or notify, without --follow"), command: Self.spec.name)
        }
        if let period {
            guard let window else { throw UsageError(.needs(option: "--every", what: "--within (the notice's lead time)"), command: Self.spec.name) }
            guard !following else { throw UsageError(.everyWithFollow, command: Self.spec.name) }
            guard !status.feedsABar else {
                throw UsageError(.everyWithBarFormat, command: Self.spec.name)
            }
            guard period <= window else { throw UsageError(.everyLongerThanWithin, command: Self.spec.name) }
        }
    }

    private static func duration(_ arguments: ParsedArguments, _ option: OptionSpec) throws(UsageError) -> TimeInterval? {
        do {
            return try arguments.value(option).map(DurationParser.parse)
        } catch let error as PlanningInputError {
            throw UsageError(.badDuration(option: option.long, detail: "\(error)"), command: Self.spec.name)
        } catch {
            throw UsageError(.badDuration(option: option.long, detail: nil), command: Self.spec.name)
        }
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        var printed: String?
        if status.feedsABar, let path = environment.explicitStorePath, !CommandEnvironment.fileExists(path) {
            // A bar starts with the session, maybe before the store exists (a new account, a
            // synced folder not there yet): an error would leave it broken, as waybar does
            // not restart a module that exited. It gets an empty update, and a follower
            // waits for the store.
            guard following else { return print(nil, environment) }
            printed = status.followLine(nil)
            environment.output.line(printed ?? "")
            environment.output.flush()
            guard Self.waitForStore(at: path) else { return .success }
        }
        let store = try environment.openStore()
        if let window, let period { return try announce(store, window: window, period: period, environment) }
        guard following else {
            let line = try current(store, now: environment.now, environment)
            defer { if line != nil { remindUseBy(store, environment) } }
            return print(line, environment)
        }
        return try follow(store, environment, printed: printed)
    }

    private func print(_ line: StatusLine?, _ environment: CommandEnvironment) -> ExitStatus {
        let text = status.render(line)
        if !text.isEmpty || status.feedsABar { environment.output.line(text) }
        return status.exitStatus(line)
    }

    /// Sleeps until a store file appears at `path`: woken by inotify once its folder exists,
    /// looking again every few seconds before that. False when stopped (signal, closed pipe).
    private static func waitForStore(at path: String) -> Bool {
        var watcher: ChangeWatcher?
        while !CommandEnvironment.fileExists(path) {
            watcher = watcher ?? (try? ChangeWatcher(storePath: path))
            if let watcher {
                if watcher.wait(seconds: 60) == .stop { return false }
            } else if !StopSignals.sleep(seconds: 5) {
                return false
            }
        }
        return true
    }

    /// The meals a cron run announces, one a line: each once, see ``RecipeStore/mealsToAnnounce(at:within:every:kind:local:)``.
    private func announce(_ store: RecipeStore, window: TimeInterval, period: TimeInterval,
                          _ environment: CommandEnvironment) throws -> ExitStatus {
        let formatter = PlannedTimeFormatter(now: environment.now, local: environment.local)
        let lines = try store.mealsToAnnounce(at: environment.now, within: window, every: period, kinds: kinds, local: environment.local)
            .map { StatusLine($0, formatter: formatter) }
        lines.forEach { environment.output.line(status.render($0)) }
        if !lines.isEmpty { remindUseBy(store, environment) }
        return status.exitStatus(lines.first)
    }

    /// With --use-by, a line naming the pantry items whose use-by day is today or tomorrow
    /// (or has passed): "use by today: cream · use by tomorrow: spinach". Nothing without any;
    /// a pantry that cannot be read leaves the meal's line alone.
    private func remindUseBy(_ store: RecipeStore, _ environment: CommandEnvironment) {
        guard remindsUseBy, let items = try? store.pantryItems() else { return }
        let local = environment.local
        let today = local.startOfDay(environment.now)
        let tomorrow = local.adding(days: 1, to: today), after = local.adding(days: 2, to: today)
        var parts: [String] = []
        for (label, range) in [("past its use-by day", Date.distantPast..<today), ("use by today", today..<tomorrow), ("use by tomorrow", tomorrow..<after)] {
            let names = items.filter { $0.useByDay(in: local).map(range.contains) ?? false }.map { TerminalText.oneLine($0.name) }
            if !names.isEmpty { parts.append(label + ": " + names.joined(separator: ", ")) }
        }
        guard !parts.isEmpty else { return }
        let text = parts.joined(separator: " · ")
        environment.output.line(status is NotifyStatus ? WaybarStatus.pango(text) : text)
    }

    private func current(_ store: RecipeStore, now: Date, _ environment: CommandEnvironment) throws -> StatusLine? {
        guard let upcoming = try store.nextPlannedRecipe(after: now, kinds: kinds, local: environment.local),
              window.map({ upcoming.timeToStart <= $0 }) ?? true else { return nil }
        return StatusLine(upcoming, formatter: PlannedTimeFormatter(now: now, local: environment.local))
    }

    private func follow(_ opened: RecipeStore, _ environment: CommandEnvironment, printed: String?) throws -> ExitStatus {
        var store = opened
        let watcher = try ChangeWatcher(storePath: store.path ?? "")
        let pinned = environment.isClockPinned
        var printed = printed
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
