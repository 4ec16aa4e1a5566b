extension Array where Element == String {
    /// The elements with `separator` between them, as `joined(separator:)` gives them, by a
    /// loop compiled for `String`: the standard library's generic one looks its element
    /// type's conformances up at run time the first time it runs, some 20 µs of a 1 ms
    /// `recipes next` (`perf`). For the paths every process takes.
    package func joinedText(separator: String) -> String {
        var text = ""
        for (index, element) in enumerated() {
            if index > 0 { text += separator }
            text += element
        }
        return text
    }
}
