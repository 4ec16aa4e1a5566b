/// Finds where the members of a JSON object begin and end, skipping over values without
/// reading them: how an archive is known by its keys before a decoder reads it all. It checks
/// only the structure it walks (quotes, brackets, commas, colons).
struct JSONSkimmer {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Calls `body` with the byte ranges of each member's key (between its quotes) and value,
    /// in order, while it returns true; false when the text is not an object as far as it
    /// was walked.
    mutating func members(_ body: (_ key: Range<Int>, _ value: Range<Int>) -> Bool) -> Bool {
        index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipSpace()
        guard next(is: 0x7B) else { return false }
        skipSpace()
        if next(is: 0x7D) { return true }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == 0x22, let key = skipString() else { return false }
            skipSpace()
            guard next(is: 0x3A) else { return false }
            skipSpace()
            let start = index
            guard skipValue() else { return false }
            guard body(key, start..<index) else { return true }
            skipSpace()
            if next(is: 0x7D) { return true }
            guard next(is: 0x2C) else { return false }
        }
    }

    private mutating func next(is byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    /// Past a string whose opening quote is at `index`; the range between its quotes.
    private mutating func skipString() -> Range<Int>? {
        index += 1
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case 0x5C: index += 2
            case 0x22:
                index += 1
                return start..<index - 1
            default: index += 1
            }
        }
        return nil
    }

    /// Past one value: a string, an object or array (nested ones and strings inside skipped
    /// by counting brackets), or a number or word.
    private mutating func skipValue() -> Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case 0x22:
            return skipString() != nil
        case 0x7B, 0x5B:
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case 0x22:
                    guard skipString() != nil else { return false }
                    continue
                case 0x7B, 0x5B: depth += 1
                case 0x7D, 0x5D: depth -= 1
                default: break
                }
                index += 1
                if depth == 0 { return true }
            }
            return false
        default:
            let start = index
            while index < bytes.count, !",}] \n\r\t".utf8.contains(bytes[index]) { index += 1 }
            return index > start
        }
    }
}
