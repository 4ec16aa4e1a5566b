import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A line-oriented writer over stdout or stderr that notices a closed pipe, so that
/// `recipes search x | head -1` stops early and exits quietly.
final class TextOutput {
    private let file: UnsafeMutablePointer<FILE>
    /// Set once a write has failed (the reader went away).
    private(set) var isBroken = false
    let isTerminal: Bool
    /// Whether tables may colour their text (see TerminalColor), set once the options are read.
    var usesColor = false

    /// A buffered writer on `descriptor` (STDOUT_FILENO or STDERR_FILENO).
    /// Diagnostics are line-buffered so they appear when they happen.
    init(descriptor: Int32, lineBuffered: Bool = false) {
        // fdopen rather than the C globals `stdout` / `stderr`, which Swift 6 treats as
        // shared mutable state; the process writes through nothing else.
        file = fdopen(descriptor, "w")
        if lineBuffered { setvbuf(file, nil, _IOLBF, 0) }
        isTerminal = isatty(descriptor) == 1
    }

    func write(_ text: String) {
        guard !isBroken else { return }
        if fputs(text, file) == EOF { isBroken = true }
    }

    /// Writes `bytes` as they are (UTF-8 text the caller built without a String).
    func write(_ bytes: [UInt8]) {
        guard !isBroken, !bytes.isEmpty else { return }
        if bytes.withUnsafeBytes({ fwrite($0.baseAddress, 1, $0.count, file) }) != bytes.count { isBroken = true }
    }

    func line(_ text: String) {
        write(text)
        write("\n")
    }

    func flush() {
        guard !isBroken else { return }
        if fflush(file) != 0 { isBroken = true }
    }
}
