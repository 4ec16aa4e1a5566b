import FoundationEssentials

/// Recipes that came from one web page: two machines that import the same page before they
/// sync end with two recipes for it.
public struct SameSourceRecipes: Sendable, Equatable {
    /// The page's address, as the recipe that is kept gives it.
    public var sourceURL: String
    /// The recipe that ``RecipeStore/mergeRecipesSharingASource()`` keeps: the one changed
    /// last (then the smaller id), which every machine with the same recipes picks alike.
    public var kept: RecipeSummary
    /// The others, which a merge deletes.
    public var others: [RecipeSummary]
}

extension RecipeStore {
    /// Groups of recipes with the same source address (compared as `SourceAddress.key(_:)`
    /// does: scheme, `www.`, fragment and trailing slash aside), each with the recipe a merge
    /// keeps. Ordered by address.
    public func recipesSharingASource() throws -> [SameSourceRecipes] {
        struct Member { var id: UUID; var address: String; var updated: Double }
        var bySource: [String: [Member]] = [:]
        try readSnapshot {
            let statement = try database.prepare("SELECT id, source, updated FROM recipe WHERE source IS NOT NULL")
            while try statement.step() {
                guard let id = UUID(storedText: statement.string(0)) else { continue }
                bySource[SourceAddress.key(statement.string(1)), default: []]
                    .append(Member(id: id, address: statement.string(1), updated: Self.asSynced(statement.double(2))))
            }
        }
        return try bySource.keys.sorted().compactMap { key -> SameSourceRecipes? in
            guard let members = bySource[key], members.count > 1 else { return nil }
            let ordered = members.sorted { ($0.updated, $1.id.uuidString) > ($1.updated, $0.id.uuidString) }
            let summaries = try ordered.map { try summary(of: $0.id) }
            return SameSourceRecipes(sourceURL: ordered[0].address, kept: summaries[0], others: Array(summaries.dropFirst()))
        }
    }

    /// Deletes, in one transaction, every recipe of ``recipesSharingASource()`` but the one
    /// each group keeps, whose plan and cooked log take the others' too. The deletions sync
    /// like any other, and a machine that merges the same recipes keeps the same one, so two
    /// machines merging at once agree.
    @discardableResult
    public func mergeRecipesSharingASource() throws -> [SameSourceRecipes] {
        let groups = try recipesSharingASource()
        try write {
            for group in groups {
                for other in group.others {
                    try copyPlan(from: other.id, to: group.kept.id)
                    try deleteRecord(id: other.id)
                }
            }
        }
        return groups
    }

    /// An update time as another machine holds it: sync carries it to the millisecond, while
    /// the machine that saved it keeps it to the microsecond. Compared unrounded, two saves
    /// within one millisecond ordered differently on two machines, each merge kept another
    /// recipe, and between them they deleted both (found by a test that failed now and then).
    private static func asSynced(_ updated: Double) -> Double {
        let date = Date(timeIntervalSinceReferenceDate: updated)
        return ISO8601.date(from: ISO8601.string(from: date))?.timeIntervalSinceReferenceDate ?? updated
    }

    private func summary(of id: UUID) throws -> RecipeSummary {
        var found: RecipeSummary?
        try enumerateSummaries(StoreQuery<Recipe>(predicate: #Predicate { $0.id == id })) {
            found = $0
            return false
        }
        guard let found else { throw RecipeStoreError.damaged(path: displayPath, detail: "recipe \(id.uuidString) vanished while it was read") }
        return found
    }
}
