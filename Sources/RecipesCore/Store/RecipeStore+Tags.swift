import FoundationEssentials

/// One tag and how many recipes carry it, as `recipes tags` lists them.
public struct TagCount: Sendable, Equatable {
    /// The tag, as recipes keep it (see ``Recipe/canonicalTags(_:)``).
    public let tag: String
    /// How many recipes have it.
    public let count: Int
}

extension RecipeStore {
    /// Every tag in the store with the number of recipes that have it, by tag.
    ///
    /// ```swift
    /// for entry in try store.tagCounts() { print(entry.tag, entry.count) }
    /// ```
    public func tagCounts() throws -> [TagCount] {
        var counts: [String: Int] = [:]
        try readSnapshot {
            let statement = try database.prepare("SELECT tags FROM recipe WHERE tags != ''")
            while try statement.step() {
                for tag in [String](sqliteValue: .text(statement.string(0))) ?? [] { counts[tag, default: 0] += 1 }
            }
        }
        return counts.sorted { $0.key < $1.key }.map { TagCount(tag: $0.key, count: $0.value) }
    }
}
