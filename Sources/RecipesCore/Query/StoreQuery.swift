import FoundationEssentials

/// A fetch in the store's own terms: what `FetchDescriptor` (module `Recipes`) compiles to.
///
/// `SortDescriptor` lives in FoundationInternationalization, which links 34 MB of ICU data
/// into every static binary that uses it. This module (and so the `recipes` binary, which a
/// status bar starts every few seconds) names no sort descriptor: an order here is a list of
/// ``SortKey``s, and `FetchDescriptor` turns its descriptors into them.
package struct StoreQuery<T> {
    /// Which rows to fetch; nil fetches every one of type `T`.
    package var predicate: Predicate<T>?
    /// The order, first key first; ties break by id.
    package var sortBy: [SortKey<T>]
    /// At most this many; nil (or negative) means no limit.
    package var fetchLimit: Int?
    /// How many matches to skip, in order, before the first one returned.
    package var fetchOffset: Int?
    /// Whether a context's unsaved changes count (see `FetchDescriptor.includePendingChanges`).
    package var includePendingChanges = true
    /// Refuse to filter or sort in memory (see `FetchDescriptor.requiresSQLTranslation`).
    package var requiresSQLTranslation = false

    package init(predicate: Predicate<T>? = nil, sortBy: [SortKey<T>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }

    /// The limit and offset as bound LIMIT and OFFSET clauses, for a query whose SQL does
    /// all the filtering and ordering; nothing when it has neither.
    func appendLimit(to sql: inout String, _ parameters: inout [SQLiteValue]) {
        guard fetchLimit != nil || fetchOffset != nil else { return }
        parameters.append(.integer(Int64(fetchLimit ?? -1)))
        sql += " LIMIT ?\(parameters.count)"
        parameters.append(.integer(Int64(max(fetchOffset ?? 0, 0))))
        sql += " OFFSET ?\(parameters.count)"
    }
}

/// One key of an order: the property SQL sorts by, when it can, and the same comparison in
/// memory (for a sort SQL cannot express, and for merging a context's unsaved changes).
package struct SortKey<T> {
    /// The stored property, or nil when SQL cannot sort as `compare` does (a localized comparator).
    package let keyPath: AnyKeyPath?
    package let ascending: Bool
    /// How two values compare, already in this key's direction.
    package let compare: (T, T) -> ComparisonResult

    package init(keyPath: AnyKeyPath?, ascending: Bool, compare: @escaping (T, T) -> ComparisonResult) {
        self.keyPath = keyPath
        self.ascending = ascending
        self.compare = compare
    }

    /// By a value's own `<`: what `COLLATE swift` reproduces in SQL for text.
    package init<Value: Comparable>(_ keyPath: KeyPath<T, Value>, ascending: Bool = true) {
        self.init(keyPath: keyPath, ascending: ascending) { lhs, rhs in
            SortKey.ordered(lhs[keyPath: keyPath], rhs[keyPath: keyPath], ascending: ascending)
        }
    }

    /// By an optional value, nil first when ascending (as SQL orders NULL).
    package init<Value: Comparable>(_ keyPath: KeyPath<T, Value?>, ascending: Bool = true) {
        self.init(keyPath: keyPath, ascending: ascending) { lhs, rhs in
            switch (lhs[keyPath: keyPath], rhs[keyPath: keyPath]) {
            case (nil, nil): .orderedSame
            case (nil, _): ascending ? .orderedAscending : .orderedDescending
            case (_, nil): ascending ? .orderedDescending : .orderedAscending
            case let (left?, right?): SortKey.ordered(left, right, ascending: ascending)
            }
        }
    }

    private static func ordered<Value: Comparable>(_ lhs: Value, _ rhs: Value, ascending: Bool) -> ComparisonResult {
        let result: ComparisonResult = lhs < rhs ? .orderedAscending : rhs < lhs ? .orderedDescending : .orderedSame
        guard ascending else {
            return result == .orderedAscending ? .orderedDescending : result == .orderedDescending ? .orderedAscending : .orderedSame
        }
        return result
    }

    /// True when `lhs` comes before `rhs` under `keys`, first key first.
    static func inOrder(_ keys: [SortKey<T>]) -> (T, T) -> Bool {
        { lhs, rhs in
            for key in keys {
                switch key.compare(lhs, rhs) {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: continue
                }
            }
            return false
        }
    }
}
