import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import RecipesCore

/// What a command runs with: the streams, the clock, and where the store is.
final class CommandEnvironment {
    let output: TextOutput
    let errors: TextOutput
    let storeOption: String?
    let now: Date
    /// Local time from TZ, through the C library (see LocalTime).
    let local = LocalTime.system
    /// The config file, read at most once for this command, so that meal times, the units
    /// and the vocabulary (which the store may ask for only when it reads a line) read it
    /// once between them.
    let configurationFile = ConfigurationFile()

    init(output: TextOutput, errors: TextOutput, storeOption: String?) throws {
        self.output = output
        self.errors = errors
        self.storeOption = storeOption
        explicitStorePath = try Self.storePath(option: storeOption)
        if let pinned = Self.variable("RECIPES_NOW") {
            guard let date = RecipeJSON.parseISODate(pinned) else {
                throw CommandFailure("RECIPES_NOW='\(pinned)' is not an ISO 8601 date and time such as 2026-12-24T17:00:00Z")
            }
            now = date
        } else {
            now = Date()
        }
    }

    /// A non-empty environment variable. Read one at a time with getenv: building
    /// ProcessInfo's whole dictionary is a measurable part of a status bar's start-up.
    static func variable(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    /// Whether a file or folder is at `path` (a link, where it leads), as FileManager's
    /// `fileExists(atPath:)` says: one stat(2), without making `FileManager.default`, whose
    /// first use cost a status bar's `next` a fiftieth of its time.
    static func fileExists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// The home directory from the password database, for when HOME is unset (cron).
    static func homeFromPasswordFile() -> String {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
        return String(cString: directory)
    }

    /// Whether RECIPES_NOW pins the clock.
    var isClockPinned: Bool { Self.variable("RECIPES_NOW") != nil }

    /// The store the user named (`--store`, else `RECIPES_STORE`), or nil for the default.
    let explicitStorePath: String?

    /// An empty store name is a usage error rather than the default store, refused before a
    /// command reads its input: it is what a script with an unset variable passes, and SQLite
    /// would take it for a temporary database.
    private static func storePath(option: String?) throws(UsageError) -> String? {
        if let option {
            guard !option.isEmpty else { throw UsageError(.emptyStoreOption, command: nil) }
            return option
        }
        if let value = getenv("RECIPES_STORE"), value.pointee == 0 {
            throw UsageError(.emptyStoreVariable, command: nil)
        }
        return variable("RECIPES_STORE")
    }

    /// The store this command uses: the one named, else the default.
    var storePath: String { explicitStorePath ?? defaultStorePath }

    /// `$XDG_DATA_HOME/recipes/recipes.sqlite`, defaulting to `~/.local/share`.
    var defaultStorePath: String {
        let base: String
        if let data = Self.variable("XDG_DATA_HOME"), data.hasPrefix("/") {
            base = data
        } else {
            base = (Self.variable("HOME") ?? Self.homeFromPasswordFile()) + "/.local/share"
        }
        return base + "/recipes/recipes.sqlite"
    }

    /// Opens the store. A missing default store is created, with the sample recipes (said
    /// on stderr) unless `samples` is false; a missing named store is created only when
    /// `creating`, else it is an error.
    func openStore(creating: Bool = false, samples: Bool = true) throws -> RecipeStore {
        if let path = explicitStorePath {
            guard creating || Self.fileExists(path) else {
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
                let missing = RecipeStore.isFolder(folder) ? "" : " (the folder \(folder) does not exist)"
                throw CommandFailure("no recipe store at \(path)\(missing)")
            }
            return try open(path)
        }
        let path = defaultStorePath
        if Self.fileExists(path) { return try open(path) }
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("cannot create \(directory): \(error)")
        }
        let store = try open(path)
        if samples {
            let count = try SampleRecipes.install(into: store, now: now, local: local)
            errors.line("recipes: created \(path) with \(count) sample recipes; remove them with 'recipes delete --samples'")
        }
        return store
    }

    private func open(_ path: String) throws -> RecipeStore {
        activateConfiguredVocabulary()
        do {
            let store = try RecipeStore(path: path)
            // A pinned clock is the plan's now too: what is upcoming, what `next` shows.
            if isClockPinned {
                let now = now
                store.clock = { now }
            }
            return store
        } catch let error as RecipeStoreError {
            if case .sqlite(_, let message) = error {
                throw CommandFailure("cannot open \(path): \(message)")
            }
            throw CommandFailure(error.commandLineDescription)
        }
    }
}
