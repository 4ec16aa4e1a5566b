import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Reads whole files with POSIX calls. Foundation's `Data(contentsOf:)` leaves its buffer
/// behind on this toolchain (LeakSanitizer reports it), and standard input needs reading by
/// descriptor anyway.
public enum FileContents {
    /// The bytes of the file at `path`.
    public static func read(_ path: String) throws -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileReadError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        return try read(descriptor: descriptor, name: path)
    }

    /// The bytes of the regular file at `path`, at most `maximumBytes` of them, for files
    /// found in folders that others can write to (a sync folder, a cookbook): a link to a
    /// device or a FIFO, or a file larger than `maximumBytes`, is refused without reading it,
    /// and opening never blocks.
    public static func readRegularFile(_ path: String, maximumBytes: Int) throws -> Data {
        let (descriptor, size) = try openRegularFile(path)
        defer { close(descriptor) }
        guard size <= maximumBytes else { throw FileReadError(path: path, reason: "larger than \(maximumBytes / 1_048_576) MB") }
        // A regular file ignores O_NONBLOCK for reads, so this reads to its end.
        return try read(descriptor: descriptor, name: path, maximumBytes: maximumBytes)
    }

    /// Opens `path` for reading only if it is a regular file (following a link, but never
    /// blocking on a FIFO or reading a device); returns the descriptor, which the caller
    /// closes, and the file's size.
    static func openRegularFile(_ path: String) throws -> (descriptor: Int32, size: Int) {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw FileReadError(path: path, reason: String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw FileReadError(path: path, reason: "not a regular file")
        }
        return (descriptor, Int(status.st_size))
    }

    /// Up to `count` bytes from the start of an open file.
    static func prefix(of descriptor: Int32, count: Int, name: String) throws -> Data {
        var buffer = [UInt8](repeating: 0, count: count)
        let read = pread(descriptor, &buffer, count, 0)
        guard read >= 0 else { throw FileReadError(path: name, reason: String(cString: strerror(errno))) }
        return Data(buffer[0..<read])
    }

    /// Everything left to read from an open descriptor (standard input: `STDIN_FILENO`).
    public static func read(descriptor: Int32, name: String) throws -> Data {
        try read(descriptor: descriptor, name: name, maximumBytes: Int.max)
    }

    static func read(descriptor: Int32, name: String, maximumBytes: Int) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count == 0 { return data }
            // A file that grows while it is read (still being written) is cut off, not followed.
            if count > 0, data.count + count > maximumBytes {
                throw FileReadError(path: name, reason: "larger than \(maximumBytes / 1_048_576) MB")
            }
            guard count > 0 else {
                if errno == EINTR { continue }
                throw FileReadError(path: name, reason: String(cString: strerror(errno)))
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }
}

/// A file that could not be read, and the system's reason.
public struct FileReadError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file.
    public let path: String
    /// Why it could not be read.
    public let reason: String
    public var description: String { "cannot read \(path): \(reason)" }
}
