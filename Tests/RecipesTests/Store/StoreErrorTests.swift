import CSQLite
import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// One error type whose cases a caller switches on, with SQLite's code underneath and a
/// sentence for a person.
@Suite struct StoreErrorTests {
    @Test(arguments: [
        (SQLITE_FULL, RecipeStoreError.diskFull(path: "/s"), "cannot write /s: the disk is full; nothing was changed"),
        (SQLITE_READONLY, .readOnly(path: "/s"), "cannot write /s: the store is read-only; nothing was changed"),
        (SQLITE_BUSY, .busy(path: "/s"), "/s is busy: another connection has been writing to it for 15 s; nothing was changed, try again"),
        (SQLITE_NOTADB, .notAStore(path: "/s"), "/s is not a recipe store"),
        (SQLITE_CORRUPT, .damaged(path: "/s", detail: "bad page"), "/s is damaged: bad page"),
    ])
    func sqliteCodesBecomeCasesWithTheirCodeAndASentence(code: Int32, expected: RecipeStoreError, message: String) {
        let error = RecipeStoreError(SQLiteError(code: code, message: "bad page"), path: "/s")
        #expect(error == expected)
        #expect(error.sqliteCode == code)
        #expect(error.localizedDescription == message)
        #expect(error.description == message)
    }

    @Test func otherCodesKeepTheSQLiteError() {
        let underlying = SQLiteError(code: SQLITE_CONSTRAINT, extendedCode: 2067, message: "UNIQUE constraint failed", sql: "INSERT")
        let error = RecipeStoreError(underlying, path: "/s")
        #expect(error == .sqlite(code: SQLITE_CONSTRAINT, message: "UNIQUE constraint failed"))
        #expect(error.description == "SQLite error 19: UNIQUE constraint failed")
        #expect(error.sqliteCode == SQLITE_CONSTRAINT)
        #expect(error != RecipeStoreError.sqlite(code: SQLITE_CONSTRAINT, message: "other"))
        #expect(RecipeStoreError.conflict([]).sqliteCode == nil)
        #expect(RecipeStoreError.busy(path: "/s").recoverySuggestion != nil)
    }

    @Test func aFileThatIsNotAStoreIsRefusedWithItsCase() throws {
        let temporary = TemporaryStore()
        try Data("not a database at all, just text".utf8).write(to: temporary.url)
        #expect(throws: RecipeStoreError.notAStore(path: temporary.url.path)) { try RecipeStore(url: temporary.url) }
        #expect(throws: RecipeStoreError.notAStore(path: temporary.url.path)) { try ModelContainer(url: temporary.url) }
    }

    /// A restore from a path where no file is says so, not that the file is not a store
    /// (which sends the user looking for what is wrong with a file that is not there).
    @Test func aRestoreFromNoFileSaysThereIsNone() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        context.insert(Recipe(name: "Kept"))
        try context.save()
        let missing = temporary.directory.appendingPathComponent("no-such-backup.sqlite").path
        #expect(throws: RecipeStoreError.noSuchFile(path: missing)) { try temporary.store.restore(fromBackup: missing) }
        #expect(throws: RecipeStoreError.notARegularFile(path: temporary.directory.path)) {
            try temporary.store.restore(fromBackup: temporary.directory.path)
        }
        #expect(RecipeStoreError.noSuchFile(path: "/b").description == "/b does not exist; nothing was changed")
        #expect(RecipeStoreError.noSuchFile(path: "/b").sqliteCode == nil)
        #expect(try temporary.store.count(StoreQuery<Recipe>()) == 1)
    }

    /// A refused bulk save (an import over recipes another process changed) names a few of
    /// its conflicts and counts the rest: one line per conflict made a message of megabytes.
    @Test func aConflictMessageNamesAFewRecipesAndCountsTheRest() {
        func conflicts(_ count: Int) -> [SaveConflict] {
            (0..<count).map { SaveConflict(id: UUID(), name: "Dish \($0)", fields: $0 == 0 ? ["name", "plannedDate"] : ["name"]) }
        }
        #expect(RecipeStoreError.conflict(conflicts(1)).description
                == "another change was saved to 'Dish 0' (name, plannedDate) since it was read; nothing was saved")
        #expect(RecipeStoreError.conflict(conflicts(3)).description
                == "other changes were saved to 'Dish 0' (name, plannedDate), 'Dish 1' (name), 'Dish 2' (name) since they were read; nothing was saved")
        let many = RecipeStoreError.conflict(conflicts(5_000)).description
        #expect(many == "other changes were saved to 'Dish 0' (name, plannedDate), 'Dish 1' (name), 'Dish 2' (name) and 4997 more recipes since they were read; nothing was saved")
    }

    @Test func aBlankNameIsAnInvalidValue() async throws {
        let temporary = TemporaryStore()
        let worker = try RecipeModelActor(modelContainer: try ModelContainer(url: temporary.url))
        do {
            try await worker.insert(RecipeSnapshot(Recipe(name: "  ")))
            Issue.record("a blank name was saved")
        } catch let error as RecipeStoreError {
            guard case .invalidRecipe = error else { Issue.record("\(error)"); return }
        }
        #expect(try await worker.fetchCount(FetchDescriptor<Recipe>()) == 0)
    }
}
