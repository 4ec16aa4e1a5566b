import FoundationEssentials
import RecipesCore

extension CommandEnvironment {
    /// The meal times WHEN reads: the defaults, changed by the user's config file when there
    /// is one. A bad line is the user's to fix, so it stops the command, naming the line.
    func mealTimes() throws -> MealTimes {
        var variables: [String: String] = [:]
        for name in ["XDG_CONFIG_HOME", "HOME"] { variables[name] = Self.variable(name) }
        if variables["HOME"] == nil { variables["HOME"] = Self.homeFromPasswordFile() }
        guard let path = MealTimes.configurationPath(environment: variables),
              FileManager.default.fileExists(atPath: path) else { return .default }
        let text: String
        do {
            // A config is a few lines; a megabyte is a mistake. The error names the path.
            text = String(decoding: try FileContents.readRegularFile(path, maximumBytes: 1 << 20), as: UTF8.self)
        } catch {
            throw CommandFailure("\(error)")
        }
        do {
            // Editors on some systems start a UTF-8 file with a byte order mark.
            return try MealTimes(configuration: text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text, path: path)
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}
