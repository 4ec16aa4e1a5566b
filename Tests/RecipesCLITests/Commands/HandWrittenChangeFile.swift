import Foundation

/// Change files written by hand, as another replica (or a crafted file) would leave them in
/// a sync folder: a header line with the body's length and CRC-32, then the body.
enum HandWrittenChangeFile {
    /// Writes `body` (a JSON array of changes) as `folder/<replica>/<name>`.
    static func write(_ body: String, replica: String, into folder: String, name: String = "1.changes") throws {
        let data = Data(body.utf8)
        let header = #"{"format":"recipes-changes","version":1,"replica":"\#(replica)","count":1,"bytes":\#(data.count),"crc32":"\#(crc32(data))"}"#
        try FileManager.default.createDirectory(atPath: folder + "/" + replica, withIntermediateDirectories: true)
        try (Data(header.utf8) + [0x0A] + data).write(to: URL(fileURLWithPath: folder + "/\(replica)/\(name)"))
    }

    static func crc32(_ data: Data) -> String {
        var table = [UInt32](repeating: 0, count: 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            table[index] = value
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        let text = String(crc ^ 0xFFFF_FFFF, radix: 16)
        return String(repeating: "0", count: 8 - text.count) + text
    }
}
