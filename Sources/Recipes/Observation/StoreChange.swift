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
struct RecipeVersions {
    struct Stamp: Equatable {
        let wall: Int64
        let counter: Int64
        let replica: String
        let isDeleted: Bool
    }

    private(set) var stamps: [UUID: Stamp] = [:]

    init(_ store: RecipeStore) throws {
        var stamps: [UUID: Stamp] = [:]
        try store.readSnapshot {
            let statement = try store.cachedStatement("SELECT recipe_id, wall, counter, replica, deleted FROM recipe_version")
            try statement.bind([])
            defer { statement.reset() }
            while try statement.step() {
                guard let id = UUID(storedText: statement.string(0)) else { continue }
                stamps[id] = Stamp(wall: Int64(statement.int(1)), counter: Int64(statement.int(2)),
                                   replica: statement.string(3), isDeleted: statement.int(4) != 0)
            }
        }
        self.stamps = stamps
    }

    /// What changed from `earlier` to these stamps.
    func change(since earlier: RecipeVersions) -> StoreChange {
        var change = StoreChange()
        for (key, stamp) in stamps where earlier.stamps[key] != stamp {
            let id = PersistentIdentifier(key)
            let before = earlier.stamps[key]
            if stamp.isDeleted {
                if before.map({ !$0.isDeleted }) ?? true { change.deleted.insert(id) }
            } else if before == nil || before!.isDeleted {
                change.inserted.insert(id)
            } else {
                change.updated.insert(id)
            }
        }
        // A restored backup may lack stamps the old file had: those recipes are gone.
        for (key, stamp) in earlier.stamps where stamps[key] == nil && !stamp.isDeleted {
            change.deleted.insert(PersistentIdentifier(key))
        }
        return change
    }
}
