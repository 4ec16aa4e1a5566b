import FoundationEssentials

/// What an ingredient line asks for, as the vocabulary reads it: "2 large eggs, beaten" is
/// egg; "salt and freshly ground black pepper" is salt and black pepper; "vegetable or chicken
/// stock" is either vegetable stock or chicken stock; "parsley, to serve" is optional parsley.
///
/// ```swift
/// let reading = IngredientVocabulary.builtIn.reading(of: "Salz und Pfeffer")
/// reading.identities      // ["salt", "black pepper"]
/// reading.isAlternatives  // false: both are needed
/// ```
public struct IngredientReading: Sendable, Equatable {
    /// The ingredients named, in the line's order; empty when the vocabulary knows none.
    public let identities: [String]
    /// Whether any one of ``identities`` will do ("A or B"), rather than all of them.
    public let isAlternatives: Bool
    /// Whether the line says it can be left out ("optional", "to serve", "for garnish", in
    /// the languages the importers read).
    public let isOptional: Bool
    /// Each of ``identities`` as the line writes it ("eggs" in "2 large eggs, beaten",
    /// "huile d'olive"), for showing an ingredient in the cook's words.
    public let written: [String]
}

extension IngredientVocabulary {
    /// How the vocabulary reads an ingredient's name (or a whole line: a leading amount is
    /// words it does not know, and so is preparation such as "finely chopped").
    ///
    /// The name's words are matched against the vocabulary's names, longest first, with case,
    /// accents and a regular plural ignored, so "red onions" is red onion, not onion, and
    /// "eggplant" is never egg. The part before the first comma names the ingredient; a later
    /// part adds one only when it reads as another item of a list ("salt, pepper"), not as
    /// preparation ("tomatoes, in olive oil"). Several ingredients joined by "or" (in any of the
    /// languages) are alternatives, and "red or white wine vinegar" is both vinegars.
    public func reading(of name: String) -> IngredientReading {
        // A whole line ("1 c. à café de bicarbonate"): its amount's unit is no ingredient,
        // unless only with it the line names one ("2 gousses de vanille").
        if Self.startsWithQuantity(name) {
            let (named, amount) = IngredientLine.split(name)
            if !amount.isEmpty, named != name {
                let reading = reading(of: named)
                // A unit word that begins a name ("2 copos de chile": copo is a Portuguese
                // glass, and "copos de chile" chili flakes) reads as that name when the whole
                // line names as many ingredients.
                if let unitWord = Self.words(amount).last, !phrases(startingWith: unitWord).isEmpty {
                    let whole = wholeLineReading(of: name)
                    if whole.identities.count == reading.identities.count, !whole.identities.isEmpty { return whole }
                }
                if !reading.identities.isEmpty { return reading }
            }
            return wholeLineReading(of: name)
        }
        return wholeLineReading(of: name)
    }

    /// Whether a line starts with a digit or a fraction. An ASCII start by its byte: asking
    /// its Character's properties, and comparing it with the fractions' Characters, was a
    /// tenth of reading a line that starts with a name.
    private static func startsWithQuantity(_ name: String) -> Bool {
        if let byte = name.utf8.first, byte < 0x80 { return byte >= 0x30 && byte <= 0x39 }
        guard let first = name.first else { return false }
        return first.isNumber || "½⅓⅔¼¾⅛".contains(first)
    }

    /// A line's reading with no amount split off.
    private func wholeLineReading(of name: String) -> IngredientReading {
        let (segments, allWords) = segments(of: name)
        var identities: [String] = []
        var written: [String] = []
        var sawOr = false, sawAnd = false
        for (index, segment) in segments.enumerated() {
            let tokens = segment.words
            var matches = self.matches(in: tokens)
            // A word that names an ingredient alone and is also a past participle ("gehakt",
            // "macinato": minced meat) prepares what the line named before it: "1 ui, gehakt"
            // is a chopped onion, "pepe nero macinato" ground black pepper.
            func isParticiple(_ match: Match) -> Bool { match.words == 1 && tokens[match.start].kinds.contains(.participle) }
            if matches.contains(where: isParticiple), let firstStart = matches.lazy.map(\.start).min() {
                matches.removeAll { isParticiple($0) && (!identities.isEmpty || $0.start > firstStart) }
            }
            guard let first = matches.first else { continue }
            // What follows "for", "with", "in", "pour", "zum"... is a use or a preparation
            // ("butter or margarine for the tin", "tomatoes in olive oil"), not an ingredient.
            if let cut = tokens[first.end...].firstIndex(where: { $0.kinds.contains(.preparation) }) {
                matches.removeAll { $0.start >= cut }
            }
            if index > 0, !identities.isEmpty {
                // A later part is another ingredient only when nothing but describing words
                // come before it: "salt, freshly ground pepper", not "tomatoes, in olive oil".
                let lead = tokens[..<first.start]
                guard !lead.contains(where: { $0.kinds.contains(.preparation) }),
                      lead.filter({ !$0.kinds.isConjunction }).count <= 2 else { continue }
                // A comma alone lists: "butter, margarine or oil" is either of three, as the
                // last word says; "salt, pepper" (no "or" anywhere) is both.
                if lead.contains(where: { $0.kinds.contains(.or) }) {
                    sawOr = true
                } else if lead.contains(where: { $0.kinds.contains(.and) }) {
                    sawAnd = true
                }
            }
            var kept = [first]
            var unread = false
            for match in matches.dropFirst() {
                let between = tokens[kept.last!.end..<match.start]
                if between.contains(where: { $0.kinds.contains(.or) }) {
                    sawOr = true
                } else if between.contains(where: { $0.kinds.contains(.and) }) {
                    sawAnd = true
                } else if between.isEmpty {
                    // Two names side by side are a compound the vocabulary does not know
                    // ("hazelnut butter" is no butter): not guessed. But a count word names
                    // what it counts ("cloves garlic"), and a kind beside its general name is
                    // that kind ("parmesan cheese").
                    let previous = kept.last!.identity
                    if Self.countingIdentities.contains(previous) || isKind(match.identity, of: previous) {
                        kept[kept.count - 1] = match
                    } else if !isKind(previous, of: match.identity) {
                        unread = true
                    }
                    continue
                } else {
                    // Apart, one ingredient described by another ("chicken breast with skin"):
                    // the longer name, else the first.
                    if match.words > kept.last!.words { kept[kept.count - 1] = match }
                    continue
                }
                kept.append(match)
            }
            if unread { continue }
            for match in kept where !identities.contains(match.identity) {
                identities.append(match.identity)
                let span = name[segment.spans[match.start].lowerBound..<segment.spans[match.end - 1].upperBound]
                // "vegetable or chicken stock": the word before "or" with the name's others.
                let tail = match.tail.map { " " + name[segment.spans[$0.lowerBound].lowerBound..<segment.spans[$0.upperBound - 1].upperBound] }
                written.append(String(span) + (tail ?? ""))
            }
        }
        return IngredientReading(identities: identities, isAlternatives: sawOr && !sawAnd && identities.count > 1,
                                 isOptional: Self.saysOptional(allWords), written: written)
    }

    /// A name found in a line's words: where it starts and ends, and how many words it has.
    private struct Match {
        let start: Int
        let end: Int
        let identity: String
        /// For a name completed by the next one's words ("vegetable" in "vegetable or chicken
        /// stock"), where those words are.
        var tail: Range<Int>?
        var words: Int { end - start }
    }

    /// The ingredients a running text names anywhere ("Whisk the eggs with the sugar, then
    /// fold in the flour" names egg, sugar and flour), as cook mode marks the lines a step
    /// uses. Unlike ``reading(of:)`` nothing is cut as preparation or use: in a step, what
    /// follows "with" or "in" is as much an ingredient as what comes before.
    public func mentions(in text: String) -> Set<String> {
        var identities: Set<String> = []
        for segment in segments(of: text).segments {
            for match in matches(in: segment.words) { identities.insert(match.identity) }
        }
        return identities
    }

    /// The vocabulary's names in `tokens`, left to right, each the longest starting there; a
    /// word left out before "or"/"and" completes a name after it ("vegetable or chicken stock").
    private func matches(in tokens: [LineWord]) -> [Match] {
        // The longest name at each word, then the longest of those first (ending later on a
        // tie, where English puts the noun), so "egg whites" is not cut into "large egg" and
        // "whites".
        // Most lines name nothing the vocabulary knows: nothing to sort or build.
        guard tokens.contains(where: { !$0.candidates.isEmpty }) else { return [] }
        let candidates = tokens.indices.compactMap { longestMatch(in: tokens, at: $0) }
            .sorted { ($0.words, $0.end) > ($1.words, $1.end) }
        var matches: [Match] = []
        for candidate in candidates where !matches.contains(where: { $0.start < candidate.end && candidate.start < $0.end }) {
            matches.append(candidate)
        }
        matches.sort { $0.start < $1.start }
        // "red or white wine vinegar", "vegetable or chicken stock": the word before the
        // conjunction takes the following name's other words.
        var elided: [Match] = []
        for match in matches where match.words > 1 && match.start >= 2 && tokens[match.start - 1].kinds.isConjunction {
            let before = tokens[match.start - 2].text
            guard !matches.contains(where: { $0.start <= match.start - 2 && $0.end > match.start - 2 }) else { continue }
            let tail = tokens[(match.start + 1)..<match.end].map(\.text)
            if let identity = identity(ofPhrase: [before] + tail) ?? identity(ofPhrase: [Self.singularCandidates(before).last ?? before] + tail) {
                elided.append(Match(start: match.start - 2, end: match.start - 1, identity: identity, tail: (match.start + 1)..<match.end))
            }
        }
        return (matches + elided).sorted { $0.start < $1.start }
    }

    /// The longest name starting at `index`; among equally long ones, one whose words are
    /// exactly the line's ("Eis" is ice, not a plural of "Ei").
    private func longestMatch(in tokens: [LineWord], at index: Int) -> Match? {
        var best: (length: Int, exact: Bool, identity: String)?
        // The word itself, then without each regular plural ending (looked up as the line's
        // words were read).
        for candidate in tokens[index].candidates {
            for phrase in candidate.phrases where index + phrase.words.count <= tokens.count {
                var exact = candidate.exact
                var matched = true
                for offset in 1..<max(1, phrase.words.count) {
                    let word = tokens[index + offset].text, wanted = phrase.words[offset]
                    if word == wanted { continue }
                    guard Self.isPlural(word, of: wanted) else { matched = false; break }
                    exact = false
                }
                guard matched else { continue }
                let length = phrase.words.count
                if best == nil || length > best!.length || (length == best!.length && exact && !best!.exact) {
                    best = (length, exact, phrase.identity)
                }
            }
        }
        return best.map { Match(start: index, end: index + $0.length, identity: $0.identity) }
    }

    /// A word without each plural ending it may have: "tomatoes" → "tomatoe", "tomato";
    /// "berries" → "berry"; "Eier" → "Eie", "Ei".
    static func singularCandidates(_ word: String) -> [String] {
        var candidates: [String] = []
        if word.hasSuffix("ies"), word.count > 4 { candidates.append(String(word.dropLast(3)) + "y") }
        for ending in pluralEndings where word.hasSuffix(ending) && word.count - ending.count >= 2 {
            candidates.append(String(word.dropLast(ending.count)))
        }
        return candidates
    }

    /// Whether `word` is `singular` with a regular plural ending.
    static func isPlural(_ word: String, of singular: String) -> Bool {
        guard word.count > singular.count, word.hasPrefix(singular) else {
            return singular.hasSuffix("y") && word == singular.dropLast() + "ies"
        }
        return pluralEndings.contains(String(word.dropFirst(singular.count)))
    }

    /// Endings that make a plural in the languages read: English and Romance s/es, German
    /// n/en/e/er, Dutch en.
    static let pluralEndings = ["s", "es", "n", "en", "e", "er"]

    /// A line's parts (split at commas and semicolons, brackets left out: they hold sizes and
    /// remarks such as "(400 g)"), each as its words for matching and where each word is in
    /// the line. "&", "+" and "/" are words of their own ("and", "and", "or"); numbers and the
    /// articles and prepositions names do without are left out ("juice of 1 lemon" is "juice
    /// lemon", as the name "juice of lemon" is). With them every word, in brackets too and with
    /// articles, for the phrases that mark a line optional (empty when no word starts one).
    private func segments(of line: String) -> (segments: [Segment], allWords: [String]) {
        if let wordTable, let plain = plainSegments(of: line, table: wordTable) { return plain }
        return characterSegments(of: line)
    }

    typealias Segment = (words: [LineWord], spans: [Range<String.Index>])

    /// What ``segments(of:)`` keeps of a line's words, from either way of reading them.
    struct SegmentBuilder {
        private(set) var segments: [Segment] = []
        private var words: [LineWord] = [], spans: [Range<String.Index>] = []

        /// A word outside brackets.
        mutating func add(_ word: LineWord, at span: Range<String.Index>) {
            // "room temperature" describes; "room" alone is Dutch for cream.
            if word.text.hasPrefix("temp"), words.last?.text == "room" { words.removeLast(); spans.removeLast() }
            // A count goes ("juice of 1 lemon"); a type or grade stays ("Type 550", "00").
            let isCount = word.isNumeral && !word.text.hasPrefix("0") && !(words.last?.kinds.contains(.grade) ?? false)
            guard !word.kinds.contains(.leftOut), !isCount else { return }
            words.append(word)
            spans.append(span)
        }

        /// "and" for "&" and "+", "or" for "/".
        mutating func addConjunction(_ word: LineWord, at span: Range<String.Index>) {
            words.append(word)
            spans.append(span)
        }

        mutating func endSegment() {
            if !words.isEmpty { segments.append((words, spans)) }
            words = []
            spans = []
        }
    }

    /// ``segments(of:)`` by Characters, for any line: how every line was read before
    /// ``plainSegments(of:table:)``, which its tests compare with this.
    func characterSegments(of line: String) -> (segments: [Segment], allWords: [String]) {
        var builder = SegmentBuilder()
        // Every word, in brackets too and with articles, for the phrases that mark a line optional.
        var allWords: [String] = []
        var wordStart: String.Index?
        var depth = 0
        func endWord(at end: String.Index) {
            guard let start = wordStart else { return }
            wordStart = nil
            let word = TextMatching.fold(String(line[start..<end]))
            allWords.append(word)
            guard depth == 0 else { return }
            builder.add(lineWord(word), at: start..<end)
        }
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            let next = line.index(after: index)
            defer { index = next }
            if character == "(" || character == "[" { endWord(at: index); depth += 1; continue }
            if character == ")" || character == "]" { endWord(at: index); depth = max(0, depth - 1); continue }
            if Self.isWordCharacter(character) {
                if wordStart == nil { wordStart = index }
                continue
            }
            endWord(at: index)
            guard depth == 0 else { continue }
            switch character {
            case ",", ";": builder.endSegment()
            case "&", "+": builder.addConjunction(lineWord("and"), at: index..<next)
            case "/": builder.addConjunction(lineWord("or"), at: index..<next)
            default: break
            }
        }
        endWord(at: line.endIndex)
        builder.endSegment()
        return (builder.segments, allWords)
    }

    /// A folded word with its kinds and candidate phrases, by the word lists and the
    /// vocabulary's dictionary.
    private func lineWord(_ word: String) -> LineWord {
        LineWord(text: word, kinds: WordKinds.of(word), candidates: candidates(of: word), isNumeral: word.allSatisfy(\.isNumber))
    }

    /// The phrases that may start at `word`: its own, then those of each form without a
    /// regular plural ending.
    private func candidates(of word: String) -> [LineWord.Candidates] {
        var candidates: [LineWord.Candidates] = []
        func consider(_ key: String, exact: Bool) {
            let phrases = phrases(startingWith: key)
            if !phrases.isEmpty { candidates.append(.init(phrases: phrases, exact: exact)) }
        }
        consider(word, exact: true)
        let count = word.utf8.count
        if count > 4, word.hasSuffix("ies") { consider(String(word.dropLast(3)) + "y", exact: false) }
        for ending in Self.pluralEndings where count - ending.utf8.count >= 2 && word.hasSuffix(ending) {
            consider(String(word.dropLast(ending.count)), exact: false)
        }
        return candidates
    }

    /// A letter or digit; ASCII without asking Unicode's tables, which cost most of a line's
    /// reading.
    private static func isWordCharacter(_ character: Character) -> Bool {
        if let ascii = character.asciiValue {
            return (ascii >= 0x61 && ascii <= 0x7A) || (ascii >= 0x41 && ascii <= 0x5A) || (ascii >= 0x30 && ascii <= 0x39)
        }
        return character.isLetter || character.isNumber
    }

    /// Ingredients whose name also counts another ("3 cloves garlic").
    static let countingIdentities: Set<String> = ["clove"]

    /// Words after which a number is part of the name: "Weizenmehl Type 550", "farina tipo 1".
    static let gradeWords: Set<String> = ["type", "typ", "tipo", "t", "nr", "no", "grade"]

    /// "or" in the languages read ("of" is left out: English uses it for "juice of a lemon").
    static let orWords: Set<String> = ["or", "oder", "ou", "o", "eller", "oppure"]
    /// "and" in the languages read.
    static let andWords: Set<String> = ["and", "und", "et", "y", "e", "en", "och", "og", "plus"]

    /// Folded names of an ingredient that are also past participles in their language
    /// (Dutch "gehakt" and Italian "macinato" are minced meat, and chopped or ground): an
    /// ingredient only where no other comes before them in the line.
    static let participleNames: Set<String> = ["gehakt", "macinato", "macinata", "trita", "trito", "hache", "hachee", "picada", "picado", "molida", "molido"]

    /// Words that start preparation or a use, not another ingredient, after a comma.
    static let preparationWords: Set<String> = [
        "in", "into", "for", "to", "with", "from", "at", "on", "about", "cut", "until", "as",
        "zum", "zur", "fur", "mit", "aus", "pour", "avec", "dans", "coupe", "para", "con", "per", "da", "al",
        "com", "voor", "met", "till", "med", "til", "i",
    ]

    /// Whether a line's words say it can be left out, before any that offer extra: "chopped
    /// cilantro, plus more for garnish" needs cilantro.
    static func saysOptional(_ words: [String]) -> Bool {
        var index = 0
        while index < words.count {
            if startsPhrase(extraPhrases, in: words, at: index) { return false }
            if startsPhrase(optionalPhrases, in: words, at: index) { return true }
            index += 1
        }
        return false
    }

    /// Whether one of `phrases` (by first word) starts at `index` of `words`.
    private static func startsPhrase(_ phrases: [String: [[String]]], in words: [String], at index: Int) -> Bool {
        guard let candidates = phrases[words[index]] else { return false }
        return candidates.contains { phrase in
            index + phrase.count <= words.count && zip(phrase, words[index...]).allSatisfy { $0 == $1 }
        }
    }

    /// Phrases, folded, by their first word.
    private static func byFirstWord(_ phrases: [String]) -> [String: [[String]]] {
        Dictionary(grouping: phrases.map { $0.split(separator: " ").map(String.init) }, by: { $0[0] })
    }

    /// Where what a line needs ends and what it offers extra begins: "plus more for garnish".
    static let extraPhrases = byFirstWord(["plus more", "plus extra", "and more", "and extra", "plus additional", "more for", "extra for"])

    /// Phrases that make a line optional, folded.
    static let optionalPhrases = byFirstWord([
        "optional", "optionally", "for garnish", "to garnish", "for garnishing", "garnish", "for serving", "to serve", "for decoration",
        "to decorate", "if desired", "if you like", "if liked",
        "nach belieben", "zum garnieren", "zum servieren", "zum verzieren", "zum dekorieren",
        "facultatif", "facultative", "optionnel", "optionnelle", "pour servir", "pour la decoration", "pour decorer", "pour garnir",
        "opcional", "para servir", "para decorar", "para adornar", "para acompanhar", "para acompanar",
        "facoltativo", "facoltativa", "facoltativi", "opzionale", "per servire", "per decorare", "per guarnire", "per la guarnizione",
        "optioneel", "naar keuze", "ter garnering", "om te serveren", "voor erbij",
        "valfritt", "valfri", "till servering", "till garnering", "att servera",
        "valgfritt", "valgfri", "til servering", "til pynt", "til garnering",
    ])
}
