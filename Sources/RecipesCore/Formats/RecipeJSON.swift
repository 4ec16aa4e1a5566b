import FoundationEssentials

/// The documented JSON form of recipes (format "recipes", version 1): what `recipes search
/// --format json`, `show --format json` and the sample data use.
///
/// ```json
/// {"format": "recipes", "version": 1, "recipes": [
///   {"id": "…", "kind": "baked", "name": "Focaccia", "summary": "", "instructions": "…",
///    "planned": "2026-12-24T17:00:00Z", "ovenTemperature": 220, "bakeMinutes": 25,
///    "ingredients": [{"name": "Flour", "amount": "500 g"}]}]}
/// ```
///
/// `kind` is `dish`, `baked` or `beverage` (default `dish`); `source` is the web page an
/// imported recipe came from. Instead of `planned`, a recipe
/// may say `"plannedIn": {"days": 2, "time": "18:00"}`: that many days after the day it is
/// loaded, at that local time (default 18:00), which keeps sample plans in the future.
public struct RecipeArchive: Codable, Sendable {
    /// The `format` every archive declares.
    public static let formatName = "recipes"
    /// The archive version this library writes: 2 adds each recipe's `plan` and `cooked`
    /// (version 1's `planned` is read as one entry).
    public static let currentVersion = 2

    /// Always ``formatName``.
    public var format: String
    /// The archive version.
    public var version: Int
    /// The recipes.
    public var recipes: [RecipeJSON]
    /// What the pantry holds, in an export of the whole store; absent otherwise (and in
    /// archives from before the pantry, which readers of those ignore).
    public var pantry: [PantryItemJSON]?

    /// An archive of `recipes`.
    public init(recipes: [RecipeJSON]) {
        format = Self.formatName
        version = Self.currentVersion
        self.recipes = recipes
    }

    /// Reads an archive, refusing other formats and newer versions with a clear reason.
    public static func decode(_ data: Data) throws -> RecipeArchive {
        let archive: RecipeArchive
        switch ArchiveReader.read(data) {
        case .success(let read):
            archive = read
        case .failure(let problem):
            do {
                archive = try RecipeJSON.decoder.decode(RecipeArchive.self, from: data)
            } catch let error as DecodingError {
                // JSONDecoder names no place for a number it cannot take (2.5 servings: "not
                // valid JSON"), nor the values a kind or an id can be; the reader does.
                throw RecipeFormatError(reason: problem.reason ?? RecipeFormatError.describe(error))
            }
        }
        guard archive.format == formatName else {
            throw RecipeFormatError(reason: "format is '\(archive.format)', expected '\(formatName)'")
        }
        guard archive.version <= currentVersion else {
            throw RecipeFormatError(reason: "version \(archive.version) is newer than this program reads (\(currentVersion))")
        }
        return archive
    }

    /// The archive as JSON; `pretty` indents it for people and diffs.
    public func encoded(pretty: Bool = false) throws -> Data {
        let encoder = RecipeJSON.encoder
        if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
        return try encoder.encode(self)
    }

    /// The models the archive describes, `plannedIn` counted from `now`.
    public func makeRecipes(now: Date = Date(), local: LocalTime = .system) throws -> [Recipe] {
        try recipes.map { try $0.makeRecipe(now: now, local: local) }
    }
}

/// One recipe in the JSON form. Its details (``RecipeDetails``) are read as its own
/// properties (`json.servings`) and written under the archive's keys (`source`, `image`).
public struct RecipeJSON: RecipeDetailsHolder, Codable, Sendable {
    /// One ingredient line.
    public struct IngredientJSON: Codable, Sendable {
        /// Its id, when the archive has one.
        public var id: UUID?
        /// What the ingredient is.
        public var name: String
        /// How much, as free text.
        public var amount: String?
        /// True for a heading over the lines after it ("For the dough"); absent otherwise.
        public var heading: Bool? = nil

        private enum CodingKeys: String, CodingKey {
            case id, name, amount, heading
        }

        /// Decodes a line, its id read without Foundation's `UUID(uuidString:)`, which goes
        /// through sscanf: an archive has ten lines a recipe, and that was a tenth of reading it.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let text = try container.decodeIfPresent(String.self, forKey: .id) {
                guard let id = UUID(storedText: text) else {
                    throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "'\(text)' is not a UUID")
                }
                self.id = id
            }
            name = try container.decode(String.self, forKey: .name)
            amount = try container.decodeIfPresent(String.self, forKey: .amount)
            heading = try container.decodeIfPresent(Bool.self, forKey: .heading)
        }

        /// A line with these values.
        public init(id: UUID?, name: String, amount: String?, heading: Bool? = nil) {
            self.id = id
            self.name = name
            self.amount = amount
            self.heading = heading
        }
    }

    /// A plan relative to the import (`"plannedIn": {"days": 2}`).
    public struct RelativePlan: Codable, Sendable {
        /// Days from the import, at 18:00 local.
        public var days: Int
        /// Local "HH:MM"; 18:00 when absent.
        public var time: String?
    }

    /// The recipe's id, when the archive has one.
    public var id: UUID?
    /// `dish`, `baked` or `beverage`.
    public var kind: RecipeVariety?
    /// The name.
    public var name: String
    /// One line shown in lists.
    public var summary: String?
    /// The method.
    public var instructions: String?
    /// When it is planned (ISO 8601).
    public var planned: Date?
    /// A plan relative to the import.
    public var plannedIn: RelativePlan?
    /// When it was created.
    public var created: Date?
    /// When it last changed.
    public var updated: Date?
    /// Oven temperature, °C (baked goods).
    public var ovenTemperature: Int?
    /// Minutes in the oven (baked goods).
    public var bakeMinutes: Int?
    /// Whether it contains alcohol (beverages).
    public var alcoholic: Bool?
    /// Whether it is served hot (beverages).
    public var servedHot: Bool?
    /// Where it came from, how many it serves, its times, tags, picture and nutrition
    /// (`"nutrition": {"calories": 420, "fat": 12}`, kcal, g, mg as ``Nutrition``).
    public var details = RecipeDetails()
    /// The ingredient lines, in order.
    public var ingredients: [IngredientJSON]?
    /// When it was last cooked; written for readers, derived from ``cooked`` when read.
    public var lastCooked: Date?
    /// How many times it was cooked; written for readers, derived from ``cooked`` when read.
    public var timesCooked: Int?
    /// Its plan entries (archive version 2); when absent, ``planned`` is planned once.
    public var plan: [PlanEntryJSON]?
    /// When it was cooked (archive version 2).
    public var cooked: [CookedJSON]?


    private enum CodingKeys: String, CodingKey {
        case id, kind, name, summary, instructions, planned, plannedIn, created, updated, ovenTemperature, bakeMinutes, alcoholic,
             servedHot, ingredients, lastCooked, timesCooked, plan, cooked
    }

    /// Reads a recipe; its details under the archive's keys.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(UUID.self, forKey: .id)
        kind = try container.decodeIfPresent(RecipeVariety.self, forKey: .kind)
        name = try container.decode(String.self, forKey: .name)
        summary = try container.decodeIfPresent(String.self, forKey: .summary)
        instructions = try container.decodeIfPresent(String.self, forKey: .instructions)
        planned = try container.decodeIfPresent(Date.self, forKey: .planned)
        plannedIn = try container.decodeIfPresent(RelativePlan.self, forKey: .plannedIn)
        created = try container.decodeIfPresent(Date.self, forKey: .created)
        updated = try container.decodeIfPresent(Date.self, forKey: .updated)
        ovenTemperature = try container.decodeIfPresent(Int.self, forKey: .ovenTemperature)
        bakeMinutes = try container.decodeIfPresent(Int.self, forKey: .bakeMinutes)
        alcoholic = try container.decodeIfPresent(Bool.self, forKey: .alcoholic)
        servedHot = try container.decodeIfPresent(Bool.self, forKey: .servedHot)
        details = try RecipeDetails(from: decoder.container(keyedBy: DetailKey.self), keys: \.jsonKey)
        ingredients = try container.decodeIfPresent([IngredientJSON].self, forKey: .ingredients)
        lastCooked = try container.decodeIfPresent(Date.self, forKey: .lastCooked)
        timesCooked = try container.decodeIfPresent(Int.self, forKey: .timesCooked)
        plan = try container.decodeIfPresent([PlanEntryJSON].self, forKey: .plan)
        cooked = try container.decodeIfPresent([CookedJSON].self, forKey: .cooked)
    }

    /// Writes what ``init(from:)`` reads; fields without a value are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(kind, forKey: .kind)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(summary, forKey: .summary)
        try container.encodeIfPresent(instructions, forKey: .instructions)
        try container.encodeIfPresent(planned, forKey: .planned)
        try container.encodeIfPresent(plannedIn, forKey: .plannedIn)
        try container.encodeIfPresent(created, forKey: .created)
        try container.encodeIfPresent(updated, forKey: .updated)
        try container.encodeIfPresent(ovenTemperature, forKey: .ovenTemperature)
        try container.encodeIfPresent(bakeMinutes, forKey: .bakeMinutes)
        try container.encodeIfPresent(alcoholic, forKey: .alcoholic)
        try container.encodeIfPresent(servedHot, forKey: .servedHot)
        var detailContainer = encoder.container(keyedBy: DetailKey.self)
        try details.encode(to: &detailContainer, keys: \.jsonKey)
        try container.encodeIfPresent(ingredients, forKey: .ingredients)
        try container.encodeIfPresent(lastCooked, forKey: .lastCooked)
        try container.encodeIfPresent(timesCooked, forKey: .timesCooked)
        try container.encodeIfPresent(plan, forKey: .plan)
        try container.encodeIfPresent(cooked, forKey: .cooked)
    }

    /// The JSON form of `recipe`, with every field.
    public init(_ recipe: Recipe) {
        self.init(record: RecipeRecord(recipe))
    }

    init(record: RecipeRecord) {
        id = record.id
        kind = record.variety
        name = record.name
        summary = record.summary
        instructions = record.instructions
        planned = record.plannedDate
        created = record.createdAt
        updated = record.updatedAt
        ovenTemperature = record.ovenTemperature
        bakeMinutes = record.bakeMinutes
        alcoholic = record.isAlcoholic
        servedHot = record.isServedHot
        details = record.details
        lastCooked = record.lastCooked
        timesCooked = record.timesCooked
        ingredients = record.ingredients.map { IngredientJSON(id: $0.id, name: $0.name, amount: $0.amount, heading: $0.isHeading ? true : nil) }
    }

    /// The model this JSON describes; `plannedIn` counts from `now`'s local day.
    public func makeRecipe(now: Date = Date(), local: LocalTime = .system) throws -> Recipe {
        try makeRecord(now: now, local: local).makeRecipe()
    }

    /// What ``makeRecipe(now:local:)`` makes, as the store's record: an import stores new
    /// recipes from these without making models.
    func makeRecord(now: Date, local: LocalTime) throws -> RecipeRecord {
        guard name.contains(where: { !$0.isWhitespace }) else {
            throw RecipeFormatError(reason: "a recipe has no name")
        }
        guard name.count <= Recipe.maximumNameLength else {
            throw RecipeFormatError(reason: "a recipe's name is longer than \(Recipe.maximumNameLength) characters")
        }
        // With entries, the planned date is only what they give; the store plans them.
        var plannedDate = plan == nil ? planned : nil
        if let plannedIn {
            do {
                plannedDate = try WhenParser(now: now, local: local).parse("+\(plannedIn.days)d \(plannedIn.time ?? "18:00")")
            } catch let error as PlanningInputError {
                throw RecipeFormatError(reason: "recipe '\(name)': plannedIn: \(error)")
            }
        }
        let variety = kind ?? .dish
        var details = details
        details.tags = Recipe.canonicalTags(details.tags)
        if details.nutrition?.isEmpty == true { details.nutrition = nil }
        // Fields of another kind are ignored, as the model has nowhere to keep them.
        return RecipeRecord(
            id: id ?? UUID(), variety: variety, name: name, summary: summary ?? "", instructions: instructions ?? "",
            plannedDate: plannedDate, createdAt: created ?? now, updatedAt: updated ?? now,
            ovenTemperature: variety == .bakedGood ? ovenTemperature : nil, bakeMinutes: variety == .bakedGood ? bakeMinutes : nil,
            isAlcoholic: variety == .beverage ? alcoholic ?? false : nil, isServedHot: variety == .beverage ? servedHot ?? false : nil,
            details: details,
            ingredients: (ingredients ?? []).map { .init(id: $0.id ?? UUID(), name: $0.name, amount: $0.heading == true ? "" : $0.amount ?? "",
                                                         isHeading: $0.heading ?? false) }
        )
    }

    /// This recipe as one line of JSON.
    public func encoded() throws -> Data {
        try Self.encoder.encode(self)
    }

    /// Dates as ISO 8601 in UTC, with fractions of a second only when there are any.
    package static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(isoString(date))
        }
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseISODate(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO 8601 date and time")
            }
            return date
        }
        return decoder
    }

    /// An ISO 8601 date and time in UTC, with fractions of a second only when there are any.
    public static func isoString(_ date: Date) -> String { ISO8601.string(from: date) }

    /// Reads an ISO 8601 date and time, with or without fractions of a second.
    public static func parseISODate(_ text: String) -> Date? { ISO8601.date(from: text) }
}

/// A JSON recipe document that cannot be read, and why.
public struct RecipeFormatError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What is wrong, for the user.
    public let reason: String
    public var description: String { reason }

    /// A JSON type as a person names it: "a list", not `Array<Any>`.
    private static func expected(_ type: Any.Type) -> String {
        let name = String(describing: type)
        switch name {
        case "String": return "a text"
        case "Int": return "a whole number"
        case "Double": return "a number"
        case "Bool": return "true or false"
        default:
            if name.hasPrefix("Array") { return "a list" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return name
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "the document" : String(keys.drop(while: { $0 == "." }))
        }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(path(context)): missing '\(key.stringValue)'"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "\(path(context)): expected \(expected(type))"
        @unknown default:
            return "not a recipe document"
        }
    }
}
