import FoundationEssentials

/// Why a store could not be opened or written.
public enum RecipeStoreError: Error, CustomStringConvertible, Equatable {
    /// The store path is empty (SQLite would open a temporary database and keep nothing).
    case emptyPath
    /// The path names a folder, a FIFO, a device or anything else that is not a regular file.
    case notARegularFile(path: String)
    /// The file exists but is not a recipe store (another SQLite file, or not SQLite at all).
    case notAStore(path: String)
    /// The file was written by a newer version of this library; it is left untouched.
    case newerVersion(path: String, found: Int, supported: Int)
    /// The file is a damaged SQLite database.
    case damaged(path: String, detail: String)
    /// The file could not be written: a full disk, a size limit, an I/O error or a read-only
    /// file. The transaction was rolled back.
    case cannotWrite(path: String, detail: String)
    /// A fetch, save or query failed in SQLite.
    case sqlite(SQLiteError)
    /// A recipe that the store does not keep (a blank name, a name over
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

    public static func == (lhs: RecipeStoreError, rhs: RecipeStoreError) -> Bool {
        lhs.description == rhs.description
    }

    public var description: String {
        switch self {
        case .emptyPath:
            "the store path is empty"
        case .notARegularFile(let path):
            "\(path) is not a regular file, so it cannot be a recipe store"
        case .notAStore(let path):
            "\(path) is not a recipe store"
        case .newerVersion(let path, let found, let supported):
            "\(path) was written by a newer version of recipes (schema \(found), this version reads up to \(supported)); it was not changed"
        case .damaged(let path, let detail):
            "\(path) is damaged: \(detail)"
        case .cannotWrite(let path, let detail):
            "cannot write \(path): \(detail); nothing was changed"
        case .sqlite(let error):
            error.description
        case .invalidRecipe(let id, let reason):
            "recipe \(id.uuidString) cannot be saved: \(reason); nothing was changed"
        case .busy(let path):
            "\(path) is busy: another recipes process has been writing to it for 15 s; nothing was changed, try again"
        case .predicate(let detail):
            "the predicate could not be evaluated: \(detail)"
        case .conflict(let conflicts):
            "another change was saved to " + conflicts.map { "'\($0.name)' (\($0.fields.joined(separator: ", ")))" }.joined(separator: ", ")
                + " since it was read; nothing was saved"
        }
    }
}


/// A recipe whose save was refused: `fields` were changed by someone else since it was read.
public struct SaveConflict: Equatable, Sendable {
    public let id: UUID
    /// The name as the refused save had it.
    public let name: String
    /// The recipe's properties both sides changed: `name`, `plannedDate`, `ingredients`, ...
    public let fields: [String]

    public init(id: UUID, name: String, fields: [String]) {
        self.id = id
        self.name = name
        self.fields = fields
    }
}
