import Foundation
@testable import Recipes
@testable import RecipesCore

/// A store in a fresh temporary directory, removed when the value is released.
final class TemporaryStore {
    let directory: URL
    let url: URL
    private(set) lazy var store: RecipeStore = try! RecipeStore(url: url)

    init() {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("recipes-tests-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        url = directory.appendingPathComponent("recipes.sqlite")
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A second, independent connection to the same file, for checking what is on disk.
    func rawConnection() throws -> SQLiteConnection {
        try SQLiteConnection(path: url.path)
    }

    func count(_ sql: String) throws -> Int {
        guard case .integer(let value)? = try rawConnection().scalar(sql) else { return -1 }
        return Int(value)
    }
}
