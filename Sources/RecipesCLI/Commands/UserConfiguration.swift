import FoundationEssentials
import RecipesCore
import Synchronization

extension CommandEnvironment {
    /// The meal times WHEN reads: the defaults, changed by the user's config file when there
    /// is one. A bad line is the user's to fix, so it stops the command, naming the line.
    func mealTimes() throws -> MealTimes {
        try fromConfiguration(MealTimes.init(configuration:path:)) ?? .default
    }

    /// The ingredient vocabulary: the built-in one with the config file's `ingredient.` and
    /// `aisle.` lines. A line that cannot be read stops the command, naming it.
    func vocabulary() throws -> IngredientVocabulary {
        try fromConfiguration { text, path in try IngredientVocabulary(configuration: text, path: path) } ?? .builtIn
    }

    /// Makes the config file's vocabulary the active one, the file read and the vocabulary
    /// made only when a line is to be read. The store reads its lines with the active vocabulary and keeps that reading; with
    /// another than the last, it reads them all again. A config line that cannot be read is
    /// reported by the commands that use the vocabulary (``vocabulary()``); the store then
    /// reads with the built-in one.
    func activateConfiguredVocabulary() {
        let file = configurationFile
        // Read only if a line or an ingredient's name is: `next` reads no file for it.
        IngredientVocabulary.activate(configuration: { (try? file.contents()) ?? nil })
    }

    /// Stops the command, naming the line, when the config file's `ingredient.` lines cannot
    /// be read: a command that may not need to make the vocabulary (a search by an
    /// identity) would otherwise read with the built-in one and say nothing. Makes it, and
    /// only then, when the file has such lines (or does not read at all).
    func checkConfiguredVocabulary() throws {
        guard let (text, path) = try configurationFile.contents() else { return }
        // A file that does not read at all is reported by making the vocabulary too.
        if (try? ConfigurationLines(text, path: path)).map({ !$0.section("ingredient.").isEmpty }) ?? true {
            IngredientVocabulary.active = try vocabulary()
        }
    }

    /// The planner's rules of the config file's `fill.` lines (the defaults without any); a
    /// line that cannot be read stops the command, naming it.
    func fillRules() throws -> FillRules {
        let meals = try mealTimes()
        return try fromConfiguration { text, path in try FillRules(configuration: text, path: path, meals: meals) } ?? FillRules()
    }

    /// The config file's `units = metric|us`, or nil when it does not say.
    func preferredUnits() throws -> MeasureUnit.System? {
        try fromConfiguration(MeasureUnit.System.init(configuration:path:)) ?? nil
    }

    /// What `read` makes of the config file, or nil without one; its error (a line that
    /// cannot be read, named) stops the command.
    private func fromConfiguration<Value>(_ read: (String, String) throws -> Value) throws -> Value? {
        guard let (text, path) = try configurationFile.contents() else { return nil }
        do {
            return try read(text, path)
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}

/// The user's config file (``MealTimes/configurationPath(environment:)``), read at most once:
/// shared by the command and the vocabulary it activates, which may read it from wherever the
/// store reads a line.
final class ConfigurationFile: Sendable {
    private let read = Mutex<(text: String, path: String)??>(nil)

    /// Its text and path, or nil when there is none; an error names a file that cannot be read.
    func contents() throws -> (text: String, path: String)? {
        try read.withLock { read in
            if let done = read { return done }
            let contents = try Self.read()
            read = .some(contents)
            return contents
        }
    }

    private static func read() throws -> (text: String, path: String)? {
        var variables: [String: String] = [:]
        for name in ["XDG_CONFIG_HOME", "HOME"] { variables[name] = CommandEnvironment.variable(name) }
        if variables["HOME"] == nil { variables["HOME"] = CommandEnvironment.homeFromPasswordFile() }
        guard let path = MealTimes.configurationPath(environment: variables),
              CommandEnvironment.fileExists(path) else { return nil }
        do {
            // A config is a few lines; a megabyte is a mistake. The error names the path.
            return (String(decoding: try FileContents.readRegularFile(path, maximumBytes: 1 << 20), as: UTF8.self), path)
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}
