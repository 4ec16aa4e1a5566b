import FoundationEssentials
import Recipes

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
            text = String(decoding: try FileContents.readRegularFile(path, maximumBytes: 1 << 16), as: UTF8.self)
        } catch {
            throw CommandFailure("cannot read \(path): \(error)")
        }
        do {
            return try MealTimes(configuration: text, path: path)
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}
