import FoundationEssentials

/// Planned recipes as an RFC 5545 calendar a calendar application can import or subscribe to.
///
/// ```swift
/// let text = ICalendar.calendar(for: try store.plannedRecipes(from: Date(), to: nil))
/// ```
///
/// Each planned recipe is one event: a UID made from the recipe's id (so a subscribed
/// calendar updates the same event when the plan moves), DTSTART in UTC, a duration of an
/// hour (or the bake time plus half an hour, when that is longer), the name as SUMMARY and
/// the summary, ingredients and instructions as DESCRIPTION. Lines end in CRLF and are
/// folded at 75 octets without splitting a UTF-8 sequence.
public enum ICalendar {
    /// An iCalendar (`.ics`) text with one event per planned recipe, in a calendar called `name`.
    public static func calendar(for recipes: [Recipe], name: String = "Recipes") -> String {
        var lines = header(name: name)
        for recipe in recipes {
            guard let planned = recipe.plannedDate else { continue }
            lines += [
                "BEGIN:VEVENT",
                "UID:\(recipe.id.uuidString)@recipes",
                // The last change to the recipe, so the same plan always gives the same text.
                "DTSTAMP:" + utc(recipe.updatedAt),
                "LAST-MODIFIED:" + utc(recipe.updatedAt),
                "DTSTART:" + utc(planned),
                "DURATION:PT\(duration(of: recipe))M",
                "SUMMARY:" + escape(recipe.name),
                "DESCRIPTION:" + escape(description(of: recipe)),
                "CATEGORIES:" + escape(recipe.variety.rawValue),
                "END:VEVENT",
            ]
        }
        return finish(lines)
    }

    /// The calendar's opening lines, before its events.
    static func header(name: String) -> [String] {
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//recipes//recipes 0.1.0//EN", "CALSCALE:GREGORIAN",
         "METHOD:PUBLISH", "X-WR-CALNAME:" + escape(name)]
    }

    /// The closing line added, every line folded and ended in CRLF.
    static func finish(_ lines: [String]) -> String {
        (lines + ["END:VCALENDAR"]).map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// Minutes the event lasts.
    static func duration(of recipe: Recipe) -> Int {
        max(60, ((recipe as? BakedGood)?.bakeMinutes ?? 0) + 30)
    }

    static func description(of recipe: Recipe) -> String {
        var parts: [String] = []
        if !recipe.summary.isEmpty { parts.append(recipe.summary) }
        if !recipe.ingredients.isEmpty {
            parts.append("Ingredients:\n" + recipe.ingredients.map { "- " + ($0.amount.isEmpty ? "" : $0.amount + " ") + $0.name }
                .joined(separator: "\n"))
        }
        if !recipe.instructions.isEmpty { parts.append(recipe.instructions) }
        return parts.joined(separator: "\n\n")
    }

    /// TEXT escaping (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks. A tab is
    /// a space; escape sequences (with their parameters), other controls, which the format
    /// does not allow, and bidi overrides, which would reorder what a calendar shows, go.
    static func escape(_ text: String) -> String {
        var result = ""
        var previousWasCarriageReturn = false
        for scalar in ControlText.withoutEscapeSequences(text).unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\r": result += "\\n"
            case "\n": if !previousWasCarriageReturn { result += "\\n" }
            case "\t": result += " "
            default:
                if ControlText.isInvisibleControl(scalar) { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Folds a content line into lines of at most 75 octets, continuation lines starting
    /// with a space, breaking only between UTF-8 sequences.
    static func fold(_ line: String) -> String {
        var result = ""
        var current = 0
        for scalar in line.unicodeScalars {
            let width = String(scalar).utf8.count
            // The first line holds 75 octets; each continuation holds 74 after its space.
            if current + width > 75 {
                result += "\r\n "
                current = 1
            }
            result.unicodeScalars.append(scalar)
            current += width
        }
        return result
    }

    /// `20261224T170000Z`
    static func utc(_ date: Date) -> String {
        let parts = LocalTime.utc.components(of: date)
        return "\(ISO8601.pad(parts.year, 4))\(ISO8601.pad(parts.month))\(ISO8601.pad(parts.day))T"
            + "\(ISO8601.pad(parts.hour))\(ISO8601.pad(parts.minute))\(ISO8601.pad(parts.second))Z"
    }
}
