import Foundation
import Recipes
import Testing

/// kill -9 at random moments during a large import: the store always opens, passes
/// `PRAGMA integrity_check`, and holds the import entirely or not at all.
/// RECIPES_CRASH_RECIPES sets the import's size (default 3,000; the reliability runs use 50,000).
@Suite struct CrashTests {
    @Test func killingAnImportLeavesAllOrNothing() throws {
        let size = ProcessInfo.processInfo.environment["RECIPES_CRASH_RECIPES"].flatMap(Int.init) ?? 3_000
        let cli = RecipesProcess()
        let archive = RecipeArchive(recipes: (0..<size).map { index in
            RecipeJSON(Recipe(name: "Imported \(index)", instructions: String(repeating: "Stir and taste. ", count: 40),
                              ingredients: (0..<8).map { Ingredient(name: "Item \($0)", amount: "\($0) g") }))
        })
        let file = cli.home.appendingPathComponent("big.json")
        try archive.encoded().write(to: file)

        // How long a whole import takes here (the faster of two, as other tests may be running
        // alongside), so that kills land during it.
        try cli.seed([Recipe(name: "Before")])
        var duration = Double.infinity
        for attempt in 0..<2 {
            let start = Date()
            #expect(try cli.run(["--store", cli.home.appendingPathComponent("calibrate-\(attempt).sqlite").path, "import", file.path]).status == 0)
            duration = min(duration, Date().timeIntervalSince(start))
        }

        var interrupted = 0
        var random = SystemRandomNumberGenerator()
        for trial in 0..<30 {
            let store = cli.home.appendingPathComponent("trial-\(trial).sqlite")
            let context = ModelContext(try RecipeStore(url: store))
            context.insert(Recipe(name: "Before"))
            try context.save()
            let process = Process()
            process.executableURL = RecipesProcess.binary
            process.arguments = ["--store", store.path, "import", file.path]
            process.environment = cli.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Within the first half of the fastest import, so kills land while it runs.
            usleep(UInt32(Double.random(in: 0...(duration * 0.5), using: &random) * 1_000_000))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                interrupted += 1
            }
            process.waitUntilExit()

            let reopened = try RecipeStore(url: store)
            let connection = try SQLiteConnection(path: store.path)
            #expect(try connection.scalar("PRAGMA integrity_check") == .text("ok"), "trial \(trial)")
            let count = try ModelContext(reopened).fetchCount(FetchDescriptor<Recipe>())
            #expect(count == 1 || count == 1 + size, "trial \(trial): \(count) recipes")
            // Every recipe is in the word index: "Before" once, "Imported …" in each imported one.
            #expect(try connection.scalar("SELECT sum(doc) FROM recipe_words_terms WHERE term IN ('before', 'imported')")
                    == .integer(Int64(count)), "trial \(trial)")
        }
        // Most kills must land during the import, or the test proves little.
        #expect(interrupted >= 15)
    }
}

/// Stores that cannot be written: a full disk (a file-size limit stands in for one) and a
/// folder that does not exist. One line, non-zero exit, nothing half-written.
@Suite struct UnwritableStoreTests {
    /// Skipped under ThreadSanitizer (Tests/Sanitizers/run), whose runtime dies under a
    /// file-size limit before the program starts.
    @Test(.disabled(if: ProcessInfo.processInfo.environment["RECIPES_SANITIZER"] == "thread"))
    func aFullDiskFailsTheImportCleanly() throws {
        let cli = RecipesProcess()
        try cli.seed([Recipe(name: "Before")])
        let archive = RecipeArchive(recipes: (0..<2_000).map {
            RecipeJSON(Recipe(name: "Big \($0)", instructions: String(repeating: "Knead. ", count: 200)))
        })
        let file = cli.home.appendingPathComponent("big.json")
        try archive.encoded().write(to: file)
        let limitBlocks = (try FileManager.default.attributesOfItem(atPath: cli.store.path)[.size] as? Int ?? 0) / 512 + 400
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -f \(limitBlocks) && exec \"$0\" --store \"$1\" import \"$2\"",
                             RecipesProcess.binary.path, cli.store.path, file.path]
        process.environment = cli.environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 2)
        #expect(message.hasPrefix("recipes: error: ") && message.filter { $0 == "\n" }.count == 1, "\(message)")
        #expect(message == "recipes: error: cannot write \(cli.store.path): disk I/O error (a full disk or a file size limit); nothing was changed\n")
        let connection = try SQLiteConnection(path: cli.store.path)
        #expect(try connection.scalar("PRAGMA integrity_check") == .text("ok"))
        #expect(try ModelContext(cli.openStore()).fetchCount(FetchDescriptor<Recipe>()) == 1)
    }

    /// The CLI's store moved into a folder of its own, then the file (`part` "file") or the
    /// folder ("folder") made read-only for everyone but root. The caller makes the folder
    /// writable again when done, so that it can be removed.
    private func sharedReadOnly(_ cli: RecipesProcess, _ part: String) throws -> (store: URL, folder: URL) {
        let folder = cli.home.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = folder.appendingPathComponent("store.sqlite")
        try FileManager.default.moveItem(at: cli.store, to: store)
        try FileManager.default.setAttributes([.posixPermissions: part == "file" ? 0o444 : 0o666], ofItemAtPath: store.path)
        try FileManager.default.setAttributes([.posixPermissions: part == "file" ? 0o777 : 0o555], ofItemAtPath: folder.path)
        return (store, folder)
    }

    /// A store this user may not write still answers reads; writes fail in one line and the
    /// file stays as it was. Root ignores permissions, so as root the binary runs as nobody.
    @Test(.enabled(if: RecipesProcess.unprivilegedPrefix != nil), arguments: ["file", "folder"])
    func aReadOnlyStoreIsReadButNeverWritten(readOnly part: String) throws {
        let cli = RecipesProcess()
        try cli.seed([Recipe(name: "Soup", plannedDate: RecipesProcess.date("2026-11-30T18:00:00Z"))])
        let (store, folder) = try sharedReadOnly(cli, part)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        let before = try FileContents.read(store.path)

        let next = try cli.run(["--store", store.path, "next"], unprivileged: true)
        #expect(next == .init(stdout: "Soup · 18:00 (in 8h 30m)\n", stderr: "", status: 0))
        let search = try cli.run(["--store", store.path, "search", "soup", "--format", "json"], unprivileged: true)
        #expect(search.status == 0 && search.stdout.contains(#""name":"Soup""#), "\(search)")
        let plan = try cli.run(["--store", store.path, "plan", "soup", "tomorrow"], unprivileged: true)
        #expect(plan == .init(stdout: "", stderr: "recipes: error: cannot write \(store.path): the store is read-only; nothing was changed\n", status: 2))
        let add = try cli.run(["--store", store.path, "add", "Bread"], unprivileged: true)
        #expect(add.status == 2 && add.stderr.hasSuffix("the store is read-only; nothing was changed\n"))
        // Found by the new-user trial: the editor opened first, and the refusal came after the edit.
        let opened = try folderForAnyone(cli, "editor").appendingPathComponent("opened")
        cli.environment["EDITOR"] = "touch \(opened.path) && true"
        let edit = try cli.run(["--store", store.path, "edit", "Soup"], unprivileged: true)
        #expect(edit == .init(stdout: "", stderr: "recipes: error: cannot write \(store.path): the store is read-only; nothing was changed\n", status: 2))
        #expect(!FileManager.default.fileExists(atPath: opened.path))
        #expect(try FileContents.read(store.path) == before)
        if part == "folder" { #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["store.sqlite"]) }
        // A backup only reads the store (found by the new-user trial: refused as read-only).
        let backup = try folderForAnyone(cli, "backups").appendingPathComponent("backup.sqlite")
        let backedUp = try cli.run(["--store", store.path, "backup", backup.path], unprivileged: true)
        #expect(backedUp == .init(stdout: "wrote 1 recipe to \(backup.path)\n", stderr: "", status: 0))
        #expect(try FileContents.read(store.path) == before)
        // Found by the new-user trial: a sync left its replica's folder, empty, in the shared one.
        let shared = try folderForAnyone(cli, "Sync")
        let sync = try cli.run(["--store", store.path, "sync", shared.path], unprivileged: true)
        #expect(sync == .init(stdout: "", stderr: "recipes: error: cannot write \(store.path): the store is read-only; nothing was changed\n", status: 2))
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared.path) == [])
    }

    /// A folder the unprivileged user may write.
    private func folderForAnyone(_ cli: RecipesProcess, _ name: String) throws -> URL {
        let folder = cli.home.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        return folder
    }

    /// The same store written by the version before (one migration behind): it was refused,
    /// "the store is read-only and needs an upgrade", so a newer `recipes` could read no
    /// shared store until its owner upgraded. It is read from a copy upgraded in memory.
    @Test(.enabled(if: RecipesProcess.unprivilegedPrefix != nil), arguments: ["file", "folder"])
    func anOlderReadOnlyStoreIsRead(readOnly part: String) throws {
        let cli = RecipesProcess()
        try cli.seed([Recipe(name: "Soup", plannedDate: RecipesProcess.date("2026-11-30T18:00:00Z"),
                             ingredients: [Ingredient(name: "Leeks", amount: "2")])])
        // The version two before kept no picture or nutrition, and no index of cooking starts.
        try SQLiteConnection(path: cli.store.path).execute("""
            DROP INDEX recipe_by_start; ALTER TABLE recipe DROP COLUMN image; ALTER TABLE recipe DROP COLUMN nutrition;
            DELETE FROM migration WHERE version >= 20; PRAGMA user_version = 19
            """)
        let (store, folder) = try sharedReadOnly(cli, part)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        let before = try FileContents.read(store.path)

        let next = try cli.run(["--store", store.path, "next"], unprivileged: true)
        #expect(next == .init(stdout: "Soup · 18:00 (in 8h 30m)\n", stderr: "", status: 0))
        let search = try cli.run(["--store", store.path, "search", "leek", "--format", "plain"], unprivileged: true)
        #expect(search.status == 0 && search.stdout.contains("\tSoup\t"), "\(search)")
        // By ingredient too, from a store this user cannot write (its stored needs, or reading its lines).
        let byIngredient = try cli.run(["--store", store.path, "search", "--ingredient", "leek", "--format", "plain"], unprivileged: true)
        #expect(byIngredient.status == 0 && byIngredient.stdout.contains("\tSoup\t"), "\(byIngredient)")
        let add = try cli.run(["--store", store.path, "add", "Bread"], unprivileged: true)
        #expect(add.status == 2 && add.stderr.hasSuffix("the store is read-only; nothing was changed\n"), "\(add)")
        #expect(try FileContents.read(store.path) == before)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(part == "file" || left == ["store.sqlite"], "\(left)")
        // Backed up from the copy: in this version's schema.
        let backup = try folderForAnyone(cli, "backups").appendingPathComponent("backup.sqlite")
        #expect(try cli.run(["--store", store.path, "backup", backup.path], unprivileged: true).status == 0)
        #expect(try SQLiteConnection(path: backup.path, readOnly: true).scalar("PRAGMA user_version") == .integer(Int64(RecipeStore.currentSchemaVersion)))
        #expect(try FileContents.read(store.path) == before)
        #expect(try SQLiteConnection(path: store.path, readOnly: true).scalar("PRAGMA user_version") == .integer(Int64(RecipeStore.currentSchemaVersion - 2)))

        // An empty file, a store no version has written yet, reads as an empty store.
        let empty = folder.appendingPathComponent("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty.path, contents: nil, attributes: [.posixPermissions: 0o444]))
        #expect(try cli.run(["--store", empty.path, "next"], unprivileged: true) == .init(stdout: "", stderr: "", status: 1))
        #expect(try FileContents.read(empty.path).isEmpty)
    }

    /// Found by the new-user trial: a store whose -wal holds changes, without its -shm (copied
    /// so), in a folder this user may not write, cannot be read (SQLite needs a -shm to read the
    /// log), and the refusal was SQLite's "unable to open database file", which names no cause.
    @Test(.enabled(if: RecipesProcess.unprivilegedPrefix != nil))
    func aPendingLogThatCannotBeReadIsExplained() throws {
        let cli = RecipesProcess()
        try cli.seed([Recipe(name: "Soup")])
        let folder = cli.home.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = folder.appendingPathComponent("store.sqlite").path
        let writer = try SQLiteConnection(path: cli.store.path)
        try writer.execute("PRAGMA wal_autocheckpoint = 0; UPDATE recipe SET name = 'Leek soup'")
        for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: cli.store.path + suffix, toPath: store + suffix) }
        writer.close()
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        let search = try cli.run(["--store", store, "search"], unprivileged: true)
        #expect(search == .init(stdout: "", stderr: "recipes: error: cannot open \(store): its -wal holds changes not yet in the file, and reading them needs a -shm file that this user may not create in its folder; the store's owner opening it once merges them\n", status: 2))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["store.sqlite", "store.sqlite-wal"])
    }

    @Test func aStoreInAMissingFolderIsReported() throws {
        let cli = RecipesProcess()
        let path = cli.home.path + "/missing/folder/store.sqlite"
        let result = try cli.run(["--store", path, "add", "Soup"])
        #expect(result == .init(stdout: "", stderr: "recipes: error: cannot make a store at \(path): the folder \(cli.home.path)/missing/folder does not exist\n", status: 2))
        #expect(!FileManager.default.fileExists(atPath: cli.home.path + "/missing"))
    }
}
