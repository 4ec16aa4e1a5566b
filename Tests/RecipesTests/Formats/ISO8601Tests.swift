import Foundation
import Recipes
import Testing

@Suite struct ISO8601Tests {
    @Test(arguments: [
        ("2026-12-24T17:00:00Z", 1_798_131_600.0),
        ("2026-12-24T18:00:00+01:00", 1_798_131_600.0),
        ("2026-12-24T12:00:00-0500", 1_798_131_600.0),
        ("2026-12-24T17:00Z", 1_798_131_600.0),
        ("2026-12-24 17:00:00.250Z", 1_798_131_600.25),
        ("2024-02-29T00:00:00Z", 1_709_164_800.0),
        ("1969-12-31T23:59:59Z", -1.0),
    ])
    func readsTheFormsInUse(text: String, seconds: Double) {
        #expect(ISO8601.date(from: text)?.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: ["2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z", "2026-12-24T24:00:00Z", "2026-12-24T17:00:00",
                      "2026-12-24", "yesterday", "2026-12-24T17:00:00Zjunk", "", "2026-1-1T00:00:00Z", "2026-12-24T17:00:00.Z"])
    func refusesWhatIsNotADateAndTime(text: String) {
        #expect(ISO8601.date(from: text) == nil)
    }

    @Test func writesUTCWithMillisecondsOnlyWhenNeeded() {
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: 1_798_131_600)) == "2026-12-24T17:00:00Z")
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: 1_798_131_600.5)) == "2026-12-24T17:00:00.500Z")
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
    }

    @Test func agreesWithFoundationOnManyInstants() {
        var seconds = -2_000_000_000.0
        while seconds < 4_000_000_000 {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(ISO8601.string(from: date) == date.formatted(Date.ISO8601FormatStyle()))
            #expect(ISO8601.date(from: ISO8601.string(from: date)) == date)
            seconds += 86_399 * 37 + 0.0
        }
    }
}
