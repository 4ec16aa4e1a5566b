import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The files this process has SQLite connections to, by device and inode.
///
/// POSIX advisory locks belong to the process, and closing any descriptor of a file drops every
/// lock the process holds on it. SQLite keeps its own descriptors safe (it shares them per
/// inode), but a plain open()/close() of a store file beside a live connection would drop that
/// connection's locks, and another process closing the store would then checkpoint and delete
/// the -wal under it. Code that must read a store file itself (the header check) asks here
/// first, under the same lock that connections register with, so no connection can appear
/// while it reads.
enum ConnectedFiles {
    struct Identity: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    private static let connections = ConnectionCounts()

    static func identity(of path: String) -> Identity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Runs `body` with whether this process has a connection to the file at `path`; no
    /// connection to any file opens or closes while it runs.
    static func withConnectionState<R>(of path: String, _ body: (_ isConnected: Bool) throws -> R) throws -> R {
        try connections.withLock { open in
            let isConnected = identity(of: path).map { file in open.contains { $0.file == file } } ?? false
            return try body(isConnected)
        }
    }

    /// Records a new connection to the file at `path` (already opened by SQLite).
    static func register(_ path: String) -> Identity? {
        guard let identity = identity(of: path) else { return nil }
        connections.withLock { open in
            if let index = open.firstIndex(where: { $0.file == identity }) {
                open[index].count += 1
            } else {
                open.append((identity, 1))
            }
        }
        return identity
    }

    /// Records that a connection registered as `identity` has been closed.
    static func unregister(_ identity: Identity) {
        connections.withLock { open in
            guard let index = open.firstIndex(where: { $0.file == identity }) else { return }
            open[index].count -= 1
            if open[index].count == 0 { open.remove(at: index) }
        }
    }
}

/// The open-connection counts behind a pthread mutex. Not `Synchronization.Mutex`: under
/// contention its lock takes a slow path inside the (uninstrumented) Swift runtime library,
/// so ThreadSanitizer misses the ordering and reports the counts as a data race (seen once
/// in about 40 runs of ConcurrentActorsTests); TSan understands pthread mutexes.
private final class ConnectionCounts: @unchecked Sendable {
    // @unchecked: `counts` is only touched between lock and unlock of `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Each file with open connections and how many. A process has a few, so a list looked
    /// through in order: a dictionary keyed by Identity had its Hashable conformance looked up
    /// at run time on first use, a hundredth of a status bar's `recipes next`.
    private var counts: [(file: ConnectedFiles.Identity, count: Int)] = []

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<R>(_ body: (inout [(file: ConnectedFiles.Identity, count: Int)]) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&counts)
    }
}
