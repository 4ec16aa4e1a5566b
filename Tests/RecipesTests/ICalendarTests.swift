import Foundation
@testable import Recipes
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
}
