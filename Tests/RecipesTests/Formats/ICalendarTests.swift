import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

@Suite struct ICalendarTests {
    static let planned = Date(timeIntervalSince1970: 1_798_131_600) // 2026-12-24T17:00:00Z

    static func recipes() -> [Recipe] {
        [
            BakedGood(id: UUID(uuidString: "00000000-0000-4000-8000-000000000001")!, name: "Crème brûlée; \"best\", really\\",
                      summary: "Line one\nline two\r\nline three", instructions: String(repeating: "Stir gently — é 🍰 ", count: 20),
                      plannedDate: planned, ingredients: [Ingredient(name: "Cream", amount: "500 ml")], bakeMinutes: 45),
            Recipe(name: "Unplanned"),
            Recipe(id: UUID(uuidString: "00000000-0000-4000-8000-000000000002")!, name: "Soup\u{1B}[31m", plannedDate: planned.addingTimeInterval(86_400)),
        ]
    }

    /// Undoes line folding (RFC 5545 3.1).
    static func unfold(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    @Test func linesEndInCRLFAndFoldAt75OctetsWithoutSplittingCharacters() {
        let text = ICalendar.calendar(for: Self.recipes())
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        for line in text.components(separatedBy: "\r\n") {
            #expect(line.utf8.count <= 75, "\(line)")
            #expect(!line.unicodeScalars.contains { $0 == "\u{FFFD}" })
        }
        #expect(text.contains("\r\n "), "long lines are folded")
    }

    @Test func oneEventPerPlannedRecipeWithStableUIDs() {
        let lines = Self.unfold(ICalendar.calendar(for: Self.recipes()))
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 2)
        #expect(lines.filter { $0 == "END:VEVENT" }.count == 2)
        #expect(lines.contains("UID:00000000-0000-4000-8000-000000000001@recipes"))
        #expect(lines.contains("DTSTART:20261224T170000Z"))
        #expect(lines.contains("DTSTART:20261225T170000Z"))
        #expect(lines.contains("DURATION:PT75M"))
        #expect(lines.contains("DURATION:PT60M"))
        #expect(ICalendar.calendar(for: Self.recipes()) == ICalendar.calendar(for: Self.recipes()))
    }

    @Test func textIsEscaped() {
        let lines = Self.unfold(ICalendar.calendar(for: Self.recipes()))
        #expect(lines.contains(#"SUMMARY:Crème brûlée\; "best"\, really\\"#))
        #expect(lines.contains { $0.hasPrefix(#"DESCRIPTION:Line one\nline two\nline three\n\nIngredients:\n- 500 ml Cream\n\nStir gently"#) })
        #expect(lines.contains("SUMMARY:Soup"))
    }

    /// C1 controls (CSI U+009B, OSC U+009D), bidi overrides and whole escape sequences go;
    /// a tab is a space, as everywhere text is put on one line.
    @Test func controlsBidiOverridesAndEscapeSequencesAreRemovedAndTabsBecomeSpaces() {
        let hostile = "A\u{9B}31mB\u{9D}0;title\u{7}C\u{202E}D\tE\u{1B}[1;31mF\u{2066}G\u{85}H"
        let recipe = Recipe(name: hostile, summary: hostile, instructions: hostile, plannedDate: Self.planned,
                            ingredients: [Ingredient(name: hostile, amount: hostile)])
        let lines = Self.unfold(ICalendar.calendar(for: [recipe]))
        #expect(lines.contains("SUMMARY:ABCD EFGH"), "\(lines)")
        #expect(lines.contains(#"DESCRIPTION:ABCD EFGH\n\nIngredients:\n- ABCD EFGH ABCD EFGH\n\nABCD EFGH"#), "\(lines)")
        let scalars = ICalendar.calendar(for: [recipe]).unicodeScalars
        #expect(!scalars.contains { (0x80...0x9F).contains($0.value) || $0 == "\t" || $0 == "\u{1B}" || $0 == "\u{202E}" })
    }

    // MARK: The plan: an event per entry, repeats as RRULE with EXDATE

    /// Friday 2026-12-04 18:00 in Berlin (17:00 UTC), weekly, with Christmas day skipped.
    static let berlin = LocalTime(zone: .fixed(secondsEast: 3_600))
    static let friday = berlin.date(year: 2026, month: 12, day: 4, hour: 18)

    static func plan() -> [(entry: PlanEntry, recipe: Recipe)] {
        let pizza = Recipe(id: UUID(uuidString: "00000000-0000-4000-8000-00000000000A")!, name: "Pizza, thin",
                           ingredients: [Ingredient(name: "Flour", amount: "500 g")])
        let soup = Recipe(name: "Soup")
        let weekly = PlanEntry(id: UUID(uuidString: "00000000-0000-4000-8000-0000000000E1")!, recipeID: pizza.id, date: friday,
                               meal: "dinner", servings: 4, note: "Double cheese; kids' choice",
                               repeatRule: RepeatRule(frequency: .weekly, weekdays: [5]),
                               skipped: [berlin.date(year: 2026, month: 12, day: 25, hour: 18)])
        let once = PlanEntry(id: UUID(uuidString: "00000000-0000-4000-8000-0000000000E2")!, recipeID: soup.id,
                             date: berlin.date(year: 2026, month: 12, day: 5, hour: 12, minute: 30))
        return [(weekly, pizza), (once, soup)]
    }

    /// Every unfolded content line is `name *(";" param) ":" value` (RFC 5545 3.1), and
    /// components open and close in order.
    static func checkContentLines(_ text: String) {
        #expect(text.hasSuffix("\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n") && !text.replacingOccurrences(of: "\r\n", with: "").contains("\r"))
        for physical in text.components(separatedBy: "\r\n") { #expect(physical.utf8.count <= 75, "\(physical)") }
        var open: [String] = []
        for line in unfold(text) {
            let name = line.prefix { $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "-") }
            #expect(!name.isEmpty && [":", ";"].contains(line.dropFirst(name.count).first), "\(line)")
            if name == "BEGIN" { open.append(String(line.dropFirst(6))) }
            if name == "END" { #expect(open.popLast() == String(line.dropFirst(4))) }
        }
        #expect(open.isEmpty)
    }

    @Test func aRepeatIsOneEventWithItsRuleAndSkippedDatesInLocalTime() {
        let text = ICalendar.calendar(for: Self.plan(), local: Self.berlin)
        Self.checkContentLines(text)
        let lines = Self.unfold(text)
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 2)
        #expect(lines.contains("UID:00000000-0000-4000-8000-0000000000E1@recipes"))
        #expect(lines.contains("DTSTART:20261204T180000"))
        #expect(lines.contains("RRULE:FREQ=WEEKLY;BYDAY=FR"))
        #expect(lines.contains("EXDATE:20261225T180000"))
        #expect(lines.contains(#"SUMMARY:Pizza\, thin (dinner)"#))
        #expect(lines.contains(#"DESCRIPTION:For 4.\n\nDouble cheese\; kids' choice\n\nIngredients:\n- 500 g Flour"#))
        // A single date is its instant, in UTC, without a rule.
        #expect(lines.contains("UID:00000000-0000-4000-8000-0000000000E2@recipes"))
        #expect(lines.contains("DTSTART:20261205T113000Z"))
        #expect(lines.filter { $0.hasPrefix("RRULE:") || $0.hasPrefix("EXDATE:") }.count == 2)
    }

    /// A floating start needs a floating UNTIL (RFC 5545 3.3.10): the rule's last moment is
    /// written in the same local time as DTSTART.
    @Test func untilFollowsTheFloatingStart() {
        var plan = Self.plan()
        plan[0].entry.repeatRule = RepeatRule(frequency: .weekly, weekdays: [5],
                                              until: Self.berlin.date(year: 2027, month: 1, day: 29, hour: 23, minute: 59, second: 59))
        let lines = Self.unfold(ICalendar.calendar(for: plan, local: Self.berlin))
        #expect(lines.contains("RRULE:FREQ=WEEKLY;BYDAY=FR;UNTIL=20270129T235959"), "\(lines)")
    }

    @Test func anEmptyPlanIsStillACalendar() {
        let text = ICalendar.calendar(for: [(entry: PlanEntry, recipe: Recipe)](), name: "Dinners")
        Self.checkContentLines(text)
        #expect(Self.unfold(text).contains("X-WR-CALNAME:Dinners") && !text.contains("VEVENT"))
    }

    /// The store gives the entries with an occurrence in the window, by date then name: a
    /// repeat that started long ago counts, a past single date does not, a removed entry never.
    @Test func planWithRecipesTakesEntriesOccurringInTheWindow() throws {
        let temporary = TemporaryStore()
        let store = temporary.store
        let now = Self.friday.addingTimeInterval(-86_400)
        store.clock = { now }
        let context = ModelContext(store)
        let pizza = Recipe(name: "Pizza"), soup = Recipe(name: "Soup"), cake = BakedGood(name: "Cake")
        [pizza, soup, cake].forEach(context.insert)
        try context.save()
        let longAgo = Self.berlin.date(year: 2026, month: 1, day: 2, hour: 18)
        let weekly = try store.addPlanEntry(PlanEntry(recipeID: pizza.id, date: longAgo, repeatRule: RepeatRule(frequency: .weekly)), now: now)
        let pastSoup = try store.addPlanEntry(PlanEntry(recipeID: soup.id, date: now.addingTimeInterval(-86_400)), now: now)
        let soupTomorrow = try store.addPlanEntry(PlanEntry(recipeID: soup.id, date: Self.friday), now: now)
        let cakeLater = try store.addPlanEntry(PlanEntry(recipeID: cake.id, date: Self.friday.addingTimeInterval(30 * 86_400)), now: now)
        let gone = try store.addPlanEntry(PlanEntry(recipeID: cake.id, date: Self.friday.addingTimeInterval(3_600)), now: now)
        try store.clearPlan(of: cake.id, in: gone.date..<gone.date.addingTimeInterval(1), now: now, local: Self.berlin)

        let week = try store.planWithRecipes(from: now, to: now.addingTimeInterval(7 * 86_400), local: Self.berlin)
        #expect(week.map(\.entry.id) == [weekly.id, soupTomorrow.id])
        #expect(week.map(\.recipe.name) == ["Pizza", "Soup"])
        let ahead = try store.planWithRecipes(from: now, to: nil, local: Self.berlin)
        #expect(ahead.map(\.entry.id) == [weekly.id, soupTomorrow.id, cakeLater.id])
        let all = try store.planWithRecipes(from: nil, to: nil, local: Self.berlin)
        #expect(all.map(\.entry.id) == [weekly.id, pastSoup.id, soupTomorrow.id, cakeLater.id])
        #expect(try store.planWithRecipes(from: nil, to: nil, kind: .bakedGoods, local: Self.berlin).map(\.entry.id) == [cakeLater.id])
        // The recipe comes whole: the calendar's description lists its ingredients.
        #expect(ICalendar.calendar(for: ahead, local: Self.berlin).contains("UID:\(weekly.id.uuidString)@recipes"))
    }
}
