/// What recipes(1) says of one command beyond its spec. The spec already gives the page the
/// command's forms, arguments and every option with its help; this adds the prose a manual
/// needs and `--help` is too short for. Texts are roff, as they appear in the page.
struct CommandManual: Sendable {
    /// One way of calling the command: a SYNOPSIS line and a COMMANDS entry.
    struct Form: Sendable {
        /// What follows the command's name, in roff; nil for its arguments as the spec gives them.
        let usage: String?
        let text: String

        /// A form whose words are the spec's arguments.
        init(_ text: String) {
            usage = nil
            self.text = text
        }

        init(_ usage: String, _ text: String) {
            self.usage = usage
            self.text = text
        }
    }

    /// A longer text for options (several when one text explains them together) than their help.
    struct OptionText: Sendable {
        /// Long names, each one of the command's options: a test fails on a name the spec lacks.
        let options: [String]
        let text: String

        init(_ options: String..., text: String) {
            self.options = options
            self.text = text
        }
    }

    let forms: [Form]
    /// Options not named here are described by their help.
    let options: [OptionText]

    init(_ forms: Form..., options: [OptionText] = []) {
        self.forms = forms
        self.options = options
    }
}
