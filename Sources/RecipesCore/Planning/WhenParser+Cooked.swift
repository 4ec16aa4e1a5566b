import FoundationEssentials

extension WhenParser {
    /// How far past now a cooked time may lie: a clock a little fast, or "19:00" typed at 18:58.
    public static let cookedLeeway: TimeInterval = 5 * 60

    /// The WHEN of `recipes cooked`, a moment already past. It reads what ``parse(_:)`` reads
    /// but looks back where that looks ahead, since a meal is recorded after it was eaten:
    /// `yesterday` is a day; a weekday is the last one (today included); a time alone is
    /// today's; a meal word (`dinner`) is its time. Throws ``PlanningInputError`` for what
    /// ``parse(_:)`` refuses, and for a moment later than now plus ``cookedLeeway``.
    ///
    /// ```swift
    /// try WhenParser(now: now).parseCooked("yesterday dinner")   // yesterday 18:00
    /// ```
    public func parseCooked(_ text: String) throws -> Date {
        var words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        // What people type right after a meal.
        if words == ["now"] || words == ["today"] { return now }
        // "tonight" is today's dinner, as in `recipes plan`; said before dinner time, cooking
        // ended early: now.
        if let index = words.firstIndex(of: "tonight"), let dinner = meals.time(of: "dinner") {
            words[index] = "\(ISO8601.pad(dinner.hour)):\(ISO8601.pad(dinner.minute))"
            if words.count == 1 { return min(try parse(isoDay(offset: 0) + " " + words[0]), now) }
        }
        var namesDay = false
        let today = local.components(of: now).weekday
        for index in words.indices {
            let word = words[index]
            if word == "yesterday" {
                words[index] = isoDay(offset: -1)
                namesDay = true
            } else if let weekday = Self.weekdayIndex(word) {
                words[index] = isoDay(offset: -((today - weekday + 7) % 7))
                namesDay = true
            } else if let meal = meals.time(of: word) {
                words[index] = "\(ISO8601.pad(meal.hour)):\(ISO8601.pad(meal.minute))"
            } else if ((try? dayOfWord(word)) ?? nil) != nil || (word.contains("-") && splitISODateTime(word) != nil) {
                namesDay = true
            }
        }
        // Without a day, parse would move a passed time to tomorrow; cooking was today.
        if !namesDay, !words.isEmpty { words.insert(isoDay(offset: 0), at: 0) }
        let date = try parse(words.joined(separator: " "))
        guard date <= now.addingTimeInterval(Self.cookedLeeway) else {
            throw PlanningInputError(part: text, reason: "is still to come; record a meal once it is cooked (plan it with 'recipes plan')")
        }
        return date
    }

    /// `2026-11-29` for yesterday (offset -1), in local time.
    private func isoDay(offset: Int) -> String {
        let day = dayComponents(offset: offset)
        return "\(ISO8601.pad(day.year, 4))-\(ISO8601.pad(day.month))-\(ISO8601.pad(day.day))"
    }
}
