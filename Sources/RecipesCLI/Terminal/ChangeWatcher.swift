import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import RecipesCore

/// Sleeps until the store's files change, a deadline passes, the reader of stdout goes away,
/// or SIGTERM / SIGINT / SIGHUP arrives: the idle half of `recipes next --follow` and
/// `recipes sync --watch`, using no CPU while it waits (poll). What wakes it for the store
/// is the library's `StoreFileWatcher`, the same piece under `StoreChanges`; this type adds
/// what only a command has: stop signals and a closed stdout. Folders added with
/// `watch(folder:)` wake it too, when a file there appears or changes.
final class ChangeWatcher {
    enum Wake {
        case deadline
        case storeChanged
        case folderChanged
        /// Another file now sits at the store's path (a backup restored with `mv`): the
        /// caller reopens the store, or it would go on reading and writing the old file.
        case storeReplaced
        case stop
    }

    private let files: StoreFileWatcher

    init(storePath: String) throws {
        do {
            files = try StoreFileWatcher(storePath: storePath)
        } catch {
            throw CommandFailure(error.description)
        }
        // A stop signal writes to a pipe that poll() watches, so the loop ends cleanly
        // instead of the process dying mid-write.
        StopSignals.install()
    }

    /// Also wakes for files created, written or moved into `folder` (hidden names aside:
    /// those are files still being written), and for the folder deleted or moved away.
    /// Watching a folder twice is harmless.
    func watch(folder: String) {
        files.watch(folder: folder)
    }

    /// Also wakes when `path`, a folder not there yet, appears.
    func watch(forAppearanceOf path: String) {
        files.watch(forAppearanceOf: path)
    }

    /// Waits at most `seconds` for another process's commit to the store (or a folder event,
    /// the deadline, a stop). This process's own reads and writes touch the store's files too;
    /// they are told apart by `PRAGMA data_version`, which `version` carries between calls.
    func waitForOtherWriters(seconds: TimeInterval, store: RecipeStore, version: inout Int) throws -> Wake {
        let started = Date()
        var wake = wait(seconds: seconds)
        // inotify reports a commit's write to the -wal before the commit is visible, so an
        // event with no new data_version is looked at again, 50 ms apart, up to 20 times
        // (see the library's StoreMonitor), before sleeping until the next event.
        var looksLeft = 20
        while wake == .storeChanged, !files.storeWasReplaced, try store.dataVersion == version {
            let remaining = max(0.05, seconds - Date().timeIntervalSince(started))
            guard looksLeft > 0, remaining > 0.05 else {
                wake = wait(seconds: remaining)
                looksLeft = 20
                continue
            }
            looksLeft -= 1
            let next = wait(seconds: 0.05)
            if next == .storeChanged { looksLeft = 20 }
            wake = next == .deadline ? .storeChanged : next
        }
        if wake != .stop, files.storeWasReplaced { return .storeReplaced }
        version = try store.dataVersion
        return wake
    }

    /// Starts comparing against the file now at the store's path (after reopening it).
    func storeReopened() {
        files.storeReopened()
    }

    /// Waits at most `seconds`.
    func wait(seconds: TimeInterval) -> Wake {
        var descriptors = [
            pollfd(fd: files.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: StopSignals.readEnd, events: Int16(POLLIN), revents: 0),
            // Events 0: poll still reports POLLERR / POLLHUP once the pipe's reader is gone.
            pollfd(fd: STDOUT_FILENO, events: 0, revents: 0),
        ]
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            // At most an hour per poll: a long interval (`--interval 4w`) in milliseconds
            // would not fit poll's Int32.
            let remaining = Int32(min(3_600_000, max(0, deadline.timeIntervalSinceNow * 1000)).rounded(.up))
            let ready = poll(&descriptors, nfds_t(descriptors.count), remaining)
            if ready == 0 {
                if deadline.timeIntervalSinceNow > 0 { continue }
                return .deadline
            }
            if ready < 0 {
                if errno == EINTR { continue }
                return .stop
            }
            if descriptors[1].revents != 0 || descriptors[2].revents & Int16(POLLERR | POLLHUP) != 0 { return .stop }
            if descriptors[0].revents != 0 {
                let events = files.drain()
                // A folder's event first: a sync follows it, which also sees the store's
                // change, whereas a store event from this process's own writes is waited
                // past (see waitForOtherWriters) and would take the folder's with it.
                if events.folder { return .folderChanged }
                if events.store { return .storeChanged }
            }
            for index in descriptors.indices { descriptors[index].revents = 0 }
        }
    }
}

/// SIGTERM, SIGINT and SIGHUP, turned into a readable pipe (the self-pipe trick): a signal
/// handler may only make async-signal-safe calls, and write(2) is one.
enum StopSignals {
    static var readEnd: Int32 { stopPipeReadEnd }

    static func install() {
        guard stopPipeReadEnd < 0 else { return }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        stopPipeReadEnd = ends[0]
        stopPipeWriteEnd = ends[1]
        // A parent may start us with these blocked (Foundation's Process does); unblock
        // them, or SIGTERM would wait in the mask forever.
        var set = sigset_t()
        sigemptyset(&set)
        for number in [SIGTERM, SIGINT, SIGHUP] {
            signal(number, writeStopByte)
            sigaddset(&set, number)
        }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }
}

// Set once by StopSignals.install() before a handler can run; afterwards only read.
nonisolated(unsafe) private var stopPipeReadEnd: Int32 = -1
nonisolated(unsafe) private var stopPipeWriteEnd: Int32 = -1

private func writeStopByte(_ signal: Int32) {
    var byte: UInt8 = 1
    _ = write(stopPipeWriteEnd, &byte, 1)
}
