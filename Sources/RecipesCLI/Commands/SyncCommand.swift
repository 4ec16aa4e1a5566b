import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Recipes

/// `recipes sync DIR`: exchanges changes with other machines' stores through a folder that
/// some tool keeps in step (Syncthing, Nextcloud, a network share).
struct SyncCommand: RecipesCommand {
    static let status = OptionSpec("--status", help: "Say what a sync would apply and write, without syncing.")
    static let watch = OptionSpec("--watch", help: "Keep running: sync whenever the folder or the store changes, and at every --interval.")
    static let interval = OptionSpec("--interval", value: "duration",
                                     help: "With --watch, also sync this often (default 5m), for folders whose changes inotify cannot see.")

    static let spec = CommandSpec(
        name: "sync",
        abstract: "Sync recipes with other machines through a shared folder.",
        discussion: """
            Applies the change files other stores wrote into DIR that this store has not \
            applied yet (all in one transaction), then writes this store's changes since its \
            last sync as one new file in DIR/<replica id>/. Put DIR, not the store, in the \
            folder your sync tool shares. When two machines change the same recipe, the later \
            change wins, the whole recipe with its ingredients and plan; a deletion wins over \
            earlier changes and loses to later ones. Damaged or partly copied files are \
            skipped and tried again next time; files from a newer version are kept unapplied.
            """,
        arguments: [ArgumentSpec("dir", completes: .folder, help: "The shared folder (it must exist).")],
        options: [status, watch, interval],
        examples: ["recipes sync ~/Sync/recipes", "recipes sync --status ~/Sync/recipes",
                   "recipes sync ~/Sync/recipes --watch --interval 10m"])

    let folder: String
    let showsStatus: Bool
    let watching: Bool
    let intervalSeconds: TimeInterval

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let given = arguments.positionals[0]
        folder = given.count > 1 && given.hasSuffix("/") ? String(given.dropLast()) : given
        showsStatus = arguments.has(Self.status)
        watching = arguments.has(Self.watch)
        if showsStatus, watching { throw UsageError("give either --status or --watch, not both", command: Self.spec.name) }
        if let text = arguments.value(Self.interval) {
            guard watching else { throw UsageError("--interval needs --watch", command: Self.spec.name) }
            guard let seconds = try? DurationParser.parse(text), seconds >= 1 else {
                throw UsageError("bad DURATION for --interval '\(text)' (such as 30s, 5m or 1h)", command: Self.spec.name)
            }
            intervalSeconds = seconds
        } else {
            intervalSeconds = 300
        }
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let store = try environment.openStore()
        do {
            if showsStatus { return try printStatus(store, environment) }
            guard watching else {
                report(try store.sync(folder: folder), quiet: false, environment)
                return .success
            }
            return try watchFolder(store, environment)
        } catch let error as SyncError {
            throw CommandFailure(error.description)
        }
    }

    private func printStatus(_ store: RecipeStore, _ environment: CommandEnvironment) throws -> ExitStatus {
        let status = try store.syncStatus(folder: folder)
        let files = status.unappliedFiles.values.reduce(0, +)
        environment.output.line("replica \(status.replica)")
        environment.output.line("local changes to write: \(status.pendingLocalChanges)")
        environment.output.line("files to apply: \(files) from \(status.unappliedFiles.count) other \(status.unappliedFiles.count == 1 ? "store" : "stores")")
        for file in status.newerFiles { environment.output.line("kept, newer format: \(TerminalText.oneLine(file))") }
        for file in status.damagedFiles { environment.output.line("skipped, damaged: \(TerminalText.oneLine(file))") }
        return .success
    }

    /// One line for what happened; kept and skipped files on standard error, each once for
    /// as long as `--watch` runs (`noted` remembers them).
    private func report(_ report: SyncReport, quiet: Bool, _ environment: CommandEnvironment) {
        var noted = Set<String>()
        self.report(report, quiet: quiet, noted: &noted, environment)
    }

    private func report(_ report: SyncReport, quiet: Bool, noted: inout Set<String>, _ environment: CommandEnvironment) {
        let notes = report.newerFiles.map { "recipes: kept, not applied: \(TerminalText.oneLine($0))" }
            + report.damagedFiles.map { "recipes: skipped: \(TerminalText.oneLine($0))" }
        for note in notes where noted.insert(note).inserted { environment.errors.line(note) }
        var parts: [String] = []
        if report.filesApplied > 0 {
            parts.append("applied \(report.applied) of \(report.applied + report.superseded) changes from \(report.filesApplied) \(report.filesApplied == 1 ? "file" : "files")")
        }
        if let file = report.fileWritten {
            parts.append("wrote \(report.exported) \(report.exported == 1 ? "change" : "changes") to \(TerminalText.oneLine(file))")
        }
        if parts.isEmpty {
            if !quiet { environment.output.line("nothing to sync") }
        } else {
            environment.output.line(parts.joined(separator: "; "))
        }
        environment.output.flush()
    }

    /// Syncs, then sleeps until another replica's file arrives, this store changes, or the
    /// interval passes; stops cleanly on SIGTERM / SIGINT, as a user service should.
    private func watchFolder(_ store: RecipeStore, _ environment: CommandEnvironment) throws -> ExitStatus {
        let watcher = try ChangeWatcher(storePath: store.path ?? "")
        var version = try store.dataVersion
        var noted = Set<String>()
        while true {
            do {
                report(try store.sync(folder: folder), quiet: true, noted: &noted, environment)
            } catch let error as SyncError {
                // A folder that is briefly away (an unmounted share) is retried, not fatal.
                environment.errors.line("recipes: error: \(error.description)")
            }
            if environment.output.isBroken { return .success }
            watcher.watch(folder: folder)
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !entry.hasPrefix(".") {
                watcher.watch(folder: folder + "/" + entry)
            }
            if try watcher.waitForOtherWriters(seconds: intervalSeconds, store: store, version: &version) == .stop { return .success }
        }
    }
}
