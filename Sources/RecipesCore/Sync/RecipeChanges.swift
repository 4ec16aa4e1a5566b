import FoundationEssentials

/// One recipe's latest version as one replica knows it: the whole recipe with its
/// ingredients and plan (the unit of merging), or a tombstone when it was deleted.
public struct RecipeChange: Codable, Sendable, Equatable {
    /// The recipe's id.
    public var id: UUID
    /// When and where the change was made; the newest stamp wins.
    public var stamp: SyncStamp
    /// True when the change deleted the recipe.
    public var deleted: Bool
    /// The recipe; nil for a deletion, and for a pantry item's change.
    public var recipe: RecipeJSON?
    /// A pantry item's version instead of a recipe's (its id made from the identity; see
    /// PantryChanges), a removed one's with ``deleted``.
    public var pantry: PantryItemJSON? = nil

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
    /// Changes that were not applied, each with why ("recipe <id>: <reason>"): a recipe this
    /// store cannot keep (no name, say), a stamp from the far future, a change signed by
    /// another replica than the file's. The rest of their batch is applied.
    public var refused: [String] = []
    /// How many of the refused changes (or their plan entries and cooked records) are
    /// stamped ahead of this machine's clock by more than a day but less than a year: their
    /// file is read again at each sync until the clock gets there.
    public var postponed = 0

    /// A result with these lists.
    public init(applied: Int = 0, superseded: Int = 0, refused: [String] = []) {
        self.applied = applied
        self.superseded = superseded
        self.refused = refused
    }
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
            var latest = token
            let versions = try versionRows(where: "local_change > ? ORDER BY local_change", [token]) { row in
                latest = max(latest, row)
            }
            return (try versions.map(change(for:)), latest)
        }
    }

    /// Every recipe version this store knows that may travel (a sample nobody changed stays
    /// home), deletions included, and the local change token they reach: what a store writes
    /// when a sync folder lacks its history, so a machine reading only that file gets
    /// everything.
    func snapshot() throws -> (changes: [RecipeChange], token: Int64) {
        try readSnapshot {
            var latest: Int64 = 0
            let versions = try versionRows(where: "wall > 0 ORDER BY wall, counter, recipe_id", []) { latest = max(latest, $0) }
            return (try versions.map(change(for:)), latest)
        }
    }

    func versionRows(where condition: String, _ arguments: SQLArguments,
                             localChange: (Int64) -> Void) throws -> [(UUID, SyncStamp, Bool)] {
        var rows: [(UUID, SyncStamp, Bool)] = []
        try database.forEachRow("SELECT recipe_id, wall, counter, replica, deleted, local_change FROM recipe_version WHERE \(condition)",
                                arguments) { row in
            guard let id = UUID(storedText: try row["recipe_id"]) else { return true }
            rows.append((id, try SyncStamp(row), try row["deleted"]))
            if let change: Int64 = try row["local_change"] { localChange(change) }
            return true
        }
        return rows
    }

    func change(for version: (id: UUID, stamp: SyncStamp, deleted: Bool)) throws -> RecipeChange {
        if let item = try pantryChange(for: version) { return item }
        let record = version.deleted ? nil : try record(withID: version.id)
        var json = record.map { RecipeJSON(record: $0) }
        let plan = try syncedPlan(of: version.id), cooked = try syncedCooked(of: version.id)
        // A deleted recipe's plan still travels, on a recipe with nothing else: an edit made
        // later elsewhere may bring the recipe back, and with it every entry made meanwhile.
        if json == nil, !plan.isEmpty || !cooked.isEmpty {
            var blank = RecipeRecord.blank
            blank.id = version.id
            json = RecipeJSON(record: blank)
        }
        json?.plan = plan
        json?.cooked = cooked
        return RecipeChange(id: version.id, stamp: version.stamp, deleted: record == nil, recipe: json)
    }

    /// Applies other replicas' changes in one transaction. For each recipe the version with
    /// the later stamp wins, a deletion included; a change the store already has, or has
    /// something newer than, changes nothing, so applying a batch twice is harmless. A change
    /// that cannot be taken is refused alone (see ``AppliedChanges/refused``).
    @discardableResult
    public func apply(_ changes: [RecipeChange]) throws -> AppliedChanges {
        try write { try applyInTransaction(changes, signedBy: nil) }
    }

    /// Applies `changes` in the current write transaction. With `signedBy`, a change whose
    /// stamp names another replica is refused: a replica's file speaks only for that replica
    /// (of a change that carries a plan, only the entries that replica stamped are taken).
    func applyInTransaction(_ changes: [RecipeChange], signedBy replica: String?, now: Date = Date()) throws -> AppliedChanges {
        stampsLocalChanges = false
        defer { stampsLocalChanges = true }
        var result = AppliedChanges()
        var clock = try syncClock ?? loadClock()
        for change in changes.sorted(by: { $0.stamp < $1.stamp }) {
            let refusal: String?
            if let problem = change.stamp.problem(now: now) {
                refusal = problem
                if change.stamp.isWaitedFor(now: now) { result.postponed += 1 }
            } else if let replica, change.stamp.replica != replica {
                // A plan changed here travels with the recipe as another replica last wrote
                // it: that version is not this file's to give, but its entries are.
                if let json = change.recipe, json.plan != nil {
                    if try mergePlan(json, of: change, recipeWon: false, signedBy: replica, clock: &clock, now: now, into: &result) {
                        result.applied += 1
                        try updateDerivedPlan(of: change.id, now: now)
                    } else {
                        result.superseded += 1
                    }
                    continue
                }
                refusal = "it is stamped by replica \(change.stamp.replica) in a file of replica \(replica)"
            } else {
                refusal = nil
            }
            if let refusal {
                result.refused.append("\(change.pantry == nil ? "recipe" : "pantry item") \(change.id.uuidString): \(refusal)")
                continue
            }
            if let item = change.pantry {
                try applyPantryChange(change, item: item, clock: &clock, into: &result)
                continue
            }
            // A pantry item's id without its item: a version from before the pantry read a
            // pantry change as a recipe's deletion and passes it on so. It says nothing of
            // the item, and taken as a deletion it would remove it everywhere.
            if try isPantryItemID(change.id) {
                result.superseded += 1
                continue
            }
            let incoming: RecipeRecord?
            do {
                incoming = try change.deleted ? nil : change.recipe.map { try Self.storableRecord($0, id: change.id) }
            } catch let error as RecipeFormatError {
                result.refused.append("recipe \(change.id.uuidString) cannot be stored (\(error.reason))")
                continue
            }
            let existing = try record(withID: change.id)
            let recipeWins = try version(of: change.id).map { Self.wins(incoming, change.stamp, over: existing, $0) } ?? true
            if recipeWins {
                clock.clock.receive(change.stamp)
                if let incoming {
                    if let existing { try update(incoming, from: existing) } else { try insert(incoming) }
                } else if existing != nil {
                    try deleteRecord(id: change.id)
                }
                // A local change not yet written stays marked: its plan entries still have to
                // travel, though the recipe's own version is now another replica's.
                try setVersion(of: change.id, to: change.stamp, deleted: incoming == nil, keepingLocalChange: true)
            }
            // The plan merges entry by entry, whichever version of the recipe won, and is kept
            // (unseen) while the recipe is deleted here (see the "meal plan" migration). A
            // change counts as applied when its recipe or any of its plan was taken.
            let planTaken = try change.recipe.map {
                try mergePlan($0, of: change, recipeWon: recipeWins, signedBy: replica, clock: &clock, now: now, into: &result)
            } ?? false
            if recipeWins || planTaken {
                result.applied += 1
                try updateDerivedPlan(of: change.id, now: now)
            } else {
                result.superseded += 1
            }
        }
        syncClock = clock
        return result
    }

    /// The record for a received recipe, checked as a local save would check it.
    private static func storableRecord(_ json: RecipeJSON, id: UUID) throws -> RecipeRecord {
        var json = json
        json.id = id
        json.plannedIn = nil
        let record = RecipeRecord(try json.makeRecipe())
        if let problem = record.problem { throw RecipeFormatError(reason: problem) }
        return record
    }

    /// Whether a received version beats the stored one. Later stamps win. Equal stamps mean
    /// the same version unless the contents differ (a copied store, a crafted file); then the
    /// order must still be the same on every machine, whatever arrived first: a deletion wins,
    /// else the greater content hash.
    static func wins(_ incoming: RecipeRecord?, _ stamp: SyncStamp, over existing: RecipeRecord?,
                     _ current: (stamp: SyncStamp, deleted: Bool)) -> Bool {
        if stamp != current.stamp { return stamp > current.stamp }
        switch (incoming, current.deleted ? nil : existing) {
        case (nil, _): return !current.deleted
        case (_, nil): return false
        case (let incoming?, let existing?): return incoming.contentHash > existing.contentHash
        }
    }

    /// Sets the stored version of recipe `id`: another replica's (a change applied, a sample),
    /// so no local change is counted for it, unless `keepingLocalChange` leaves a mark of a
    /// local change not yet written where it is.
    func setVersion(of id: UUID, to stamp: SyncStamp, deleted: Bool, keepingLocalChange: Bool) throws {
        try database.execute(Self.stampSQL + (keepingLocalChange ? "" : ", local_change = NULL"),
                             [id, stamp.wall, stamp.counter, stamp.replica, deleted, nil as Int64?])
    }

    /// Writes a recipe's version row, `?6` its local change mark on a new row.
    static let stampSQL = """
        INSERT INTO recipe_version (recipe_id, wall, counter, replica, deleted, local_change) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
        ON CONFLICT (recipe_id) DO UPDATE SET wall = ?2, counter = ?3, replica = ?4, deleted = ?5
        """

    /// ``stampSQL`` that also sets the mark on an existing row.
    static let localStampSQL = stampSQL + ", local_change = ?6"

    /// Gives the recipe a new local version stamp; called by every write of the library. A
    /// bulk insert passes the statement of ``localStampSQL`` it holds (see RecipeInsertStatements).
    func stampLocalChange(of id: UUID, deleted: Bool, using held: SQLiteStatement? = nil) throws {
        guard stampsLocalChanges else { return }
        var state = try syncClock ?? loadClock()
        let stamp = state.clock.tick(now: Date())
        state.localChange += 1
        syncClock = state
        try (held ?? database.cachedStatement(Self.localStampSQL)).run([
            id.sqliteValue, stamp.wall.sqliteValue, stamp.counter.sqliteValue, stamp.replica.sqliteValue,
            deleted.sqliteValue, state.localChange.sqliteValue,
        ])
        // A bulk insert holds new recipes only, which have no plan yet.
        if held == nil { try stampSamplePlan(of: id, with: stamp) }
    }

    /// A sample's plan entries and cooked records nobody changed carry the sample stamp and
    /// stay home; once the sample itself changes and travels, they travel with it, under the
    /// stamp of that change (another machine's untouched copy of the entry is older).
    private func stampSamplePlan(of id: UUID, with stamp: SyncStamp) throws {
        for table in ["plan_entry", "cooked"] {
            try database.cachedStatement("UPDATE \(table) SET wall = ?, counter = ?, replica = ? WHERE recipe_id = ? AND wall = 0")
                .run([stamp.wall.sqliteValue, stamp.counter.sqliteValue, stamp.replica.sqliteValue, id.sqliteValue])
        }
    }

    /// A stamp for a plan entry or cooked record written in this transaction.
    func nextPlanStamp() throws -> SyncStamp {
        var state = try syncClock ?? loadClock()
        let stamp = state.clock.tick(now: Date())
        syncClock = state
        return stamp
    }

    /// Marks the recipe for the next sync after its plan changed, keeping the recipe's own
    /// version: the entries carry their stamps. A sample nobody touched gets a version of its
    /// own instead, since versions of untouched samples never travel.
    func markPlanChange(of id: UUID) throws {
        guard stampsLocalChanges else { return }
        guard let version = try version(of: id), version.stamp.wall > 0 else {
            return try stampLocalChange(of: id, deleted: false)
        }
        var state = try syncClock ?? loadClock()
        state.localChange += 1
        syncClock = state
        try database.execute("UPDATE recipe_version SET local_change = ? WHERE recipe_id = ?", [state.localChange, id])
    }

    /// Writes the clock back at the end of a transaction that stamped or received changes.
    func flushSyncClock() throws {
        guard let state = syncClock else { return }
        try setSyncValue("wall", state.clock.wall.sqliteValue)
        try setSyncValue("counter", state.clock.counter.sqliteValue)
        try setSyncValue("local_change", state.localChange.sqliteValue)
    }

    private func loadClock() throws -> SyncClockState {
        var clock = HybridLogicalClock(wall: try syncValue("wall").integerValue, counter: try syncValue("counter").integerValue,
                                       replica: try syncValue("replica").textValue)
        // A clock that adopted a stamp from the far future (before such stamps were refused)
        // goes back to the latest believable stamp it knows, instead of stamping every later
        // change in that future.
        let limit = HybridLogicalClock.milliseconds(Date()) + SyncStamp.futureTolerance
        if clock.wall > limit || clock.counter < 0 || clock.counter > SyncStamp.maximumCounter {
            // max() gives one row, NULL when nothing qualifies.
            let latest = try database.fetchOne(Int64?.self, "SELECT max(wall) FROM recipe_version WHERE wall <= ?", [limit])
            clock.wall = (latest ?? nil) ?? 0
            let counter = try database.fetchOne(Int64?.self, "SELECT max(counter) FROM recipe_version WHERE wall = ?", [clock.wall])
            clock.counter = min(max(0, (counter ?? nil) ?? 0), SyncStamp.maximumCounter)
        }
        return SyncClockState(clock: clock, localChange: try syncValue("local_change").integerValue)
    }

    func syncValue(_ key: String) throws -> SQLiteValue {
        guard let value = try database.fetchOne(SQLiteValue.self, "SELECT value FROM sync_state WHERE key = ?", [key]) else {
            throw RecipeStoreError.damaged(path: displayPath, detail: "the sync state has no \(key)")
        }
        return value
    }

    /// Sets the sync state's `key`, adding the row for one that later versions added
    /// (`republish`, `compaction_counted`).
    func setSyncValue(_ key: String, _ value: SQLiteValue) throws {
        try database.cachedStatement("INSERT INTO sync_state (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = ?2")
            .run([key.sqliteValue, value])
    }

    func version(of id: UUID) throws -> (stamp: SyncStamp, deleted: Bool)? {
        try database.fetchOne("SELECT wall, counter, replica, deleted FROM recipe_version WHERE recipe_id = ?", [id]) { row in
            (try SyncStamp(row), try row["deleted"] as Bool)
        }
    }

    /// The stored record; `movingPlansOn` false when the caller moved passed plans on already.
    func record(withID id: UUID, movingPlansOn: Bool = true) throws -> RecipeRecord? {
        var found: RecipeRecord?
        try forEachRecord(sql: "SELECT \(recipeSelection) FROM recipe r WHERE r.id = ?", arguments: SQLArguments([id.sqliteValue]),
                          movingPlansOn: movingPlansOn) {
            found = $0
            return false
        }
        return found
    }
}

extension SyncStamp {
    /// The stamp in a `recipe_version` row.
    init(_ row: SQLiteRow) throws {
        self.init(wall: try row["wall"], counter: try row["counter"], replica: try row["replica"])
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

extension RecipeRecord {
    /// A hash of everything a version of the recipe holds, as it travels (text in NFC, dates
    /// to the millisecond), the same on every machine.
    /// What the store derives (the planned date, the cooked counts) is left out: it follows
    /// the plan, which merges entry by entry.
    var contentHash: UInt64 {
        canonicalHash { json in
            json.planned = nil
            json.lastCooked = nil
            json.timesCooked = nil
        }
    }

    /// FNV-1a over the record's sorted-key JSON with its text in NFC (as the store keeps it),
    /// after `adjust` has cleared what should not count.
    func canonicalHash(_ adjust: (inout RecipeJSON) -> Void = { _ in }) -> UInt64 {
        var record = self
        record.name = TextMatching.canonical(name)
        record.summary = TextMatching.canonical(summary)
        record.instructions = TextMatching.canonical(instructions)
        record.ingredients = ingredients.map { .init(id: $0.id, name: TextMatching.canonical($0.name), amount: TextMatching.canonical($0.amount)) }
        var json = RecipeJSON(record: record)
        adjust(&json)
        return fnv1a((try? json.encoded()) ?? Data())
    }
}

/// FNV-1a: a hash that is the same on every machine and in every run, unlike `Hasher`.
/// Generic, so a string's UTF-8 is hashed in place: making a `Data` of it first was most of
/// the cost of the vocabulary's fingerprint in a `recipes search --ingredient` process.
func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return hash
}
