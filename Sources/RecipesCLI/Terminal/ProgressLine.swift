import FoundationEssentials

/// One line of progress for a person watching a terminal: redrawn in place at most ten
/// times a second and erased when the work is done, so it never lands in a log or a pipe
/// (there is no line at all when the stream is not a terminal).
final class ProgressLine {
    private let output: TextOutput
    private var drawn: Date?
    private var isShown = false

    init?(_ output: TextOutput) {
        guard output.isTerminal else { return nil }
        self.output = output
    }

    /// Draws `text` over the previous line; `always` draws even within a tenth of a second.
    func show(_ text: String, always: Bool = false) {
        let now = Date()
        if !always, let drawn, now.timeIntervalSince(drawn) < 0.1 { return }
        drawn = now
        isShown = true
        output.write("\r\u{1B}[K" + text)
        output.flush()
    }

    /// Clears the line, before other output or at the end; again is harmless.
    func erase() {
        guard isShown else { return }
        isShown = false
        output.write("\r\u{1B}[K")
        output.flush()
    }
}
