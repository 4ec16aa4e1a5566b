import FoundationEssentials

/// One step of a recipe's instructions as a cook follows them, with the timers it names.
public struct CookingStep: Sendable, Equatable {
    /// The step's number, from 1.
    public let number: Int
    /// What to do, without its numbering ("Bake for 25 minutes.").
    public let text: String
    /// The timers the text names, in order.
    public let timers: [StepTimer]
}

/// A span of time a step names: "25 minutes", "1-2 hours", "4 Minuten", `~{25%minutes}` as
/// imported.
public struct StepTimer: Sendable, Equatable {
    /// As the step writes it: "1-2 hours".
    public let text: String
    /// How long, in seconds; a range's lower bound, so a timer never rings late.
    public let seconds: Int
    /// A range's upper bound, in seconds.
    public let upToSeconds: Int?

    /// Whether the step gives a range ("simmer 1-2 hours"), of which ``seconds`` is the lower bound.
    public var isRange: Bool { upToSeconds != nil }
}

/// Reads instructions into steps, and steps into timers, as cook mode shows them.
///
/// Steps are the paragraphs (as Cooklang steps are imported), numbered lines ("1.", "2)",
/// "Step 3:", "3、"), or the lines of a paragraph whose lines are each a sentence; a heading
/// line ("For the sauce:") leads the step after it, and a paragraph longer than
/// ``longestStep`` characters is cut at sentence ends. Timers are a number or range and a
/// unit of time in any language the importers read.
///
/// ```swift
/// let steps = CookingSteps.steps(of: "Preheat the oven.\n\nBake for 25-30 minutes.")
/// steps[1].timers[0].seconds   // 1500, the range's lower bound
/// ```
public enum CookingSteps {
    /// Past this many characters a step is cut at sentence ends, so one fits a screen.
    public static let longestStep = 400

    /// The steps of `instructions`, numbered from 1.
    public static func steps(of instructions: String) -> [CookingStep] {
        var texts: [String] = []
        var heading: String?
        for paragraph in paragraphs(instructions) {
            for piece in stepsOfParagraph(paragraph) {
                if isHeading(piece) {
                    heading = heading.map { $0 + " " + piece } ?? piece
                    continue
                }
                let text = heading.map { $0 + " " + piece } ?? piece
                heading = nil
                texts += cut(text)
            }
        }
        if let heading { texts.append(heading) }
        return texts.enumerated().map { CookingStep(number: $0.offset + 1, text: $0.element, timers: timers(in: $0.element)) }
    }

    /// Paragraphs: text between blank lines, lines trimmed.
    private static func paragraphs(_ text: String) -> [[String]] {
        var result: [[String]] = []
        var current: [String] = []
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = rawLine.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
            if line.isEmpty {
                if !current.isEmpty { result.append(current) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    private static func stepsOfParagraph(_ lines: [String]) -> [String] {
        if lines.count > 1 {
            // Numbered lines each begin a step; lines between continue it.
            if lines.filter({ numbering(of: $0) != nil }).count >= 2 {
                var steps: [String] = []
                for line in lines {
                    if let rest = numbering(of: line) { steps.append(rest) } else if let last = steps.popLast() { steps.append(last + " " + line) } else { steps.append(line) }
                }
                return steps
            }
            // Lines that each end a sentence are steps of their own; a wrapped paragraph is one.
            let ended = lines.filter { endsSentence($0) || isHeading($0) }.count
            if ended * 2 >= lines.count { return lines.map { numbering(of: $0) ?? $0 } }
            return inlineNumbered(lines.joined(separator: " "))
        }
        return inlineNumbered(lines[0])
    }

    private static func inlineNumbered(_ text: String) -> [String] {
        runOnSteps(text) ?? [numbering(of: text) ?? text]
    }

    /// "1. Mix. 2. Bake." or "1.鸡蛋打散。2.锅中放油。" in one line, as some sites write it: the
    /// steps, cut before each next number (2 after 1, 3 after 2: "1.5 kg" cuts nothing); nil
    /// when the line does not begin with 1 or holds no second step.
    static func runOnSteps(_ text: String) -> [String]? {
        guard let first = numbering(of: text), text.drop(while: { !$0.isNumber }).hasPrefix("1") else { return nil }
        var steps: [String] = []
        var rest = Substring(first)
        var next = 2
        while let range = nextNumber(next, in: rest) {
            steps.append(String(rest[..<range.lowerBound]).trimmingCharacters(of: " "))
            rest = rest[range.upperBound...]
            next += 1
        }
        guard next > 2 else { return nil }
        steps.append(String(rest).trimmingCharacters(of: " "))
        return steps.filter { !$0.isEmpty }
    }

    /// Where step `number`'s numbering begins in `text`: " 2. ", " 2) ", "2、", or "2." right
    /// after a sentence's end ("。2.", ".2.") as text without spaces writes it.
    private static func nextNumber(_ number: Int, in text: Substring) -> Range<Substring.Index>? {
        let candidates = [" \(number). ", " \(number)) ", "\(number)、", "\(number)．"].compactMap { text.firstRange(of: $0) }
        var closeUp: Range<Substring.Index>?
        var searchStart = text.startIndex
        while closeUp == nil, let range = text[searchStart...].firstRange(of: "\(number).") {
            let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : nil
            let after = range.upperBound < text.endIndex ? text[range.upperBound] : nil
            if let before, "。！？.!?".contains(before), after.map({ !$0.isNumber }) ?? false { closeUp = range }
            searchStart = range.upperBound
        }
        return (candidates + [closeUp].compactMap { $0 }).min { $0.lowerBound < $1.lowerBound }
    }

    /// "Step" in the languages the importers read, as a numbered line begins ("Schritt 3").
    static let stepWords = ["step", "schritt", "étape", "etape", "paso", "passo", "passaggio", "stap", "steg"]

    /// The line without its numbering ("1.", "2)", "Step 3:", "Schritt 3", "3、"), or nil when
    /// it has none: "2 eggs" and "1.5 kg" are not numbered.
    static func numbering(of line: String) -> String? {
        var text = Substring(line)
        var named = false
        let lower = line.lowercased()
        for word in stepWords where lower.hasPrefix(word + " ") {
            text = text.dropFirst(word.count + 1)
            named = true
            break
        }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 2 else { return nil }
        var rest = text.dropFirst(digits.count)
        if let mark = rest.first, ".):、．".contains(mark) {
            rest = rest.dropFirst()
            // Text without spaces ("1.鸡蛋打散") puts the step right after the mark.
            guard rest.isEmpty || rest.first == " " || mark == "、" || mark == "．" || rest.first.map({ !$0.isASCII && $0.isLetter }) == true
            else { return nil }
        } else if !(named && rest.first == " ") {
            return nil
        }
        let stripped = rest.trimmingCharacters(of: " ")
        return stripped.isEmpty ? nil : stripped
    }

    private static func endsSentence(_ line: String) -> Bool {
        guard let last = line.last else { return false }
        return ".!?。！？".contains(last)
    }

    /// A short line ending in ":" that names what follows: "For the sauce:".
    static func isHeading(_ text: String) -> Bool {
        text.hasSuffix(":") && text.count <= 40
    }

    /// `text` cut at sentence ends into pieces of at most about ``longestStep`` characters.
    private static func cut(_ text: String) -> [String] {
        guard text.count > longestStep else { return [text] }
        var pieces: [String] = []
        var current = ""
        for sentence in sentences(text) {
            if !current.isEmpty, current.count + sentence.count + 1 > longestStep * 3 / 4 {
                pieces.append(current)
                current = sentence
            } else {
                current = current.isEmpty ? sentence : current + " " + sentence
            }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// Sentences: ends at ".", "!" or "?" before a space and a capital or digit, not after a
    /// single letter or a number ("approx. 5", "1. Mix").
    private static func sentences(_ text: String) -> [String] {
        let characters = Array(text)
        var result: [String] = []
        var start = 0
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if ".!?。！？".contains(character), index + 2 < characters.count, characters[index + 1] == " ",
               characters[index + 2].isUppercase || characters[index + 2].isNumber,
               !(character == "." && index >= 1 && (characters[index - 1].isNumber || (index < 2 || characters[index - 2] == " ") && characters[index - 1].isLetter)) {
                result.append(String(characters[start...index]).trimmingCharacters(of: " "))
                start = index + 2
                index += 2
                continue
            }
            index += 1
        }
        if start < characters.count { result.append(String(characters[start...]).trimmingCharacters(of: " ")) }
        return result.filter { !$0.isEmpty }
    }
}
