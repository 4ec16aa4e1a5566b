import Foundation

// Writes a Swift file whose one constant holds a data file, used by the EmbedData build
// plugin. Usage: DataEmbedder INPUT OUTPUT NAME bytes|lines
// `bytes` gives `[UInt8]` (nothing in the file needs escaping); `lines` gives `[String]`, one
// element a line, which compiles far faster than a byte array for a large text file, and
// `NAMEDigest`, the file's FNV-1a hash, so a program can name the content without reading it.
let arguments = CommandLine.arguments
guard arguments.count == 5, ["bytes", "lines"].contains(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: DataEmbedder INPUT OUTPUT NAME bytes|lines\n".utf8))
    exit(64)
}
do {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
    let name = arguments[3]
    var source = "// Generated from \(URL(fileURLWithPath: arguments[1]).lastPathComponent) by the EmbedData plugin. Do not edit.\n"
    if arguments[4] == "bytes" {
        source += "let \(name): [UInt8] = ["
        for (index, byte) in bytes.enumerated() {
            source += (index % 24 == 0 ? "\n    " : " ") + "\(byte),"
        }
        source += "\n]\n"
    } else {
        source += "let \(name): [String] = [\n"
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            var literal = ""
            for scalar in line.unicodeScalars {
                switch scalar {
                case "\\": literal += "\\\\"
                case "\"": literal += "\\\""
                case "\r": literal += "\\r"
                case "\t": literal += "\\t"
                default: literal.unicodeScalars.append(scalar)
                }
            }
            source += "    \"\(literal)\",\n"
        }
        source += "]\n"
        var digest: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { digest = (digest ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        source += "let \(name)Digest: UInt64 = \(digest)\n"
    }
    try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[2]), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("DataEmbedder: \(error)\n".utf8))
    exit(1)
}
