import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// One immutable file of changes in a sync folder: `DIR/<replica>/<stamp>-<random>.changes`.
///
/// The first line is a header, `{"format":"recipes-changes","version":1,"replica":…,
/// "count":N,"bytes":B,"crc32":"…"}`; then B bytes of JSON, an array of ``RecipeChange``.
/// The length and CRC-32 of the body catch a file that a sync tool has copied only in part,
/// or that was damaged; such a file is skipped and read again next time.
///
/// A snapshot (`"snapshot":true`) is applied whatever replica stamped its changes, and
/// replaces every earlier file of its replica. A store writes one holding every version it
/// knows, other replicas' included, when the folder lacks its history (a new folder,
/// deleted files) or when files of another replica it had read are gone; and one holding
/// what only its folder needs to hold when it compacts its files (see
/// `RecipeStore.compactIfDue`). In any other file every change carries the file's replica in
/// its stamp.
struct ChangeFile {
    static let formatName = "recipes-changes"
    static let currentVersion = 1
    static let fileExtension = ".changes"

    struct Header: Codable {
        var format: String
        var version: Int
        var replica: String
        var count: Int
        var bytes: Int
        var crc32: String
        /// Absent in files written before snapshots existed, which are ordinary change files.
        var snapshot: Bool?
    }

    /// The largest change file read: 100,000 recipes make about 250 MB (the bench's corpus),
    /// so this allows about 400,000. A header claiming more is not believed, and the checksum is checked while
    /// reading in small pieces before the file is loaded, so a crafted or sparse file cannot
    /// make a sync hold gigabytes.
    static let maximumBytes = 1 << 30
    /// The header line's longest possible length, with room to spare.
    static let maximumHeaderBytes = 4_096

    enum Reading {
        case changes([RecipeChange], snapshot: Bool)
        /// Written by a newer version of this program: kept, not applied.
        case newer(version: Int)
        case damaged(reason: String)
    }

    /// Changes encoded at a time. The encoder builds a tree of the whole value before writing
    /// it out: encoding a 100,000-recipe snapshot at once peaked at 1.6 GB, six times the file.
    static let encodingPart = 1_000

    /// The file's bytes for `changes` made by `replica`.
    static func encode(_ changes: [RecipeChange], replica: String, snapshot: Bool = false) throws -> Data {
        let encoder = RecipeJSON.encoder
        // The array is encoded a part at a time, each part's brackets dropped and the parts
        // joined by commas: the same bytes as encoding it whole, which puts no white space
        // between elements.
        var body = Data([UInt8(ascii: "[")])
        for start in stride(from: 0, to: changes.count, by: encodingPart) {
            let part = try encoder.encode(Array(changes[start..<min(start + encodingPart, changes.count)]))
            if start > 0 { body.append(UInt8(ascii: ",")) }
            body.append(part.dropFirst().dropLast())
        }
        body.append(UInt8(ascii: "]"))
        let header = Header(format: formatName, version: currentVersion, replica: replica, count: changes.count,
                            bytes: body.count, crc32: CRC32.hex(body), snapshot: snapshot ? true : nil)
        var data = try encoder.encode(header)
        data.reserveCapacity(data.count + 1 + body.count)
        data.append(0x0A)
        data.append(body)
        return data
    }

    /// Reads and checks the file at `path`. Only a regular file is read (a link to a device
    /// or a FIFO dropped into the folder is refused without blocking), and no more bytes than
    /// its header announces.
    static func read(_ path: String, expectedReplica: String, decoding: Bool = true) -> Reading {
        let opened: (descriptor: Int32, size: Int)
        do {
            opened = try FileContents.openRegularFile(path)
        } catch let error as FileReadError {
            return .damaged(reason: error.reason)
        } catch {
            return .damaged(reason: "\(error)")
        }
        defer { close(opened.descriptor) }
        do {
            let start = try FileContents.prefix(of: opened.descriptor, count: min(opened.size, maximumHeaderBytes), name: path)
            guard let newline = start.firstIndex(of: 0x0A) else { return .damaged(reason: "it has no header line") }
            let header: Header
            switch readHeader(start[start.startIndex..<newline], expectedReplica: expectedReplica) {
            case .success(let read): header = read
            case .failure(let failure): return failure.reading
            }
            guard header.bytes >= 0 else { return .damaged(reason: "its header announces \(header.bytes) bytes") }
            // Perhaps not damaged: a store of more than about 400,000 recipes writes a snapshot this large.
            guard header.bytes <= maximumBytes else {
                return .damaged(reason: "its header announces \(header.bytes) bytes, more than this version reads in one file (\(maximumBytes))")
            }
            let expected = newline + 1 + header.bytes
            guard opened.size == expected else { return shortOrLong(holding: opened.size - newline - 1, of: header.bytes) }
            guard try checksum(of: opened.descriptor, from: newline + 1, count: header.bytes, name: path) == header.crc32 else {
                return .damaged(reason: "its checksum does not match")
            }
            guard decoding else { return .changes([], snapshot: header.snapshot == true) }
            return decode(try FileContents.read(descriptor: opened.descriptor, name: path, maximumBytes: expected),
                          expectedReplica: expectedReplica)
        } catch let error as FileReadError {
            return .damaged(reason: error.reason)
        } catch {
            return .damaged(reason: "\(error)")
        }
    }

    /// The header alone (the file's first line), for what it says of the file: a sync that
    /// looks at another replica's files it has already applied reads no more of them.
    static func header(of path: String, expectedReplica: String) -> Header? {
        guard let opened = try? FileContents.openRegularFile(path) else { return nil }
        defer { close(opened.descriptor) }
        guard let start = try? FileContents.prefix(of: opened.descriptor, count: min(opened.size, maximumHeaderBytes), name: path),
              let newline = start.firstIndex(of: 0x0A),
              case .success(let header) = readHeader(start[start.startIndex..<newline], expectedReplica: expectedReplica) else { return nil }
        return header
    }

    /// The CRC-32 of `count` bytes from `offset`, read a piece at a time.
    private static func checksum(of descriptor: Int32, from offset: Int, count: Int, name: String) throws -> String {
        var crc = CRC32.start
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var position = offset
        while position < offset + count {
            let read = pread(descriptor, &buffer, min(buffer.count, offset + count - position), off_t(position))
            guard read > 0 else { throw FileReadError(path: name, reason: read == 0 ? "it ended early" : String(cString: strerror(errno))) }
            crc = CRC32.update(crc, buffer[0..<read])
            position += read
        }
        return CRC32.hex(finishing: crc)
    }

    private static func shortOrLong(holding count: Int, of bytes: Int) -> Reading {
        .damaged(reason: count < bytes ? "it holds \(count) of \(bytes) bytes (still being copied, or cut short)"
                     : "it holds \(count) bytes where its header announces \(bytes)")
    }

    private struct HeaderFailure: Error {
        let reading: Reading
    }

    private static func readHeader(_ line: Data, expectedReplica: String) -> Result<Header, HeaderFailure> {
        let header: Header
        do {
            header = try RecipeJSON.decoder.decode(Header.self, from: line)
        } catch {
            // A newer version may change more than the fields; its format name still says so.
            if let partial = try? RecipeJSON.decoder.decode(VersionOnly.self, from: line),
               partial.format == formatName, partial.version > currentVersion {
                return .failure(HeaderFailure(reading: .newer(version: partial.version)))
            }
            return .failure(HeaderFailure(reading: .damaged(reason: "its header is not readable")))
        }
        guard header.format == formatName else {
            return .failure(HeaderFailure(reading: .damaged(reason: "it is not a change file (format '\(header.format)')")))
        }
        guard header.version <= currentVersion else { return .failure(HeaderFailure(reading: .newer(version: header.version))) }
        guard header.replica == expectedReplica else {
            return .failure(HeaderFailure(reading: .damaged(reason: "it names replica \(header.replica) but sits in \(expectedReplica)")))
        }
        return .success(header)
    }

    static func decode(_ data: Data, expectedReplica: String) -> Reading {
        guard let newline = data.firstIndex(of: 0x0A) else { return .damaged(reason: "it has no header line") }
        let header: Header
        switch readHeader(data[data.startIndex..<newline], expectedReplica: expectedReplica) {
        case .success(let read): header = read
        case .failure(let failure): return failure.reading
        }
        let body = data[(newline + 1)...]
        guard body.count == header.bytes else { return shortOrLong(holding: body.count, of: header.bytes) }
        guard CRC32.hex(body) == header.crc32 else { return .damaged(reason: "its checksum does not match") }
        guard let changes = decodeChanges(body), changes.count == header.count else {
            return .damaged(reason: "its changes are not readable")
        }
        return .changes(changes, snapshot: header.snapshot == true)
    }

    /// The changes of `body`, a JSON array, decoded ``encodingPart`` at a time: decoding the
    /// whole array at once holds the decoder's map of every value in the file beside the
    /// changes. Nil unless `body` is one array of changes.
    static func decodeChanges(_ body: Data) -> [RecipeChange]? {
        guard let elements = arrayElements(body) else { return nil }
        var changes: [RecipeChange] = []
        changes.reserveCapacity(elements.count)
        for start in stride(from: 0, to: elements.count, by: encodingPart) {
            var part = Data([UInt8(ascii: "[")])
            for (offset, element) in elements[start..<min(start + encodingPart, elements.count)].enumerated() {
                if offset > 0 { part.append(UInt8(ascii: ",")) }
                part.append(body[element])
            }
            part.append(UInt8(ascii: "]"))
            guard let decoded = try? RecipeJSON.decoder.decode([RecipeChange].self, from: part) else { return nil }
            changes += decoded
        }
        return changes
    }

    /// Where each element of the JSON array `body` is, found by following strings and
    /// brackets only (each element is decoded afterwards, which checks the rest). Nil unless
    /// `body` is one array, with nothing but white space around it; what Foundation's decoder
    /// takes for an array (a comma after the last element too) is taken.
    static func arrayElements(_ body: Data) -> [Range<Data.Index>]? {
        body.withUnsafeBytes { raw -> [Range<Data.Index>]? in
            let bytes = raw.bindMemory(to: UInt8.self)
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
            var position = 0
            func skipSpace() { while position < bytes.count && isSpace(bytes[position]) { position += 1 } }
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "[") else { return nil }
            position += 1
            skipSpace()
            var elements: [Range<Data.Index>] = []
            var closed = position < bytes.count && bytes[position] == UInt8(ascii: "]")
            if closed { position += 1 }
            // One element a turn: from its first byte to the comma or bracket after it, outside
            // strings and at the array's own depth.
            while !closed {
                // A comma before the closing bracket, which Foundation's decoder accepts.
                if !elements.isEmpty, position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    break
                }
                let start = position
                var depth = 0, inString = false, escaped = false
                var end: Int?
                while end == nil {
                    guard position < bytes.count else { return nil }
                    let byte = bytes[position]
                    if inString {
                        if escaped {
                            escaped = false
                        } else if byte == UInt8(ascii: "\\") {
                            escaped = true
                        } else if byte == UInt8(ascii: "\"") {
                            inString = false
                        }
                    } else if byte == UInt8(ascii: "\"") {
                        inString = true
                    } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                        depth += 1
                    } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                        if depth > 0 {
                            depth -= 1
                        } else if byte == UInt8(ascii: "]") {
                            end = position
                        } else {
                            return nil
                        }
                    } else if byte == UInt8(ascii: ","), depth == 0 {
                        end = position
                    }
                    position += 1
                }
                var last = end!
                while last > start && isSpace(bytes[last - 1]) { last -= 1 }
                guard last > start else { return nil }
                elements.append(body.startIndex + start..<body.startIndex + last)
                closed = bytes[end!] == UInt8(ascii: "]")
                skipSpace()
            }
            skipSpace()
            return position == bytes.count ? elements : nil
        }
    }

    private struct VersionOnly: Codable {
        var format: String
        var version: Int
    }

    /// Writes `data` so that the file appears whole or not at all: to a hidden temporary name
    /// in the same folder, flushed to disk, then renamed, and the folder flushed.
    static func writeAtomically(_ data: Data, to path: String) throws {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        let name = String(path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...])
        let temporary = folder + "/." + name + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SyncError.cannotWrite(path: temporary, reason: String(cString: strerror(errno))) }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw SyncError.cannotWrite(path: path, reason: failure)
        }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}

/// CRC-32 (IEEE 802.3), to notice a damaged or partly copied change file.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static let start: UInt32 = 0xFFFF_FFFF

    /// The running value after `bytes`; begin with ``start``, end with ``hex(finishing:)``.
    static func update<Bytes: Sequence<UInt8>>(_ crc: UInt32, _ bytes: Bytes) -> UInt32 {
        var crc = crc
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc
    }

    static func hex(finishing crc: UInt32) -> String {
        let text = String(crc ^ 0xFFFF_FFFF, radix: 16)
        return String(repeating: "0", count: 8 - text.count) + text
    }

    static func hex<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        hex(finishing: update(start, bytes))
    }
}

/// A sync that cannot go on, and why.
public enum SyncError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The sync folder does not exist (an unmounted share?).
    case noFolder(path: String)
    /// The path given as the sync folder is a file (or something else that is not a folder).
    case notASyncFolder(path: String)
    /// A file in the sync folder could not be read.
    case cannotRead(path: String, reason: String)
    /// A file in the sync folder could not be written.
    case cannotWrite(path: String, reason: String)
    /// `DIR/<replica id>` is a link or a file: following it would write and delete outside DIR.
    case notAFolder(path: String)
    /// Another sync of the same store (another process, such as cron beside `--watch`) kept
    /// running for as long as this one waited; nothing was done.
    case anotherSync

    public var description: String {
        switch self {
        case .noFolder(let path): "no sync folder at \(path) (create it, or check the path)"
        case .notASyncFolder(let path): "\(path) is not a folder; give sync the folder your sync tool shares"
        case .anotherSync: "another sync of this store is still running; nothing was done, try again when it ends"
        case .cannotRead(let path, let reason): "cannot read \(path): \(reason)"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .notAFolder(let path): "\(path) is not a folder (a link or a file); this store writes its changes only into a folder of its own there, so nothing was synced"
        }
    }
}
