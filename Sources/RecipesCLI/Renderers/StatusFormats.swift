import FoundationEssentials
import RecipesCore

/// `--format plain`: "name · when"; nothing and exit 1 when nothing is planned (for cron).
struct PlainStatus: StatusFormat {
    func render(_ status: StatusLine?) -> String { status?.text ?? "" }
    func exitStatus(_ status: StatusLine?) -> ExitStatus { status == nil ? .nothingFound : .success }
    var feedsABar: Bool { false }
}

/// waybar `custom` module with `return-type: json`. Text is Pango markup, which waybar does
/// not escape, so `&`, `<` and `>` are escaped here.
struct WaybarStatus: StatusFormat {
    func render(_ status: StatusLine?) -> String {
        // An empty line, not `{"text":""}`: waybar before 0.11 (Debian 12 has 0.9.17) hides
        // the module only for empty output, and keeps the format's icon for an empty text.
        guard let status else { return "" }
        return JSONText.object([
            ("text", JSONText.quoted(Self.pango(status.text))),
            ("tooltip", JSONText.quoted(Self.pango(status.details))),
            ("class", JSONText.quoted(status.urgency.rawValue)),
            ("alt", JSONText.quoted(status.upcoming.recipe.variety.rawValue)),
        ])
    }

    static func pango(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }
}

/// i3blocks: full_text, short_text and colour lines; exit 33 marks the block urgent. With
/// `interval=persist` (`--follow`) i3blocks reads one full_text line per update, coloured
/// with a Pango span when the block has `markup=pango`.
///
/// A block with `markup=pango` has its text read as Pango markup. i3blocks 1.5 and later put
/// the block's properties in the command's environment, so `markup=pango` there means the
/// text is escaped as for waybar; with i3blocks 1.4 the block's command sets it itself
/// (`command=markup=pango recipes next --format i3blocks`).
struct I3blocksStatus: StatusFormat {
    let pango = CommandEnvironment.variable("markup") == "pango"

    func render(_ status: StatusLine?) -> String {
        guard let status else { return "" }
        return [markup(status.text), markup(status.name), StatusColors.hex(status.urgency)].joined(separator: "\n")
    }

    func followLine(_ status: StatusLine?) -> String {
        // i3blocks 1.4 reads an empty line in persist mode as a closed pipe and keeps the old
        // text for ever; a single space clears the block on 1.4 and 1.5 alike.
        guard let status else { return " " }
        guard pango else { return status.text }
        // Persist mode reads the full_text only, so the colour line cannot follow: with Pango
        // the colour of the urgency goes in the markup instead.
        return "<span foreground=\"\(StatusColors.hex(status.urgency))\">\(markup(status.text))</span>"
    }

    private func markup(_ text: String) -> String { pango ? WaybarStatus.pango(text) : text }

    func exitStatus(_ status: StatusLine?) -> ExitStatus { status?.urgency == .imminent ? .urgent : .success }
}

/// polybar `custom/script`: one line with colour tags; an empty line hides the module.
/// `%{` starts a polybar tag and cannot be escaped, so a word joiner goes between the two.
struct PolybarStatus: StatusFormat {
    func render(_ status: StatusLine?) -> String {
        guard let status else { return "" }
        let text = status.text.replacing("%{", with: "%\u{2060}{")
        return "%{F\(StatusColors.hex(status.urgency))}\(text)%{F-}"
    }
}

/// tmux `#()`: one line with style tags; `#` in text is doubled so it is not a format.
struct TmuxStatus: StatusFormat {
    /// tmux's default status-right-length, which cuts whatever is longer from the right.
    static let columns = 40

    func render(_ status: StatusLine?) -> String {
        guard let status else { return "" }
        // Foreground and background together, so each stays readable on whatever colour the
        // bar has (tmux's default is black on green, where yellow or cyan text fades).
        let style = switch status.urgency {
        case .imminent: "#[fg=white,bg=red,bold]"
        case .today: "#[fg=black,bg=yellow]"
        case .upcoming, .none: ""
        }
        let text = status.text(fitting: Self.columns).replacing("#", with: "##")
        return style.isEmpty ? text : style + text + "#[default]"
    }
}

/// i3status-rust `custom` block with `json = true`.
struct I3statusRustStatus: StatusFormat {
    func render(_ status: StatusLine?) -> String {
        guard let status else {
            return JSONText.object([("icon", "\"\""), ("state", "\"Idle\""), ("text", "\"\""), ("short_text", "\"\"")])
        }
        let state = switch status.urgency {
        case .imminent: "Critical"
        case .today: "Warning"
        case .upcoming: "Info"
        case .none: "Idle"
        }
        return JSONText.object([("icon", "\"\""), ("state", JSONText.quoted(state)),
                                ("text", JSONText.quoted(status.text)), ("short_text", JSONText.quoted(status.name))])
    }
}

/// `--format json`: the full record plus `startsIn` (seconds to the meal), `start` (when to
/// start cooking), `inProgress`, `when` and `class`; nothing
/// and exit 1 when nothing is planned.
struct JSONStatus: StatusFormat {
    func render(_ status: StatusLine?) -> String {
        guard let status, let record = try? RecipeJSON(status.upcoming.recipe).encoded() else { return "" }
        var object = JSONText.printable(record)
        guard object.hasSuffix("}") else { return "" }
        object.removeLast()
        let extra = [("startsIn", String(Int(status.upcoming.startsIn.rounded(.down)))),
                     ("start", JSONText.quoted(RecipeJSON.isoString(status.upcoming.startDate))),
                     ("inProgress", status.upcoming.isInProgress ? "true" : "false"),
                     ("when", JSONText.quoted(status.when)), ("class", JSONText.quoted(status.urgency.rawValue))]
        return object + "," + extra.map { "\(JSONText.quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    func exitStatus(_ status: StatusLine?) -> ExitStatus { status == nil ? .nothingFound : .success }
    var feedsABar: Bool { false }
}
