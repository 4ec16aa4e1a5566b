import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import RecipesCore

/// `recipes import`: recipes from a JSON archive, schema.org data or Cooklang files, all in
/// one transaction.
struct ImportCommand: RecipesCommand {
    static let replace = OptionSpec("--replace", help: "Overwrite recipes the store already has instead of skipping them.")
    static let timeout = OptionSpec("--timeout", value: "seconds", help: "How long to wait for a web address (default \(WebPage.defaultTimeout), at most 600).")

    static let spec = CommandSpec(
        name: "import",
        abstract: "Add recipes from a JSON archive, a web page or its address, or Cooklang files.",
        discussion: """
            FILE is a JSON archive as 'recipes export' writes it, a web page saved as HTML or a \
            JSON file with schema.org Recipe data (as recipe sites embed it), a Cooklang .cook \
            file, a folder (whose .cook files are all imported), - for standard input, or a \
            web address (http or https) whose page is fetched with curl: redirects are followed \
            (to http or https only), the page is read into memory (16 MB at most), and its \
            address is the recipe's source when the page names none. Parts \
            of a web page that cannot be read (a recipe without a name, a broken cooking time) \
            are left out and listed on standard error. Everything is imported in one \
            transaction: if any recipe is bad, nothing is. A recipe the store already has (the \
            same id, the same source web address, or the same name and kind) is skipped, or \
            overwritten with --replace (keeping its meal plan and cooked days, to which the \
            file's are added), so importing twice adds nothing the second time. On a \
            terminal, standard error shows the progress (count and rate), erased when done.
            """,
        arguments: [ArgumentSpec("file", completes: .file,
                                 help: "An archive, a saved web page, schema.org JSON, a .cook file, a folder, -, or a web address.")],
        options: [replace, timeout],
        examples: ["recipes import https://example.com/recipes/apple-pie", "recipes import recipes-backup.json",
                   "recipes import banana-bread.html", "recipes import ~/cookbook/"])

    let file: String
    let replacing: Bool
    let timeoutSeconds: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        file = arguments.positionals[0]
        replacing = arguments.has(Self.replace)
        timeoutSeconds = try arguments.integer(Self.timeout, minimum: 1, maximum: 600, command: Self.spec.name) ?? WebPage.defaultTimeout
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        var recipes: [RecipeJSON] = []
        var origins: [RecipeOrigin?] = []
        var skipped: [String] = []
        // A long import is not silent on a terminal; piped, stderr stays for diagnostics.
        let progress = ProgressLine(environment.errors)
        defer { progress?.erase() }
        if WebPage.isAddress(file) {
            progress?.show("recipes: fetching \(TerminalText.oneLine(file))…", always: true)
            let page = try WebPage.fetch(file, timeout: timeoutSeconds)
            do {
                let document = try RecipeDocument(data: page.data, fileName: WebPage.fileName(of: page.address), address: page.address)
                recipes = document.archive.recipes
                origins = document.origins
                skipped = document.skipped.map { "\(file): \($0)" }
            } catch let error as RecipeFormatError {
                throw CommandFailure("\(TerminalText.oneLine(file)): not a recipe page: \(error.reason)")
            }
        }
        for path in WebPage.isAddress(file) ? [] : try Self.cooklangFiles(at: file) ?? [file] {
            let label = path == "-" ? "standard input" : path
            progress?.show("recipes: reading \(TerminalText.oneLine(label))…", always: true)
            do {
                let document = try RecipeDocument(data: try Self.contents(of: path, foundInFolder: path != file), fileName: path == "-" ? nil : path)
                recipes.append(contentsOf: document.archive.recipes)
                // A file found in a folder is known by its path inside that folder.
                origins.append(contentsOf: document.origins.map { origin in
                    origin.map { RecipeOrigin(format: $0.format, path: path == file ? $0.path : Self.relativePath(path, in: file), text: $0.text) }
                })
                skipped.append(contentsOf: document.skipped.map { "\(label): \($0)" })
            } catch let error as RecipeFormatError {
                throw CommandFailure("\(label): \(error.reason)")
            }
        }
        let store = try environment.openStore(creating: true)
        let summary: ImportSummary
        do {
            summary = try store.importArchive(RecipeArchive(recipes: recipes), replace: replacing, now: environment.now,
                                              local: environment.local, origins: origins, progress: progress.map(Self.report))
        } catch let error as RecipeFormatError {
            throw CommandFailure("\(file == "-" ? "standard input" : file): \(error.reason); nothing was imported")
        }
        progress?.erase()
        for note in skipped { environment.errors.line("recipes: skipped: " + TerminalText.oneLine(note)) }
        var line = "imported \(summary.imported.count) \(summary.imported.count == 1 ? "recipe" : "recipes")"
        if !summary.replaced.isEmpty { line += ", replaced \(summary.replaced.count)" }
        if !summary.skipped.isEmpty {
            let names = summary.skipped.prefix(5).map(TerminalText.oneLine).joined(separator: ", ")
            line += ", skipped \(summary.skipped.count) already in the store (\(names)\(summary.skipped.count > 5 ? ", ..." : ""); --replace overwrites)"
        }
        environment.output.line(line)
        return .success
    }

    /// "importing 12000 of 20000 recipes (2400/s)", drawn on `line`; the last one always, and
    /// saying that the save (one transaction, the search index with it) follows.
    private static func report(on line: ProgressLine) -> (Int, Int) -> Void {
        let started = Date()
        return { done, total in
            let rate = Int(Double(done) / max(Date().timeIntervalSince(started), 0.001))
            line.show("recipes: importing \(done) of \(total) recipes (\(rate)/s)\(done == total ? ", saving…" : "")", always: done == total)
        }
    }

    /// The Cooklang files FILE names (itself, or the .cook files in a folder, sorted), or nil
    /// when it is not Cooklang.
    static func cooklangFiles(at file: String) throws -> [String]? {
        guard file != "-", isFolder(file) else { return file.hasSuffix(".cook") ? [file] : nil }
        var found: [String] = []
        var seen = 0
        // A cookbook is a folder of files, not a file system: links to folders are not
        // followed, and a scan that meets too many entries stops with an error.
        func collect(_ folder: String) throws {
            let entries: [String]
            do {
                entries = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            } catch {
                throw CommandFailure("cannot read the folder \(folder)")
            }
            for entry in entries {
                seen += 1
                guard seen <= maximumEntries else {
                    throw CommandFailure("\(file) holds more than \(maximumEntries) files and folders; name the folder of your recipes")
                }
                let path = folder + (folder.hasSuffix("/") ? "" : "/") + entry
                if isFolder(path) { try collect(path) } else if entry.hasSuffix(".cook") { found.append(path) }
            }
        }
        try collect(file)
        guard !found.isEmpty else { throw CommandFailure("\(file) holds no .cook files") }
        return found
    }

    static let maximumEntries = 50_000

    /// `folder/Dinners/Meatballs.cook` as `Dinners/Meatballs.cook`.
    static func relativePath(_ path: String, in folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// A real folder (not a link to one).
    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// The largest .cook file read from a folder; real ones are a few kilobytes.
    static let maximumCooklangBytes = 16 << 20

    /// The file's bytes, or standard input's for "-". A file found in a folder must be a
    /// regular file (a link to a device or a FIFO there would never end or never start);
    /// a file named on the command line may be a pipe, as `<(curl …)` gives.
    static func contents(of file: String, foundInFolder: Bool = false) throws -> Data {
        do {
            if foundInFolder { return try FileContents.readRegularFile(file, maximumBytes: maximumCooklangBytes) }
            return file == "-" ? try FileContents.read(descriptor: STDIN_FILENO, name: "standard input") : try FileContents.read(file)
        } catch let error as FileReadError {
            throw CommandFailure(error.description)
        }
    }
}
