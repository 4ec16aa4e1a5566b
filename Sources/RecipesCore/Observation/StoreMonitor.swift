import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Waits for commits to one store file on a thread of its own, with its own connection, and
/// reports each batch of changed recipes. The thread sleeps in poll(2) between commits, so an
/// idle stream costs no CPU and holds none of Swift concurrency's few cooperative threads.
///
/// Every commit by any other connection moves the monitor connection's `PRAGMA data_version`
/// (its own reads do not): commits by other processes, and this process's saves, which always
/// go through a connection other than the monitor's.
package final class StoreMonitor {
    private let watcher: StoreFileWatcher
    private var store: RecipeStore
    private var versions: RecipeVersions
    private var dataVersion: Int
    private let url: URL
    /// inotify reports the write to the -wal before the writer publishes the commit in the
    /// -shm index (a memory map, which raises no event), so a look right after an event can
    /// miss the commit it announced, even when it found an earlier one: after each event the
    /// monitor looks again, 50 ms apart, this many more times.
    private var lookAgain = 0

    /// Takes the baseline now: commits after this call are reported, none before.
    init(url: URL) throws {
        self.url = url
        // Watching starts before the baseline is read, so no commit falls between the two.
        do {
            watcher = try StoreFileWatcher(storePath: url.path)
        } catch {
            throw RecipeStoreError.cannotWatch(path: error.path, detail: error.detail)
        }
        store = try RecipeStore(url: url)
        dataVersion = try store.dataVersion
        versions = try RecipeVersions(store)
    }

    /// The store connection the monitor reads with, for follow-up queries on its thread.
    package var connection: RecipeStore { store }

    /// Blocks until recipes changed (returns the change) or `stop` fires (returns nil).
    package func next(stop: StopSignal) throws -> StoreChange? {
        var descriptors = [pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: stop.fileDescriptor, events: Int16(POLLIN), revents: 0)]
        while true {
            for index in descriptors.indices { descriptors[index].revents = 0 }
            let ready = poll(&descriptors, nfds_t(descriptors.count), lookAgain > 0 ? 50 : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                throw RecipeStoreError.cannotWatch(path: url.path, detail: "poll failed (errno \(errno))")
            }
            if descriptors[1].revents != 0 { return nil }
            if ready > 0 {
                guard watcher.drain().store else { continue }
                lookAgain = 20
            } else {
                lookAgain -= 1
            }
            let replaced = watcher.storeWasReplaced
            if replaced {
                store = try RecipeStore(url: url)
                watcher.storeReopened()
            } else if try store.dataVersion == dataVersion {
                continue
            }
            dataVersion = try store.dataVersion
            let change = try versions.advance(store, full: replaced)
            if !change.isEmpty { return change }
        }
    }

    /// Runs `body` on a new thread that owns everything it captured.
    static func spawn(_ body: sending @escaping () -> Void) {
        let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { pointer in
            let body = Unmanaged<ThreadBody>.fromOpaque(pointer!).takeRetainedValue()
            body.run()
            return nil
        }, box)
        if started == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<ThreadBody>.fromOpaque(box).takeRetainedValue().run()
        }
    }
}

private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// Tells a monitor thread to stop: a pipe whose read end its poll(2) watches. Both ends close
/// when both the stream's termination handler and the thread have let go of it, so neither
/// writes to a pipe without a reader (SIGPIPE) nor polls a descriptor number that was reused.
package final class StopSignal: Sendable {
    let fileDescriptor: Int32
    private let writeEnd: Int32

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw RecipeStoreError.cannotWatch(path: "", detail: "pipe failed (errno \(errno))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        fileDescriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(fileDescriptor)
        close(writeEnd)
    }

    func fire() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }
}
