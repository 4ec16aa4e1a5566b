import FoundationEssentials

/// The settings of the configuration file (``MealTimes/configurationPath(environment:)``):
/// plain text, one `KEY = VALUE` a line, `#` starting a comment. Each domain reads the keys
/// of its own section (`meal.`, `ingredient.`, `aisle.`, `units`, `fill.`); a key of no section is an
/// error, so a typo does not pass for a setting that was never read.
package struct ConfigurationLines: Sendable {
    /// One `KEY = VALUE` line.
    package struct Setting: Sendable {
        /// The key as written, without surrounding spaces: "meal.brunch".
        package let key: String
        /// The value, without surrounding spaces.
        package let value: String
        /// The line, counting from 1.
        package let line: Int
    }

    /// The file's name in errors.
    package let path: String
    /// The settings, in the file's order.
    package let settings: [Setting]

    /// The sections a key may start with; `units` is a key of its own.
    static let sections = ["meal.", "ingredient.", "aisle.", "units", "fill."]

    /// The settings of `text`; throws for a line that is not `KEY = VALUE` or whose key is in
    /// no section.
    package init(_ text: String, path: String) throws(MealTimes.ConfigurationError) {
        self.path = path
        var settings: [Setting] = []
        // Editors on some systems start a UTF-8 file with a byte order mark.
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        // "\r\n" is one Character in Swift: split on newlines, not on "\n".
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = (rawLine.firstIndex(of: "#").map { rawLine[..<$0] } ?? rawLine).trimmingCharacters(of: " \t\r")
            if line.isEmpty { continue }
            let pieces = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = pieces[0].trimmingCharacters(of: " \t\r")
            guard pieces.count == 2, Self.sections.contains(where: { key.lowercased().hasPrefix($0) }) else {
                let problem = pieces.count == 2 ? "unknown setting '\(key)'" : "expected a setting, KEY = VALUE"
                throw MealTimes.ConfigurationError(path: path, line: index + 1, problem: problem + " (" + Self.expected + ")")
            }
            settings.append(Setting(key: key, value: pieces[1].trimmingCharacters(of: " \t\r"), line: index + 1))
        }
        self.settings = settings
    }

    /// What the file's lines may be, for errors.
    static let expected = "expected meal.NAME = HH:MM, ingredient.NAME = FIELDS, aisle.NAME = INGREDIENTS, units = metric|us or fill.RULE = VALUE"

    /// The settings whose key starts with `prefix` (case ignored), with the rest of the key.
    package func section(_ prefix: String) -> [(name: String, setting: Setting)] {
        settings.compactMap { setting in
            setting.key.lowercased().hasPrefix(prefix) ? (String(setting.key.dropFirst(prefix.count)), setting) : nil
        }
    }

    /// An error naming `setting`'s line.
    package func failure(_ setting: Setting, _ problem: String) -> MealTimes.ConfigurationError {
        MealTimes.ConfigurationError(path: path, line: setting.line, problem: problem)
    }
}
