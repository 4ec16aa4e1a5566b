import Foundation

// Writes a Swift file whose one constant holds the bytes of a JSON file, used by the
// EmbedSampleData build plugin. Usage: SampleDataEmbedder INPUT.json OUTPUT.swift
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: SampleDataEmbedder INPUT OUTPUT\n".utf8))
    exit(64)
}
do {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
    // A byte array rather than a string literal, so no character in the JSON needs escaping.
    var source = "// Generated from SampleData/recipes.json by the EmbedSampleData plugin. Do not edit.\n"
    source += "let sampleRecipesJSON: [UInt8] = ["
    for (index, byte) in bytes.enumerated() {
        source += (index % 24 == 0 ? "\n    " : " ") + "\(byte),"
    }
    source += "\n]\n"
    try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[2]), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("SampleDataEmbedder: \(error)\n".utf8))
    exit(1)
}
