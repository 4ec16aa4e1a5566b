import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// WHEN for the meal plan, read on Wednesday 2026-12-02 at 10:00 (+01:00) unless a test says
/// otherwise: meals, am/pm words, `next`, month days, `tonight`, weekday ranges and repeats.
@Suite struct PlanWhenTests {
    static let local = LocalTime(zone: .fixed(secondsEast: 3600))
    static let wednesday = at(2026, 12, 2, 10)

    static func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 18, _ minute: Int = 0) -> Date {
        local.date(year: year, month: month, day: day, hour: hour, minute: minute)
    }

    func parser(now: Date = wednesday, meals: MealTimes = .default) -> WhenParser {
        WhenParser(now: now, local: Self.local, meals: meals)
    }

    /// Everything `parse` reads means the same to `parsePlan`.
    @Test(arguments: ["today", "tomorrow", "fri", "friday", "thurs", "wed", "+3d", "+2w", "+0d", "2026-12-24", "18:30", "9:00",
                      "7pm", "7:30am", "12am", "noon", "midnight", "tomorrow 7pm", "fri 19:30", "2026-12-24T18:30", "TOMORROW 7PM",
                      "2026-11-30 8am"])
    func whatParseReadsIsTheSame(text: String) throws {
        let parser = parser()
        #expect(try parser.parsePlan(text) == PlanWhen(dates: [try parser.parse(text)]))
    }

    @Test(arguments: [
        ("lunch", at(2026, 12, 2, 12, 30), "lunch"),
        ("breakfast", at(2026, 12, 3, 8), "breakfast"),
        ("sat dinner", at(2026, 12, 5), "dinner"),
        ("Dinner SAT", at(2026, 12, 5), "dinner"),
        ("tomorrow breakfast", at(2026, 12, 3, 8), "breakfast"),
        ("2026-12-24 dinner", at(2026, 12, 24), "dinner"),
        ("sat dinner 19:30", at(2026, 12, 5, 19, 30), "dinner"),
        ("lunch 13:15", at(2026, 12, 2, 13, 15), "lunch"),
    ])
    func aMealSetsTheTimeUnlessATimeIsGiven(text: String, date: Date, meal: String) throws {
        #expect(try parser().parsePlan(text) == PlanWhen(dates: [date], meal: meal))
    }

    @Test(arguments: [
        ("7 pm", at(2026, 12, 2, 19)), ("7:30 pm", at(2026, 12, 2, 19, 30)), ("fri 7 pm", at(2026, 12, 4, 19)),
        ("12 am", at(2026, 12, 3, 0)), ("9 AM tomorrow", at(2026, 12, 3, 9)), ("fri at 7 pm", at(2026, 12, 4, 19)),
        ("sat at lunch", at(2026, 12, 5, 12, 30)),
    ])
    func amAndPmMayBeWordsOfTheirOwn(text: String, date: Date) throws {
        #expect(try parser().parsePlan(text).dates == [date])
    }

    /// `fri` is the coming Friday; `next fri` the Friday of next week (Monday to Sunday).
    @Test func nextFridayIsTheFridayOfNextWeek() throws {
        #expect(try parser().parsePlan("fri").dates == [Self.at(2026, 12, 4)])
        #expect(try parser().parsePlan("next friday").dates == [Self.at(2026, 12, 11)])
        #expect(try parser().parsePlan("next mon lunch") == PlanWhen(dates: [Self.at(2026, 12, 7, 12, 30)], meal: "lunch"))
        #expect(try parser().parsePlan("next wed").dates == [Self.at(2026, 12, 9)])
        // From Saturday on, the coming Friday is already in next week.
        let saturday = parser(now: Self.at(2026, 12, 5, 10))
        #expect(try saturday.parsePlan("next fri").dates == [Self.at(2026, 12, 11)])
        #expect(try saturday.parsePlan("fri").dates == [Self.at(2026, 12, 11)])
        let sunday = parser(now: Self.at(2026, 12, 6, 10))
        #expect(try sunday.parsePlan("next mon").dates == [Self.at(2026, 12, 7)])
    }

    @Test(arguments: [
        ("Dec 24", at(2026, 12, 24)), ("24 Dec", at(2026, 12, 24)), ("December 24", at(2026, 12, 24)),
        ("dec 24 7pm", at(2026, 12, 24, 19)), ("dec 24 7 pm", at(2026, 12, 24, 19)), ("24 dec dinner", at(2026, 12, 24)),
        ("nov 30", at(2027, 11, 30)), ("jan 1 noon", at(2027, 1, 1, 12)), ("sept 9", at(2027, 9, 9)),
        ("dec 2", at(2026, 12, 2)), ("feb 29", at(2028, 2, 29)),
    ])
    func aMonthDayIsTheNextSuchDayTodayIncluded(text: String, date: Date) throws {
        #expect(try parser().parsePlan(text).dates == [date])
    }

    /// Today's weekday alone is today while its time is ahead, and a week on after; `today`
    /// alone past the dinner hour is later today, as `tonight` is. `parse` reads them alike.
    @Test func todaysWeekdayAndTodayMeanToday() throws {
        for read in [{ (parser: WhenParser, text: String) in try parser.parsePlan(text).dates[0] }, { try $0.parse($1) }] {
            #expect(try read(parser(), "wed") == Self.at(2026, 12, 2))
            #expect(try read(parser(), "Wednesday 11:00") == Self.at(2026, 12, 2, 11))
            #expect(try read(parser(), "wed 9:00") == Self.at(2026, 12, 9, 9))
            #expect(try read(parser(now: Self.at(2026, 12, 2, 19)), "wed") == Self.at(2026, 12, 9))
            #expect(try read(parser(), "thu") == Self.at(2026, 12, 3))
            #expect(try read(parser(now: Self.at(2026, 12, 2, 19, 5)), "today") == Self.at(2026, 12, 2, 19, 15))
            #expect(try read(parser(now: Self.at(2026, 12, 2, 19, 5)), "today 21:00") == Self.at(2026, 12, 2, 21))
            #expect(try read(parser(now: Self.at(2026, 12, 2, 17)), "today") == Self.at(2026, 12, 2))
        }
        #expect(try parser().parsePlan("wed lunch") == PlanWhen(dates: [Self.at(2026, 12, 2, 12, 30)], meal: "lunch"))
        #expect(try parser().parsePlan("wed breakfast").dates == [Self.at(2026, 12, 9, 8)])
        #expect(try parser().parsePlan("next wed").dates == [Self.at(2026, 12, 9)])
        // A meal named is that meal, though it has passed (plan says so).
        #expect(try parser(now: Self.at(2026, 12, 2, 19)).parsePlan("today lunch").dates == [Self.at(2026, 12, 2, 12, 30)])
    }

    /// `tonight` is dinner (time and meal) today, and after dinner time still today: the next
    /// quarter hour.
    @Test func tonightStaysToday() throws {
        #expect(try parser().parsePlan("tonight") == PlanWhen(dates: [Self.at(2026, 12, 2, 18)], meal: "dinner"))
        #expect(try parser().parsePlan("tonight 21:00").meal == nil)
        #expect(try parser(now: Self.at(2026, 12, 2, 20, 5)).parsePlan("tonight").dates == [Self.at(2026, 12, 2, 20, 15)])
        #expect(try parser(now: Self.at(2026, 12, 2, 20, 15)).parsePlan("tonight").dates == [Self.at(2026, 12, 2, 20, 30)])
        #expect(try parser(now: Self.at(2026, 12, 2, 23, 44)).parsePlan("tonight").dates == [Self.at(2026, 12, 2, 23, 45)])
        #expect(throws: PlanningInputError(part: "tonight", reason: "today is almost over; try 'tomorrow' or a time such as 23:55")) {
            try parser(now: Self.at(2026, 12, 2, 23, 50)).parsePlan("tonight")
        }
        #expect(try parser().parsePlan("tonight 21:00").dates == [Self.at(2026, 12, 2, 21)])
        let lateDinner = try MealTimes(configuration: "meal.dinner = 19:30", path: "config")
        #expect(try parser(meals: lateDinner).parsePlan("tonight").dates == [Self.at(2026, 12, 2, 19, 30)])
    }

    /// Each weekday of the range once, at its next date whose time has not passed.
    @Test func aWeekdayRangeGivesTheComingRunOfThoseDays() throws {
        let wednesdayMorning = try parser().parsePlan("mon-fri lunch")
        #expect(wednesdayMorning == PlanWhen(dates: [Self.at(2026, 12, 2, 12, 30), Self.at(2026, 12, 3, 12, 30), Self.at(2026, 12, 4, 12, 30),
                                                     Self.at(2026, 12, 7, 12, 30), Self.at(2026, 12, 8, 12, 30)], meal: "lunch"))
        let afterLunch = try parser(now: Self.at(2026, 12, 2, 13)).parsePlan("mon-fri lunch").dates
        #expect(afterLunch == [3, 4, 7, 8, 9].map { Self.at(2026, 12, $0, 12, 30) })
        #expect(try parser().parsePlan("fri-mon 19:00").dates == [4, 5, 6, 7].map { Self.at(2026, 12, $0, 19) })
        #expect(try parser().parsePlan("sat-sun").dates == [5, 6].map { Self.at(2026, 12, $0) })
    }

    @Test(arguments: [
        ("every fri", at(2026, 12, 4), RepeatRule(frequency: .weekly, weekdays: [5]), nil),
        ("every friday dinner", at(2026, 12, 4), RepeatRule(frequency: .weekly, weekdays: [5]), "dinner"),
        ("Every Wed", at(2026, 12, 2), RepeatRule(frequency: .weekly, weekdays: [3]), nil),
        ("every wed breakfast", at(2026, 12, 9, 8), RepeatRule(frequency: .weekly, weekdays: [3]), "breakfast"),
        ("every day", at(2026, 12, 2), RepeatRule(frequency: .daily), nil),
        ("daily breakfast", at(2026, 12, 3, 8), RepeatRule(frequency: .daily), "breakfast"),
        ("every 3 days lunch", at(2026, 12, 2, 12, 30), RepeatRule(frequency: .daily, interval: 3), "lunch"),
        ("weekdays lunch", at(2026, 12, 2, 12, 30), RepeatRule(frequency: .weekly, weekdays: [1, 2, 3, 4, 5]), "lunch"),
        ("every weekday", at(2026, 12, 2), RepeatRule(frequency: .weekly, weekdays: [1, 2, 3, 4, 5]), nil),
        ("weekends 9am", at(2026, 12, 5, 9), RepeatRule(frequency: .weekly, weekdays: [0, 6]), nil),
        ("every 2 weeks on sun", at(2026, 12, 6), RepeatRule(frequency: .weekly, interval: 2, weekdays: [0]), nil),
        ("every other week on mon and thu", at(2026, 12, 3), RepeatRule(frequency: .weekly, interval: 2, weekdays: [1, 4]), nil),
        ("every 2 weeks", at(2026, 12, 2), RepeatRule(frequency: .weekly, interval: 2, weekdays: [3]), nil),
        ("weekly", at(2026, 12, 2), RepeatRule(frequency: .weekly, weekdays: [3]), nil),
        ("every mon and thu 19:00", at(2026, 12, 3, 19), RepeatRule(frequency: .weekly, weekdays: [1, 4]), nil),
        ("every mon, wed and fri lunch", at(2026, 12, 2, 12, 30), RepeatRule(frequency: .weekly, weekdays: [1, 3, 5]), "lunch"),
        ("every mon-fri 7 pm", at(2026, 12, 2, 19), RepeatRule(frequency: .weekly, weekdays: [1, 2, 3, 4, 5]), nil),
        ("every month on the 1st", at(2027, 1, 1), RepeatRule(frequency: .monthly, monthDay: 1), nil),
        ("every month on the 2nd", at(2026, 12, 2), RepeatRule(frequency: .monthly, monthDay: 2), nil),
        ("every month on the 3rd dinner", at(2026, 12, 3), RepeatRule(frequency: .monthly, monthDay: 3), "dinner"),
        ("every month on the 15th 12:00", at(2026, 12, 15, 12), RepeatRule(frequency: .monthly, monthDay: 15), nil),
        ("every 2 months on 31st", at(2026, 12, 31), RepeatRule(frequency: .monthly, interval: 2, monthDay: 31), nil),
        ("monthly breakfast", at(2027, 1, 2, 8), RepeatRule(frequency: .monthly, monthDay: 2), "breakfast"),
        ("every day at 7:30 pm", at(2026, 12, 2, 19, 30), RepeatRule(frequency: .daily), nil),
    ] as [(String, Date, RepeatRule, String?)])
    func aRepeatStartsAtItsFirstOccurrenceNotYetPassed(text: String, first: Date, rule: RepeatRule, meal: String?) throws {
        #expect(try parser().parsePlan(text) == PlanWhen(dates: [first], repeatRule: rule, meal: meal))
    }

    /// The interval counts from the first occurrence: after Sunday's dinner, every other Sunday starts next Sunday.
    @Test func aRepeatWhoseDayPassedTodayStartsAtTheNextOne() throws {
        let sundayEvening = parser(now: Self.at(2026, 12, 6, 20))
        let plan = try sundayEvening.parsePlan("every 2 weeks on sun dinner")
        #expect(plan.dates == [Self.at(2026, 12, 13)])
        let rule = try #require(plan.repeatRule)
        #expect(rule.occurrence(after: plan.dates[0], start: plan.dates[0], local: Self.local) == Self.at(2026, 12, 27))
    }

    @Test func mealsFromTheConfigurationAreWords() throws {
        let meals = try MealTimes(configuration: "meal.brunch = 10:30", path: "config")
        #expect(try parser(meals: meals).parsePlan("sat brunch") == PlanWhen(dates: [Self.at(2026, 12, 5, 10, 30)], meal: "brunch"))
        #expect(throws: PlanningInputError.self) { try parser().parsePlan("sat brunch") }
    }

    @Test(arguments: [
        ("", ""), ("banana", "banana"), ("every", "every"), ("every 0 days", "0"), ("every 367 days", "367"), ("every 2 fri", "fri"),
        ("every lunch", "lunch"), ("every 2 weeks on", "on"), ("every month on the 32nd", "32nd"), ("every month on the", "the"),
        ("next", "next"), ("next lunch", "next"), ("lunch dinner", "dinner"), ("fri sat", "sat"), ("mon-mon", "mon-mon"),
        ("mon-fry", "mon-fry"), ("sat every fri", "every"), ("every fri tomorrow", "tomorrow"), ("dec", "dec"), ("feb 30", "feb 30"),
        ("dec 7 pm", "dec"), ("7 pm 8 pm", "8pm"), ("13 pm", "13pm"), ("+4000d dinner", "+4000d"), ("9013-12-24 dinner", "9013-12-24"),
        ("mon-fri tomorrow", "tomorrow"), ("tonight fri", "fri"), ("fri at", "at"), ("at fri", "at"),
    ])
    func whatIsNotUnderstoodIsNamed(text: String, part: String) {
        #expect { try parser().parsePlan(text) } throws: { error in
            (error as? PlanningInputError)?.part == part
        }
    }

    @Test func anUnknownWordListsTheFormsAndMeals() {
        #expect(throws: PlanningInputError(part: "banana", reason: "not a day, a time or a meal (try today, tonight, fri, next fri, "
                                           + "mon-fri, dec 24, +3d, 2026-12-24, 18:30, 7 pm, breakfast, lunch, dinner, every fri)")) {
            try parser().parsePlan("sat banana")
        }
    }

    @Test(arguments: [
        ("2026-12-24", at(2026, 12, 24, 0)), ("fri", at(2026, 12, 4, 0)), ("tomorrow", at(2026, 12, 3, 0)), ("today", at(2026, 12, 2, 0)),
        ("Dec 24", at(2026, 12, 24, 0)), ("24 dec", at(2026, 12, 24, 0)), ("+3d", at(2026, 12, 5, 0)), ("next fri", at(2026, 12, 11, 0)),
    ])
    func aDayOptionIsTheStartOfThatDay(text: String, day: Date) throws {
        #expect(try parser().parseDay(text) == day)
    }

    @Test(arguments: ["18:00", "fri 18:00", "lunch", "every fri", "mon-fri", "weekdays", "", "banana", "2026-12-24T18:30"])
    func aDayOptionRefusesAnythingButADay(text: String) {
        #expect(throws: PlanningInputError.self) { try parser().parseDay(text) }
    }

    @Test func theNewWordsAreSuggested() {
        for word in ["tonight", "next", "every", "daily", "weekdays", "weekends", "december", "lunch", "pm"] {
            #expect(WhenParser.keywords.contains(word))
        }
    }
}
