/// A mistake on the command line: reported on one line, exit status 64.
struct UsageError: Error {
    let message: String
    /// The command whose help explains the right usage, or nil for the top level.
    let command: String?

    init(_ message: String, command: String?, suggestion: String? = nil) {
        self.message = suggestion.map { "\(message) (did you mean '\($0)'?)" } ?? message
        self.command = command
    }

    /// The line printed on stderr.
    var line: String {
        let help = command.map { "recipes help \($0)" } ?? "recipes --help"
        return "recipes: error: \(message); see '\(help)'"
    }
}

enum Suggestion {
    /// The candidate closest to `input`, when it is close enough to be a likely typo.
    static func closest(to input: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(input, $0)) }.min { $0.1 < $1.1 }
        guard let (best, score) = scored else { return nil }
        let allowed = max(1, min(3, best.count / 3))
        if score <= allowed { return best }
        // A unique candidate that starts with what was typed is also a good guess.
        let prefixed = candidates.filter { $0.hasPrefix(input) && input.count >= 3 }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Edit distance over Characters in which swapping two neighbours counts as one edit
    /// (optimal string alignment), since "nmae" is one slip away from "name".
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
