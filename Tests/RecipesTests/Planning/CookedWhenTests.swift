import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// The WHEN of `recipes cooked` looks back: a meal is recorded after it was eaten.
@Suite struct CookedWhenTests {
    /// Friday 2026-12-04 19:30 UTC.
    let now = LocalTime.utc.date(year: 2026, month: 12, day: 4, hour: 19, minute: 30)
    var parser: WhenParser { WhenParser(now: now, local: .utc) }

    func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        LocalTime.utc.date(year: 2026, month: 12, day: day, hour: hour, minute: minute)
    }

    @Test(arguments: [
        ("today 12:30", 4, 12, 30),
        ("2026-11-30 19:00", -1, 19, 0),
        ("2026-11-30T19:00", -1, 19, 0),
        ("yesterday", 3, 18, 0),
        ("yesterday dinner", 3, 18, 0),
        ("yesterday 7pm", 3, 19, 0),
        ("lunch", 4, 12, 30),
        ("18:00", 4, 18, 0),
        ("fri 12:00", 4, 12, 0),
        ("tue", 1, 18, 0),
        ("sat breakfast", -28, 8, 0),
        ("19:33", 4, 19, 33),
    ])
    func pastForms(text: String, day: Int, hour: Int, minute: Int) throws {
        let expected = day == -1 ? LocalTime.utc.date(year: 2026, month: 11, day: 30, hour: hour, minute: minute)
            : day == -28 ? LocalTime.utc.date(year: 2026, month: 11, day: 28, hour: hour, minute: minute)
            : at(day, hour, minute)
        #expect(try parser.parseCooked(text) == expected, "\(text)")
    }

    @Test(arguments: ["tomorrow", "today 21:00", "21:00", "+1d", "2026-12-05 12:00", "dinner tomorrow"])
    func futureIsRefused(text: String) {
        #expect(throws: PlanningInputError.self) { try parser.parseCooked(text) }
    }

    @Test(arguments: ["", "soon", "25:00", "2026-13-01"])
    func nonsenseIsRefused(text: String) {
        #expect(throws: PlanningInputError.self) { try parser.parseCooked(text) }
    }
}
