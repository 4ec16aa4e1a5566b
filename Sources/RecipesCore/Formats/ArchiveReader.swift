import FoundationEssentials

/// Reads a recipe archive from its bytes in one pass, for `recipes import` of a large one:
/// JSONDecoder's keyed containers were a third of importing 50,000 recipes. It reads the
/// archive's documented shape and gives up (nil) on anything else — a value of another type, a
/// key given twice, a number with a fraction (even 2.0), a lone surrogate, text that is not
/// UTF-8, a date that does not read — so that JSONDecoder reads those and says what is
/// wrong in its words. What it reads is what JSONDecoder would have read: a test decodes
/// random and mangled archives both ways.
///
/// A recipe's details are read by their description (``RecipeDetails``), so a new detail
/// needs nothing here; the plan, cooked records, a relative plan, nutrition and the pantry,
/// small and rare, go through JSONDecoder one value at a time.
struct ArchiveReader {
    /// A JSON value a detail takes.
    enum Value {
        case null
        case string(String)
        case integer(Int)
        case strings([String])
        /// Anything else, as its JSON text.
        case json(Data)

        /// The value as `V`: nil when it is not one, `.some(nil)` for null (no value).
        func typed<V: Decodable>(_ type: V.Type) -> V?? {
            switch self {
            case .null: .some(nil)
            case .string(let text): (text as? V ?? Optional(text) as? V).map { $0 }
            case .integer(let number): (number as? V ?? Optional(number) as? V).map { $0 }
            case .strings(let texts): (texts as? V ?? Optional(texts) as? V).map { $0 }
            case .json(let data): (try? RecipeJSON.decoder.decode(V.self, from: data)).map { $0 }
            }
        }
    }

    /// Why the reader stopped: JSONDecoder reads the archive then, and says what is wrong,
    /// unless it can say no more than "not valid JSON" of a number (2.5 for servings), which
    /// it reports without a place; the reader's own `reason` says it then, and where.
    private struct GiveUp: Error {
        var reason: String?
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Where the reader is, for a reason: the top-level key, the recipe's index and key.
    private var topKey: Range<Int>?
    private var recipeIndex = -1
    private var recipeKey: Range<Int>?
    /// The detail fields with their JSON keys' bytes.
    private let details: [(key: [UInt8], field: RecipeDetail)]

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        details = RecipeDetails.fields.map { (Array($0.jsonKey.utf8), $0) }
    }

    /// The archive `data` holds, or nil when only JSONDecoder should say.
    static func archive(_ data: Data) -> RecipeArchive? {
        if case .success(let archive) = read(data) { return archive }
        return nil
    }

    /// The archive, or why the reader gave up ("recipes[0].servings: 2.5 is not a whole
    /// number"), nil when it has no more to say than JSONDecoder.
    static func read(_ data: Data) -> Result<RecipeArchive, ArchiveProblem> {
        data.withUnsafeBytes { raw in
            var reader = ArchiveReader(raw.bindMemory(to: UInt8.self))
            do throws(GiveUp) {
                return .success(try reader.archive())
            } catch {
                return .failure(ArchiveProblem(reason: error.reason.map { reader.location + ": " + $0 }))
            }
        }
    }

    /// Where the reader stopped, as a decoding error names a place.
    private var location: String {
        func text(_ range: Range<Int>?) -> String { range.map { String(decoding: bytes[$0], as: UTF8.self) } ?? "" }
        guard text(topKey) == "recipes", recipeIndex >= 0 else { return topKey == nil ? "the document" : text(topKey) }
        return "recipes[\(recipeIndex)]" + (recipeKey == nil ? "" : "." + text(recipeKey))
    }

    private mutating func archive() throws(GiveUp) -> RecipeArchive {
        var format: String?, version: Int?, recipes: [RecipeJSON]?, pantry: [PantryItemJSON]?
        skipSpace()
        try object { reader, key throws(GiveUp) in
            reader.topKey = key.range
            switch key {
            case "format": format = try reader.string()
            case "version": version = try reader.integer()
            case "recipes": recipes = try reader.array { reader throws(GiveUp) in
                reader.recipeIndex += 1
                reader.recipeKey = nil
                return try reader.recipe()
            }
            case "pantry": pantry = try reader.decoded([PantryItemJSON]?.self)
            default: try reader.skipValue()
            }
        }
        skipSpace()
        guard index == bytes.count, let format, let version, let recipes else { throw GiveUp() }
        var archive = RecipeArchive(recipes: recipes)
        archive.format = format
        archive.version = version
        archive.pantry = pantry
        return archive
    }

    private mutating func recipe() throws(GiveUp) -> RecipeJSON {
        var recipe = RecipeJSON(readingNamed: "")
        var named = false
        try object { reader, key throws(GiveUp) in
            reader.recipeKey = key.range
            switch key {
            case "id": recipe.id = try reader.nullable { reader throws(GiveUp) in try reader.uuid() }
            case "kind": recipe.kind = try reader.nullable { reader throws(GiveUp) in
                let text = try reader.string()
                guard let kind = RecipeVariety(rawValue: text) else {
                    throw GiveUp(reason: "'\(text)' is not a kind (\(RecipeVariety.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                return kind
            }
            case "name": recipe.name = try reader.string(); named = true
            case "summary": recipe.summary = try reader.nullable { reader throws(GiveUp) in try reader.string() }
            case "instructions": recipe.instructions = try reader.nullable { reader throws(GiveUp) in try reader.string() }
            case "planned": recipe.planned = try reader.nullable { reader throws(GiveUp) in try reader.date() }
            case "plannedIn": recipe.plannedIn = try reader.decoded(RecipeJSON.RelativePlan?.self)
            case "created": recipe.created = try reader.nullable { reader throws(GiveUp) in try reader.date() }
            case "updated": recipe.updated = try reader.nullable { reader throws(GiveUp) in try reader.date() }
            case "ovenTemperature": recipe.ovenTemperature = try reader.nullable { reader throws(GiveUp) in try reader.integer() }
            case "bakeMinutes": recipe.bakeMinutes = try reader.nullable { reader throws(GiveUp) in try reader.integer() }
            case "alcoholic": recipe.alcoholic = try reader.nullable { reader throws(GiveUp) in try reader.bool() }
            case "servedHot": recipe.servedHot = try reader.nullable { reader throws(GiveUp) in try reader.bool() }
            case "ingredients": recipe.ingredients = try reader.nullable { reader throws(GiveUp) in
                try reader.array { reader throws(GiveUp) in try reader.ingredient() }
            }
            case "lastCooked": recipe.lastCooked = try reader.nullable { reader throws(GiveUp) in try reader.date() }
            case "timesCooked": recipe.timesCooked = try reader.nullable { reader throws(GiveUp) in try reader.integer() }
            case "plan": recipe.plan = try reader.decoded([PlanEntryJSON]?.self)
            case "cooked": recipe.cooked = try reader.decoded([CookedJSON]?.self)
            default:
                guard let field = reader.details.first(where: { $0.key.elementsEqual(key.bytes) })?.field else { return try reader.skipValue() }
                guard field.take(&recipe.details, try reader.detailValue()) else { throw GiveUp() }
            }
        }
        guard named else { throw GiveUp() }
        return recipe
    }

    private mutating func ingredient() throws(GiveUp) -> RecipeJSON.IngredientJSON {
        var line = RecipeJSON.IngredientJSON(id: nil, name: "", amount: nil)
        var named = false
        try object { reader, key throws(GiveUp) in
            switch key {
            case "id": line.id = try reader.nullable { reader throws(GiveUp) in try reader.uuid() }
            case "name": line.name = try reader.string(); named = true
            case "amount": line.amount = try reader.nullable { reader throws(GiveUp) in try reader.string() }
            case "heading": line.heading = try reader.nullable { reader throws(GiveUp) in try reader.bool() }
            default: try reader.skipValue()
            }
        }
        guard named else { throw GiveUp() }
        return line
    }

    // MARK: Values

    /// A key of an object: its bytes, compared with the names the archive uses.
    private struct Key {
        let bytes: UnsafeBufferPointer<UInt8>.SubSequence
        var range: Range<Int> { bytes.startIndex..<bytes.endIndex }

        static func ~= (name: StaticString, key: Key) -> Bool {
            name.utf8CodeUnitCount == key.bytes.count
                && name.withUTF8Buffer { $0.elementsEqual(key.bytes) }
        }
    }

    /// Calls `member` for each key of the object here, with the reader at its value; a key
    /// given twice gives up (JSONDecoder takes the first; this reader would take the last).
    private mutating func object(_ member: (inout ArchiveReader, Key) throws(GiveUp) -> Void) throws(GiveUp) {
        try expect(0x7B)
        skipSpace()
        if peek == 0x7D { index += 1; return }
        var seen: [Range<Int>] = []
        while true {
            skipSpace()
            let range = try keyRange()
            let key = Key(bytes: bytes[range])
            guard !seen.contains(where: { bytes[$0].elementsEqual(key.bytes) }) else { throw GiveUp() }
            seen.append(range)
            skipSpace()
            try expect(0x3A)
            skipSpace()
            try member(&self, key)
            skipSpace()
            if peek == 0x7D { index += 1; return }
            try expect(0x2C)
        }
    }

    private mutating func array<Element>(_ element: (inout ArchiveReader) throws(GiveUp) -> Element) throws(GiveUp) -> [Element] {
        try expect(0x5B)
        skipSpace()
        var elements: [Element] = []
        if peek == 0x5D { index += 1; return elements }
        while true {
            skipSpace()
            elements.append(try element(&self))
            skipSpace()
            if peek == 0x5D { index += 1; return elements }
            try expect(0x2C)
        }
    }

    /// nil for `null`, else what `read` reads.
    private mutating func nullable<T>(_ read: (inout ArchiveReader) throws(GiveUp) -> T) throws(GiveUp) -> T? {
        if isNull() { return nil }
        return try read(&self)
    }

    private mutating func isNull() -> Bool {
        guard bytes.count - index >= 4, bytes[index] == 0x6E, bytes[index + 1] == 0x75, bytes[index + 2] == 0x6C, bytes[index + 3] == 0x6C
        else { return false }
        index += 4
        return true
    }

    /// A detail's value: the scalars details hold read here, anything else as its JSON text.
    private mutating func detailValue() throws(GiveUp) -> Value {
        if isNull() { return .null }
        switch peek ?? 0 {
        case 0x22: return .string(try string())
        case 0x2D, 0x30...0x39: return .integer(try integer())
        case 0x5B:
            let start = index
            if let texts = try? array({ reader throws(GiveUp) in try reader.string() }) { return .strings(texts) }
            index = start
            fallthrough
        default:
            let start = index
            try skipValue()
            return .json(Data(UnsafeBufferPointer(rebasing: bytes[start..<index])))
        }
    }

    /// The value here decoded by JSONDecoder, as RecipeJSON's decoding reads it.
    private mutating func decoded<T: Decodable>(_ type: T.Type) throws(GiveUp) -> T {
        let start = index
        try skipValue()
        // The plan and cooked lists of most recipes are empty: no decoder for those.
        if index - start == 2, bytes[start] == 0x5B, bytes[start + 1] == 0x5D, let empty = [PlanEntryJSON]() as? T ?? [CookedJSON]() as? T {
            return empty
        }
        guard let value = try? RecipeJSON.decoder.decode(T.self, from: Data(UnsafeBufferPointer(rebasing: bytes[start..<index]))) else {
            throw GiveUp()
        }
        return value
    }

    /// A key, between its quotes; one with an escape gives up (no archive writes one).
    private mutating func keyRange() throws(GiveUp) -> Range<Int> {
        try expect(0x22)
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case 0x22:
                index += 1
                return start..<index - 1
            case 0x5C, 0..<0x20: throw GiveUp()
            default: index += 1
            }
        }
        throw GiveUp()
    }

    /// The string here, its escapes undone; text that is not UTF-8 gives up.
    private mutating func string() throws(GiveUp) -> String {
        try expect(0x22)
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case 0x22:
                index += 1
                guard let text = String(validating: bytes[start..<index - 1], as: UTF8.self) else { throw GiveUp() }
                return text
            case 0x5C: return try escapedString(from: start)
            case 0..<0x20: throw GiveUp()
            default: index += 1
            }
        }
        throw GiveUp()
    }

    /// The rest of a string with escapes, copied out; `start` is after its opening quote.
    private mutating func escapedString(from start: Int) throws(GiveUp) -> String {
        var text = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0x22:
                guard let string = String(validating: text, as: UTF8.self) else { throw GiveUp() }
                return string
            case 0x5C:
                guard index < bytes.count else { throw GiveUp() }
                if bytes[index] == 0x75 {
                    index += 1
                    text.append(contentsOf: String(Character(try escapedScalar())).utf8)
                    continue
                }
                let escaped: UInt8 = switch bytes[index] {
                case 0x22: 0x22
                case 0x5C: 0x5C
                case 0x2F: 0x2F
                case 0x6E: 0x0A
                case 0x74: 0x09
                case 0x72: 0x0D
                case 0x62: 0x08
                case 0x66: 0x0C
                default: throw GiveUp()
                }
                text.append(escaped)
                index += 1
            case 0..<0x20: throw GiveUp()
            default: text.append(byte)
            }
        }
        throw GiveUp()
    }

    /// The character of a `\uXXXX` escape whose digits start here, a surrogate pair read as
    /// one; a lone surrogate gives up.
    private mutating func escapedScalar() throws(GiveUp) -> Unicode.Scalar {
        let unit = try hexUnit()
        if (0xD800...0xDBFF).contains(unit) {
            guard literal("\\u") else { throw GiveUp() }
            let low = try hexUnit()
            guard (0xDC00...0xDFFF).contains(low), let scalar = Unicode.Scalar(0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00)) else { throw GiveUp() }
            return scalar
        }
        guard let scalar = Unicode.Scalar(unit) else { throw GiveUp() }
        return scalar
    }

    /// Four hex digits.
    private mutating func hexUnit() throws(GiveUp) -> UInt32 {
        guard bytes.count - index >= 4 else { throw GiveUp() }
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else { throw GiveUp() }
            unit = unit << 4 | UInt32(digit)
            index += 1
        }
        return unit
    }

    /// A whole number as JSON writes it: no fraction, exponent or leading zero.
    private mutating func integer() throws(GiveUp) -> Int {
        let negative = peek == 0x2D
        if negative { index += 1 }
        let start = index
        var value = 0
        // The number's whole text, for a reason: "2.5", "1e3".
        func number() -> String {
            var end = index
            while end < bytes.count, (0x30...0x39).contains(bytes[end]) || [0x2E, 0x65, 0x45, 0x2B, 0x2D].contains(bytes[end]) { end += 1 }
            return String(decoding: bytes[(negative ? start - 1 : start)..<end], as: UTF8.self)
        }
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(bytes[index] - 0x30))
            guard !overflow, !overflow2 else { throw GiveUp(reason: "\(number()) is too large a number") }
            value = sum
            index += 1
        }
        guard index > start, index - start == 1 || bytes[start] != 0x30 else { throw GiveUp() }
        if index < bytes.count, [0x2E, 0x65, 0x45].contains(bytes[index]) { throw GiveUp(reason: "\(number()) is not a whole number") }
        return negative ? -value : value
    }

    private mutating func bool() throws(GiveUp) -> Bool {
        if literal("true") { return true }
        if literal("false") { return false }
        throw GiveUp()
    }

    private mutating func uuid() throws(GiveUp) -> UUID {
        let raw = try keyRange()
        guard raw.count == 36, let id = UUID(storedUTF8: UnsafeBufferPointer(rebasing: bytes[raw])) else {
            throw GiveUp(reason: "'\(String(decoding: bytes[raw], as: UTF8.self))' is not an id (a UUID such as \(RecipeRecord.noID.uuidString))")
        }
        return id
    }

    private mutating func date() throws(GiveUp) -> Date {
        guard let date = RecipeJSON.parseISODate(try string()) else { throw GiveUp() }
        return date
    }

    /// Past any JSON value, checked as JSONDecoder checks it (else gives up).
    private mutating func skipValue() throws(GiveUp) {
        switch peek ?? 0 {
        case 0x7B: try object { reader, _ throws(GiveUp) in try reader.skipValue() }
        case 0x5B: _ = try array { reader throws(GiveUp) in try reader.skipValue() }
        case 0x22: _ = try string()
        case 0x74: guard literal("true") else { throw GiveUp() }
        case 0x66: guard literal("false") else { throw GiveUp() }
        case 0x6E: guard isNull() else { throw GiveUp() }
        case 0x2D, 0x30...0x39: _ = try integer()
        default: throw GiveUp()
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count, word.withUTF8Buffer({ $0.elementsEqual(bytes[index..<index + count]) }) else { return false }
        index += count
        return true
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func expect(_ byte: UInt8) throws(GiveUp) {
        guard peek == byte else { throw GiveUp() }
        index += 1
    }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }
}

private extension RecipeJSON {
    /// A recipe with nothing but a name, which the reader fills.
    init(readingNamed name: String) {
        self.name = name
    }
}

/// Why ``ArchiveReader`` gave up, when it can say more than JSONDecoder.
struct ArchiveProblem: Error {
    let reason: String?
}
