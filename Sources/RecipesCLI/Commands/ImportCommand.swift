import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Recipes

/// `recipes import`: recipes from a JSON archive, all in one transaction.
struct ImportCommand: RecipesCommand {
    static let replace = OptionSpec("--replace", help: "Overwrite recipes the store already has instead of skipping them.")

    static let spec = CommandSpec(
        name: "import",
        abstract: "Add recipes from a JSON archive (as 'recipes export' writes).",
        discussion: """
            FILE is a path, or - for standard input. The whole file is imported in one \
            transaction: if any recipe in it is bad, nothing is imported. A recipe the store \
            already has (the same id, or the same name and kind) is skipped, or overwritten with \
            --replace, so importing a file twice adds nothing the second time.
            """,
        arguments: [ArgumentSpec("file", help: "The archive to read, or - for standard input.")],
        options: [replace],
        examples: ["recipes import recipes-backup.json", "curl -s https://example.org/r.json | recipes import -"])

    let file: String
    let replacing: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        file = arguments.positionals[0]
        replacing = arguments.has(Self.replace)
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let data = try Self.contents(of: file)
        let archive: RecipeArchive
        do {
            archive = try RecipeArchive.decode(data)
        } catch let error as RecipeFormatError {
            throw CommandFailure("\(file == "-" ? "standard input" : file): \(error.reason)")
        }
        let store = try environment.openStore(creating: true)
        let summary: ImportSummary
        do {
            summary = try store.importArchive(archive, replace: replacing, now: environment.now, local: environment.local)
        } catch let error as RecipeFormatError {
            throw CommandFailure("\(file == "-" ? "standard input" : file): \(error.reason); nothing was imported")
        }
        var line = "imported \(summary.imported.count) \(summary.imported.count == 1 ? "recipe" : "recipes")"
        if !summary.replaced.isEmpty { line += ", replaced \(summary.replaced.count)" }
        if !summary.skipped.isEmpty {
            let names = summary.skipped.prefix(5).map(TerminalText.oneLine).joined(separator: ", ")
            line += ", skipped \(summary.skipped.count) already in the store (\(names)\(summary.skipped.count > 5 ? ", ..." : ""); --replace overwrites)"
        }
        environment.output.line(line)
        return .success
    }

    /// The file's bytes, or standard input's for "-".
    static func contents(of file: String) throws -> Data {
        let descriptor = file == "-" ? STDIN_FILENO : open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CommandFailure("cannot read \(file): \(String(cString: strerror(errno)))") }
        defer { if file != "-" { close(descriptor) } }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count == 0 { break }
            guard count > 0 else {
                if errno == EINTR { continue }
                throw CommandFailure("cannot read \(file): \(String(cString: strerror(errno)))")
            }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }
}
