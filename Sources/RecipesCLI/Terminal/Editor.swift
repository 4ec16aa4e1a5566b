import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The user's text editor: `$VISUAL`, else `$EDITOR`, else `vi`, run through the shell (so
/// `EDITOR="code --wait"` works) on the terminal this process has, and waited for.
enum Editor {
    static var command: String {
        CommandEnvironment.variable("VISUAL") ?? CommandEnvironment.variable("EDITOR") ?? "vi"
    }

    /// Runs the editor on `path`; returns its exit status.
    static func edit(_ path: String) throws -> Int32 {
        // The path goes in as $1, never pasted into the command.
        let arguments = ["/bin/sh", "-c", command + " \"$1\"", "recipes-edit", path]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ)
        guard spawned == 0 else { throw CommandFailure("cannot start the editor '\(TerminalText.oneLine(command))': \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw CommandFailure("lost the editor '\(TerminalText.oneLine(command))'") }
        }
        // WIFEXITED / WEXITSTATUS, which Swift cannot import as macros.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
