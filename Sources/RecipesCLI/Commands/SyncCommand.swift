import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import RecipesCore

/// `recipes sync DIR`: exchanges changes with other machines' stores through a folder that
/// some tool keeps in step (Syncthing, Nextcloud, a network share).
struct SyncCommand: RecipesCommand {
    static let status = OptionSpec("--status", help: "Say what a sync would apply and write, without syncing.")
    static let watch = OptionSpec("--watch", help: "Keep running: sync whenever the folder or the store changes, and at every --interval; wait for a folder that is not there.")
    static let interval = OptionSpec("--interval", value: "duration",
                                     help: "With --watch, also sync this often (default 5m), for folders whose changes inotify cannot see.")

    static let spec = CommandSpec(
        name: "sync",
        abstract: "Sync recipes with other machines through a shared folder.",
        discussion: """
            Applies the change files other stores wrote into DIR that this store has not \
            applied yet, then writes this store's changes since its last sync as one new file \
            in DIR/<replica id>/ (or, when DIR lacks this store's earlier files, a snapshot of \
            everything it knows). Put DIR, not the store, in the folder your sync tool shares. \
            When two machines change the same recipe, the later change wins, the whole recipe \
            with its ingredients and plan; a deletion wins over earlier changes and loses to \
            later ones. Damaged or partly copied files are skipped and tried again next time; \
            files from a newer version are kept unapplied; anything else in DIR that cannot be \
            used is skipped with a line on standard error. When files of another store that \
            this one read are gone (a machine gone with its folder), it writes a snapshot of \
            all it knows; when its own files hold much more than their latest versions, it \
            replaces them with one snapshot. Two syncs of one store take turns (the second \
            waits up to 30 s). Without a store, sync starts an \
            empty one; sample recipes nobody changed never travel. See recipes-sync(7).
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
        // An unset variable in a script ("$SYNC_DIR").
        guard !given.isEmpty else { throw UsageError(.emptyFolder, command: Self.spec.name) }
        folder = given.count > 1 && given.hasSuffix("/") ? String(given.dropLast()) : given
        showsStatus = arguments.has(Self.status)
        watching = arguments.has(Self.watch)
        if showsStatus, watching { throw UsageError(.exclusive("--status", "--watch"), command: Self.spec.name) }
        if let text = arguments.value(Self.interval) {
            guard watching else { throw UsageError(.needs(option: "--interval", what: "--watch"), command: Self.spec.name) }
            guard let seconds = try? DurationParser.parse(text), seconds >= 1 else {
                throw UsageError(.badDuration(option: "--interval", detail: "'\(text)' (such as 30s, 5m or 1h)"), command: Self.spec.name)
            }
            intervalSeconds = seconds
        } else {
            intervalSeconds = 300
        }
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        // A machine without a store starts an empty one: samples would only be noise in
        // what the other machines send. Asking for the status creates nothing.
        let path = environment.storePath
        let isNew = !FileManager.default.fileExists(atPath: path)
        if isNew, showsStatus {
            let storeFolder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            // The default store's folder is made as the store is; a named one's is not.
            guard environment.explicitStorePath == nil || RecipeStore.isFolder(storeFolder) else {
                throw CommandFailure("no recipe store at \(path), and its folder \(storeFolder) does not exist")
            }
            environment.output.line("no recipe store at \(TerminalText.oneLine(path)) yet: 'recipes sync' starts an empty one and applies what the folder holds")
            return .success
        }
        // A folder that is not there makes no store (--watch waits for it, with a store).
        if !watching {
            do {
                try RecipeStore.checkIsFolder(folder)
            } catch let error as SyncError {
                throw CommandFailure(error.description)
            }
        }
        let store = try environment.openStore(creating: true, samples: false)
        if isNew { environment.errors.line("recipes: created an empty store at \(TerminalText.oneLine(path))") }
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
        if !status.goneReplicas.isEmpty {
            let stores = status.goneReplicas.count == 1 ? "another store" : "\(status.goneReplicas.count) other stores"
            environment.output.line("files of \(stores) that this store read are gone from the folder: the next sync writes all it knows")
        } else if status.needsSnapshot {
            environment.output.line("this folder lacks this store's earlier changes: the next sync writes all it knows")
        }
        if status.unknownOwnFiles > 0 {
            let one = status.unknownOwnFiles == 1
            environment.output.line("this store's folder holds \(status.unknownOwnFiles) change \(one ? "file" : "files") it did not write (a restored or copied store): the next sync reads \(one ? "it" : "them") under a new replica id")
        }
        for file in status.newerFiles { environment.output.line("kept, newer format: \(TerminalText.oneLine(file))") }
        for file in status.damagedFiles { environment.output.line("skipped, damaged: \(TerminalText.oneLine(file))") }
        for entry in status.skippedEntries { environment.output.line("skipped: \(TerminalText.oneLine(entry))") }
        return .success
    }

    /// One line for what happened; kept and skipped files on standard error, each once for
    /// as long as `--watch` runs (`noted` remembers them).
    private func report(_ report: SyncReport, quiet: Bool, _ environment: CommandEnvironment) {
        var noted = Set<String>()
        self.report(report, quiet: quiet, noted: &noted, environment)
    }

    private func report(_ report: SyncReport, quiet: Bool, noted: inout Set<String>, _ environment: CommandEnvironment) {
        var notes = report.newerFiles.map { "recipes: kept, not applied: \(TerminalText.oneLine($0))" }
            + (report.damagedFiles + report.refusedChanges + report.skippedEntries).map { "recipes: skipped: \(TerminalText.oneLine($0))" }
        if let change = report.replicaChange {
            let files = change.unknownFiles == 1 ? "1 change file" : "\(change.unknownFiles) change files"
            notes.insert("recipes: this store's folder held \(files) it did not write (it was restored from a backup or copied); it read \(change.unknownFiles == 1 ? "it" : "them") and now syncs as replica \(change.current)", at: 0)
        }
        // Once per file (a file still being copied changes its reason as it grows).
        for note in notes where noted.insert(String(note.prefix { $0 != ":" }) + ":" + Self.noteSubject(note)).inserted {
            environment.errors.line(note)
        }
        var parts: [String] = []
        if report.filesApplied > 0 {
            parts.append("applied \(report.applied) of \(report.applied + report.superseded) changes from \(report.filesApplied) \(report.filesApplied == 1 ? "file" : "files")")
        }
        if let file = report.fileWritten {
            let why = report.goneReplicas.isEmpty ? "the folder lacked this store's history"
                : "files of \(report.goneReplicas.count == 1 ? "another store" : "\(report.goneReplicas.count) other stores") it had read are gone from the folder"
            let what = report.wroteSnapshot ? "a snapshot of all it knows, \(report.exported) \(report.exported == 1 ? "change" : "changes") (\(why))"
                : "\(report.exported) \(report.exported == 1 ? "change" : "changes")"
            parts.append("wrote \(what) to \(TerminalText.oneLine(file))")
        }
        if let compacted = report.compactedInto {
            parts.append("replaced this store's earlier files with one snapshot, \(TerminalText.oneLine(compacted))")
        }
        if parts.isEmpty {
            if !quiet { environment.output.line("nothing to sync") }
        } else {
            environment.output.line(parts.joined(separator: "; "))
        }
        environment.output.flush()
    }

    /// The path a note names: "recipes: skipped: /x/y.changes: reason" gives "/x/y.changes".
    private static func noteSubject(_ note: String) -> String {
        let parts = note.components(separatedBy: ": ")
        return parts.count > 2 ? parts[2] : note
    }

    /// Syncs, then sleeps until another replica's file arrives, this store changes, or the
    /// interval passes; stops cleanly on SIGTERM / SIGINT, as a user service should. The
    /// folders are watched before each sync, so a file landing while it runs wakes the next
    /// one; a folder that is not there (not made yet, or deleted, as a sync tool deletes it
    /// on every machine when one deletes it) is waited for, said once, and watched for.
    private func watchFolder(_ opened: RecipeStore, _ environment: CommandEnvironment) throws -> ExitStatus {
        // A file where the folder should be would be waited on for ever.
        do {
            try RecipeStore.checkIsFolder(folder)
        } catch let error as SyncError where error == .notASyncFolder(path: folder) {
            throw CommandFailure(error.description)
        } catch {}
        var store = opened
        let watcher = try ChangeWatcher(storePath: store.path ?? "")
        var version = try store.dataVersion
        var noted = Set<String>()
        var watched = Set<String>()
        var waitingSaid = false
        while true {
            if RecipeStore.isFolder(folder) {
                waitingSaid = false
                watcher.watch(folder: folder)
                watched = watchReplicaFolders(watcher, watched: [])
                do {
                    report(try store.sync(folder: folder), quiet: true, noted: &noted, environment)
                } catch let error as SyncError {
                    // A folder that is briefly away (an unmounted share) is retried, not fatal;
                    // one deleted while this sync ran is waited for, said next time round.
                    if RecipeStore.isFolder(folder) { environment.errors.line("recipes: error: \(TerminalText.oneLine(error.description))") }
                }
                // A replica's folder made during the sync may already hold a file no event
                // reported: the next sync is not waited for.
                let now = watchReplicaFolders(watcher, watched: watched)
                if now != watched { continue }
            } else {
                if !waitingSaid {
                    environment.errors.line("recipes: waiting for the sync folder \(TerminalText.oneLine(folder)) to appear")
                    waitingSaid = true
                }
                watcher.watch(forAppearanceOf: folder)
            }
            if environment.output.isBroken { return .success }
            switch try watcher.waitForOtherWriters(seconds: intervalSeconds, store: store, version: &version) {
            case .stop: return .success
            case .storeReplaced:
                store.closeReplacedFile()
                store = try environment.openStore(creating: true, samples: false)
                watcher.storeReopened()
                version = try store.dataVersion
                environment.errors.line("recipes: \(TerminalText.oneLine(store.path ?? "")) was replaced; syncing the new file")
            default: break
            }
        }
    }

    /// Watches every replica's folder in the sync folder; the names watched.
    private func watchReplicaFolders(_ watcher: ChangeWatcher, watched: Set<String>) -> Set<String> {
        var names = watched
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !entry.hasPrefix(".") && !names.contains(entry) {
            watcher.watch(folder: folder + "/" + entry)
            names.insert(entry)
        }
        return names
    }
}
