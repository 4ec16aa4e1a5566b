import RecipesCore

/// What the parser found on the command line for one command.
struct ParsedArguments {
    var positionals: [String] = []
    /// The long name of each option given, in the order given, and beside it in
    /// ``givenValues`` its value ("" for a flag, which has none: only options that take a
    /// value are asked for theirs). Two lists of strings, not a dictionary or a list of
    /// pairs: a command line names a few options, and each other collection type is made
    /// at run time on first use, which a status bar's `recipes next` pays for every time.
    private(set) var givenOptions: [String] = []
    private(set) var givenValues: [String] = []

    mutating func add(_ option: OptionSpec, value: String?) {
        givenOptions.append(option.long)
        givenValues.append(value ?? "")
    }

    func value(_ option: OptionSpec) -> String? {
        guard option.takesValue else { return nil }
        return givenOptions.lastIndex(of: option.long).map { givenValues[$0] }
    }

    func all(_ option: OptionSpec) -> [String] {
        guard option.takesValue else { return [] }
        return givenOptions.indices.filter { givenOptions[$0] == option.long }.map { givenValues[$0] }
    }
    func has(_ option: OptionSpec) -> Bool { givenOptions.contains(option.long) }

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
