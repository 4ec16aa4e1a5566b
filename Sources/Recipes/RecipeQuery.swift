import FoundationEssentials
import FoundationInternationalization

/// A fetch that runs again when the store changes: SwiftData's `@Query` as an `AsyncSequence`.
///
/// The first element is the descriptor's result now; after that, a new result each time
/// commits (from this process or another) change a recipe and the result differs from the
/// last one delivered. The fetch runs on the query's own thread and connection.
///
/// ```swift
/// let upcoming = RecipeQuery(container, FetchDescriptor<Recipe>(predicate: #Predicate { $0.plannedDate != nil },
///                                                                sortBy: [SortDescriptor(\.plannedDate)]))
/// for try await recipes in upcoming { render(recipes) }
/// ```
public struct RecipeQuery<T: Recipe>: AsyncSequence, Sendable {
    /// The recipes the descriptor selects, in its order.
    public typealias Element = [RecipeSnapshot]
    /// Iterates the results as they change.
    public typealias AsyncIterator = AsyncThrowingStream<[RecipeSnapshot], any Error>.Iterator

    /// The store file.
    public let url: URL
    /// What to fetch, each time.
    public let descriptor: FetchDescriptor<T>

    /// A query of the container's store.
    public init(_ container: ModelContainer, _ descriptor: FetchDescriptor<T>) {
        self.init(url: container.url, descriptor)
    }

    /// A query of the store at `url`.
    public init(url: URL, _ descriptor: FetchDescriptor<T>) {
        self.url = url
        self.descriptor = descriptor
    }

    /// Fetches the first result and starts watching.
    public func makeAsyncIterator() -> AsyncIterator {
        let descriptor = descriptor
        return StoreMonitor.stream(url: url) { monitor, stop, continuation in
            var last = try Self.run(descriptor, on: monitor.connection)
            continuation.yield(last)
            while try monitor.next(stop: stop) != nil {
                let result = try Self.run(descriptor, on: monitor.connection)
                guard result != last else { continue }
                last = result
                continuation.yield(result)
            }
        }
    }

    private static func run(_ descriptor: FetchDescriptor<T>, on store: RecipeStore) throws -> [RecipeSnapshot] {
        var result: [RecipeSnapshot] = []
        try store.enumerate(descriptor) { recipe in
            result.append(RecipeSnapshot(recipe))
            return true
        }
        return result
    }
}

