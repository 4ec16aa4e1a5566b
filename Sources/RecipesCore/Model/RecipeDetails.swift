import FoundationEssentials

/// What a recipe says of itself besides its name, texts and ingredients: where it came from,
/// how many it serves and what it makes, its times, tags, picture and nutrition. One value
/// that the model, the store's record, ``RecipeSnapshot``, ``RecipeJSON`` and
/// ``RecipeEditText`` all hold, and whose fields `RecipeDetails.fields` describes once.
///
/// ```swift
/// var details = recipe.details
/// details.servings = 4
/// recipe.details = details
/// ```
public struct RecipeDetails: Hashable, Sendable {
    /// ``Recipe/sourceURL``.
    public var sourceURL: String?
    /// ``Recipe/servings``.
    public var servings: Int?
    /// ``Recipe/yield``.
    public var yield: String?
    /// ``Recipe/prepMinutes``.
    public var prepMinutes: Int?
    /// ``Recipe/cookMinutes``.
    public var cookMinutes: Int?
    /// ``Recipe/totalMinutes``.
    public var totalMinutes: Int?
    /// ``Recipe/tags``.
    public var tags: [String] = []
    /// ``Recipe/imageURL``.
    public var imageURL: String?
    /// ``Recipe/nutrition``.
    public var nutrition: Nutrition?

    /// No details: nothing known but an empty tag list.
    public init() {}
}

/// A value that holds a recipe's details and reads them as its own properties
/// (`snapshot.servings` for `snapshot.details.servings`): ``RecipeSnapshot``, ``RecipeJSON``
/// and ``RecipeEditText``.
@dynamicMemberLookup
public protocol RecipeDetailsHolder {
    /// The details held.
    var details: RecipeDetails { get set }
}

extension RecipeDetailsHolder {
    /// A detail, as `holder.servings`.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<RecipeDetails, Value>) -> Value {
        get { details[keyPath: keyPath] }
        set { details[keyPath: keyPath] = newValue }
    }
}

/// One field of ``RecipeDetails``, described once: its names in the model, the store, the
/// JSON archive, the edit text, Cooklang and on the command line; its limit; how it reads
/// and writes as text. The store's columns, the key path names, the snapshot's and the
/// archive's coding, the edit text, `add`/`set`'s options and the interchange formats all
/// go through these, so a new field of a shape they know is the model property, one entry
/// in `RecipeDetails.fields(for:)` and a migration.
///
/// A class, though immutable, for the same reason as `StoredColumn`: lists of these are
/// walked for every record, and a struct of closures would retain each one every time.
package final class RecipeDetail {
    /// What the value is, for the formats that treat a shape, not a field, in their own way
    /// (a time as an ISO 8601 duration in schema.org, as minutes in Cooklang).
    package enum Shape: Equatable {
        /// Free text, one line.
        case text
        /// A web address: imports take only an http or https one.
        case address
        /// How many it serves: with ``makes``, read from one text ("Serves 4", "1 loaf").
        case servings
        /// What it makes when that is not servings.
        case makes
        /// Minutes of preparation, cooking, or both and any rest.
        case minutes
        case tags
        case nutrition
    }

    /// The model's property: `yield`; a snapshot's key.
    package let property: String
    /// The edit text's label ("Prep"); lower-cased, the `set` option (`--prep`) and the name
    /// a change is reported under.
    package let label: String
    /// The store's column.
    let column: String
    /// The JSON archive's key.
    package let jsonKey: String
    /// Cooklang metadata keys it is read from, the first the one written; none when the
    /// Cooklang format reads and writes the field its own way.
    package let cooklangKeys: [String]
    /// The schema.org properties it is read from, the first the one written. The formats
    /// read texts, addresses and the servings by these; times, tags and nutrition have forms
    /// of their own there (ISO 8601 durations, keywords, a NutritionInformation).
    package let schemaOrgProperties: [String]
    package let shape: Shape
    /// The help of its `add` and `set` option, and the option's value name; nil when it has none.
    package let option: (value: String, help: String)?

    /// The field's value as one line of text, as the edit text shows it ("" when it has none).
    package let text: (RecipeDetails) -> String
    /// The number a count or a time holds; nil for other shapes and when it has none.
    package let number: (RecipeDetails) -> Int?
    /// Why `text` cannot be the field's value, in the words every path uses; nil when it can.
    package let problem: (String) -> String?
    /// Why the value `details` holds cannot be stored (out of the field's limit), in the
    /// same words; the store asks this of every write, an import and a sync included.
    let valueProblem: (RecipeDetails) -> String?
    /// Sets the field from `text` (which has no ``problem``); "" clears it.
    package let assign: (inout RecipeDetails, String) -> Void
    /// Whether the two hold the same value of the field.
    package let isEqual: (RecipeDetails, RecipeDetails) -> Bool
    /// Copies the field from the model.
    let load: (inout RecipeDetails, Recipe) -> Void
    /// Copies the field into the model.
    let apply: (Recipe, RecipeDetails) -> Void
    let encode: (RecipeDetails, inout KeyedEncodingContainer<DetailKey>, DetailKey) throws -> Void
    let decode: (inout RecipeDetails, KeyedDecodingContainer<DetailKey>, DetailKey) throws -> Void
    /// Sets the field from a value ``ArchiveReader`` took from the JSON; false when the value
    /// is not of the field's type, which `decode` would refuse too.
    let take: (inout RecipeDetails, ArchiveReader.Value) -> Bool
    /// The model's key path to the property, on the root the list was made for.
    let keyPath: () -> AnyKeyPath
    /// The store's column of the record.
    let storedColumn: StoredColumn<RecipeRecord>

    /// Sets the field of `recipe` from `text` (which has no ``problem``; "" clears it);
    /// whether that changed it.
    package func set(_ text: String, on recipe: Recipe) -> Bool {
        var current = RecipeDetails()
        load(&current, recipe)
        var updated = current
        assign(&updated, text)
        guard !isEqual(current, updated) else { return false }
        apply(recipe, updated)
        return true
    }

    /// Whether the model holds the same value as `details`.
    package func holdsSame(_ recipe: Recipe, as details: RecipeDetails) -> Bool {
        var current = RecipeDetails()
        load(&current, recipe)
        return isEqual(current, details)
    }

    init<Root: Recipe, Value: SQLiteValueConvertible & Equatable & Codable>(
        _ property: String, label: String, column: String, json: String, cooklang: [String] = [], schemaOrg: [String] = [],
        shape: Shape, option: (value: String, help: String)? = nil,
        _ access: @escaping PropertyAccess<RecipeDetails, Value>, model: ModelProperty<Recipe, Value>,
        keyPath: @autoclosure @escaping () -> KeyPath<Root, Value>, query: Queried? = nil,
        text: @escaping (Value) -> String, number: @escaping (Value) -> Int? = { _ in nil },
        read: @escaping (String) -> Result<Value, DetailProblem>, check: @escaping (Value) -> String? = { _ in nil }
    ) {
        self.property = property
        self.label = label
        self.column = column
        self.jsonKey = json
        self.cooklangKeys = cooklang
        self.schemaOrgProperties = schemaOrg
        self.shape = shape
        self.option = option
        self.keyPath = keyPath
        func get(_ details: RecipeDetails) -> Value {
            var copy = details
            var result: Value?
            access(&copy) { result = $0 }
            return result!
        }
        self.text = { text(get($0)) }
        self.number = { number(get($0)) }
        valueProblem = { check(get($0)) }
        problem = { text in
            if case .failure(let problem) = read(text) { return problem.reason }
            return nil
        }
        assign = { details, text in
            if case .success(let value) = read(text) { access(&details) { $0 = value } }
        }
        isEqual = { get($0) == get($1) }
        load = { details, recipe in access(&details) { $0 = model.get(recipe) } }
        apply = { recipe, details in model.set(recipe, get(details)) }
        // A field without a value is left out, as a synthesized encoding leaves out nil.
        encode = { details, container, key in
            let value = get(details)
            if (value as? any AbsentValue)?.isAbsent != true { try container.encode(value, forKey: key) }
        }
        decode = { details, container, key in
            // Absent or null is no value (an empty tag list), as each format always read it.
            if let value = try container.decodeIfPresent(Value.self, forKey: key) { access(&details) { $0 = value } }
        }
        take = { details, value in
            guard let typed = value.typed(Value.self) else { return false }
            if let typed { access(&details) { $0 = typed } }
            return true
        }
        storedColumn = StoredColumn(column, { record, body in access(&record.details, body) },
                                    model: ({ (root: Root) in model.get(root) }, { (root: Root, value) in model.set(root, value) }),
                                    keyPath: keyPath(), property: property, json: json, query: query)
    }
}

/// Optional, whose nil a field's encoding leaves out.
private protocol AbsentValue {
    var isAbsent: Bool { get }
}

extension Optional: AbsentValue {
    var isAbsent: Bool { self == nil }
}

/// Why a text cannot be a field's value.
package struct DetailProblem: Error {
    package let reason: String
}

/// A JSON key named at run time, from a ``RecipeDetail``.
struct DetailKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension RecipeDetails {
    /// Every field, in the order the edit text lists them and a change is reported. Each
    /// entry's key path is on `Root`, so that the query translator finds `\BakedGood.yield`
    /// as well as `\Recipe.yield`.
    static func fields<Root: Recipe>(for root: Root.Type) -> [RecipeDetail] {
        let optionalText: (String?) -> String = { $0.map(RecipeDetails.oneLine) ?? "" }
        // One line, trimmed: a text of spaces is none, and a line break typed into `set` is the
        // space the edit text would show (found by a user trial: a later edit rewrote it).
        let readText: (String) -> Result<String?, DetailProblem> = { text in
            let line = RecipeDetails.oneLine(text).trimmedWhitespace
            return .success(line.isEmpty ? nil : line)
        }
        let minutesText: (Int?) -> String = { $0.map(RecipeDetails.duration) ?? "" }
        return [
            RecipeDetail("sourceURL", label: "Source", column: "source", json: "source", cooklang: ["source", "source.url", "url"],
                         schemaOrg: ["url"], shape: .address, option: ("address", "The web page it came from ('' for none)."),
                         { $1(&$0.sourceURL) }, model: ({ $0.sourceURL }, { $0.sourceURL = $1 }), keyPath: \Root.sourceURL,
                         query: Queried(.text, nullable: true), text: optionalText, read: readText),
            RecipeDetail("servings", label: "Servings", column: "servings", json: "servings", cooklang: ["servings", "serves"],
                         schemaOrg: ["recipeYield", "yield"], shape: .servings,
                         option: ("count", "How many people it serves: \(FieldLimit.servings.rangeText)."),
                         { $1(&$0.servings) }, model: ({ $0.servings }, { $0.servings = $1 }), keyPath: \Root.servings,
                         query: Queried(.number, nullable: true), text: { $0.map(String.init) ?? "" },
                         number: { $0 }, read: { number($0, FieldLimit.servings) }, check: { FieldLimit.servings.problem($0) }),
            RecipeDetail("yield", label: "Yield", column: "yield", json: "yield", cooklang: ["yield"], schemaOrg: ["recipeYield", "yield"],
                         shape: .makes, option: ("text", "What it makes when that is not servings ('1 loaf'; '' for none)."),
                         { $1(&$0.yield) }, model: ({ $0.yield }, { $0.yield = $1 }), keyPath: \Root.yield,
                         query: Queried(.text, nullable: true), text: optionalText, read: readText),
            RecipeDetail("prepMinutes", label: "Prep", column: "prep_minutes", json: "prepMinutes", schemaOrg: ["prepTime"], shape: .minutes,
                         option: ("duration", "Preparation time: 20 (minutes), 20m, 1h30m ('' for none)."),
                         { $1(&$0.prepMinutes) }, model: ({ $0.prepMinutes }, { $0.prepMinutes = $1 }), keyPath: \Root.prepMinutes,
                         query: Queried(.number, nullable: true), text: minutesText, number: { $0 }, read: minutes, check: minutesProblem),
            RecipeDetail("cookMinutes", label: "Cook", column: "cook_minutes", json: "cookMinutes", schemaOrg: ["cookTime"], shape: .minutes,
                         option: ("duration", "Cooking time: 45m, 2h ('' for none)."),
                         { $1(&$0.cookMinutes) }, model: ({ $0.cookMinutes }, { $0.cookMinutes = $1 }), keyPath: \Root.cookMinutes,
                         query: Queried(.number, nullable: true), text: minutesText, number: { $0 }, read: minutes, check: minutesProblem),
            RecipeDetail("totalMinutes", label: "Total", column: "total_minutes", json: "totalMinutes", schemaOrg: ["totalTime"], shape: .minutes,
                         option: ("duration", "Time from start to table: 1h, 1d ('' for none)."),
                         { $1(&$0.totalMinutes) }, model: ({ $0.totalMinutes }, { $0.totalMinutes = $1 }), keyPath: \Root.totalMinutes,
                         query: Queried(.number, nullable: true), text: minutesText, number: { $0 }, read: minutes, check: minutesProblem),
            // One per line in the store (see Recipe.canonicalTags), so `search --tag` matches a
            // whole line; `add` and `set` take tags to add and remove, not a list.
            RecipeDetail("tags", label: "Tags", column: "tags", json: "tags", schemaOrg: ["keywords"], shape: .tags,
                         { $1(&$0.tags) }, model: ({ $0.tags }, { $0.tags = $1 }), keyPath: \Root.tags,
                         text: { $0.joined(separator: ", ") },
                         read: { .success(Recipe.canonicalTags($0.split(separator: ",").map(String.init))) }),
            RecipeDetail("imageURL", label: "Image", column: "image", json: "image", cooklang: ["image", "picture", "image.url"],
                         schemaOrg: ["image", "thumbnailUrl"], shape: .address,
                         { $1(&$0.imageURL) }, model: ({ $0.imageURL }, { $0.imageURL = $1 }), keyPath: \Root.imageURL,
                         query: Queried(.text, nullable: true), text: optionalText, read: readText),
            // Per serving, as Nutrition.text: readable by any SQLite client; not queried.
            RecipeDetail("nutrition", label: "Nutrition", column: "nutrition", json: "nutrition", schemaOrg: ["nutrition"], shape: .nutrition,
                         { $1(&$0.nutrition) }, model: ({ $0.nutrition }, { $0.nutrition = $1 }), keyPath: \Root.nutrition,
                         text: { $0?.text ?? "" },
                         read: { text in
                             do throws(Nutrition.Problem) {
                                 let read = try Nutrition(text: text)
                                 return .success(read.isEmpty ? nil : read)
                             } catch {
                                 return .failure(DetailProblem(reason: error.reason))
                             }
                         }),
        ]
    }

    /// The fields, with their key paths on ``Recipe``. Built once: immutable, and only not
    /// `Sendable` because closures and key paths are not marked so.
    package nonisolated(unsafe) static let fields = fields(for: Recipe.self)

    /// The field whose edit-text label, lower-cased, is `name` ("prep").
    package static func field(labelled name: String) -> RecipeDetail? {
        fields.first { $0.label.lowercased() == name }
    }

    /// A whole number within `limit`, or "" for none.
    private static func number(_ text: String, _ limit: FieldLimit) -> Result<Int?, DetailProblem> {
        guard !text.isEmpty else { return .success(nil) }
        if let problem = limit.problem(text) { return .failure(DetailProblem(reason: problem)) }
        return .success(Int(text))
    }

    /// Whole minutes, or a DURATION as the edit text writes it (1h30m, "45 minutes"); "" for none.
    private static func minutes(_ text: String) -> Result<Int?, DetailProblem> {
        guard !text.isEmpty else { return .success(nil) }
        if let value = Int(text), value >= 0, value <= Recipe.longestMinutes { return .success(value) }
        guard let seconds = try? DurationParser.parse(text.replacing(" ", with: "")),
              case let value = Int((seconds / 60).rounded(.up)), value <= Recipe.longestMinutes else {
            return .failure(DetailProblem(reason: timeProblem(text)))
        }
        return .success(value)
    }

    /// Why a number of minutes is no time of a recipe: below 0 or over 30 days.
    private static func minutesProblem(_ value: Int?) -> String? {
        guard let value, !(0...Recipe.longestMinutes).contains(value) else { return nil }
        return timeProblem("\(value)")
    }

    private static func timeProblem(_ text: String) -> String {
        "'\(text)' is not a time such as 20m, 1h30m or 45 (minutes), at most 30 days"
    }

    /// Minutes as a DURATION that reads back: 90 → `1h30m`, 1,500 → `1d1h`.
    package static func duration(_ minutes: Int) -> String {
        let days = minutes / 1_440, hours = minutes % 1_440 / 60, rest = minutes % 60
        let parts = [(days, "d"), (hours, "h"), (rest, "m")].filter { $0.0 > 0 }.map { "\($0.0)\($0.1)" }.joined()
        return parts.isEmpty ? "0m" : parts
    }

    /// Line breaks as spaces: a field is one line of the edit text.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// Writes each field under its key: the model's property name, or the archive's key.
    func encode(to container: inout KeyedEncodingContainer<DetailKey>, keys: KeyPath<RecipeDetail, String>) throws {
        for field in Self.fields { try field.encode(self, &container, DetailKey(stringValue: field[keyPath: keys])) }
    }

    /// Reads what ``encode(to:keys:)`` writes; absent fields have no value.
    init(from container: KeyedDecodingContainer<DetailKey>, keys: KeyPath<RecipeDetail, String>) throws {
        self.init()
        for field in Self.fields { try field.decode(&self, container, DetailKey(stringValue: field[keyPath: keys])) }
    }
}

extension RecipeDetails: Codable {
    /// Each field under its property's name, as a snapshot writes them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DetailKey.self)
        try encode(to: &container, keys: \.property)
    }

    /// Reads what ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.container(keyedBy: DetailKey.self), keys: \.property)
    }
}

extension Recipe {
    /// The recipe's details as one value; setting it sets each field that differs.
    public var details: RecipeDetails {
        get {
            var details = RecipeDetails()
            for field in RecipeDetails.fields { field.load(&details, self) }
            return details
        }
        set {
            for field in RecipeDetails.fields where !field.holdsSame(self, as: newValue) { field.apply(self, newValue) }
        }
    }
}
