import FoundationEssentials

/// The meals a day has and when each is eaten, so WHEN can say `lunch` or `sat dinner`.
///
/// Breakfast is at 08:00, lunch at 12:30 and dinner at 18:00 unless the configuration file
/// (``configurationPath(environment:)``) says otherwise. That file is plain text, one setting
/// a line, `#` starting a comment; a meal is `meal.NAME = HH:MM` (24-hour time). The `meal.`
/// prefix keeps meal names apart from settings the file may hold later.
///
/// ```
/// # ~/.config/recipes/config
/// meal.breakfast = 07:30
/// meal.brunch = 10:30   # weekends
/// ```
///
/// Meal names are single lowercase words (letters, digits and `-`, starting with a letter)
/// that WHEN does not already read as a day or a time: not `fri`, `tonight`, `noon` or `dec`.
public struct MealTimes: Sendable, Equatable {
    /// A meal and its time of day.
    public struct Meal: Sendable, Equatable {
        /// The meal's name as WHEN reads it: "breakfast", "brunch".
        public let name: String
        /// 0 to 23.
        public let hour: Int
        /// 0 to 59.
        public let minute: Int
    }

    /// The meals, in time order (by name at the same time), for listing a day's meals in order.
    public let meals: [Meal]

    /// Breakfast at 08:00, lunch at 12:30, dinner at 18:00.
    public static let `default` = MealTimes(ordering: [
        Meal(name: "breakfast", hour: 8, minute: 0), Meal(name: "lunch", hour: 12, minute: 30), Meal(name: "dinner", hour: 18, minute: 0),
    ])

    private init(ordering meals: [Meal]) {
        self.meals = meals.sorted { ($0.hour, $0.minute, $0.name) < ($1.hour, $1.minute, $1.name) }
    }

    /// The default meals with the changes and additions of a configuration file's `text`;
    /// `path` names the file in errors. Throws ``ConfigurationError`` for the first bad line
    /// (a `meal.` line, or one of no section; other sections are read by their own domains).
    public init(configuration text: String, path: String) throws {
        var meals = Dictionary(uniqueKeysWithValues: Self.default.meals.map { ($0.name, $0) })
        var setOnLine: [String: Int] = [:]
        let file = try ConfigurationLines(text, path: path)
        for (name, setting) in file.section("meal.") {
            let name = name.lowercased()
            if let problem = Self.problem(withName: name) { throw file.failure(setting, problem) }
            if let earlier = setOnLine[name] { throw file.failure(setting, "meal '\(name)' is already set on line \(earlier)") }
            guard let (hour, minute) = Self.clockTime(setting.value) else { throw file.failure(setting, "'\(setting.value)' is not a time (HH:MM)") }
            meals[name] = Meal(name: name, hour: hour, minute: minute)
            setOnLine[name] = setting.line
        }
        self.init(ordering: Array(meals.values))
    }

    /// When `meal` is eaten, or nil when there is no such meal.
    public func time(of meal: String) -> (hour: Int, minute: Int)? {
        meals.first { $0.name == meal }.map { ($0.hour, $0.minute) }
    }

    /// Where the configuration file is: `$XDG_CONFIG_HOME/recipes/config`, else
    /// `$HOME/.config/recipes/config`; nil without either. As the XDG Base Directory
    /// specification says, an empty or relative `XDG_CONFIG_HOME` is ignored.
    public static func configurationPath(environment: [String: String]) -> String? {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            return trimmingTrailingSlashes(base) + "/recipes/config"
        }
        if let home = environment["HOME"], !home.isEmpty {
            return trimmingTrailingSlashes(home) + "/.config/recipes/config"
        }
        return nil
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return path == "/" ? "" : String(path)
    }

    /// Why `name` cannot be a meal, or nil when it can.
    static func problem(withName name: String) -> String? {
        // Letters of any script ("élevenses", "obiad"): WHEN reads words, not ASCII.
        guard let first = name.first, first.isLetter, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            return "'\(name)' is not a meal name (one word of letters, digits and '-', starting with a letter)"
        }
        guard name.count <= 32 else { return "meal name '\(name)' is longer than 32 characters" }
        if WhenParser.readsAsWhen(name) { return "'\(name)' cannot be a meal: WHEN reads it as a day or a time" }
        return nil
    }

    /// `HH:MM` or `H:MM`, 24-hour.
    private static func clockTime(_ text: String) -> (Int, Int)? {
        let pieces = text.split(separator: ":", omittingEmptySubsequences: false)
        guard pieces.count == 2, (1...2).contains(pieces[0].count), pieces[1].count == 2,
              pieces.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(pieces[0]), let minute = Int(pieces[1]), hour <= 23, minute <= 59 else { return nil }
        return (hour, minute)
    }

    /// A line of the configuration file that could not be read.
    public struct ConfigurationError: Error, CustomStringConvertible, Equatable, Sendable {
        /// The configuration file, as it was named.
        public let path: String
        /// The line, counting from 1.
        public let line: Int
        /// What is wrong with it.
        public let problem: String

        /// One line, compiler style: "~/.config/recipes/config:3: '25:00' is not a time (HH:MM)".
        public var description: String { "\(path):\(line): \(problem)" }
    }
}
