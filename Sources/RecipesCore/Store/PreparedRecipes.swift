import Dispatch
import Synchronization

/// A record as the statements that insert it take it, packed (see ``PackedArguments``): the
/// row's values, the search document's text, then each ingredient line's values (all but the
/// recipe's rowid, bound before them once the row has one). Making these needs no database,
/// so a bulk insert makes them on another thread (``PreparedRecipes``). A class: the writer
/// takes each from a chunk, and copying a struct of some thirty strings and arrays retained
/// and released each of them.
final class PreparedRecipe: Sendable {
    let record: RecipeRecord
    let values: PackedArguments
    let document: SearchDocument
    /// Why the store refuses the record (``RecipeRecord/problem``), found here too: counting
    /// the name's characters is no work for the thread that writes.
    let problem: String?

    /// Values of a line: its position, then ``RecipeRecord/IngredientRecord/columns``.
    static let lineValueCount = 1 + RecipeRecord.IngredientRecord.columns.count

    /// The record prepared, the words of its search document added to `words`.
    init(_ record: RecipeRecord, listingWordsIn words: inout SearchWords) {
        self.record = record
        problem = record.problem
        document = SearchDocument(record, listingWordsIn: &words)
        let row = record.columnValues
        var values = PackedArguments(reservingValues: row.values.count + 1 + record.ingredients.count * Self.lineValueCount,
                                     bytes: record.instructions.utf8.count + document.text.utf8.count + 64 * record.ingredients.count)
        values.append(contentsOf: row)
        values.append(.text(document.text))
        Self.appendLines(of: record, to: &values)
        self.values = values
    }

    /// The values of ``RecipeRecord/insertSQL``.
    var rowValues: Range<Int> { 0..<documentValue }
    /// The value of the search document's text.
    var documentValue: Int { values.count - record.ingredients.count * Self.lineValueCount - 1 }
    /// Where the lines' values start.
    var firstLineValue: Int { documentValue + 1 }

    /// Appends the values of ``RecipeRecord/IngredientRecord/insertSQL`` for each of the
    /// record's lines from `?2` on: the recipe's rowid, `?1`, is bound beside them.
    static func appendLines(of record: RecipeRecord, to values: inout PackedArguments) {
        let columns = RecipeRecord.IngredientRecord.columns
        for (position, ingredient) in record.ingredients.enumerated() {
            values.append(position.sqliteValue)
            for column in columns { values.append(column.value(ingredient)) }
        }
    }
}

/// Many records about to be inserted, made and prepared on a second thread while the
/// caller writes rows. Reading the models into records (a fifth of the writing thread: each
/// model's memory is touched for the first time since it was built) and preparing them
/// (folding each field for the search document, listing its words, turning every field into
/// an SQL value) need no database, so on two cores they overlap the SQL instead of waiting
/// for it (`perf` on loading 20,000 and 50,000 recipes).
///
/// The worker prepares chunks in order, at most ``lookahead`` ahead of the writer, so an
/// import of any size holds a bounded number of prepared records.
final class PreparedRecipes: @unchecked Sendable {
    // @unchecked: a chunk's `recipes` is written by the worker only before it signals the
    // chunk's `ready`, and read (then emptied) by the writer only after waiting for it;
    // `words` is the worker's until `finished` is signalled. The semaphores order every access.
    private final class Chunk {
        let range: Range<Int>
        var recipes: [PreparedRecipe] = []
        let ready = DispatchSemaphore(value: 0)

        init(_ range: Range<Int>) { self.range = range }
    }

    /// Records per chunk: enough that waking the other thread is rare, few enough that the
    /// writer starts almost at once.
    static let chunkSize = 32
    /// Chunks the worker may have ready before the writer takes them.
    static let lookahead = 16
    /// Fewer records than this are prepared on the writer's thread: a thread's start costs more.
    static let minimumCount = 2 * chunkSize

    private let chunks: [Chunk]
    private let space = DispatchSemaphore(value: PreparedRecipes.lookahead)
    private let finished = DispatchSemaphore(value: 0)
    private let stopped = Atomic<Bool>(false)
    private var words = SearchWords()

    /// Starts making `count` records with `record` (called once for each index, in order,
    /// on another thread) and preparing them.
    init(count: Int, record: @escaping @Sendable (Int) -> RecipeRecord) {
        chunks = stride(from: 0, to: count, by: Self.chunkSize).map { Chunk($0..<min($0 + Self.chunkSize, count)) }
        DispatchQueue.global().async { [self] in
            for chunk in chunks {
                space.wait()
                if stopped.load(ordering: .relaxed) { break }
                chunk.recipes = chunk.range.map { PreparedRecipe(record($0), listingWordsIn: &words) }
                chunk.ready.signal()
            }
            finished.signal()
        }
    }

    /// Record `index`, prepared; records are taken in order, each once.
    func recipe(at index: Int) -> PreparedRecipe {
        let chunk = chunks[index / Self.chunkSize]
        let offset = index - chunk.range.lowerBound
        if offset == 0 { chunk.ready.wait() }
        let recipe = chunk.recipes[offset]
        if offset == chunk.range.count - 1 {
            chunk.recipes = []
            space.signal()
        }
        return recipe
    }

    /// Waits for the worker to stop (at once, if the writer gave up early) and hands over the
    /// words of every document it made. Called exactly once, when the writer is done, also
    /// when writing failed: the worker must not outlive its writer.
    func finish() -> SearchWords {
        stopped.store(true, ordering: .relaxed)
        // A worker waiting for space would otherwise wait for a writer that has stopped.
        for _ in chunks { space.signal() }
        finished.wait()
        return words
    }
}
