import Foundation

/// Files of the repository the tests read (fixtures, the README, the man pages, the sample
/// data), found from this file's place, Tests/RecipesCLITests/Support, so a test can move between folders.
enum RepositoryFiles {
    /// The repository's top folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A file by its path from the top folder: "man/recipes.1".
    static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// A fixture of this test target: "schema-org/page.html".
    static func fixture(_ path: String) -> URL { url("Tests/RecipesCLITests/Fixtures/" + path) }
}
