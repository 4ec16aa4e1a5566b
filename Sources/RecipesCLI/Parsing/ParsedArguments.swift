/// What the parser found on the command line for one command.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    func value(_ option: OptionSpec) -> String? { values[option.long]?.last }
    func all(_ option: OptionSpec) -> [String] { values[option.long] ?? [] }
    func has(_ option: OptionSpec) -> Bool { flags.contains(option.long) || values[option.long] != nil }

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
}
