import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import RecipesCore

// The binary only parses, runs one command and maps failures to one stderr line and an exit
// status; the work is in the Recipes library.

// A closed pipe shows up as a failed write (handled by TextOutput), not as a fatal signal;
// likewise a file-size limit (ulimit -f) becomes a failed write that SQLite reports as a full
// disk and rolls back, instead of killing the process mid-transaction.
signal(SIGPIPE, SIG_IGN)
signal(SIGXFSZ, SIG_IGN)

func runRecipes(_ argv: [String]) -> ExitStatus {
    let output = TextOutput(descriptor: STDOUT_FILENO), errors = TextOutput(descriptor: STDERR_FILENO, lineBuffered: true)
    defer {
        output.flush()
        errors.flush()
    }
    // Messages quote input (a file's format name, keys and recipe names, an argument), so
    // each is defused as names are: one line, no control characters, escapes or bidi overrides.
    func fail(_ line: String, _ status: ExitStatus) -> ExitStatus {
        errors.line(TerminalText.oneLine(line))
        return status
    }
    let invocation: Invocation
    do {
        invocation = try CommandLineParser().parse(argv)
    } catch {
        return fail(error.line, .usage)
    }
    switch invocation {
    case .version:
        output.line(HelpText.version)
        return .success
    case .help(let command):
        output.write(HelpCommand.text(for: command))
        return .success
    case .run(let commandType, let arguments, let store):
        output.usesColor = TerminalColor.isWanted(arguments.choice(GlobalOptions.color), isTerminal: output.isTerminal)
        do {
            let command = try commandType.init(arguments)
            let environment = try CommandEnvironment(output: output, errors: errors, storeOption: store)
            return try command.run(environment)
        } catch let error as UsageError {
            return fail(error.line, .usage)
        } catch let error as CommandFailure {
            return fail("recipes: error: \(error.message)", error.status)
        } catch let error as RecipeStoreError {
            return fail("recipes: error: \(error.commandLineDescription)", .failure)
        } catch {
            return fail("recipes: error: \(error)", .failure)
        }
    }
}

exit(runRecipes(Array(CommandLine.arguments.dropFirst())).rawValue)
