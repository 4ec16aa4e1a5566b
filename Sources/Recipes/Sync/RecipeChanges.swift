import FoundationEssentials

/// One recipe's latest version as one replica knows it: the whole recipe with its
/// ingredients and plan (the unit of merging), or a tombstone when it was deleted.
public struct RecipeChange: Codable, Sendable, Equatable {
    public var id: UUID
    public var stamp: SyncStamp
    public var deleted: Bool
    /// The recipe; nil for a deletion.
    public var recipe: RecipeJSON?

    /// The same version of the same recipe: a stamp names one version, so the content is
    /// not compared.
    public static func == (lhs: RecipeChange, rhs: RecipeChange) -> Bool {
        lhs.id == rhs.id && lhs.stamp == rhs.stamp && lhs.deleted == rhs.deleted
    }
}

/// What applying changes did.
public struct AppliedChanges: Sendable, Equatable {
    /// Changes that were newer than the store's version and are now in it.
    public var applied = 0
    /// Changes the store already had, or had something newer than.
    public var superseded = 0
}

extension RecipeStore {
    /// This store's replica id: stable for the life of the file, different in every store.
    public var replicaID: String {
        get throws { try syncValue("replica").textValue }
    }

    /// The local changes made after `token` (0 for all of them), each recipe once with its
    /// latest version, and the token to pass next time.
    ///
    /// ```swift
    /// let (changes, next) = try laptop.changes(since: lastToken)
    /// try desktop.apply(changes)
    /// ```
    public func changes(since token: Int64) throws -> (changes: [RecipeChange], token: Int64) {
        try readSnapshot {
            var stamps: [(UUID, SyncStamp, Bool)] = []
            var latest = token
            let statement = try cachedStatement("""
                SELECT recipe_id, wall, counter, replica, deleted, local_change FROM recipe_version
                WHERE local_change > ? ORDER BY local_change
                """)
            try statement.bind([.integer(token)])
            defer { statement.reset() }
            while try statement.step() {
                guard let id = UUID(storedText: statement.string(0)) else { continue }
                stamps.append((id, SyncStamp(wall: Int64(statement.int(1)), counter: Int64(statement.int(2)), replica: statement.string(3)),
                               statement.int(4) != 0))
                latest = max(latest, Int64(statement.int(5)))
            }
            let changes = try stamps.map { id, stamp, deleted in
                let record = deleted ? nil : try self.record(withID: id)
                return RecipeChange(id: id, stamp: stamp, deleted: record == nil, recipe: record.map { RecipeJSON(record: $0) })
            }
            return (changes, latest)
        }
    }

    /// Applies other replicas' changes in one transaction. For each recipe the version with
    /// the later stamp wins, a deletion included; a change the store already has, or has
    /// something newer than, changes nothing, so applying a batch twice is harmless.
    @discardableResult
    public func apply(_ changes: [RecipeChange]) throws -> AppliedChanges {
        try write { try applyInTransaction(changes) }
    }

    func applyInTransaction(_ changes: [RecipeChange]) throws -> AppliedChanges {
        stampsLocalChanges = false
        defer { stampsLocalChanges = true }
        var result = AppliedChanges()
        var clock = try syncClock ?? loadClock()
        for change in changes.sorted(by: { $0.stamp < $1.stamp }) {
            clock.clock.receive(change.stamp)
            if let current = try versionStamp(of: change.id), change.stamp <= current {
                result.superseded += 1
                continue
            }
            let existing = try record(withID: change.id)
            if change.deleted || change.recipe == nil {
                if existing != nil { try deleteRecord(id: change.id) }
            } else if var incoming = change.recipe {
                incoming.id = change.id
                incoming.plannedIn = nil
                let record = RecipeRecord(try incoming.makeRecipe())
                if let existing { try update(record, from: existing) } else { try insert(record) }
            }
            try cachedStatement("""
                INSERT INTO recipe_version (recipe_id, wall, counter, replica, deleted, local_change) VALUES (?1, ?2, ?3, ?4, ?5, NULL)
                ON CONFLICT (recipe_id) DO UPDATE SET wall = ?2, counter = ?3, replica = ?4, deleted = ?5, local_change = NULL
                """).execute([.text(change.id.uuidString), .integer(change.stamp.wall), .integer(change.stamp.counter),
                              .text(change.stamp.replica), .integer(change.deleted || change.recipe == nil ? 1 : 0)])
            result.applied += 1
        }
        syncClock = clock
        return result
    }

    /// Gives the recipe a new local version stamp; called by every write of the library.
    func stampLocalChange(of id: UUID, deleted: Bool) throws {
        guard stampsLocalChanges else { return }
        var state = try syncClock ?? loadClock()
        let stamp = state.clock.tick(now: Date())
        state.localChange += 1
        syncClock = state
        try cachedStatement("""
            INSERT INTO recipe_version (recipe_id, wall, counter, replica, deleted, local_change) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            ON CONFLICT (recipe_id) DO UPDATE SET wall = ?2, counter = ?3, replica = ?4, deleted = ?5, local_change = ?6
            """).execute([.text(id.uuidString), .integer(stamp.wall), .integer(stamp.counter), .text(stamp.replica),
                          .integer(deleted ? 1 : 0), .integer(state.localChange)])
    }

    /// Writes the clock back at the end of a transaction that stamped or received changes.
    func flushSyncClock() throws {
        guard let state = syncClock else { return }
        let update = try cachedStatement("UPDATE sync_state SET value = ? WHERE key = ?")
        try update.execute([.integer(state.clock.wall), .text("wall")])
        try update.execute([.integer(state.clock.counter), .text("counter")])
        try update.execute([.integer(state.localChange), .text("local_change")])
    }

    private func loadClock() throws -> SyncClockState {
        SyncClockState(clock: HybridLogicalClock(wall: try syncValue("wall").integerValue, counter: try syncValue("counter").integerValue,
                                                 replica: try syncValue("replica").textValue),
                       localChange: try syncValue("local_change").integerValue)
    }

    func syncValue(_ key: String) throws -> SQLiteValue {
        let statement = try cachedStatement("SELECT value FROM sync_state WHERE key = ?")
        try statement.bind([.text(key)])
        defer { statement.reset() }
        guard try statement.step() else {
            throw RecipeStoreError.damaged(path: path ?? ":memory:", detail: "the sync state has no \(key)")
        }
        return statement.value(at: 0)
    }

    func setSyncValue(_ key: String, _ value: SQLiteValue) throws {
        try cachedStatement("UPDATE sync_state SET value = ? WHERE key = ?").execute([value, .text(key)])
    }

    private func versionStamp(of id: UUID) throws -> SyncStamp? {
        let statement = try cachedStatement("SELECT wall, counter, replica FROM recipe_version WHERE recipe_id = ?")
        try statement.bind([.text(id.uuidString)])
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return SyncStamp(wall: Int64(statement.int(0)), counter: Int64(statement.int(1)), replica: statement.string(2))
    }

    func record(withID id: UUID) throws -> RecipeRecord? {
        var found: RecipeRecord?
        try forEachRecord(sql: "SELECT \(recipeSelection) FROM recipe r WHERE r.id = ?", parameters: [.text(id.uuidString)]) {
            found = $0
            return false
        }
        return found
    }
}

/// The clock and the local change counter, read once per transaction.
struct SyncClockState {
    var clock: HybridLogicalClock
    var localChange: Int64
}

extension SQLiteValue {
    var textValue: String {
        switch self {
        case .text(let value): value
        case .integer(let value): String(value)
        case .real(let value): String(value)
        default: ""
        }
    }

    var integerValue: Int64 {
        switch self {
        case .integer(let value): value
        case .real(let value): Int64(value)
        case .text(let value): Int64(value) ?? 0
        default: 0
        }
    }
}
