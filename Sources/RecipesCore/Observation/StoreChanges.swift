import FoundationEssentials

/// The commits to a store file as an `AsyncSequence`: each element names the recipes that one
/// or more commits inserted, updated or deleted, whether this process saved them (through any
/// ``ModelContext`` or ``RecipeModelActor``) or another process did (`recipes add`, a sync).
///
/// Watching starts when iteration starts; commits before that are not reported. Commits that
/// follow each other quickly may arrive as one element. Ending the loop (or cancelling its
/// task) stops the watching thread.
///
/// ```swift
/// for try await change in StoreChanges(url: storeURL) {
///     print("changed:", change.ids.map(\.description))
/// }
/// ```
///
/// Works for stores in files, on Linux (inotify); an in-memory store has no other connection
/// to change it.
public struct StoreChanges: AsyncSequence, Sendable {
    /// One batch of changed recipes.
    public typealias Element = StoreChange
    /// Iterates the changes as they are committed.
    public typealias AsyncIterator = AsyncThrowingStream<StoreChange, any Error>.Iterator

    /// The store file.
    public let url: URL

    /// The changes to the store at `url`.
    public init(url: URL) {
        self.url = url
    }

    /// Starts watching; the iterator's first element is the first commit after this call.
    public func makeAsyncIterator() -> AsyncIterator {
        StoreMonitor.stream(url: url) { monitor, stop, continuation in
            while let change = try monitor.next(stop: stop) { continuation.yield(change) }
        }
    }
}

extension StoreMonitor {
    /// A stream fed by `watch` on a thread of its own, with a monitor of the store at `url`:
    /// ending the iteration (or cancelling its task) fires the stop signal, and an error
    /// (opening the store, or from `watch`) ends the stream with it.
    package static func stream<Element: Sendable>(
        url: URL,
        _ watch: sending @escaping (StoreMonitor, StopSignal, AsyncThrowingStream<Element, any Error>.Continuation) throws -> Void
    ) -> AsyncThrowingStream<Element, any Error>.Iterator {
        let (stream, continuation) = AsyncThrowingStream<Element, any Error>.makeStream()
        do {
            let monitor = try StoreMonitor(url: url)
            let stop = try StopSignal()
            continuation.onTermination = { _ in stop.fire() }
            spawn {
                do {
                    try watch(monitor, stop, continuation)
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
        } catch {
            continuation.finish(throwing: error)
        }
        return stream.makeAsyncIterator()
    }
}
