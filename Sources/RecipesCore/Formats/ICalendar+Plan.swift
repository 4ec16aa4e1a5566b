import FoundationEssentials

extension ICalendar {
    /// An iCalendar (`.ics`) text with one event per plan entry, in a calendar called `name`.
    ///
    /// ```swift
    /// let text = ICalendar.calendar(for: try store.planWithRecipes(from: Date(), to: nil))
    /// ```
    ///
    /// The UID is the entry's id, so a subscribed calendar updates the same event when the
    /// entry moves, and two entries of one recipe stay two events. SUMMARY is the recipe's
    /// name with the meal ("Pizza (dinner)"); DESCRIPTION adds the servings and the note to
    /// what ``calendar(for:name:)`` writes. A single date starts at its UTC instant. A repeat
    /// is one event with its RRULE and an EXDATE per skipped occurrence, all in floating
    /// local time (read in `local`): RFC 5545 expands a rule in its start's zone, and from a
    /// UTC start "every Friday 18:00" would move an hour across daylight saving, or to another
    /// day far from UTC, while a floating 18:00 is dinner time wherever the calendar is.
    public static func calendar(for plan: [(entry: PlanEntry, recipe: Recipe)], name: String = "Recipes",
                                local: LocalTime = .system) -> String {
        var lines = header(name: name)
        for (entry, recipe) in plan {
            lines += [
                "BEGIN:VEVENT",
                "UID:\(entry.id.uuidString)@recipes",
                "DTSTAMP:" + utc(recipe.updatedAt),
                "LAST-MODIFIED:" + utc(recipe.updatedAt),
            ]
            if let rule = entry.repeatRule {
                lines.append("DTSTART:" + floating(entry.date, local))
                lines.append("RRULE:" + floatingRule(rule, local))
                if !entry.skipped.isEmpty {
                    lines.append("EXDATE:" + entry.skipped.map { floating($0, local) }.joined(separator: ","))
                }
            } else {
                lines.append("DTSTART:" + utc(entry.date))
            }
            lines += [
                "DURATION:PT\(duration(of: recipe))M",
                "SUMMARY:" + escape(recipe.name + (entry.meal.map { " (\($0))" } ?? "")),
                "DESCRIPTION:" + escape(description(of: entry, recipe)),
                "CATEGORIES:" + escape(recipe.variety.rawValue),
                "END:VEVENT",
            ]
        }
        return finish(lines)
    }

    /// The servings and note of the entry, then what the recipe says.
    static func description(of entry: PlanEntry, _ recipe: Recipe) -> String {
        var parts: [String] = []
        if let servings = entry.servings { parts.append("For \(servings).") }
        if !entry.note.isEmpty { parts.append(entry.note) }
        let recipeText = description(of: recipe)
        if !recipeText.isEmpty { parts.append(recipeText) }
        return parts.joined(separator: "\n\n")
    }

    /// `20261204T180000`: a local date-time without a zone (RFC 5545 3.3.5, form 1).
    static func floating(_ date: Date, _ local: LocalTime) -> String {
        let parts = local.components(of: date)
        return "\(ISO8601.pad(parts.year, 4))\(ISO8601.pad(parts.month))\(ISO8601.pad(parts.day))T"
            + "\(ISO8601.pad(parts.hour))\(ISO8601.pad(parts.minute))\(ISO8601.pad(parts.second))"
    }

    /// The rule's RRULE value with UNTIL in floating local time, as a floating DTSTART
    /// requires (RFC 5545 3.3.10).
    static func floatingRule(_ rule: RepeatRule, _ local: LocalTime) -> String {
        rule.rrule.split(separator: ";").map { part in
            guard part.hasPrefix("UNTIL="), let until = rule.until else { return String(part) }
            return "UNTIL=" + floating(until, local)
        }.joined(separator: ";")
    }
}
