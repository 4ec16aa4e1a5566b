import FoundationEssentials
import FoundationInternationalization

/// What to fetch, in SwiftData's shape: a predicate, sort descriptors, a limit and an offset.
///
/// ```swift
/// let now = Date()
/// var next = FetchDescriptor<Recipe>(predicate: #Predicate { ($0.plannedDate ?? now) > now },
///                                    sortBy: [SortDescriptor(\.plannedDate, order: .forward)])
/// next.fetchLimit = 1
/// let upcoming = try context.fetch(next)
/// ```
///
/// Fetching `FetchDescriptor<BakedGood>` returns baked goods only; a
/// `FetchDescriptor<PlanEntry>` fetches the meal plan's entries (``RecipeStore/fetch(_:)``).
public struct FetchDescriptor<T>: Sendable {
    /// Which recipes (or entries) to fetch; nil fetches every one of type `T`.
    public var predicate: Predicate<T>?
    /// The order, first descriptor first; ties break by id. Empty means by id.
    public var sortBy: [SortDescriptor<T>]
    /// At most this many recipes; nil (or a negative number) means no limit.
    public var fetchLimit: Int?
    /// How many matching recipes to skip, in order, before the first one returned.
    public var fetchOffset: Int?
    /// Whether the context's unsaved inserts, deletes and edits count (SwiftData's default,
    /// true); false reads only what is saved.
    public var includePendingChanges = true
    /// Strict mode: when true, a fetch whose predicate or sort SQL cannot express throws
    /// ``RecipeStoreError/untranslatable(parts:)`` instead of filtering or sorting in memory
    /// (which reads every candidate row: seconds on a large store). Off by default, and
    /// nothing is logged either way; ``ModelContext/queryPlan(for:)-(FetchDescriptor<T>)`` tells in advance.
    ///
    /// ```swift
    /// var descriptor = FetchDescriptor<Recipe>(predicate: #Predicate { $0.name.count > 3 })
    /// descriptor.requiresSQLTranslation = true
    /// try context.fetch(descriptor)   // throws .untranslatable
    /// ```
    public var requiresSQLTranslation = false

    /// A descriptor with this predicate and order, no limit and no offset.
    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }

    /// The same fetch in the store's own terms, which the store compiles to SQL.
    var query: StoreQuery<T> {
        var query = StoreQuery(predicate: predicate, sortBy: sortBy.map(SortKey.init))
        query.fetchLimit = fetchLimit
        query.fetchOffset = fetchOffset
        query.includePendingChanges = includePendingChanges
        query.requiresSQLTranslation = requiresSQLTranslation
        return query
    }
}

extension SortKey {
    /// The descriptor's key path and direction, or no key path when SQL cannot sort as it
    /// does: a String key path with an explicit comparator (lexical, localized) orders
    /// differently from String's own `<`, which is what `COLLATE swift` reproduces.
    init(_ descriptor: SortDescriptor<T>) {
        self.init(keyPath: descriptor.stringComparator == nil ? descriptor.keyPath : nil,
                  ascending: descriptor.order == .forward, compare: descriptor.compare)
    }
}
