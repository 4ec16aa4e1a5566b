import FoundationEssentials

/// One occurrence in the meal plan: a recipe at a date, from an entry.
public struct PlannedMeal: Sendable {
    /// The entry it comes from (a repeat gives many occurrences).
    public let entry: PlanEntry
    /// When this occurrence is.
    public let date: Date
    /// The recipe planned.
    public let recipe: RecipeSummary
    /// Whether this occurrence was recorded as cooked.
    public let isCooked: Bool
}

/// What `clearPlan` did.
public struct ClearedPlan: Sendable, Equatable {
    /// Single-date entries removed.
    public var removed = 0
    /// Repeats that ended (removed entirely, or their occurrence in the window skipped).
    public var repeatsRemoved = 0
    /// Occurrences of repeats skipped.
    public var skipped = 0
}

// The meal plan. Every entry and cooked record carries its own sync stamp; a change to them
// marks the recipe for the next sync without giving the recipe itself a new version, so a
// plan made on one machine never undoes an edit of the recipe made on another.

extension RecipeStore {
    // MARK: Reading

    /// The recipe's entries (not removed ones), by date; none for a recipe the store does
    /// not have (deleting a recipe deletes its plan).
    public func planEntries(of recipeID: UUID) throws -> [PlanEntry] {
        try reading {
            guard try recipeExists(recipeID) else { return [] }
            return try entries(where: "recipe_id = ? AND removed = 0 ORDER BY date, id", [recipeID])
        }
    }

    /// Every occurrence from `start` to `end` (exclusive), earliest first (ties by name),
    /// cooked ones included and marked. Repeats are expanded only inside the window (and
    /// before `repeatsUntil`, when given), at most ``occurrencesListed`` each, so a repeat
    /// without an end costs what the window holds.
    public func plannedMeals(from start: Date, to end: Date, kind: RecipeKind = .all, repeatsUntil: Date? = nil,
                             local: LocalTime = .system) throws -> [PlannedMeal] {
        try plannedMeals(from: start, to: end, kinds: RecipeKinds(kind), repeatsUntil: repeatsUntil, local: local)
    }

    /// ``plannedMeals(from:to:kind:repeatsUntil:local:)`` of any set of kinds (plain dishes alone, say).
    public func plannedMeals(from start: Date, to end: Date, kinds: RecipeKinds, repeatsUntil: Date? = nil,
                             local: LocalTime = .system) throws -> [PlannedMeal] {
        try readSnapshot {
            let candidates = try entries(where: """
                removed = 0 AND ((repeat IS NULL AND date >= ? AND date < ?) OR (repeat IS NOT NULL AND date < ?))
                """, [start, end, end])
            var summaries: [UUID: RecipeSummary] = [:]
            var meals: [PlannedMeal] = []
            for entry in candidates {
                if summaries[entry.recipeID] == nil {
                    guard let summary = try summary(of: entry.recipeID) else { continue }
                    summaries[entry.recipeID] = summary
                }
                guard let recipe = summaries[entry.recipeID], kinds.includes(recipe.variety) else { continue }
                let until = entry.isRepeating ? min(end, repeatsUntil ?? end) : end
                for occurrence in entry.occurrences(from: start, to: until, limit: Self.occurrencesListed, local: local) {
                    meals.append(PlannedMeal(entry: entry, date: occurrence.date, recipe: recipe, isCooked: occurrence.cooked))
                }
            }
            // Ties by the entry's id bytes, which order as its text does: making the text in the
            // comparison was most of listing a store of ten thousand repeats.
            return meals.sorted { ($0.date, $0.recipe.name) < ($1.date, $1.recipe.name)
                || (($0.date, $0.recipe.name) == ($1.date, $1.recipe.name) && $0.entry.id.bytesPrecede($1.entry.id)) }
        }
    }

    /// The first and the last date of the plan's entries (a repeat's first occurrence), or
    /// nil when nothing is planned.
    public func planSpan() throws -> ClosedRange<Date>? {
        try reading {
            try database.fetchOne("""
                SELECT min(date) AS first, max(date) AS last FROM plan_entry e
                WHERE removed = 0 AND EXISTS (SELECT 1 FROM recipe WHERE id = e.recipe_id)
                """) { row -> ClosedRange<Date>? in
                guard let first: Date = try row["first"], let last: Date = try row["last"] else { return nil }
                return first...last
            } ?? nil
        }
    }

    /// The most occurrences of one entry a listing shows: ten years of a daily meal.
    public static let occurrencesListed = 3_660

    /// When the recipe was cooked, earliest first (undone records left out).
    public func cookedRecords(of recipeID: UUID) throws -> [CookedRecord] {
        try reading {
            guard try recipeExists(recipeID) else { return [] }
            return try database.fetchAll("SELECT id, date, entry_id, occurrence FROM cooked WHERE recipe_id = ? AND removed = 0 ORDER BY date, id",
                                         [recipeID]) { row in
                CookedRecord(id: try row["id"], recipeID: recipeID, date: try row["date"], entryID: try row["entry_id"],
                             occurrence: try row["occurrence"])
            }
        }
    }

    // MARK: Writing

    /// Adds `entry` to the plan in one transaction.
    @discardableResult
    public func addPlanEntry(_ entry: PlanEntry, now: Date = Date()) throws -> PlanEntry {
        try plan([entry], now: now)
        return entry
    }

    /// Adds `entries` (of one or more recipes) in one transaction, as `recipes plan` does for
    /// `mon-fri lunch`; with `replacingUpcoming`, their recipes' upcoming entries make way
    /// first. Returns the entries that made way.
    @discardableResult
    public func plan(_ entries: [PlanEntry], replacingUpcoming: Bool = false, now: Date = Date()) throws -> [PlanEntry] {
        try write {
            var recipes: [UUID] = []
            for id in entries.map(\.recipeID) where !recipes.contains(id) { recipes.append(id) }
            var replaced: [PlanEntry] = []
            for id in recipes {
                try requireRecipe(id)
                if replacingUpcoming { replaced += try removeUpcomingEntries(of: id, now: now) }
            }
            for entry in entries {
                if let problem = FieldLimit.servings.problem(entry.servings) {
                    throw RecipeStoreError.invalidRecipe(id: entry.recipeID, reason: "a plan's servings: " + problem)
                }
                try insertEntry(entry, stamp: try nextPlanStamp())
            }
            for id in recipes { try planChanged(of: id, now: now) }
            return replaced
        }
    }

    /// Replaces the recipe's upcoming plan with `entry` (nil: with nothing): single-date
    /// entries after `now` are removed and repeats end, as `plan --replace` and setting
    /// ``Recipe/plannedDate`` do. Past entries stay as the plan's history. Returns what
    /// was removed.
    @discardableResult
    public func replaceUpcomingPlan(of recipeID: UUID, with entry: PlanEntry?, now: Date = Date()) throws -> [PlanEntry] {
        try write {
            try requireRecipe(recipeID)
            let removed = try removeUpcomingEntries(of: recipeID, now: now)
            if let entry { try insertEntry(entry, stamp: try nextPlanStamp()) }
            try planChanged(of: recipeID, now: now)
            return removed
        }
    }

    /// Clears the recipe's plan in `window` (nil: everything upcoming). A single-date entry
    /// there is removed; a repeat's occurrences there are skipped, and with no window the
    /// repeat is removed.
    @discardableResult
    public func clearPlan(of recipeID: UUID, in window: Range<Date>?, now: Date = Date(),
                          local: LocalTime = .system) throws -> ClearedPlan {
        try write {
            try requireRecipe(recipeID)
            var result = ClearedPlan()
            guard let window else {
                let removed = try removeUpcomingEntries(of: recipeID, now: now)
                result.removed = removed.filter { !$0.isRepeating }.count
                result.repeatsRemoved = removed.filter(\.isRepeating).count
                try planChanged(of: recipeID, now: now)
                return result
            }
            for var entry in try planEntries(of: recipeID) {
                let inWindow = entry.occurrences(from: window.lowerBound, to: window.upperBound, local: local)
                    .filter { !$0.cooked }.map(\.date)
                guard !inWindow.isEmpty else { continue }
                if entry.isRepeating {
                    entry.skipped = (entry.skipped + inWindow).sorted()
                    try updateEntry(entry)
                    result.skipped += inWindow.count
                } else {
                    try removeEntry(entry)
                    result.removed += 1
                }
            }
            if result != ClearedPlan() { try planChanged(of: recipeID, now: now) }
            return result
        }
    }

    /// Leaves out the repeat occurrences of the recipe in `window` (`plan --skip`); how many.
    @discardableResult
    public func skipOccurrences(of recipeID: UUID, in window: Range<Date>, now: Date = Date(),
                                local: LocalTime = .system) throws -> Int {
        try write {
            try requireRecipe(recipeID)
            var count = 0
            for var entry in try planEntries(of: recipeID) where entry.isRepeating {
                let inWindow = entry.occurrences(from: window.lowerBound, to: window.upperBound, local: local)
                    .filter { !$0.cooked }.map(\.date)
                guard !inWindow.isEmpty else { continue }
                entry.skipped = (entry.skipped + inWindow).sorted()
                try updateEntry(entry)
                count += inWindow.count
            }
            if count > 0 { try planChanged(of: recipeID, now: now) }
            return count
        }
    }

    /// Records that the recipe was cooked at `date`. The planned occurrence it fulfils is
    /// marked cooked, so it no longer shows in `next`: the nearest open one from
    /// ``cookedMatchWindow`` before `date` to ``cookedEarlyWindow`` after it (a meal cooked a
    /// little early), and with `meal`, only one planned for that meal. A meal still hours
    /// ahead is never taken for one already cooked. An entry planned without a meal word
    /// counts as `meal` when it lies within ``cookedEarlyWindow`` of `date`.
    ///
    /// The same meal is not recorded twice by accident: unless `again`, when no planned meal
    /// is open for `date` and the recipe was recorded cooked within ``sameMealWindow`` of it,
    /// it throws ``AlreadyCooked`` (naming the planned meal that record fulfilled, if any) and
    /// writes nothing.
    ///
    /// With `takingFromPantry`, the amounts the recipe's lines ask for are taken from the
    /// pantry items that hold a quantity of them, in the same transaction (see
    /// ``takeFromPantry(recipeID:servings:vocabulary:)``) for `servings`, else the servings of the planned meal
    /// it fulfils, else the recipe's own; and remembered with the record:
    /// ``undoCooked(recipeID:now:)`` on this store puts them back.
    @discardableResult
    public func recordCooked(recipeID: UUID, at date: Date, meal: String? = nil, again: Bool = false, servings: Int? = nil, now: Date = Date(),
                             local: LocalTime = .system, takingFromPantry vocabulary: IngredientVocabulary? = nil) throws -> CookedRecord {
        try write {
            try requireRecipe(recipeID)
            var fulfilled: (entry: PlanEntry, occurrence: Date)?
            var done: Date?
            let window = date.addingTimeInterval(-Self.cookedMatchWindow)..<date.addingTimeInterval(Self.cookedEarlyWindow)
            for entry in try planEntries(of: recipeID) where meal == nil || entry.meal == nil || entry.meal?.lowercased() == meal?.lowercased() {
                for occurrence in entry.occurrences(from: window.lowerBound, to: window.upperBound, local: local) {
                    // An entry planned without a meal word is that meal when it lies near it.
                    if meal != nil, entry.meal == nil, abs(occurrence.date.timeIntervalSince(date)) > Self.cookedEarlyWindow { continue }
                    if occurrence.cooked {
                        done = done.map { abs($0.timeIntervalSince(date)) < abs(occurrence.date.timeIntervalSince(date)) ? $0 : occurrence.date } ?? occurrence.date
                        continue
                    }
                    let distance = abs(occurrence.date.timeIntervalSince(date))
                    if distance < fulfilled.map({ abs($0.occurrence.timeIntervalSince(date)) }) ?? .infinity {
                        fulfilled = (entry, occurrence.date)
                    }
                }
            }
            if !again, fulfilled == nil, let close = try cookedRecords(of: recipeID).map(\.date)
                .filter({ abs($0.timeIntervalSince(date)) < Self.sameMealWindow })
                .min(by: { abs($0.timeIntervalSince(date)) < abs($1.timeIntervalSince(date)) }) {
                throw AlreadyCooked(recipeID: recipeID, plannedFor: done, recordedAt: close)
            }
            if var entry = fulfilled?.entry, let occurrence = fulfilled?.occurrence {
                entry.cooked = (entry.cooked + [occurrence]).sorted()
                try updateEntry(entry)
            }
            let record = CookedRecord(recipeID: recipeID, date: date, entryID: fulfilled?.entry.id, occurrence: fulfilled?.occurrence)
            try insertCooked(record, stamp: try nextPlanStamp())
            try planChanged(of: recipeID, now: now)
            // For as many as were cooked for: as said, else as the planned meal says.
            if let vocabulary { try takeFromPantry(for: record, servings: servings ?? fulfilled?.entry.servings, vocabulary: vocabulary) }
            return record
        }
    }

    /// How long after a planned occurrence cooking still fulfils it: the same meal, cooked late
    /// or recorded the next morning.
    public static let cookedMatchWindow: TimeInterval = 24 * 3_600

    /// Two records of one recipe closer than this are one meal recorded twice (a lunch and a
    /// dinner are further apart), unless asked for.
    public static let sameMealWindow: TimeInterval = 4 * 3_600

    /// How long before a planned occurrence cooking fulfils it: started early.
    public static let cookedEarlyWindow: TimeInterval = 2 * 3_600

    /// Copies the plan and the cooked log of `source` to `target`, in the current write
    /// transaction: a merge of duplicates keeps one recipe and must not lose the others'
    /// meals. Each copy's id is made from the original's and the target's, so two machines
    /// merging the same recipes make the same copies, which sync then takes as one.
    func copyPlan(from source: UUID, to target: UUID) throws {
        let entries = try planEntries(of: source), cooked = try cookedRecords(of: source)
        guard !entries.isEmpty || !cooked.isEmpty else { return }
        for var entry in entries {
            entry.id = Self.derivedID(entry.id, target)
            entry.recipeID = target
            try insertEntry(entry, stamp: try nextPlanStamp())
        }
        for var record in cooked {
            record.id = Self.derivedID(record.id, target)
            record.recipeID = target
            record.entryID = record.entryID.map { Self.derivedID($0, target) }
            try insertCooked(record, stamp: try nextPlanStamp())
        }
        try planChanged(of: target, now: clock())
    }

    /// The same id on every machine for the same two ids: two FNV-1a hashes of their text.
    static func derivedID(_ first: UUID, _ second: UUID) -> UUID {
        let text = Data((first.uuidString + "/" + second.uuidString).utf8)
        let high = fnv1a(text), low = fnv1a(Data((second.uuidString + "/" + first.uuidString).utf8))
        var bytes = withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { Array($0) }
        bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8: made by the application
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    // MARK: Rows

    func requireRecipe(_ id: UUID) throws {
        guard try database.fetchOne(Int.self, "SELECT 1 FROM recipe WHERE id = ?", [id]) != nil else {
            throw RecipeStoreError.invalidRecipe(id: id, reason: "the store has no such recipe (deleted meanwhile?)")
        }
    }

    static let entryColumnNames = ["id", "recipe_id", "date", "meal", "servings", "note", "repeat", "skipped", "cooked", "locked"]
    static let entryColumns = entryColumnNames.joined(separator: ", ")

    /// Entries as the plan reads them: an occurrence whose cooking was undone is open again.
    func entries(where condition: String, _ arguments: SQLArguments) throws -> [PlanEntry] {
        let entries = try database.fetchAll("SELECT \(Self.entryColumns) FROM plan_entry WHERE \(condition)", arguments) { row in
            try Self.entry(row, path: displayPath)
        }
        return try reopeningUndone(entries)
    }

    static func entry(_ row: SQLiteRow, path: String) throws -> PlanEntry {
        let rule: RepeatRule?
        do {
            rule = try (row["repeat"] as String?).map(RepeatRule.init(rrule:))
        } catch {
            throw RecipeStoreError.damaged(path: path, detail: "plan entry \(try row["id"] as String) has a repeat this version cannot read")
        }
        return PlanEntry(id: try row["id"], recipeID: try row["recipe_id"], date: try row["date"], meal: try row["meal"],
                         servings: try row["servings"], note: try row["note"], repeatRule: rule,
                         skipped: dateList(try row["skipped"]), cooked: dateList(try row["cooked"]), isLocked: try row["locked"])
    }

    /// Dates one per line, as seconds since the reference date: exact, and short.
    static func dateList(_ text: String) -> [Date] {
        text.split(separator: "\n").compactMap { Double($0).map(Date.init(timeIntervalSinceReferenceDate:)) }
    }

    static func dateListText(_ dates: [Date]) -> String {
        dates.map { String($0.timeIntervalSinceReferenceDate) }.joined(separator: "\n")
    }

    func insertEntry(_ entry: PlanEntry, stamp: SyncStamp, removed: Bool = false) throws {
        try database.execute("""
            INSERT INTO plan_entry (id, recipe_id, date, meal, servings, note, repeat, skipped, cooked, removed, wall, counter, replica, locked)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
            ON CONFLICT (id) DO UPDATE SET date = ?3, meal = ?4, servings = ?5, note = ?6, repeat = ?7, skipped = ?8,
                cooked = ?9, removed = ?10, wall = ?11, counter = ?12, replica = ?13, locked = ?14
            """, SQLArguments([entry.id.sqliteValue, entry.recipeID.sqliteValue, entry.date.sqliteValue, entry.meal.sqliteValue,
                               entry.servings.sqliteValue, entry.note.sqliteValue, entry.repeatRule?.rrule.sqliteValue ?? .null,
                               Self.dateListText(entry.skipped).sqliteValue, Self.dateListText(entry.cooked).sqliteValue,
                               removed.sqliteValue, stamp.wall.sqliteValue, stamp.counter.sqliteValue, stamp.replica.sqliteValue,
                               entry.isLocked.sqliteValue]))
    }

    private func updateEntry(_ entry: PlanEntry) throws {
        try insertEntry(entry, stamp: try nextPlanStamp())
    }

    /// Keeps a removed entry as a tombstone, so the removal reaches other machines.
    private func removeEntry(_ entry: PlanEntry) throws {
        try insertEntry(entry, stamp: try nextPlanStamp(), removed: true)
    }

    /// Removes single-date entries after `now` and ends repeats that still have occurrences
    /// ahead: one that began before `now` ends there, keeping its past occurrences (and
    /// what was cooked of them) as history. Returns the entries as they were.
    private func removeUpcomingEntries(of recipeID: UUID, now: Date) throws -> [PlanEntry] {
        let upcoming = try planEntries(of: recipeID).filter { entry in
            entry.isRepeating ? entry.occurrence(after: now) != nil : entry.date > now && !entry.isDone
        }
        for entry in upcoming {
            if let rule = entry.repeatRule, entry.date <= now {
                var ended = entry
                ended.repeatRule = rule.ending(at: now)
                try updateEntry(ended)
            } else {
                try removeEntry(entry)
            }
        }
        return upcoming
    }

    /// Adds `record`; a record the store has stays as it is, except that an undone one
    /// (`removed`) undoes it: a record is written once and undone at most once, so every
    /// machine ends with the same records whatever order they arrive in.
    func insertCooked(_ record: CookedRecord, stamp: SyncStamp, removed: Bool = false) throws {
        try database.execute("""
            INSERT INTO cooked (id, recipe_id, date, entry_id, occurrence, removed, wall, counter, replica) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET removed = 1, occurrence = coalesce(occurrence, excluded.occurrence),
                wall = excluded.wall, counter = excluded.counter, replica = excluded.replica
            WHERE excluded.removed = 1 AND removed = 0
            """, SQLArguments([record.id.sqliteValue, record.recipeID.sqliteValue, record.date.sqliteValue,
                               record.entryID.sqliteValue, record.occurrence.sqliteValue, (removed ? 1 : 0).sqliteValue,
                               stamp.wall.sqliteValue, stamp.counter.sqliteValue, stamp.replica.sqliteValue]))
    }

    private func summary(of id: UUID) throws -> RecipeSummary? {
        try database.fetchOne("""
            SELECT kind, name, planned, \(RecipeRecord.ingredientCountSQL(alias: "r")) AS ingredients FROM recipe r WHERE id = ?
            """, [id]) { row in
            RecipeSummary(id: id, variety: try row["kind"], name: try row["name"], plannedDate: try row["planned"],
                          ingredientCount: try row["ingredients"])
        }
    }
}

extension RecipeKind {
    /// Whether a recipe of `variety` is of this kind.
    func includes(_ variety: RecipeVariety) -> Bool {
        RecipeKinds(self).includes(variety)
    }
}

extension UUID {
    /// Whether this id comes before `other` byte by byte: the order of their canonical text.
    func bytesPrecede(_ other: UUID) -> Bool {
        withUnsafeBytes(of: uuid) { mine in withUnsafeBytes(of: other.uuid) { theirs in mine.lexicographicallyPrecedes(theirs) } }
    }
}
