import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The terminal taken over for a full-screen view: keys read one at a time without echo, the
/// alternate screen (so the shell's screen comes back as it was), the cursor hidden. Whatever
/// ends the view puts the terminal back: leaving, Ctrl-C, SIGTERM or SIGHUP (reported as
/// ``Event/stop``), Ctrl-Z (left for the shell and entered again on `fg`), and a crash, whose
/// signal handler restores the terminal before the process dies.
final class FullScreen {
    enum Key: Equatable {
        case character(Character)
        case left, right, up, down, pageUp, pageDown, enter
    }

    enum Event: Equatable {
        case key(Key)
        /// The window changed size: draw again.
        case resize
        /// Ctrl-C, SIGTERM, SIGHUP, or the terminal gone (end of input).
        case stop
    }

    /// The screen's size, read from the terminal (80×24 when it does not say).
    var size: (columns: Int, rows: Int) {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return (80, 24) }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    private var pending: [UInt8] = []

    /// Takes the terminal over; nil when stdin or stdout is not a terminal.
    init?() {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, tcgetattr(STDIN_FILENO, &savedModes) == 0 else { return nil }
        FullScreenSignals.install()
        enter()
    }

    /// Raw keys, the alternate screen, no cursor. Signals stay on: Ctrl-C and Ctrl-Z arrive
    /// as signals, so they work as everywhere else.
    private func enter() {
        var modes = savedModes
        modes.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
        // Ctrl-S would freeze the view; a carriage return stays a carriage return.
        modes.c_iflag &= ~tcflag_t(IXON | ICRNL)
        // A read returns as soon as one byte is there (VMIN 1, VTIME 0).
        modes.c_cc.6 = 1
        modes.c_cc.5 = 0
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &modes)
        isTakenOver = 1
        Self.write(Self.enterSequence)
    }

    /// Gives the terminal back as it was. Safe to call twice.
    func leave() {
        guard isTakenOver == 1 else { return }
        Self.write(Self.leaveSequence)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedModes)
        isTakenOver = 0
    }

    deinit { leave() }

    /// Draws `lines` over the whole screen, one write so it does not flicker.
    func draw(_ lines: [String]) {
        var frame = "\u{1B}[H"
        for (index, line) in lines.enumerated() {
            frame += line + "\u{1B}[0m\u{1B}[K"
            if index < lines.count - 1 { frame += "\r\n" }
        }
        frame += "\u{1B}[J"
        Self.write(frame)
    }

    /// Rings the terminal's bell.
    func bell() { Self.write("\u{07}") }

    /// The next events, waiting at most `timeout` milliseconds (-1: until something happens).
    /// Nothing runs between events: an idle view costs no processor time.
    func events(timeout: Int32) -> [Event] {
        if let parsed = parsedKeys(), !parsed.isEmpty { return parsed.map { .key($0) } }
        var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: fullScreenPipeReadEnd, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&descriptors, 2, timeout)
        guard ready > 0 else { return [] }
        var events: [Event] = []
        if descriptors[1].revents & Int16(POLLIN) != 0 {
            var bytes = [UInt8](repeating: 0, count: 32)
            let count = read(fullScreenPipeReadEnd, &bytes, bytes.count)
            for byte in bytes.prefix(max(0, count)) {
                switch byte {
                case FullScreenSignals.resized: events.append(.resize)
                case FullScreenSignals.suspended: suspend(); events.append(.resize)
                default: events.append(.stop)
                }
            }
        }
        if descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            var bytes = [UInt8](repeating: 0, count: 64)
            let count = read(STDIN_FILENO, &bytes, bytes.count)
            if count <= 0 { return events + [.stop] }
            pending += bytes.prefix(count)
            events += (parsedKeys() ?? []).map { .key($0) }
        }
        return events
    }

    /// Ctrl-Z: the shell's screen back while stopped, the view again on `fg`.
    private func suspend() {
        leave()
        signal(SIGTSTP, SIG_DFL)
        kill(getpid(), SIGTSTP)
        // Here again after SIGCONT.
        FullScreenSignals.install()
        tcgetattr(STDIN_FILENO, &savedModes)
        enter()
    }

    /// Keys in the bytes read so far; an escape sequence cut by the read waits for its rest.
    private func parsedKeys() -> [Key]? {
        guard !pending.isEmpty else { return nil }
        var keys: [Key] = []
        var index = 0
        let sequences: [([UInt8], Key)] = [
            (Array("\u{1B}[C".utf8), .right), (Array("\u{1B}[D".utf8), .left), (Array("\u{1B}OC".utf8), .right), (Array("\u{1B}OD".utf8), .left),
            (Array("\u{1B}[A".utf8), .up), (Array("\u{1B}[B".utf8), .down), (Array("\u{1B}OA".utf8), .up), (Array("\u{1B}OB".utf8), .down),
            (Array("\u{1B}[5~".utf8), .pageUp), (Array("\u{1B}[6~".utf8), .pageDown),
        ]
        scan: while index < pending.count {
            let byte = pending[index]
            if byte == 0x1B {
                let rest = Array(pending[index...])
                for (sequence, key) in sequences where rest.starts(with: sequence) {
                    keys.append(key)
                    index += sequence.count
                    continue scan
                }
                // Part of a known sequence: wait for its rest.
                if rest.count < 4, sequences.contains(where: { $0.0.starts(with: rest) }) { break }
                // Any other sequence is dropped whole: CSI up to its final byte, SS3 and Alt
                // with the one character after them.
                if rest.count >= 2, rest[1] == 0x5B {
                    index += 2
                    while index < pending.count, !(0x40...0x7E).contains(pending[index]) { index += 1 }
                    index += 1
                } else {
                    index += min(2, rest.count)
                }
                continue
            }
            if byte == 0x0D || byte == 0x0A {
                keys.append(.enter)
            } else if byte >= 0x20, byte < 0x7F {
                keys.append(.character(Character(Unicode.Scalar(byte))))
            }
            index += 1
        }
        pending.removeFirst(min(index, pending.count))
        return keys
    }

    private static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
    private static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    private static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// The signals a full-screen view answers, turned into bytes on a pipe its poll watches
/// (a handler may do little else safely); a crash's signal restores the terminal itself.
enum FullScreenSignals {
    static let resized: UInt8 = 0x77, suspended: UInt8 = 0x7A, stopped: UInt8 = 0x71

    static func install() {
        if fullScreenPipeReadEnd < 0 {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return }
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, O_NONBLOCK)
            }
            fullScreenPipeReadEnd = ends[0]
            fullScreenPipeWriteEnd = ends[1]
        }
        var set = sigset_t()
        sigemptyset(&set)
        for (number, handler) in [(SIGWINCH, onResize), (SIGTSTP, onSuspend), (SIGINT, onStop), (SIGTERM, onStop), (SIGHUP, onStop)]
            as [(Int32, @convention(c) (Int32) -> Void)] {
            signal(number, handler)
            sigaddset(&set, number)
        }
        // A parent may start us with these blocked (Foundation's Process does).
        sigprocmask(SIG_UNBLOCK, &set, nil)
        for number in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGQUIT] { signal(number, onCrash) }
    }
}

// Set before any handler can run, then only read by the handlers.
nonisolated(unsafe) private var fullScreenPipeReadEnd: Int32 = -1
nonisolated(unsafe) private var fullScreenPipeWriteEnd: Int32 = -1
/// The terminal's modes before the view, which every way out puts back.
nonisolated(unsafe) private var savedModes = termios()
/// 1 while the view has the terminal (a crash handler reads it).
nonisolated(unsafe) private var isTakenOver: sig_atomic_t = 0

private func signalByte(_ byte: UInt8) {
    var byte = byte
    _ = write(fullScreenPipeWriteEnd, &byte, 1)
}

private func onResize(_ signal: Int32) { signalByte(FullScreenSignals.resized) }
private func onSuspend(_ signal: Int32) { signalByte(FullScreenSignals.suspended) }
private func onStop(_ signal: Int32) { signalByte(FullScreenSignals.stopped) }

/// A crash: the shell's screen and modes back (write and tcsetattr are safe in a handler),
/// then the signal's own ending, core dump and all.
private func onCrash(_ number: Int32) {
    if isTakenOver == 1 {
        let sequence: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
        _ = write(STDOUT_FILENO, sequence.utf8Start, sequence.utf8CodeUnitCount)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedModes)
    }
    signal(number, SIG_DFL)
    raise(number)
}
