import Foundation
import Recipes

/// What a command runs with: the streams, the clock, and where the store is.
final class CommandEnvironment {
    let output: TextOutput
    let errors: TextOutput
    let variables: [String: String]
    let storeOption: String?
    let now: Date
    let calendar: Calendar

    init(output: TextOutput, errors: TextOutput, variables: [String: String], storeOption: String?) throws {
        self.output = output
        self.errors = errors
        self.variables = variables
        self.storeOption = storeOption
        // Gregorian in the local zone is all the planner needs; it is cheaper to set up than
        // Calendar.current, which also loads the user's locale preferences.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        self.calendar = calendar
        if let pinned = variables["RECIPES_NOW"], !pinned.isEmpty {
            guard let date = RecipeJSON.parseISODate(pinned) else {
                throw CommandFailure("RECIPES_NOW='\(pinned)' is not an ISO 8601 date and time such as 2026-12-24T17:00:00Z")
            }
            now = date
        } else {
            now = Date()
        }
    }

    /// The store the user named (`--store`, else `RECIPES_STORE`), or nil for the default.
    var explicitStorePath: String? {
        if let storeOption { return storeOption }
        if let path = variables["RECIPES_STORE"], !path.isEmpty { return path }
        return nil
    }

    /// `$XDG_DATA_HOME/recipes/recipes.sqlite`, defaulting to `~/.local/share`.
    var defaultStorePath: String {
        let base: String
        if let data = variables["XDG_DATA_HOME"], data.hasPrefix("/") {
            base = data
        } else {
            base = (variables["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        return base + "/recipes/recipes.sqlite"
    }

    /// Opens the store. A missing default store is created with the sample recipes (said on
    /// stderr); a missing named store is created only when `creating`, else it is an error.
    func openStore(creating: Bool = false) throws -> RecipeStore {
        let fileManager = FileManager.default
        if let path = explicitStorePath {
            guard creating || fileManager.fileExists(atPath: path) else {
                throw CommandFailure("no recipe store at \(path)")
            }
            return try open(path)
        }
        let path = defaultStorePath
        if fileManager.fileExists(atPath: path) { return try open(path) }
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("cannot create \(directory): \(error.localizedDescription)")
        }
        let store = try open(path)
        let count = try SampleRecipes.install(into: store, now: now, calendar: calendar)
        errors.line("recipes: created \(path) with \(count) sample recipes; remove them with 'recipes delete --samples'")
        return store
    }

    private func open(_ path: String) throws -> RecipeStore {
        do {
            return try RecipeStore(url: URL(fileURLWithPath: path))
        } catch let error as RecipeStoreError {
            if case .sqlite(let sqlite) = error {
                throw CommandFailure("cannot open \(path): \(sqlite.message)")
            }
            throw CommandFailure(error.description)
        }
    }
}
