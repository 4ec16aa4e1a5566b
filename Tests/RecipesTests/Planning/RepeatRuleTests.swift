import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// Repeats expand to the right days (month ends, leap days, intervals, until) without walking
/// from the start, and travel as RRULE text that is refused when it is not understood.
@Suite struct RepeatRuleTests {
    let local = LocalTime(zone: .fixed(secondsEast: 3600))

    func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 18, _ minute: Int = 0) -> Date {
        local.date(year: year, month: month, day: day, hour: hour, minute: minute)
    }

    func days(_ dates: [Date]) -> [String] {
        dates.map { date in
            let parts = local.components(of: date)
            return "\(parts.year)-\(parts.month)-\(parts.day) \(parts.hour):\(parts.minute)"
        }
    }

    @Test func everyOtherDayKeepsTheStartsTimeOfDay() {
        let rule = RepeatRule(frequency: .daily, interval: 2)
        let found = rule.occurrences(from: at(2026, 12, 1, 0), to: at(2026, 12, 8, 0), start: at(2026, 11, 30, 19, 30), local: local, limit: 10)
        #expect(days(found) == ["2026-12-2 19:30", "2026-12-4 19:30", "2026-12-6 19:30"])
    }

    @Test func theStartIsTheFirstOccurrenceAndOnlyWhenItIsAfterTheDate() {
        let rule = RepeatRule(frequency: .weekly, weekdays: [5])
        let start = at(2026, 12, 4)
        #expect(rule.occurrence(after: at(2026, 12, 1), start: start, local: local) == start)
        #expect(rule.occurrence(after: start, start: start, local: local) == at(2026, 12, 11))
        #expect(rule.occurrence(after: at(2026, 12, 11, 17, 59), start: start, local: local) == at(2026, 12, 11))
        #expect(rule.occurrence(after: at(2026, 12, 11, 18, 1), start: start, local: local) == at(2026, 12, 18))
        #expect(rule.occurrences(from: start, to: at(2026, 12, 12), start: start, local: local, limit: 5) == [start, at(2026, 12, 11)])
        #expect(rule.occurrences(from: start, to: at(2027, 12, 12), start: start, local: local, limit: 0).isEmpty)
    }

    /// `every 2 weeks on sun` is every other Sunday, counting weeks (Monday to Sunday) from the start's.
    @Test func everyTwoWeeksOnSundayIsEveryOtherSunday() {
        let rule = RepeatRule(frequency: .weekly, interval: 2, weekdays: [0])
        let found = rule.occurrences(from: at(2026, 12, 1), to: at(2027, 1, 20), start: at(2026, 12, 6), local: local, limit: 10)
        #expect(days(found) == ["2026-12-6 18:0", "2026-12-20 18:0", "2027-1-3 18:0", "2027-1-17 18:0"])
    }

    @Test func everyTwoWeeksOnMondayAndThursdayCountsFromTheStartsWeek() {
        // The start is a Thursday: the Monday of its week is before it and does not count.
        let rule = RepeatRule(frequency: .weekly, interval: 2, weekdays: [4, 1])
        #expect(rule.weekdays == [1, 4])
        let found = rule.occurrences(from: at(2026, 11, 1), to: at(2027, 1, 1), start: at(2026, 12, 3), local: local, limit: 10)
        #expect(days(found) == ["2026-12-3 18:0", "2026-12-14 18:0", "2026-12-17 18:0", "2026-12-28 18:0", "2026-12-31 18:0"])
    }

    @Test func aWeeklyRuleWithoutWeekdaysRepeatsTheStartsWeekday() {
        let rule = RepeatRule(frequency: .weekly, interval: 3)
        let found = rule.occurrences(from: at(2026, 12, 1), to: at(2027, 2, 1), start: at(2026, 12, 2, 12, 30), local: local, limit: 10)
        #expect(days(found) == ["2026-12-2 12:30", "2026-12-23 12:30", "2027-1-13 12:30"])
    }

    /// RFC 5545: a month without the day has no occurrence (no moving to the 30th or the 1st).
    @Test func theThirtyFirstSkipsShortMonths() {
        let rule = RepeatRule(frequency: .monthly, monthDay: 31)
        let found = rule.occurrences(from: at(2026, 1, 1), to: at(2027, 1, 1), start: at(2026, 1, 31), local: local, limit: 20)
        #expect(days(found).map { $0.split(separator: " ")[0] } ==
                ["2026-1-31", "2026-3-31", "2026-5-31", "2026-7-31", "2026-8-31", "2026-10-31", "2026-12-31"])
    }

    @Test func februaryTheTwentyNinthComesInLeapYearsOnly() {
        let yearly = RepeatRule(frequency: .monthly, interval: 12, monthDay: 29)
        #expect(yearly.occurrence(after: at(2024, 3, 1), start: at(2024, 2, 29), local: local) == at(2028, 2, 29))
        // 2100 is not a leap year: from 2096 the next is 2104.
        #expect(yearly.occurrence(after: at(2096, 3, 1), start: at(2024, 2, 29), local: local) == at(2104, 2, 29))
        let monthly = RepeatRule(frequency: .monthly, monthDay: 29)
        #expect(monthly.occurrence(after: at(2027, 1, 30), start: at(2026, 12, 29), local: local) == at(2027, 3, 29))
        #expect(monthly.occurrence(after: at(2028, 1, 30), start: at(2026, 12, 29), local: local) == at(2028, 2, 29))
    }

    @Test func aMonthDayNoMonthOfTheCycleHasNeverOccurs() {
        // Every 12 months from February on the 30th: February never has one.
        let rule = RepeatRule(frequency: .monthly, interval: 12, monthDay: 30)
        #expect(rule.occurrence(after: at(2026, 1, 1), start: at(2026, 2, 1), local: local) == nil)
    }

    @Test func aMonthlyRuleStartedAfterItsDayBeginsInTheNextCountedMonth() {
        let rule = RepeatRule(frequency: .monthly, interval: 2, monthDay: 1)
        #expect(rule.occurrence(after: at(2026, 1, 1), start: at(2026, 1, 20), local: local) == at(2026, 3, 1))
    }

    @Test func noOccurrenceAfterUntil() {
        let rule = RepeatRule(frequency: .daily, until: at(2026, 12, 5, 23, 59))
        let found = rule.occurrences(from: at(2026, 12, 1), to: at(2027, 1, 1), start: at(2026, 12, 3), local: local, limit: 10)
        #expect(days(found) == ["2026-12-3 18:0", "2026-12-4 18:0", "2026-12-5 18:0"])
        #expect(rule.occurrence(after: at(2026, 12, 5, 18), start: at(2026, 12, 3), local: local) == nil)
        let endingAtAnOccurrence = rule.ending(at: at(2026, 12, 4))
        #expect(endingAtAnOccurrence.occurrence(after: at(2026, 12, 3, 19), start: at(2026, 12, 3), local: local) == at(2026, 12, 4))
    }

    /// The arithmetic answers what walking day by day from a start twenty years back finds.
    @Test(arguments: [
        RepeatRule(frequency: .daily), RepeatRule(frequency: .daily, interval: 3), RepeatRule(frequency: .daily, interval: 366),
        RepeatRule(frequency: .weekly), RepeatRule(frequency: .weekly, interval: 2, weekdays: [0]),
        RepeatRule(frequency: .weekly, interval: 3, weekdays: [1, 4, 6]), RepeatRule(frequency: .weekly, weekdays: [1, 2, 3, 4, 5]),
        RepeatRule(frequency: .monthly), RepeatRule(frequency: .monthly, monthDay: 31), RepeatRule(frequency: .monthly, interval: 5, monthDay: 30),
        RepeatRule(frequency: .monthly, interval: 12, monthDay: 29), RepeatRule(frequency: .monthly, interval: 7, monthDay: 1),
    ])
    func aStartTwentyYearsBackAnswersLikeAWalk(rule: RepeatRule) {
        let start = at(2006, 10, 31, 18, 30)
        for after in [at(2026, 12, 2, 10), at(2026, 12, 2, 18, 30), at(2027, 2, 28, 23, 59), at(2028, 2, 29, 19)] {
            let walked = walk(rule, start: start, after: after)
            #expect(walked != nil)
            #expect(rule.occurrence(after: after, start: start, local: local) == walked)
        }
    }

    /// The first occurrence after `after`, found by trying every day from the start.
    func walk(_ rule: RepeatRule, start: Date, after: Date) -> Date? {
        let first = local.components(of: start)
        var weeksFromStart = 0
        for offset in 0..<20_000 {
            let date = local.date(year: first.year, month: first.month, day: first.day + offset, hour: first.hour, minute: first.minute)
            let parts = local.components(of: date)
            if offset > 0, parts.weekday == 1 { weeksFromStart += 1 }
            let months = (parts.year - first.year) * 12 + parts.month - first.month
            let matches = switch rule.frequency {
            case .daily: offset % rule.interval == 0
            case .weekly: weeksFromStart % rule.interval == 0 && (rule.weekdays.isEmpty ? [first.weekday] : rule.weekdays).contains(parts.weekday)
            case .monthly: months % rule.interval == 0 && parts.day == (rule.monthDay ?? first.day)
            }
            if matches, date > after { return date }
        }
        return nil
    }

    /// In the process's own zone (run with TZ=Europe/Berlin to cross two daylight-saving
    /// changes), an 18:00 dinner stays at 18:00 all year, every day and every week.
    @Test(arguments: [RepeatRule(frequency: .daily), RepeatRule(frequency: .weekly, interval: 2, weekdays: [0, 3]),
                      RepeatRule(frequency: .monthly, monthDay: 31)])
    func aDinnerKeepsItsWallClockTimeAcrossTheYear(rule: RepeatRule) {
        let system = LocalTime.system
        let start = system.date(year: 2026, month: 1, day: 31, hour: 18)
        let year = rule.occurrences(from: start, to: system.date(year: 2027, month: 1, day: 31), start: start, local: system, limit: 400)
        #expect(year.count == ["DAILY": 365, "WEEKLY": 52, "MONTHLY": 7][rule.frequency.rawValue])
        #expect(year.allSatisfy { system.components(of: $0).hour == 18 && system.components(of: $0).minute == 0 })
        #expect(rule.occurrence(after: year[year.count - 2], start: start, local: system) == year.last)
    }

    // MARK: RRULE

    @Test(arguments: [
        (RepeatRule(frequency: .daily), "FREQ=DAILY"),
        (RepeatRule(frequency: .weekly, interval: 2, weekdays: [0]), "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU"),
        (RepeatRule(frequency: .weekly, weekdays: [4, 1]), "FREQ=WEEKLY;BYDAY=MO,TH"),
        (RepeatRule(frequency: .monthly, monthDay: 1), "FREQ=MONTHLY;BYMONTHDAY=1"),
        (RepeatRule(frequency: .monthly, interval: 366), "FREQ=MONTHLY;INTERVAL=366"),
        (RepeatRule(frequency: .daily, until: LocalTime.utc.date(year: 2026, month: 12, day: 31, hour: 22, minute: 59, second: 59)),
         "FREQ=DAILY;UNTIL=20261231T225959Z"),
    ])
    func theRRULETextRoundTrips(rule: RepeatRule, text: String) throws {
        #expect(rule.rrule == text)
        #expect(try RepeatRule(rrule: text) == rule)
    }

    @Test func rrulePartsAreReadInAnyOrderAndCase() throws {
        let rule = try RepeatRule(rrule: "byday=th,mo;wkst=MO;interval=2;freq=weekly")
        #expect(rule == RepeatRule(frequency: .weekly, interval: 2, weekdays: [1, 4]))
    }

    @Test(arguments: [
        "", "FREQ=YEARLY", "FREQ=HOURLY", "INTERVAL=2", "FREQ=DAILY;COUNT=3", "FREQ=DAILY;BYHOUR=18", "FREQ=DAILY;INTERVAL=0",
        "FREQ=DAILY;INTERVAL=367", "FREQ=DAILY;INTERVAL=99999999999999999999", "FREQ=DAILY;INTERVAL=-1", "FREQ=DAILY;INTERVAL=+2",
        "FREQ=WEEKLY;BYDAY=1MO", "FREQ=WEEKLY;BYDAY=-1FR", "FREQ=WEEKLY;BYDAY=MO,MO", "FREQ=WEEKLY;BYDAY=", "FREQ=WEEKLY;BYDAY=MO,",
        "FREQ=DAILY;BYDAY=MO", "FREQ=MONTHLY;BYMONTHDAY=-1", "FREQ=MONTHLY;BYMONTHDAY=1,15", "FREQ=MONTHLY;BYMONTHDAY=32",
        "FREQ=WEEKLY;BYMONTHDAY=1", "FREQ=DAILY;;", "FREQ=DAILY;", "FREQ=DAILY;FREQ=WEEKLY", "FREQ=WEEKLY;WKST=SU",
        "FREQ=DAILY;UNTIL=20261231", "FREQ=DAILY;UNTIL=20260231T000000Z", "FREQ=DAILY;UNTIL=20261231T245959Z",
        "FREQ=DAILY;UNTIL=20261231T225959", "FREQ=DAILY;UNTIL=00001231T225959Z", "RRULE:FREQ=DAILY", "FREQ=DAILY=2",
        "FREQ=DAILY;INTERVAL=١", "FREQ=daıly", "FREQ=WEEKLY;BYDAY=ſu", "ınterval=2;FREQ=DAILY", "FREQ=DAILY;" + String(repeating: "X", count: 300),
    ])
    func unsupportedOrCraftedRulesAreRefused(text: String) {
        #expect(throws: PlanningInputError.self) { try RepeatRule(rrule: text) }
    }

    // MARK: Summary

    @Test(arguments: [
        (RepeatRule(frequency: .daily), "every day"), (RepeatRule(frequency: .daily, interval: 3), "every 3 days"),
        (RepeatRule(frequency: .weekly, weekdays: [5]), "every Friday"),
        (RepeatRule(frequency: .weekly, weekdays: [1, 2, 3, 4, 5]), "weekdays"),
        (RepeatRule(frequency: .weekly, weekdays: [0, 6]), "weekends"),
        (RepeatRule(frequency: .weekly, interval: 2, weekdays: [0]), "every 2 weeks on Sunday"),
        (RepeatRule(frequency: .weekly, weekdays: [1, 4]), "every Monday and Thursday"),
        (RepeatRule(frequency: .weekly, weekdays: [0, 1, 3]), "every Monday, Wednesday and Sunday"),
        (RepeatRule(frequency: .weekly, interval: 2), "every 2 weeks"),
        (RepeatRule(frequency: .monthly, monthDay: 1), "every month on the 1st"),
        (RepeatRule(frequency: .monthly, interval: 2, monthDay: 22), "every 2 months on the 22nd"),
        (RepeatRule(frequency: .monthly, monthDay: 13), "every month on the 13th"),
        (RepeatRule(frequency: .monthly), "every month"),
    ])
    func theSummaryReadsLikeEnglish(rule: RepeatRule, text: String) {
        #expect(rule.summary(in: local) == text)
    }

    @Test func theSummaryEndsWithTheLocalDayOfUntil() {
        let rule = RepeatRule(frequency: .weekly, weekdays: [1, 4], until: at(2026, 12, 31, 23, 59))
        #expect(rule.summary(in: local) == "every Monday and Thursday until 2026-12-31")
        #expect(rule.rrule == "FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=20261231T225900Z")
    }
}
