import FoundationEssentials

/// The ingredients the planner knows: for each, its identity (a canonical English name,
/// "all-purpose flour"), the more general ingredient it is a kind of (flour), its aisle, its
/// density, and its names in the languages recipes are written in ("Mehl", "farine").
///
/// The built-in vocabulary is the file `IngredientVocabulary.txt` beside this source, in the
/// same line format the configuration file extends it with:
///
/// ```
/// # ~/.config/recipes/config
/// ingredient.gochujang = aisle tins and jars; en red pepper paste; ko 고추장
/// ingredient.cheddar = en mature cheddar        # adds a name to a known ingredient
/// ```
///
/// A line is `ingredient.IDENTITY = FIELD; FIELD; ...`. The identity is lowercase and
/// singular. Fields: `kind K` (K is a more general identity this one serves for: cheddar for
/// cheese), `aisle A` (see ``Aisle``), `density D` (grams per millilitre), and a language code
/// followed by names, comma separated (`de Mehl, Weizenmehl`). A name matches a recipe's
/// words with case, accents and a regular plural ignored ("Eier" is "Ei" plus "er"); the
/// identity is a name too, but a name listed in a field wins over it ("flour" is listed for
/// all-purpose flour, so the generic `flour` is only a kind). The configuration's lines win
/// over the built-in ones: their names first, and their kind, aisle and density replacing.
public struct IngredientVocabulary: Sendable {
    /// One ingredient of the vocabulary.
    public struct Entry: Sendable, Equatable {
        /// The canonical name: English, lowercase, singular ("red onion").
        public let identity: String
        /// The more general ingredient this one serves for ("onion"), if any.
        public var kind: String?
        /// Its own aisle; ``IngredientVocabulary/aisle(of:)`` falls back to its kind's.
        public var aisle: Aisle?
        /// Grams per millilitre, for turning cups and spoons into weight.
        public var density: Double?
        /// Names by language code ("de": ["Zwiebel"]), in the order written.
        public var names: [String: [String]]
    }

    /// The entries by identity.
    public private(set) var entries: [String: Entry] = [:]
    /// The aisles in shopping order: the configuration's `aisle.` lines first, then the rest.
    public private(set) var aisleOrder: [Aisle] = Aisle.builtIn
    /// Ingredients the configuration's `aisle.NAME = a, b` lines moved, by identity or by
    /// folded name for what the vocabulary does not know.
    private var movedToAisle: [String: Aisle] = [:]
    /// Names as word sequences, looked up by their first word.
    private var phrases: [String: [Phrase]] = [:]
    /// How strongly each phrase was given, so a configuration name beats a built-in one.
    private var phrasePriority: [[String]: (identity: String, priority: Int)] = [:]
    /// ``phrases`` and the reading rules' words by their bytes, made again whenever phrases
    /// are added; nil when reading must compare them as Strings (see ``ReadingWordTable``).
    private(set) var wordTable: ReadingWordTable? = ReadingWordTable.make(phrases: [:])
    /// What the vocabulary was made of (see ``fingerprint``), hashed as it is extended.
    private var sourceHash = IngredientVocabulary.builtInSourceHash

    struct Phrase: Sendable {
        let words: [String]
        let identity: String
    }

    /// The vocabulary that comes with the planner.
    public static let builtIn: IngredientVocabulary = {
        do {
            return try IngredientVocabulary(lines: builtInVocabularyLines.joined(separator: "\n"), path: "IngredientVocabulary.txt",
                                            extending: IngredientVocabulary(), priority: 0)
        } catch {
            // The file is part of the source, and a test reads it: a bad line is a build defect.
            fatalError("the built-in ingredient vocabulary does not read: \(error)")
        }
    }()

    private init() {}

    /// The built-in vocabulary (or `base`) with the `ingredient.` and `aisle.` lines of a
    /// configuration file's `text`; `path` names the file in errors. Throws for the first line
    /// that cannot be read, so a bad line changes nothing.
    public init(configuration text: String, path: String, extending base: IngredientVocabulary = .builtIn) throws(MealTimes.ConfigurationError) {
        let file = try ConfigurationLines(text, path: path)
        self = try Self(file: file, extending: base, priority: 2)
        sourceHash = Self.hash(file, onto: base.sourceHash)
    }

    /// The ``fingerprint`` of the built-in vocabulary extended by a configuration file's
    /// `text`, without making it (which reads some 5,000 names): the store compares it
    /// with the one its stored needs were read with. The built-in one's when `text` is nil
    /// or cannot be read.
    package static func fingerprint(configuration text: String?, path: String) -> String {
        guard let text, let file = try? ConfigurationLines(text, path: path) else { return String(builtInSourceHash, radix: 16) }
        return String(hash(file, onto: builtInSourceHash), radix: 16)
    }

    /// `hash` extended by what in `file` changes a reading: its `ingredient.` lines (meal
    /// times or aisles do not).
    private static func hash(_ file: ConfigurationLines, onto hash: UInt64) -> UInt64 {
        file.section("ingredient.").reduce(hash) { hash, line in fnv1a("\(hash) \(line.name)=\(line.setting.value)\n".utf8) }
    }

    /// Whether `identity` (an ``identityKey(_:)``) is one of the built-in file's, read off
    /// its lines' keys without reading the lines (its tests check that every line's key is
    /// written as its identity). Compared in place, by bytes: making the set of all 394 keys
    /// first was a twelfth of a `recipes search --ingredient` process.
    static func isBuiltInIdentity(_ identity: String) -> Bool {
        let key = Array("ingredient.\(identity)".utf8)
        return builtInVocabularyLines.contains { line in
            var bytes = line.utf8[...]
            guard bytes.starts(with: key) else { return false }
            bytes.removeFirst(key.count)
            // The key ends at "=", spaces before it aside: "ingredient.egg" is not "ingredient.eggplant".
            guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return false }
            return bytes[..<equals].allSatisfy { $0 == UInt8(ascii: " ") }
        }
    }

    /// The identities a configuration file's `ingredient.` lines name, without reading them.
    package static func identities(configuration text: String?, path: String) -> Set<String> {
        guard let text, let file = try? ConfigurationLines(text, path: path) else { return [] }
        return Set(file.section("ingredient.").map { identityKey($0.name) })
    }

    /// The built-in file (its digest, made when it is embedded: hashing its 109 KB was an
    /// eighth of a search by ingredient) and the reading rules' version, hashed.
    private static let builtInSourceHash = fnv1a("reading rules \(readingRulesVersion), file \(builtInVocabularyLinesDigest)".utf8)

    private init(lines text: String, path: String, extending base: IngredientVocabulary, priority: Int) throws(MealTimes.ConfigurationError) {
        self = try Self(file: try ConfigurationLines(text, path: path), extending: base, priority: priority)
    }

    private init(file: ConfigurationLines, extending base: IngredientVocabulary, priority: Int) throws(MealTimes.ConfigurationError) {
        self = base
        var kindsToCheck: [(String, ConfigurationLines.Setting)] = []
        var aislesToCheck: [(Aisle, ConfigurationLines.Setting)] = []
        var namedOnLine: [[String]: (identity: String, line: Int)] = [:]
        for (identity, setting) in file.section("ingredient.") {
            let identity = Self.identityKey(identity)
            guard !identity.isEmpty else { throw file.failure(setting, "an ingredient needs a name: ingredient.NAME = FIELDS") }
            // A line for a known ingredient adds to it; its identity keeps the rank it had.
            if entries[identity] == nil { addPhrase(Self.words(identity), identity: identity, priority: priority) }
            var entry = entries[identity] ?? Entry(identity: identity, kind: nil, aisle: nil, density: nil, names: [:])
            var given: Set<String> = []
            for field in setting.value.split(separator: ";") {
                let field = field.trimmedWhitespace
                if field.isEmpty { continue }
                let label = String(field.prefix { !$0.isWhitespace })
                let value = String(field.dropFirst(label.count)).trimmedWhitespace
                let fieldName = label.lowercased()
                // One kind, aisle or density a line: a second would silently replace the first.
                if ["kind", "aisle", "density"].contains(fieldName), !given.insert(fieldName).inserted {
                    throw file.failure(setting, "'\(fieldName)' is given twice")
                }
                switch fieldName {
                case "kind":
                    let kind = Self.identityKey(value)
                    guard !kind.isEmpty, kind != identity else { throw file.failure(setting, "'kind' needs another ingredient's name") }
                    entry.kind = kind
                    kindsToCheck.append((identity, setting))
                case "aisle":
                    guard !value.isEmpty else { throw file.failure(setting, "'aisle' needs an aisle's name") }
                    entry.aisle = Aisle(value)
                    aislesToCheck.append((Aisle(value), setting))
                case "density":
                    guard let density = Double(value), density > 0.05, density < 25 else {
                        throw file.failure(setting, "'\(value)' is not a density in grams per millilitre (such as 0.53)")
                    }
                    entry.density = density
                case let language where (2...3).contains(language.count) && language.allSatisfy({ $0.isASCII && $0.isLetter }):
                    let names = value.split(separator: ",").map(\.trimmedWhitespace).filter { !$0.isEmpty }
                    guard !names.isEmpty else { throw file.failure(setting, "'\(label)' needs names, comma separated") }
                    for name in names {
                        let words = Self.words(name)
                        guard !words.isEmpty else { throw file.failure(setting, "'\(name)' has no letters to match") }
                        if let earlier = namedOnLine[words], earlier.identity != identity {
                            throw file.failure(setting, "'\(name)' already names '\(earlier.identity)' on line \(earlier.line)")
                        }
                        namedOnLine[words] = (identity, setting.line)
                        addPhrase(words, identity: identity, priority: priority + 1)
                    }
                    entry.names[language.lowercased(), default: []].append(contentsOf: names)
                default:
                    throw file.failure(setting, "unknown field '\(label)' (expected kind, aisle, density or a language code with names)")
                }
            }
            entries[identity] = entry
        }
        // Before the aisle lines below read their ingredients.
        wordTable = ReadingWordTable.make(phrases: phrases)
        var orderedAisles: [Aisle] = []
        for (name, setting) in file.section("aisle.") {
            let aisle = Aisle(name)
            guard !aisle.name.isEmpty else { throw file.failure(setting, "an aisle needs a name: aisle.NAME = INGREDIENTS") }
            if !orderedAisles.contains(aisle) { orderedAisles.append(aisle) }
            for ingredient in setting.value.split(separator: ",").map(\.trimmedWhitespace) where !ingredient.isEmpty {
                let reading = reading(of: ingredient)
                movedToAisle[reading.identities.count == 1 ? reading.identities[0] : ShoppingList.itemKey(ingredient)] = aisle
            }
        }
        if !orderedAisles.isEmpty {
            aisleOrder = orderedAisles + aisleOrder.filter { !orderedAisles.contains($0) }
        }
        for (identity, setting) in kindsToCheck {
            guard let kind = entries[identity]?.kind, entries[kind] != nil else {
                throw file.failure(setting, "'\(entries[identity]?.kind ?? "")' is not an ingredient of the vocabulary (kind names one)")
            }
            var seen: Set<String> = [identity]
            var next: String? = kind
            while let current = next {
                guard seen.insert(current).inserted else { throw file.failure(setting, "kinds of '\(identity)' go round in a circle") }
                next = entries[current]?.kind
            }
        }
        for (aisle, setting) in aislesToCheck where !aisleOrder.contains(aisle) {
            let known = aisleOrder.map(\.name).joined(separator: ", ")
            throw file.failure(setting, "unknown aisle '\(aisle.name)' (aisles: \(known); an aisle.NAME line adds one)")
        }
    }

    private mutating func addPhrase(_ words: [String], identity: String, priority: Int) {
        guard let first = words.first else { return }
        if let existing = phrasePriority[words], existing.priority > priority { return }
        let replacing = phrasePriority[words] != nil
        phrasePriority[words] = (identity, priority)
        if replacing {
            phrases[first] = phrases[first, default: []].map { $0.words == words ? Phrase(words: words, identity: identity) : $0 }
        } else {
            phrases[first, default: []].append(Phrase(words: words, identity: identity))
        }
    }

    /// Names what the vocabulary reads lines with: the same for the same built-in file,
    /// configuration `ingredient.` lines and reading rules, on every machine and in every run.
    /// The store keeps the identities it read its lines with under it, and reads them again
    /// when a different vocabulary asks.
    package var fingerprint: String {
        String(sourceHash, radix: 16)
    }

    /// Raised whenever a change to the reading rules (IngredientReading.swift) can read a
    /// line differently: stores then read their lines again. A test pins the readings of a
    /// sample of lines to this number.
    static let readingRulesVersion = 5

    /// The entry of `identity`, or nil when the vocabulary does not know it.
    public func entry(for identity: String) -> Entry? {
        entries[identity]
    }

    /// Whether `identity` is `general` or a kind of it, at any depth: cheddar is a cheese, a
    /// red onion an onion; an onion is not a red onion.
    public func isKind(_ identity: String, of general: String) -> Bool {
        var current: String? = identity
        var steps = 0
        while let this = current, steps <= entries.count {
            if this == general { return true }
            current = entries[this]?.kind
            steps += 1
        }
        return false
    }

    /// The aisle an ingredient is shopped in: where the configuration moved it, else its own,
    /// else its kind's, else ``Aisle/other``. `identity` may also be a name the vocabulary
    /// does not know, which only the configuration can place.
    public func aisle(of identity: String) -> Aisle {
        var current: String? = identity
        var steps = 0
        while let this = current, steps <= entries.count {
            if let moved = movedToAisle[this] { return moved }
            if let own = entries[this]?.aisle { return own }
            current = entries[this]?.kind
            steps += 1
        }
        return .other
    }

    /// Grams per millilitre of an ingredient (or of its kind), when the vocabulary has it.
    public func density(of identity: String) -> Double? {
        var current: String? = identity
        var steps = 0
        while let this = current, steps <= entries.count {
            if let density = entries[this]?.density { return density }
            current = entries[this]?.kind
            steps += 1
        }
        return nil
    }

    /// The density of an ingredient metric cooks weigh rather than measure by volume: what
    /// the baking aisle sells (flour, sugar, cocoa, honey) and fresh solids lighter than water
    /// (butter, grated cheese); nil for milk, cream, oil, drinks and what has no density.
    public func weighingDensity(of identity: String) -> Double? {
        guard let density = density(of: identity) else { return nil }
        let aisle = aisle(of: identity).name
        return aisle == "baking" || (density < 0.99 && ["dairy and eggs", "produce", "meat and fish"].contains(aisle)) ? density : nil
    }

    /// The phrases that start at a word, for ``IngredientReading``.
    func phrases(startingWith word: String) -> [Phrase] {
        phrases[word] ?? []
    }

    /// Whether a name is the vocabulary's whole phrase for an identity, as written.
    func identity(ofPhrase words: [String]) -> String? {
        phrasePriority[words]?.identity
    }

    /// An identity as the vocabulary keeps it: folded, single spaces ("all-purpose flour").
    static func identityKey(_ text: String) -> String {
        let folded = TextMatching.fold(text)
        // ASCII by bytes: Character.isWhitespace looks each character up in Unicode's tables,
        // which, for the built-in file's identities, was a fourteenth of a search by ingredient.
        if folded.utf8.allSatisfy({ $0 < 0x80 }) {
            return folded.utf8.split { $0 == 0x20 || (0x09...0x0D).contains($0) }.map { String(decoding: $0, as: UTF8.self) }
                .joined(separator: " ")
        }
        return folded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The words a name is matched by: folded (case and accents), split at anything that is
    /// not a letter or digit ("d'huile" is "d", "huile").
    static func words(_ text: String) -> [String] {
        let folded = TextMatching.fold(text)
        // ASCII by bytes: Unicode's letter tables were a sixth of making the vocabulary.
        if folded.utf8.allSatisfy({ $0 < 0x80 }) {
            return folded.utf8.split { !(($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39)) }
                .map { String(decoding: $0, as: UTF8.self) }.filter { !isLeftOut($0) }
        }
        return folded.split { !($0.isLetter || $0.isNumber) }.map(String.init).filter { !isLeftOut($0) }
    }

    /// Whether a word is left out of matching on both sides: an article or preposition names
    /// do without ("jus de citron" and "le jus d'un demi-citron" are both "jus citron").
    static func isLeftOut(_ word: String) -> Bool {
        leftOutWords.contains(word)
    }

    static let leftOutWords: Set<String> = [
        "a", "an", "the", "of", "de", "d", "du", "des", "la", "le", "les", "l", "el", "los", "las", "lo", "di", "del", "della", "dello",
        "dei", "degli", "delle", "dal", "um", "uma", "un", "une", "una", "uno", "half", "demi", "medio", "media", "mezzo", "mezza",
        "meio", "meia", "halbe", "halben", "ein", "eine", "einer", "einem", "eines", "einen", "der", "die", "das", "dem", "den", "van",
        "het", "een", "av", "von", "vom", "do", "dos",
    ]
}
