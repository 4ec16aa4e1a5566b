import RecipesCore

/// What the parser found on the command line for one command.
struct ParsedArguments {
    var positionals: [String] = []
    /// Each option given, by its long name, with its value (nil for a flag), in the order
    /// given. A list, not a dictionary: a command line names a few options, and a
    /// `[String: [String]]` costs a `recipes next` process a runtime lookup of its types.
    var given: [(option: String, value: String?)] = []

    func value(_ option: OptionSpec) -> String? { all(option).last }
    func all(_ option: OptionSpec) -> [String] { given.compactMap { $0.option == option.long ? $0.value : nil } }
    func has(_ option: OptionSpec) -> Bool { given.contains { $0.option == option.long } }

    /// The value of a choice option, or `fallback` when it is absent.
    func choice<T: RawRepresentable>(_ option: OptionSpec, default fallback: T) -> T where T.RawValue == String {
        value(option).flatMap(T.init(rawValue:)) ?? fallback
    }

    /// A whole number of at least `minimum`, or a usage error naming the option.
    func integer(_ option: OptionSpec, minimum: Int, maximum: Int? = nil, command: String) throws(UsageError) -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text), number >= minimum else {
            throw UsageError(.notAWholeNumber(text, option: option.long, minimum: minimum), command: command)
        }
        if let maximum, number > maximum { throw UsageError(.tooLarge(text, option: option.long, maximum: maximum), command: command) }
        return number
    }

    /// The option's value as a field's number, or nil when absent; refused in the words the
    /// store and the edit text use for the same field (``FieldLimit``).
    func number(_ option: OptionSpec, _ limit: FieldLimit, command: String) throws(UsageError) -> Int? {
        guard let text = value(option) else { return nil }
        if let problem = limit.problem(text) { throw UsageError(.outOfLimit(option: option.long, problem: problem), command: command) }
        return Int(text)
    }
}
