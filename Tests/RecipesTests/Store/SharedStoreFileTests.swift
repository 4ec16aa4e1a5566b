import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// Several stores on one file in one process, with other processes opening and closing it:
/// POSIX locks belong to the process, so one stray open()/close() of the file would let
/// another process delete the -wal under this one's live connections.
@Suite struct SharedStoreFileTests {
    let temporary = TemporaryStore()

    /// Runs the sqlite3 shell on `path`, as another program on the machine would.
    func sqlite3(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The store's files as a kill -9 of this process would leave them, opened elsewhere.
    func namesAfterACrash() throws -> String {
        let copy = temporary.directory.appendingPathComponent("crashed.sqlite")
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: temporary.url.path + suffix) {
            try FileManager.default.copyItem(atPath: temporary.url.path + suffix, toPath: copy.path + suffix)
        }
        return try sqlite3(copy.path, "SELECT group_concat(name, ',') FROM (SELECT name FROM recipe ORDER BY name)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func savesThroughTwoStoresInOneProcessSurviveAnotherProcessClosingTheFile() throws {
        let first = ModelContext(try RecipeStore(url: temporary.url))
        first.insert(Recipe(name: "Before"))
        try first.save()
        let second = ModelContext(try RecipeStore(url: temporary.url))
        #expect(try second.fetch(FetchDescriptor<Recipe>()).map(\.name) == ["Before"])
        // Another process opens and closes the store while both connections live; if this
        // process held no lock, it would checkpoint and delete the -wal on close.
        #expect(try sqlite3(temporary.url.path, "SELECT count(*) FROM recipe") == "1")
        first.insert(Recipe(name: "From first"))
        try first.save()
        second.insert(Recipe(name: "From second"))
        try second.save()
        #expect(FileManager.default.fileExists(atPath: temporary.url.path + "-wal"))
        #expect(try sqlite3(temporary.url.path, "SELECT group_concat(name, ',') FROM (SELECT name FROM recipe ORDER BY name)")
                == "Before,From first,From second")
        #expect(try namesAfterACrash() == "Before,From first,From second")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func aThirdStoreOpenedBesideALiveOneKeepsItsLocks() throws {
        let live = ModelContext(try RecipeStore(url: temporary.url))
        live.insert(Recipe(name: "Live"))
        try live.save()
        for _ in 0..<3 { _ = try RecipeStore(url: temporary.url) }
        _ = try sqlite3(temporary.url.path, "SELECT count(*) FROM recipe")
        live.insert(Recipe(name: "Later"))
        try live.save()
        #expect(try namesAfterACrash() == "Later,Live")
    }
}

extension SharedStoreFileTests {
    /// The same file under another name is the same file: a link must not get a header check
    /// of its own beside the live store.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func aStoreOpenedThroughALinkBesideALiveOneKeepsItsLocks() throws {
        let live = ModelContext(try RecipeStore(url: temporary.url))
        live.insert(Recipe(name: "Live"))
        try live.save()
        let link = temporary.directory.appendingPathComponent("link.sqlite").path
        #expect(symlink(temporary.url.path, link) == 0)
        _ = try RecipeStore(path: link)
        _ = try sqlite3(temporary.url.path, "SELECT count(*) FROM recipe")
        live.insert(Recipe(name: "Later"))
        try live.save()
        #expect(try namesAfterACrash() == "Later,Live")
    }
}

@Suite struct StoreFileKindTests {
    let temporary = TemporaryStore()

    @Test func anEmptyPathIsRefused() {
        #expect(throws: RecipeStoreError.emptyPath) { try RecipeStore(path: "") }
    }

    @Test func aFolderAFIFOAndADeviceAreRefusedWithoutBlocking() throws {
        let fifo = temporary.directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in [fifo, "/dev/null", temporary.directory.path] {
            #expect(throws: RecipeStoreError.notARegularFile(path: path)) { try RecipeStore(path: path) }
        }
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
    }
}
