import FoundationEssentials

/// One or more commits to a store, by this process or another: which recipes they inserted,
/// changed and deleted.
///
/// ```swift
/// for try await change in container.changes() {
///     if change.deleted.contains(shown.persistentModelID) { close(shown) }
/// }
/// ```
public struct StoreChange: Hashable, Sendable {
    /// Recipes that were not in the store before.
    public var inserted: Set<PersistentIdentifier>
    /// Recipes whose name, dates, ingredients or other fields changed.
    public var updated: Set<PersistentIdentifier>
    /// Recipes that were deleted (with their ingredients).
    public var deleted: Set<PersistentIdentifier>

    /// Every recipe the change touched.
    public var ids: Set<PersistentIdentifier> { inserted.union(updated).union(deleted) }

    /// True when no recipe changed.
    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }

    /// A change with these recipes.
    public init(inserted: Set<PersistentIdentifier> = [], updated: Set<PersistentIdentifier> = [],
                deleted: Set<PersistentIdentifier> = []) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }
}

/// Every recipe's latest version stamp, which each write of the library (and each synced
/// change it applies) renews: comparing two of them says which recipes changed in between.
///
/// ``advance(_:)`` avoids reading every stamp after each commit: a local write numbers its
/// stamp with an increasing `local_change`, so only stamps past the last number seen are
/// read; stamps applied from other replicas (and samples) carry none, so an aggregate over
/// those (count and sums, computed in SQL) tells whether the full comparison is needed.
struct RecipeVersions {
    struct Stamp: Equatable {
        let wall: Int64
        let counter: Int64
        let replica: String
        let isDeleted: Bool
    }

    private(set) var stamps: [UUID: Stamp] = [:]
    /// The highest `local_change` read so far.
    private var localThrough: Int64 = 0
    /// Count and sums over the stamps without a `local_change`, when last read.
    private var unnumbered: [Int64] = []

    init(_ store: RecipeStore) throws {
        try store.readSnapshot {
            (localThrough, unnumbered) = try Self.marks(store)
            stamps = try Self.read(store, where: "1")
        }
    }

    /// Reads what changed since the last call (or the initial read) and moves to it.
    /// `full` compares every stamp (after the store file was replaced).
    mutating func advance(_ store: RecipeStore, full: Bool = false) throws -> StoreChange {
        try store.readSnapshot {
            let (local, others) = try Self.marks(store)
            var change = StoreChange()
            if full || others != unnumbered || local < localThrough {
                let latest = try Self.read(store, where: "1")
                change = RecipeVersions(stamps: latest).change(since: self)
                stamps = latest
            } else if local > localThrough {
                for (key, stamp) in try Self.read(store, where: "local_change > \(localThrough)") {
                    Self.classify(key, before: stamps[key], after: stamp, into: &change)
                    stamps[key] = stamp
                }
            }
            (localThrough, unnumbered) = (local, others)
            return change
        }
    }

    private init(stamps: [UUID: Stamp]) {
        self.stamps = stamps
    }

    private static func marks(_ store: RecipeStore) throws -> (Int64, [Int64]) {
        let statement = try store.cachedStatement("""
            SELECT (SELECT ifnull(max(local_change), 0) FROM recipe_version), count(*), ifnull(sum(wall), 0),
                   ifnull(sum(counter), 0), ifnull(sum(deleted), 0), ifnull(sum(length(replica)), 0)
            FROM recipe_version WHERE local_change IS NULL
            """)
        try statement.bind([])
        defer { statement.reset() }
        guard try statement.step() else { return (0, []) }
        return (Int64(statement.int(0)), (1...5).map { Int64(statement.int(Int32($0))) })
    }

    private static func read(_ store: RecipeStore, where condition: String) throws -> [UUID: Stamp] {
        var stamps: [UUID: Stamp] = [:]
        let statement = try store.cachedStatement("SELECT recipe_id, wall, counter, replica, deleted FROM recipe_version WHERE \(condition)")
        try statement.bind([])
        defer { statement.reset() }
        while try statement.step() {
            guard let id = UUID(storedText: statement.string(0)) else { continue }
            stamps[id] = Stamp(wall: Int64(statement.int(1)), counter: Int64(statement.int(2)),
                               replica: statement.string(3), isDeleted: statement.int(4) != 0)
        }
        return stamps
    }

    private static func classify(_ key: UUID, before: Stamp?, after stamp: Stamp, into change: inout StoreChange) {
        guard before != stamp else { return }
        let id = PersistentIdentifier(key)
        if stamp.isDeleted {
            if before.map({ !$0.isDeleted }) ?? true { change.deleted.insert(id) }
        } else if before == nil || before!.isDeleted {
            change.inserted.insert(id)
        } else {
            change.updated.insert(id)
        }
    }

    /// What changed from `earlier` to these stamps.
    func change(since earlier: RecipeVersions) -> StoreChange {
        var change = StoreChange()
        for (key, stamp) in stamps {
            Self.classify(key, before: earlier.stamps[key], after: stamp, into: &change)
        }
        // A restored backup may lack stamps the old file had: those recipes are gone.
        for (key, stamp) in earlier.stamps where stamps[key] == nil && !stamp.isDeleted {
            change.deleted.insert(PersistentIdentifier(key))
        }
        return change
    }
}
