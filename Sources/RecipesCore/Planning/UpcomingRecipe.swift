import FoundationEssentials

/// The next planned recipe as a status bar shows it: the recipe, when it is planned, when to
/// start cooking it, and how soon.
public struct UpcomingRecipe {
    /// How close a planned recipe is; status bars style each differently.
    public enum Urgency: String, Sendable, CaseIterable {
        /// Cooking starts within an hour, or the meal is in progress.
        case imminent
        /// Later today.
        case today
        /// Tomorrow or later.
        case upcoming
        /// Nothing planned (or nothing within the window asked for).
        case none
    }

    /// The recipe.
    public let recipe: Recipe
    /// When it is planned: when the meal is eaten.
    public let plannedDate: Date
    /// When to start cooking: the planned date less the recipe's total time (or its
    /// preparation and cooking times), the planned date when it gives none.
    public let startDate: Date
    /// Seconds from now until the planned date (negative while the meal is in progress).
    public let startsIn: TimeInterval
    /// Seconds from now until cooking should start (negative once it should have).
    public let timeToStart: TimeInterval
    /// How soon, for status bars' colours and classes.
    public let urgency: Urgency

    /// Under this many seconds before cooking starts counts as imminent.
    public static let imminentWithin: TimeInterval = 3_600
    /// How long after its planned time a meal not recorded as cooked is still shown, as the
    /// meal in progress: long enough to cook and eat a dinner, short enough not to linger
    /// into the next meal (which takes over as soon as it should be started).
    public static let inProgressFor: TimeInterval = 7_200

    /// `recipe`, planned at `plannedDate`, as seen at `now`.
    public init(recipe: Recipe, plannedDate: Date, now: Date, local: LocalTime = .system) {
        self.init(recipe: recipe, plannedDate: plannedDate, leadTime: Self.leadTime(of: recipe), now: now, local: local)
    }

    /// The recipe `record` makes, planned at `plannedDate`, as seen at `now`: its times read
    /// from the record, which costs no key paths (see ``Recipe/isBeingMade``).
    init(_ record: RecipeRecord, plannedDate: Date, now: Date, local: LocalTime) {
        self.init(recipe: record.makeRecipe(), plannedDate: plannedDate,
                  leadTime: Self.leadTime(total: record.totalMinutes, prep: record.prepMinutes, cook: record.cookMinutes),
                  now: now, local: local)
    }

    private init(recipe: Recipe, plannedDate: Date, leadTime: TimeInterval, now: Date, local: LocalTime) {
        self.recipe = recipe
        self.plannedDate = plannedDate
        startDate = plannedDate - leadTime
        startsIn = plannedDate.timeIntervalSince(now)
        timeToStart = startDate.timeIntervalSince(now)
        if timeToStart < Self.imminentWithin {
            urgency = .imminent
        } else if local.isSameDay(startDate, now) {
            urgency = .today
        } else {
            urgency = .upcoming
        }
    }

    /// Whether the meal's planned time has come (it is being cooked or eaten).
    public var isInProgress: Bool { startsIn <= 0 }

    /// How long before the meal cooking starts: the total time the recipe gives, else its
    /// preparation and cooking times added; zero when it gives none.
    public static func leadTime(of recipe: Recipe) -> TimeInterval {
        leadTime(total: recipe.totalMinutes, prep: recipe.prepMinutes, cook: recipe.cookMinutes)
    }

    static func leadTime(total: Int?, prep: Int?, cook: Int?) -> TimeInterval {
        TimeInterval(max(Recipe.readyMinutes(total: total, prep: prep, cook: cook) ?? 0, 0) * 60)
    }
}

extension RecipeStore {
    /// The limit-1 fetch behind `recipes next`: of the recipes planned after `now`
    /// (optionally of one kind), the one whose cooking should start first
    /// (``UpcomingRecipe/startDate``: its planned date less its total time, else its
    /// preparation and cooking times). For recipes that give no times that is the earliest
    /// planned, what ``nextPlannedDescriptor(after:kind:)`` fetches; a roast at 19:00 that
    /// takes two hours comes before a soup at 18:00. It reads one row through an index of
    /// those start times. A meal whose time has come and that was not recorded as cooked
    /// comes first, for ``UpcomingRecipe/inProgressFor`` or until the next one should be
    /// started (``UpcomingRecipe/isInProgress``).
    ///
    /// ```swift
    /// let next = try store.nextPlannedRecipe(after: Date())
    /// ```
    ///
    /// Its SQL is written out because a status bar starts this process every few seconds, and
    /// building and translating a predicate costs more than the query itself.
    public func nextPlannedRecipe(after now: Date, kind: RecipeKind = .all, local: LocalTime = .system) throws -> UpcomingRecipe? {
        try nextPlannedRecipe(after: now, kinds: RecipeKinds(kind), local: local)
    }

    /// ``nextPlannedRecipe(after:kind:local:)`` of any set of kinds (plain dishes alone, say).
    public func nextPlannedRecipe(after now: Date, kinds kind: RecipeKinds, local: LocalTime = .system) throws -> UpcomingRecipe? {
        // Recipes whose planned occurrence has passed move on to their next one first (see
        // RecipeStore+Plan); usually there are none, which costs one index lookup.
        let notMovedOn = try refreshPassedPlans(now: now, local: local)
        // The meal in progress stays until it is cooked, its time is over, or the next one
        // should be started; the next one's start is read from its row alone.
        let begun = try mealBegun(at: now, kind: kind)
        if let begun, notMovedOn.isEmpty, try nextStart(after: now, kind: kind).map({ $0 > now }) ?? true,
           let current = try inProgress(begun, now: now, local: local) {
            return current
        }
        var found: RecipeRecord?
        try forEachRecord(sql: Self.nextStartingSQL(kind), arguments: Self.nextStartingArguments(now), movingPlansOn: false) {
            found = $0
            return false
        }
        // A read-only store could not write the moved-on dates: they compete here instead.
        func start(_ record: RecipeRecord, planned: Date) -> Date {
            planned - UpcomingRecipe.leadTime(total: record.totalMinutes, prep: record.prepMinutes, cook: record.cookMinutes)
        }
        for (id, dates) in notMovedOn {
            guard let planned = dates.planned, planned > now, var record = try record(withID: id), kind.includes(record.variety),
                  found.flatMap({ found in found.plannedDate.map { start(record, planned: planned) < start(found, planned: $0) } }) ?? true
            else { continue }
            record.plannedDate = planned
            found = record
        }
        let upcoming = found.flatMap { record in
            record.plannedDate.map { UpcomingRecipe(record, plannedDate: $0, now: now, local: local) }
        }
        if let begun, !notMovedOn.isEmpty, upcoming.map({ $0.timeToStart > 0 }) ?? true,
           let current = try inProgress(begun, now: now, local: local) {
            return current
        }
        return upcoming
    }

    /// The meal whose planned time passed within ``UpcomingRecipe/inProgressFor`` and that
    /// was not recorded as cooked, the latest if several: the latest row of each of two
    /// indexes in that span, read from the index alone.
    private func mealBegun(at now: Date, kind: RecipeKinds) throws -> (id: UUID, at: Date)? {
        let begun = try reading {
            try database.fetchAll(Self.inProgressSQL(kind), [now, now - UpcomingRecipe.inProgressFor]) { row -> (id: UUID, at: Date) in
                (try row["id"], try row["at"])
            }
        }
        return begun.max { ($0.at, $0.id.uuidString) < ($1.at, $1.id.uuidString) }
    }

    private func inProgress(_ begun: (id: UUID, at: Date), now: Date, local: LocalTime) throws -> UpcomingRecipe? {
        // Its dates were moved on already.
        try record(withID: begun.id, movingPlansOn: false).map {
            UpcomingRecipe($0, plannedDate: begun.at, now: now, local: local)
        }
    }

    /// When cooking the next planned recipe should start: its planned date less its time.
    private func nextStart(after now: Date, kind: RecipeKinds) throws -> Date? {
        try reading {
            try database.fetchOne(Self.nextStartingSQL(kind, selecting: "r.planned, r.total_minutes, r.prep_minutes, r.cook_minutes"),
                                  Self.nextStartingArguments(now)) { row -> Date in
                let planned: Date = try row["planned"]
                return planned - UpcomingRecipe.leadTime(total: try row["total_minutes"], prep: try row["prep_minutes"], cook: try row["cook_minutes"])
            }
        }
    }

    /// A single date not cooked stays `planned` once passed (nothing follows it); a meal
    /// moved on from is `plan_current`. Parameters (now, now - inProgressFor); a row of each.
    static func inProgressSQL(_ kind: RecipeKinds) -> String {
        let kinds = kind.sqlCondition(alias: "recipe").map { " AND " + $0 } ?? ""
        return """
            SELECT * FROM (SELECT id, planned AS at FROM recipe WHERE planned > ?2 AND planned <= ?1\(kinds) ORDER BY planned DESC, id DESC LIMIT 1)
            UNION ALL SELECT * FROM (SELECT id, plan_current AS at FROM recipe WHERE plan_current > ?2 AND plan_current <= ?1\(kinds)
            ORDER BY plan_current DESC LIMIT 1)
            """
    }

    /// When cooking a planned recipe should start, in SQL, as ``UpcomingRecipe/leadTime(of:)``
    /// counts it (at most ``Recipe/longestMinutes`` before, whatever another program wrote):
    /// the expression the `recipe_by_start` index keeps (Schema), written the same so that
    /// SQLite uses it.
    package static func startSQL(alias: String) -> String {
        let column = { (name: String) in alias + "." + name }
        let ready = "coalesce(\(column("total_minutes")), CASE WHEN \(column("prep_minutes")) IS NULL AND \(column("cook_minutes")) IS NULL THEN 0 "
            + "ELSE coalesce(\(column("prep_minutes")), 0) + coalesce(\(column("cook_minutes")), 0) END)"
        return "\(column("planned")) - 60.0 * min(max(\(ready), 0), \(Recipe.longestMinutes))"
    }

    /// The recipe planned after ?1 whose cooking starts first, ties by planned date and id,
    /// from the start index: a start is at most ``Recipe/longestMinutes`` before its planned
    /// date, so ?2 (now less that) bounds the range, and past meals in it are passed over in
    /// the index itself. Parameters from ``nextStartingArguments(_:)``.
    static func nextStartingSQL(_ kind: RecipeKinds, selecting columns: String = recipeSelection) -> String {
        let start = startSQL(alias: "r")
        let kinds = kind.sqlCondition(alias: "r").map { " AND " + $0 } ?? ""
        return "SELECT \(columns) FROM recipe r WHERE r.planned IS NOT NULL AND \(start) >= ?2 AND r.planned > ?1\(kinds) "
            + "ORDER BY \(start), r.planned, r.id LIMIT 1"
    }

    static func nextStartingArguments(_ now: Date) -> SQLArguments {
        // Not an array literal: its existential element type costs the first call more than the query.
        SQLArguments([now.sqliteValue, (now - TimeInterval(Recipe.longestMinutes * 60)).sqliteValue])
    }

    /// Recipes planned from `start` (inclusive) to `end` (exclusive), earliest first, ties by
    /// name; all planned recipes when both are nil.
    public func plannedRecipes(from start: Date?, to end: Date?, kind: RecipeKind = .all) throws -> [Recipe] {
        let lower = start ?? .distantPast, upper = end ?? .distantFuture
        let window = #Predicate<Recipe> { recipe in
            recipe.plannedDate != nil && (recipe.plannedDate ?? lower) >= lower && (recipe.plannedDate ?? upper) < upper
        }
        let predicate = RecipePredicates.kind(kind).map { $0 && window } ?? window
        let descriptor = StoreQuery<Recipe>(predicate: predicate, sortBy: [SortKey(\.plannedDate), SortKey(\.name)])
        var result: [Recipe] = []
        try enumerate(descriptor) { result.append($0); return true }
        return result
    }

    /// SwiftData's "upcoming" predicate, `($0.plannedDate ?? now) > now`, with a kind.
    package static func plannedAfter(_ now: Date, kind: RecipeKind) -> Predicate<Recipe> {
        let upcoming = #Predicate<Recipe> { ($0.plannedDate ?? now) > now }
        return RecipePredicates.kind(kind).map { $0 && upcoming } ?? upcoming
    }
}
