import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Wakes on writes to a store's files (the store, its -wal and -journal) with inotify on the
/// store's folder; the part of waiting for commits that the library's change stream and the
/// CLI's `next --follow` / `sync --watch` share. Callers poll ``fileDescriptor`` together with
/// their own descriptors and call ``drain()`` when it is readable.
///
/// The folder is watched, not the file: SQLite creates and deletes the -wal beside the store,
/// and a restored backup arrives by a rename over the store's name.
package final class StoreFileWatcher {
    /// The inotify descriptor: readable when something happened in a watched folder.
    package let fileDescriptor: Int32
    private let storePath: String
    private let storeFileName: String
    private let storeWatch: Int32
    private var storeIdentity: StoreFileIdentity?

    /// Watches the folder of the store at `storePath`.
    package init(storePath: String) throws(StoreWatchError) {
        self.storePath = storePath
        storeIdentity = StoreFileIdentity(path: storePath)
        let url = URL(fileURLWithPath: storePath)
        storeFileName = url.lastPathComponent
        fileDescriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fileDescriptor >= 0 else { throw StoreWatchError(path: storePath, detail: "inotify_init1 failed (errno \(errno))") }
        let folder = url.deletingLastPathComponent().path
        storeWatch = inotify_add_watch(fileDescriptor, folder, UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE))
        guard storeWatch >= 0 else {
            let failure = errno
            close(fileDescriptor)
            throw StoreWatchError(path: folder, detail: "errno \(failure)")
        }
    }

    deinit {
        close(fileDescriptor)
    }

    /// Also reports files created, written or moved into `folder` (hidden names aside: those
    /// are files still being written), and the folder itself deleted or moved away. Watching
    /// a folder twice is harmless.
    package func watch(folder: String) {
        let watch = inotify_add_watch(fileDescriptor, folder, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE_SELF | IN_MOVE_SELF | IN_MASK_ADD))
        if watch >= 0, watch != storeWatch { awaited[watch] = nil }
    }

    /// Reports `path` appearing: a folder that does not exist yet (a sync folder a sync tool
    /// has not made, or made again after it was deleted). The nearest folder above it that
    /// exists is watched for the next name on the way down.
    package func watch(forAppearanceOf path: String) {
        var child = URL(fileURLWithPath: path).standardizedFileURL
        var parent = child.deletingLastPathComponent()
        var status = stat()
        while stat(parent.path, &status) != 0, parent.path != "/" {
            child = parent
            parent = parent.deletingLastPathComponent()
        }
        let watch = inotify_add_watch(fileDescriptor, parent.path, UInt32(IN_CREATE | IN_MOVED_TO | IN_MASK_ADD))
        if watch >= 0 { awaited[watch] = child.lastPathComponent }
    }

    /// Watches of folders above a folder not there yet, with the name whose appearance counts.
    private var awaited: [Int32: String] = [:]

    /// Reads the pending events: whether one names the store or its -wal / -journal, and
    /// whether one names a visible file in another watched folder (or that folder itself,
    /// deleted or moved, or a folder awaited by ``watch(forAppearanceOf:)`` appearing).
    package func drain() -> (store: Bool, folder: Bool) {
        var result = (store: false, folder: false)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return result }
            var offset = 0
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= count {
                let watch = buffer.withUnsafeBytes { $0.load(fromByteOffset: offset, as: Int32.self) }
                let nameLength = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
                let mask = buffer.withUnsafeBytes { $0.load(fromByteOffset: offset + 4, as: UInt32.self) }
                if nameLength > 0 {
                    let start = offset + headerSize
                    let name = String(decoding: buffer[start..<min(start + nameLength, count)].prefix { $0 != 0 }, as: UTF8.self)
                    if watch == storeWatch, name.hasPrefix(storeFileName) { result.store = true }
                    if let awaitedName = awaited[watch] {
                        if name == awaitedName { result.folder = true }
                    } else if watch != storeWatch, !name.hasPrefix(".") {
                        result.folder = true
                    }
                } else if watch != storeWatch, mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                    result.folder = true
                }
                offset += headerSize + nameLength
            }
        }
    }

    /// Whether a different file now sits at the store's path (a backup restored with `mv`).
    /// A path with no file (between a `rm` and a copy) is not a replacement yet.
    package var storeWasReplaced: Bool {
        guard let now = StoreFileIdentity(path: storePath) else { return false }
        return now != storeIdentity
    }

    /// Starts comparing against the file now at the store's path (after reopening it).
    package func storeReopened() {
        storeIdentity = StoreFileIdentity(path: storePath)
    }
}

/// Why a store's folder cannot be watched.
package struct StoreWatchError: Error, CustomStringConvertible {
    package let path: String
    package let detail: String

    package var description: String { "cannot watch \(path): \(detail)" }
}

/// Which file a path names: device and inode, which a rename over the path changes.
struct StoreFileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
