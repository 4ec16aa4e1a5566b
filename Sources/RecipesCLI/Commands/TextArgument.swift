import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import RecipesCore

/// A long text given on the command line: the text itself, `-` for standard input, or the
/// path of a file that holds it (`--instructions steps.txt`).
enum TextArgument {
    static func read(_ value: String) throws -> String {
        do {
            if value == "-" { return trimmed(try FileContents.read(descriptor: STDIN_FILENO, name: "standard input")) }
            var status = stat()
            if !value.contains("\n"), stat(value, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
                return trimmed(try FileContents.readRegularFile(value, maximumBytes: 16 << 20))
            }
        } catch let error as FileReadError {
            throw CommandFailure(error.description)
        }
        return value
    }

    /// Without the final line break an editor or `echo` adds.
    private static func trimmed(_ data: Data) -> String {
        var text = String(decoding: data, as: UTF8.self)
        while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        return text
    }
}
