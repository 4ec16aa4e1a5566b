import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import RecipesCore

/// `recipes edit`: the whole recipe in `$VISUAL` / `$EDITOR`, saved in one transaction.
struct EditCommand: RecipesCommand {
    static let spec = CommandSpec(
        name: "edit",
        abstract: "Edit a recipe in your text editor.",
        discussion: """
            Opens $VISUAL, else $EDITOR, else vi on the recipe as text: its fields, then its \
            summary, ingredients (one a line, as written or AMOUNT :: NAME; == For the dough == \
            is a heading) and instructions. \
            Saving and quitting writes the changes in one transaction; an unchanged file writes \
            nothing. A text that cannot be read opens again with the problem at the top; \
            quitting it unchanged gives up and keeps your text in a file that is named. If \
            another process or a sync changed a field you changed meanwhile, nothing is \
            written and your text is kept the same way. RECIPE is matched as in 'recipes show'.
            """,
        arguments: [ArgumentSpec("recipe", variadic: true, completes: .recipe, help: "The recipe's name or an id prefix.")],
        examples: ["recipes edit pancakes", "EDITOR=nano recipes edit 3F2A"])

    let reference: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        reference = arguments.positionals.joined(separator: " ")
    }

    static let help = ["Edit the recipe below, then save and quit; an unchanged file changes nothing.",
                       "Ingredients: one a line, as written (2 eggs) or AMOUNT :: NAME; == For the dough == is a heading."]

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let store = try environment.openStore()
        // Said before the editor opens, not after the user has typed their changes.
        guard !store.isReadOnly else { throw RecipeStoreError.readOnly(path: store.path ?? environment.storePath) }
        let context = ModelContext(store)
        let found = try CommonOptions.resolve(reference, in: store)
        let recipe = try CommonOptions.model(of: found, in: context)
        let original = RecipeEditText(recipe)
        let file = try Self.temporaryFile(for: recipe)
        var text = original.text(comments: Self.help)
        var lastShown = text
        try Self.write(text, to: file)
        while true {
            let status = try Editor.edit(file)
            guard status == 0 else {
                unlink(file)
                throw CommandFailure("the editor '\(TerminalText.oneLine(Editor.command))' exited with status \(status); nothing was changed")
            }
            text = try Self.read(file)
            // Untouched: nothing to read back, even if the recipe's text looks like a heading.
            if text == original.text(comments: Self.help) {
                unlink(file)
                environment.output.line("\(Self.label(recipe)): nothing changed")
                return .success
            }
            let edited: RecipeEditText
            do {
                edited = try RecipeEditText(parsing: text)
            } catch {
                // Quitting a text that still has its problem means giving up.
                if text == lastShown, lastShown.hasPrefix("# ERROR") {
                    throw CommandFailure("\(error); nothing was changed, and your text is kept in \(file)")
                }
                // The line as the reopened text numbers it, under its one error line.
                let errorLines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix("# ERROR") }.count
                lastShown = "# ERROR: line \(error.line - errorLines + 1): \(error.reason). Fix it, or quit without saving to give up.\n" + Self.withoutErrorLines(text)
                try Self.write(lastShown, to: file)
                continue
            }
            guard edited != original else {
                unlink(file)
                environment.output.line("\(Self.label(recipe)): nothing changed")
                return .success
            }
            guard edited.kind == recipe.variety else {
                // Quitting with the kind still changed gives up, as for any other problem.
                if text == lastShown, lastShown.hasPrefix("# ERROR") {
                    throw CommandFailure("the kind cannot change in edit ('recipes set RECIPE --kind \(edited.kind.rawValue)' changes it); "
                                         + "nothing was changed, and your text is kept in \(file)")
                }
                lastShown = "# ERROR: the kind cannot change here (it is \(recipe.variety.rawValue)); 'recipes set RECIPE --kind \(edited.kind.rawValue)' changes it.\n"
                    + Self.withoutErrorLines(text)
                try Self.write(lastShown, to: file)
                continue
            }
            let changed = edited.apply(to: recipe)
            do {
                try context.save()
            } catch let error as RecipeStoreError {
                throw CommandFailure("\(error); your text is kept in \(file)")
            }
            unlink(file)
            environment.output.line("updated \(Self.label(recipe)): \(changed.joined(separator: ", "))")
            return .success
        }
    }

    private static func label(_ recipe: Recipe) -> String {
        "\(TerminalText.oneLine(recipe.name)) (\(CommonOptions.shortID(recipe.id)))"
    }

    private static func withoutErrorLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("# ERROR") }.joined(separator: "\n")
    }

    /// A private file in $TMPDIR (or /tmp) named after the recipe's id.
    private static func temporaryFile(for recipe: Recipe) throws -> String {
        let folder = CommandEnvironment.variable("TMPDIR") ?? "/tmp"
        var template = Array("\(folder)/recipes-edit-\(CommonOptions.shortID(recipe.id))-XXXXXX.txt".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard descriptor >= 0 else { throw CommandFailure("cannot make a file to edit in \(folder): \(String(cString: strerror(errno)))") }
        close(descriptor)
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func write(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure("cannot write \(path): \(error)")
        }
    }

    private static func read(_ path: String) throws -> String {
        do {
            return String(decoding: try FileContents.read(path), as: UTF8.self)
        } catch let error as FileReadError {
            throw CommandFailure(error.description)
        }
    }
}
