import FoundationEssentials
import RecipesCore

/// `recipes restore FILE`: the store's content replaced by a backup's, in one transaction.
struct RestoreCommand: RecipesCommand {
    static let spec = CommandSpec(
        name: "restore",
        abstract: "Replace the store's recipes with those of a backup.",
        discussion: """
            Replaces the store's content with the backup's in one transaction, keeping the \
            store's file, so a status bar or 'recipes sync --watch' running meanwhile simply \
            sees the change (moving a backup over the store file while recipes runs can \
            damage it). The store as it was is first kept beside it as \
            STORE.before-restore-DATE (-2, -3, ... for more in the same second). The backup \
            must be a recipe store and intact (one with a -journal left by a write that was cut \
            short is refused: opening it once with sqlite3 undoes that write); it is not changed. \
            A restore that fails keeps no copy and, where there was no store, makes none. \
            One from an earlier version \
            or with another page size restores all the same (through a copy made beside the \
            store and removed; the next restore removes one a killed restore left). The store then syncs as a new replica (its clock no earlier \
            than the replaced store's, so no later change can share a stamp with an earlier \
            one), and the next 'recipes sync' reads back, from the sync folder, what this store \
            wrote there after the backup was taken.
            """,
        arguments: [ArgumentSpec("file", completes: .file, help: "A backup, as 'recipes backup' writes it (or a copy of a store file).")],
        examples: ["recipes restore ~/recipes-2026-11-30.sqlite"])

    let file: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        file = arguments.positionals[0]
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        // An unset variable in a script ("$BACKUP") gives an empty name.
        guard !file.isEmpty else { throw CommandFailure("restore needs a file name, and an empty one was given; nothing was changed") }
        // Without a store one is made for the backup, but only for one that can be restored.
        if !FileManager.default.fileExists(atPath: environment.storePath) { try RecipeStore.checkBackup(at: file) }
        let store = try environment.openStore(creating: true, samples: false)
        let path = store.path ?? environment.storePath
        let stamp = ISO8601.string(from: environment.now).filter { $0.isNumber }.prefix(14)
        // A second restore within the same second keeps its store beside the first: -2, -3, …
        let first = "\(path).before-restore-\(stamp)"
        var kept = first, copy = 1
        while FileManager.default.fileExists(atPath: kept) {
            copy += 1
            kept = "\(first)-\(copy)"
        }
        try store.restore(fromBackup: file, keepingCurrentAt: kept)
        let count = try store.count(StoreQuery<Recipe>())
        environment.output.line("restored \(count) \(count == 1 ? "recipe" : "recipes") from \(TerminalText.oneLine(file)); the store as it was is in \(TerminalText.oneLine(kept))")
        return .success
    }
}
