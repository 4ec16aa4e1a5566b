import Foundation
import Recipes
import Testing

/// `fetchCount(d)` is `fetch(d).count` for every limit and offset, whether SQL or memory
/// filters and sorts.
@Suite struct FetchCountTests {
    let temporary = TemporaryStore()

    func context() throws -> ModelContext {
        let context = ModelContext(temporary.store)
        for index in 0..<10 {
            context.insert(Recipe(name: "Recipe \(index)", plannedDate: index.isMultiple(of: 3) ? nil : Date(timeIntervalSince1970: Double(index) * 86_400)))
        }
        try context.save()
        return context
    }

    static let predicates: [Predicate<Recipe>?] = [
        nil,
        #Predicate { $0.name.starts(with: "Recipe") },
        // String.count counts Characters: filtered in memory.
        #Predicate { $0.name.count == 8 },
    ]

    @Test(arguments: [(Int?.none, Int?.none), (3, nil), (nil, 5), (5, 8), (nil, 20), (0, nil), (4, 0), (100, 2), (-1, 3)])
    func countEqualsTheFetchedCount(limit: Int?, offset: Int?) throws {
        let context = try context()
        for predicate in Self.predicates {
            for sort in [[SortDescriptor<Recipe>(\.name)], [SortDescriptor(\.name, comparator: .lexical)]] {
                var descriptor = FetchDescriptor(predicate: predicate, sortBy: sort)
                descriptor.fetchLimit = limit
                descriptor.fetchOffset = offset
                #expect(try context.fetchCount(descriptor) == context.fetch(descriptor).count,
                        "limit \(String(describing: limit)) offset \(String(describing: offset))")
            }
        }
    }

    @Test func theNextUpDescriptorCountsOne() throws {
        let context = try context()
        var descriptor = FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.plannedDate)])
        descriptor.fetchLimit = 1
        #expect(try context.fetchCount(descriptor) == 1)
        descriptor.fetchLimit = 3
        #expect(try context.fetchCount(descriptor) == 3)
        descriptor.fetchLimit = nil
        descriptor.fetchOffset = 5
        #expect(try context.fetchCount(descriptor) == 5)
    }
}
