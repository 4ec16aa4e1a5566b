import FoundationEssentials

/// ISO 8601 dates and times in UTC, read and written without Foundation's format styles,
/// which set up ICU calendars: this runs on every start of `recipes next`.
///
/// ```swift
/// ISO8601.string(from: date)                  // "2026-12-24T17:00:00Z"
/// ISO8601.date(from: "2026-12-24T18:00:00+01:00")
/// ```
public enum ISO8601 {
    /// `YYYY-MM-DDTHH:MM:SSZ`, with milliseconds only when the date has a fraction. Years
    /// outside 0000–9999 take ISO 8601's expanded form, a sign and six digits (`-000001`).
    public static func string(from date: Date) -> String {
        // The range LocalTime can take apart (see there).
        let seconds = date.timeIntervalSince1970.isNaN ? 0 : min(max(date.timeIntervalSince1970, -1e15), 1e15)
        let whole = seconds.rounded(.down)
        let parts = LocalTime.utc.components(of: Date(timeIntervalSince1970: seconds))
        let year = (0...9999).contains(parts.year) ? pad(parts.year, 4) : (parts.year < 0 ? "-" : "+") + pad(abs(parts.year), 6)
        var text = "\(year)-\(pad(parts.month))-\(pad(parts.day))T\(pad(parts.hour)):\(pad(parts.minute)):\(pad(parts.second))"
        let milliseconds = Int(((seconds - whole) * 1000).rounded())
        // A fraction that rounds to .000 is left out, so that the text reads back and writes
        // again the same (found by the sync convergence test).
        if milliseconds > 0 { text += "." + pad(min(milliseconds, 999), 3) }
        return text + "Z"
    }

    /// Reads `YYYY-MM-DDTHH:MM[:SS[.fraction]]` (or an expanded `±YYYYYY` year) followed by
    /// `Z` or an offset (`+01:00`, `-0500`); nil for anything else, including impossible dates.
    public static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + digits] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += digits
            return value
        }
        func skip(_ character: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == character else { return false }
            index += 1
            return true
        }
        var yearSign: Int?
        if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D {
            yearSign = bytes[index] == 0x2D ? -1 : 1
            index += 1
        }
        guard let unsignedYear = number(yearSign == nil ? 4 : 6), skip(0x2D), let month = number(2), skip(0x2D), let day = number(2),
              index < bytes.count, [0x54, 0x74, 0x20].contains(bytes[index]) else { return nil }
        index += 1
        let year = unsignedYear * (yearSign ?? 1)
        guard let hour = number(2), skip(0x3A), let minute = number(2) else { return nil }
        var second = 0
        var fraction = 0.0
        if skip(0x3A) {
            guard let value = number(2) else { return nil }
            second = value
            if skip(0x2E) || skip(0x2C) {
                var scale = 0.1
                let start = index
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                    fraction += Double(bytes[index] - 0x30) * scale
                    scale /= 10
                    index += 1
                }
                guard index > start else { return nil }
            }
        }
        var offset = 0
        if skip(0x5A) || skip(0x7A) {
            offset = 0
        } else if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D {
            let sign = bytes[index] == 0x2D ? -1 : 1
            index += 1
            guard let hours = number(2) else { return nil }
            _ = skip(0x3A)
            guard let minutes = number(2), hours <= 23, minutes <= 59 else { return nil }
            offset = sign * (hours * 3_600 + minutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count, (1...12).contains(month), (1...LocalTime.daysIn(month: month, year: year)).contains(day),
              hour <= 23, minute <= 59, second <= 60 else { return nil }
        let days = LocalTime.dayNumber(.init(year: year, month: month, day: day, hour: 0, minute: 0, second: 0, weekday: 0))
        let seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second - offset) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    static func pad(_ value: Int, _ width: Int = 2) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
