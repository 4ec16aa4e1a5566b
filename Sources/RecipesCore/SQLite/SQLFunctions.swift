import CSQLite
import FoundationEssentials

/// Registers the SQL functions and the collation through which translated predicates keep
/// Swift's string semantics (see ``TextMatching``).
///
/// - `swift_contains(text, needle)`, `swift_starts_with(text, prefix)`: Character semantics.
/// - `folded_contains(text, foldedNeedle)`: the library's `localizedStandardContains`; the
///   needle arrives folded once, as a bound parameter, so only the text is folded per row.
/// - `recipes_fold(text)`, `recipes_name_key(text)`: ``TextMatching/fold(_:)``, ``TextMatching/nameKey(_:)``.
/// - `recipes_compare(a, b, mode)`: `caseInsensitiveCompare` (mode 0) or `localizedCompare`
///   (mode 1) as -1, 0, 1; `recipes_standard_key(text)`: ``TextMatching/standardSortKey(_:)``.
/// - `recipes_id_text(id)`: an id stored as 16 bytes (an ingredient line's) as the text a
///   predicate's UUID is bound as; text that is an id, in that form; anything else as it is.
/// - `recipes_id_bytes(id)`: the other way, for migrating ids stored as text.
/// - `recipes_sort_text(value)`: text as its NFC form (``TextMatching/canonical(_:)``), whose byte
///   order is Swift's `String` order; any other value as it is.
/// - `recipes_ingredient_is(name, identity)`: whether an ingredient line reads as an ingredient
///   or a kind of it, with ``IngredientVocabulary/active`` (not deterministic: a program may
///   change the vocabulary between statements).
/// - `COLLATE swift`: Swift's `String` ordering and equality.
enum SQLFunctions {
    static func register(on db: OpaquePointer) throws {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        try check(db, sqlite3_create_function_v2(db, "swift_contains", 2, flags, nil, { context, _, arguments in
            SQLFunctions.withTwoTexts(context, arguments) { TextMatching.contains($0, $1) }
        }, nil, nil, nil))
        try check(db, sqlite3_create_function_v2(db, "swift_starts_with", 2, flags, nil, { context, _, arguments in
            SQLFunctions.withTwoTexts(context, arguments) { TextMatching.startsWith($0, $1) }
        }, nil, nil, nil))
        try check(db, sqlite3_create_function_v2(db, "folded_contains", 2, flags, nil, { context, _, arguments in
            SQLFunctions.withTwoTexts(context, arguments) { TextMatching.foldedContains($0, foldedNeedle: $1) }
        }, nil, nil, nil))
        try check(db, sqlite3_create_function_v2(db, "recipes_ingredient_is", 2, SQLITE_UTF8 | SQLITE_INNOCUOUS, nil, { context, _, arguments in
            SQLFunctions.withTwoTexts(context, arguments) { name, identity in
                IngredientReadings.shared.reads(TextMatching.string(name), as: TextMatching.string(identity))
            }
        }, nil, nil, nil))
        try check(db, sqlite3_create_function_v2(db, "recipes_fold", 1, flags, nil, { context, _, arguments in
            SQLFunctions.withText(context, arguments, TextMatching.fold)
        }, nil, nil, nil))
        try check(db, sqlite3_create_function_v2(db, "recipes_name_key", 1, flags, nil, { context, _, arguments in
            SQLFunctions.withText(context, arguments, TextMatching.nameKey)
        }, nil, nil, nil))
        try check(db, sqlite3_create_function_v2(db, "recipes_standard_key", 1, flags, nil, { context, _, arguments in
            SQLFunctions.withText(context, arguments, TextMatching.standardSortKey)
        }, nil, nil, nil))
        try check(db, sqlite3_create_function_v2(db, "recipes_compare", 3, flags, nil, { context, _, arguments in
            guard let arguments, let first = arguments[0], let second = arguments[1],
                  sqlite3_value_type(first) != SQLITE_NULL, sqlite3_value_type(second) != SQLITE_NULL else {
                sqlite3_result_null(context)
                return
            }
            let lhs = TextMatching.string(UnsafeBufferPointer(start: sqlite3_value_text(first), count: Int(sqlite3_value_bytes(first))))
            let rhs = TextMatching.string(UnsafeBufferPointer(start: sqlite3_value_text(second), count: Int(sqlite3_value_bytes(second))))
            let order = sqlite3_value_int(arguments[2]) == 0
                ? TextMatching.caseInsensitiveOrder(lhs, rhs) : TextMatching.localizedOrder(lhs, rhs)
            sqlite3_result_int(context, Int32(order.rawValue))
        }, nil, nil, nil))
        try check(db, sqlite3_create_function_v2(db, "recipes_id_text", 1, flags, nil, { context, _, arguments in
            SQLFunctions.withID(context, arguments) { $0.storedText.sqliteValue }
        }, nil, nil, nil))
        try check(db, sqlite3_create_function_v2(db, "recipes_id_bytes", 1, flags, nil, { context, _, arguments in
            SQLFunctions.withID(context, arguments) { $0.storedBytes }
        }, nil, nil, nil))
        try check(db, sqlite3_create_function_v2(db, "recipes_sort_text", 1, flags, nil, { context, _, arguments in
            guard let argument = arguments?[0] else { return sqlite3_result_null(context) }
            guard sqlite3_value_type(argument) == SQLITE_TEXT else { return sqlite3_result_value(context, argument) }
            let text = sqlite3_value_text(argument), count = Int(sqlite3_value_bytes(argument))
            let bytes = UnsafeBufferPointer(start: text, count: count)
            // What the store writes is NFC already; valid UTF-8 below U+0300 is NFC by itself.
            if TextMatching.isBelowCombiningMarks(bytes) { return sqlite3_result_value(context, argument) }
            let sortText = TextMatching.canonical(TextMatching.string(bytes))
            sortText.withCString { sqlite3_result_text(context, $0, Int32(sortText.utf8.count), csqlite_transient()) }
        }, nil, nil, nil))
        try check(db, sqlite3_create_collation_v2(db, "swift", SQLITE_UTF8, nil, { _, lhsCount, lhs, rhsCount, rhs in
            TextMatching.compare(
                UnsafeBufferPointer(start: lhs?.assumingMemoryBound(to: UInt8.self), count: Int(lhsCount)),
                UnsafeBufferPointer(start: rhs?.assumingMemoryBound(to: UInt8.self), count: Int(rhsCount)))
        }, nil))
    }

    private static func check(_ db: OpaquePointer, _ code: Int32) throws {
        if code != SQLITE_OK { throw SQLiteError(connection: db, code: code) }
    }

    /// Applies `transform` to the one text argument and returns text.
    private static func withText(_ context: OpaquePointer?, _ arguments: UnsafeMutablePointer<OpaquePointer?>?,
                                 _ transform: (String) -> String) {
        guard let argument = arguments?[0], sqlite3_value_type(argument) != SQLITE_NULL else {
            sqlite3_result_null(context)
            return
        }
        let text = sqlite3_value_text(argument), count = Int(sqlite3_value_bytes(argument))
        let result = transform(TextMatching.string(UnsafeBufferPointer(start: text, count: count)))
        result.withCString { sqlite3_result_text(context, $0, Int32(result.utf8.count), csqlite_transient()) }
    }

    /// Gives `convert` of the argument when it is an id (16 bytes, or text `UUID(storedText:)`
    /// reads), and the argument unchanged otherwise.
    private static func withID(_ context: OpaquePointer?, _ arguments: UnsafeMutablePointer<OpaquePointer?>?,
                               _ convert: (UUID) -> SQLiteValue) {
        guard let argument = arguments?[0] else { return sqlite3_result_null(context) }
        let id: UUID? = switch sqlite3_value_type(argument) {
        case SQLITE_BLOB:
            sqlite3_value_bytes(argument) == 16
                ? UUID(storedBytes: Array(UnsafeRawBufferPointer(start: sqlite3_value_blob(argument), count: 16))) : nil
        case SQLITE_TEXT:
            UUID(storedText: String(decoding: UnsafeBufferPointer(start: sqlite3_value_text(argument),
                                                                  count: Int(sqlite3_value_bytes(argument))), as: UTF8.self))
        default:
            nil
        }
        switch id.map(convert) {
        case .text(let text)?:
            text.withCString { sqlite3_result_text(context, $0, Int32(text.utf8.count), csqlite_transient()) }
        case .blob(let bytes)?:
            bytes.withUnsafeBytes { sqlite3_result_blob(context, $0.baseAddress, Int32($0.count), csqlite_transient()) }
        default:
            sqlite3_result_value(context, argument)
        }
    }

    private static func withTwoTexts(
        _ context: OpaquePointer?, _ arguments: UnsafeMutablePointer<OpaquePointer?>?,
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        guard let arguments, let first = arguments[0], let second = arguments[1],
              sqlite3_value_type(first) != SQLITE_NULL, sqlite3_value_type(second) != SQLITE_NULL else {
            sqlite3_result_null(context)
            return
        }
        // sqlite3_value_text must be called before sqlite3_value_bytes (SQLite's rule).
        let firstText = sqlite3_value_text(first), firstCount = Int(sqlite3_value_bytes(first))
        let secondText = sqlite3_value_text(second), secondCount = Int(sqlite3_value_bytes(second))
        let result = body(UnsafeBufferPointer(start: firstText, count: firstCount),
                          UnsafeBufferPointer(start: secondText, count: secondCount))
        sqlite3_result_int(context, result ? 1 : 0)
    }
}
