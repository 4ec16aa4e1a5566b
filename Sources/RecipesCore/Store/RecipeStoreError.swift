import CSQLite
import FoundationEssentials

/// Why a store could not be opened, read or written: one error type for everything the
/// library's stores, contexts and actors throw, with a case for each situation a caller may
/// handle differently.
///
/// ```swift
/// do {
///     try context.save()
/// } catch let error as RecipeStoreError {
///     switch error {
///     case .conflict(let conflicts): refetch(conflicts.map(\.id))
///     case .busy: retryLater()
///     case .diskFull, .readOnly: tellTheUser(error.localizedDescription)
///     default: throw error
///     }
/// }
/// ```
///
/// ``description`` (and `LocalizedError`'s `errorDescription`) is one sentence for a person;
/// ``sqliteCode`` is SQLite's result code underneath, where there is one.
public enum RecipeStoreError: Error, CustomStringConvertible, Equatable, LocalizedError {
    /// The store path is empty (SQLite would open a temporary database and keep nothing).
    case emptyPath
    /// The path names a folder, a FIFO, a device or anything else that is not a regular file.
    case notARegularFile(path: String)
    /// The file exists but is not a recipe store (another SQLite file, or not SQLite at all).
    case notAStore(path: String)
    /// No file is at the path (a backup to restore from); nothing was changed.
    case noSuchFile(path: String)
    /// No store is at the path and none can be made there: `folder` does not exist (or is
    /// not a folder). Nothing was made; the library makes no folders.
    case noSuchFolder(path: String, folder: String)
    /// The file was written by a newer version of this library; it is left untouched.
    case newerVersion(path: String, found: Int, supported: Int)
    /// The file is a damaged SQLite database.
    case damaged(path: String, detail: String)
    /// The store (or its folder, where SQLite keeps its -wal and -shm files) may not be
    /// written by this user; reads still work. The transaction was rolled back.
    case readOnly(path: String)
    /// The disk (or the user's quota) is full. The transaction was rolled back.
    case diskFull(path: String)
    /// The file could not be written for another reason: an I/O error, a file-size limit
    /// (`ulimit -f`), a file already where a backup was to go. The transaction was rolled back.
    case cannotWrite(path: String, detail: String)
    /// A fetch, save or query failed in SQLite for a reason the other cases do not name:
    /// SQLite's primary result code (`SQLITE_CONSTRAINT`, ...) and its message.
    case sqlite(code: Int32, message: String)
    /// An invalid value: a recipe that the store does not keep (a blank name, a name over
    /// ``Recipe/maximumNameLength`` characters); the save wrote nothing.
    case invalidRecipe(id: UUID, reason: String)
    /// Another process (a long sync or import) held the store's write lock for longer than
    /// the busy timeout; nothing was written.
    case busy(path: String)
    /// A predicate could not be evaluated (for example a forced unwrap of nil).
    case predicate(String)
    /// A save changed fields that another context or process changed since they were read;
    /// nothing was saved (SwiftData's default is likewise to refuse such a save).
    case conflict([SaveConflict])
    /// A fetch with ``FetchDescriptor/requiresSQLTranslation`` set has a predicate or sort
    /// that SQL cannot express; the named parts would have run in memory. Nothing was read.
    case untranslatable(parts: [String])
    /// The store's folder cannot be watched for changes (inotify failed or is exhausted).
    case cannotWatch(path: String, detail: String)

    /// The error SQLite's `error` means for the store at `path`.
    init(_ error: SQLiteError, path: String) {
        switch error.code {
        case SQLITE_NOTADB: self = .notAStore(path: path)
        case SQLITE_CORRUPT: self = .damaged(path: path, detail: error.message)
        case SQLITE_FULL: self = .diskFull(path: path)
        case SQLITE_IOERR: self = .cannotWrite(path: path, detail: "\(error.message) (a full disk or a file size limit)")
        case SQLITE_READONLY: self = .readOnly(path: path)
        case SQLITE_BUSY: self = .busy(path: path)
        default: self = .sqlite(code: error.code, message: error.message)
        }
    }

    /// SQLite's primary result code behind the error (`SQLITE_FULL`, `SQLITE_BUSY`, ...), or
    /// nil for errors the library found itself (a conflict, an invalid recipe).
    public var sqliteCode: Int32? {
        switch self {
        case .notAStore: SQLITE_NOTADB
        case .damaged: SQLITE_CORRUPT
        case .diskFull: SQLITE_FULL
        case .cannotWrite: SQLITE_IOERR
        case .readOnly: SQLITE_READONLY
        case .busy: SQLITE_BUSY
        case .sqlite(let code, _): code
        case .noSuchFolder: SQLITE_CANTOPEN
        case .emptyPath, .notARegularFile, .noSuchFile, .newerVersion, .invalidRecipe, .predicate, .conflict, .untranslatable, .cannotWatch: nil
        }
    }

    /// One sentence for a person: what failed, and that nothing was changed where that holds.
    public var description: String {
        switch self {
        case .emptyPath:
            "the store path is empty"
        case .notARegularFile(let path):
            "\(path) is not a regular file, so it cannot be a recipe store"
        case .notAStore(let path):
            "\(path) is not a recipe store"
        case .noSuchFile(let path):
            "\(path) does not exist; nothing was changed"
        case .noSuchFolder(let path, let folder):
            "cannot make a store at \(path): the folder \(folder) does not exist"
        case .newerVersion(let path, let found, let supported):
            "\(path) was written by a newer version of recipes (schema \(found), this version reads up to \(supported)); it was not changed"
        case .damaged(let path, let detail):
            "\(path) is damaged: \(detail)"
        case .readOnly(let path):
            "cannot write \(path): the store is read-only; nothing was changed"
        case .diskFull(let path):
            "cannot write \(path): the disk is full; nothing was changed"
        case .cannotWrite(let path, let detail):
            "cannot write \(path): \(detail); nothing was changed"
        case .sqlite(let code, let message):
            "SQLite error \(code): \(message)"
        case .invalidRecipe(let id, let reason):
            "recipe \(id.uuidString) cannot be saved: \(reason); nothing was changed"
        case .busy(let path):
            "\(path) is busy: another connection has been writing to it for 15 s; nothing was changed, try again"
        case .predicate(let detail):
            "the predicate could not be evaluated: \(detail)"
        case .conflict(let conflicts):
            // A few by name: a refused import may conflict on thousands of recipes.
            (conflicts.count > 1 ? "other changes were saved to " : "another change was saved to ")
                + conflicts.prefix(Self.conflictsNamed).map { "'\($0.name)' (\($0.fields.joined(separator: ", ")))" }.joined(separator: ", ")
                + (conflicts.count > Self.conflictsNamed ? " and \(conflicts.count - Self.conflictsNamed) more recipes" : "")
                + (conflicts.count > 1 ? " since they were read" : " since it was read") + "; nothing was saved"
        case .untranslatable(let parts):
            "the fetch needs work SQL cannot do (\(parts.joined(separator: ", "))); nothing was read"
        case .cannotWatch(let path, let detail):
            "cannot watch \(path) for changes: \(detail)"
        }
    }

    /// Conflicts a ``conflict(_:)`` message names; it counts the others.
    static let conflictsNamed = 3

    /// The same sentence as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// What the user can do about it, where there is something.
    public var recoverySuggestion: String? {
        switch self {
        case .newerVersion: "Use the newer version of the library (or of recipes) that wrote the store."
        case .damaged: "Restore a backup of the store (RecipeStore.restore(fromBackup:keepingCurrentAt:))."
        case .readOnly: "Ask for write permission on the store and its folder."
        case .diskFull: "Free some disk space and try again."
        case .busy: "Try again when the other writer has finished."
        case .conflict: "Fetch the recipes again and redo the change."
        default: nil
        }
    }
}

/// A recipe whose save was refused: `fields` were changed by someone else since it was read.
public struct SaveConflict: Equatable, Sendable {
    /// The recipe's id.
    public let id: UUID
    /// The name as the refused save had it.
    public let name: String
    /// The recipe's properties both sides changed: `name`, `plannedDate`, `ingredients`, ...
    public let fields: [String]

    /// A refused save of recipe `id`, named `name`, over `fields`.
    public init(id: UUID, name: String, fields: [String]) {
        self.id = id
        self.name = name
        self.fields = fields
    }
}
