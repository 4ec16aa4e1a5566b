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
/// Fetching `FetchDescriptor<BakedGood>` returns baked goods only.
public struct FetchDescriptor<T: Recipe> {
    public var predicate: Predicate<T>?
    public var sortBy: [SortDescriptor<T>]
    public var fetchLimit: Int?
    public var fetchOffset: Int?
    /// Whether the context's unsaved inserts, deletes and edits count (SwiftData's default,
    /// true); false reads only what is saved.
    public var includePendingChanges = true

    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }
}
