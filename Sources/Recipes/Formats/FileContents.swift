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

    /// Everything left to read from an open descriptor (standard input: `STDIN_FILENO`).
    public static func read(descriptor: Int32, name: String) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count == 0 { return data }
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
    public let path: String
    public let reason: String
    public var description: String { "cannot read \(path): \(reason)" }
}
