import Foundation
import Recipes

/// The README's code blocks, so the configs it prints are the configs the tests run.
enum ReadmeBlocks {
    static let readme = String(decoding: try! FileContents.read(RepositoryFiles.url("README.md").path), as: UTF8.self)

    /// The first fenced block after the line that starts with `marker`, without its fences.
    static func block(after marker: String) -> String? {
        let lines = readme.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix(marker) }),
              let open = lines[start...].firstIndex(where: { $0.hasPrefix("```") }),
              let close = lines[(open + 1)...].firstIndex(where: { $0.hasPrefix("```") }) else { return nil }
        return lines[(open + 1)..<close].joined(separator: "\n") + "\n"
    }

    /// An environment whose PATH finds the built `recipes` first, as an installed one would be.
    static func installed(_ environment: [String: String]) -> [String: String] {
        environment.merging(["PATH": RecipesProcess.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"]) { $1 }
    }
}
