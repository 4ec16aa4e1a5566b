import Foundation
import Recipes
import Testing

/// `recipes cooked`, and what it changes for `next`, `show` and `search`, through the binary.
@Suite struct CookedCommandTests {
    static let pizzaID = UUID(uuidString: "00000000-0000-4000-8000-00000000000A")!
    static let entryID = UUID(uuidString: "00000000-0000-4000-8000-0000000000E1")!

    /// Monday 2026-11-30 17:50 UTC: Pizza every Monday dinner (18:00) for 4, Soup tomorrow,
    /// Curry and Bread never planned.
    func cli() throws -> RecipesProcess {
        let cli = RecipesProcess(now: "2026-11-30T17:50:00Z")
        try cli.seed([Recipe(id: Self.pizzaID, name: "Pizza"), Recipe(name: "Soup", plannedDate: RecipesProcess.date("2026-12-01T18:00:00Z")),
                      Recipe(name: "Curry"), Recipe(name: "Bread")])
        try cli.openStore().addPlanEntry(
            PlanEntry(id: Self.entryID, recipeID: Self.pizzaID, date: RecipesProcess.date("2026-11-23T18:00:00Z"), meal: "dinner",
                      servings: 4, note: "extra basil", repeatRule: RepeatRule(frequency: .weekly, weekdays: [1])),
            now: RecipesProcess.date("2026-11-30T17:50:00Z"))
        return cli
    }

    @Test func cookingThePlannedDinnerMarksItDoneAndNextMovesOn() throws {
        let cli = try cli()
        #expect(try cli.runOnStore(["next"]).stdout == "Pizza · 18:00 (in 10m)\n")
        let cooked = try cli.runOnStore(["cooked", "pizza"])
        #expect(cooked == .init(stdout: "cooked Pizza (Mon 2026-11-30 17:50; planned dinner Mon 2026-11-30 18:00: done)\n", stderr: "", status: 0))
        #expect(try cli.runOnStore(["next"]).stdout == "Soup · tomorrow 18:00\n")
        // Cooked again the day before, off the plan: recorded, fulfilling nothing.
        let earlier = try cli.runOnStore(["cooked", "pizza", "yesterday", "19:00"])
        #expect(earlier == .init(stdout: "cooked Pizza (Sun 2026-11-29 19:00; unplanned)\n", stderr: "", status: 0))
        // Cooked again this morning: today's dinner is done already and no other occurrence
        // lies within 12 hours, so this one fulfils nothing.
        let again = try cli.runOnStore(["cooked", "pizza", "today", "06:10"])
        #expect(again == .init(stdout: "cooked Pizza (Mon 2026-11-30 06:10; unplanned)\n", stderr: "", status: 0))
    }

    /// A dinner every day: cooked late, the line names the occurrence it fulfilled, even when an
    /// occurrence cooked before lies nearer.
    @Test func theLineNamesTheOccurrenceThisRecordFulfilled() throws {
        let cli = RecipesProcess(now: "2026-12-02T08:00:00Z")
        let soupID = UUID()
        try cli.seed([Recipe(id: soupID, name: "Soup")])
        try cli.openStore().addPlanEntry(PlanEntry(recipeID: soupID, date: RecipesProcess.date("2026-11-30T18:00:00Z"),
                                                               repeatRule: RepeatRule(frequency: .daily)))
        #expect(try cli.runOnStore(["cooked", "soup", "2026-12-01 18:00"]).stdout
                == "cooked Soup (Tue 2026-12-01 18:00; planned Tue 2026-12-01 18:00: done)\n")
        // 07:00 is 13 hours after Tuesday's (cooked) and 11 before Wednesday's, which is still
        // to come: nothing planned is fulfilled.
        #expect(try cli.runOnStore(["cooked", "soup", "today", "07:00"]).stdout
                == "cooked Soup (Wed 2026-12-02 07:00; unplanned)\n")
        // An hour after Tuesday's dinner was recorded, it is that dinner again: refused,
        // unless asked for.
        #expect(try cli.runOnStore(["cooked", "soup", "yesterday", "19:00"])
                == .init(stdout: "", stderr: "recipes: error: Soup was recorded cooked Tue 2026-12-01 18:00, the meal planned for Tue 2026-12-01 18:00; nothing was recorded (--again records another)\n", status: 1))
        #expect(try cli.runOnStore(["cooked", "soup", "yesterday", "19:00", "--again"]).stdout
                == "cooked Soup (Tue 2026-12-01 19:00; unplanned)\n")
    }

    @Test func theSameMealIsNotRecordedTwiceAndTonightIsDinner() throws {
        let cli = RecipesProcess(now: "2026-12-02T20:00:00Z")
        let soupID = UUID()
        try cli.seed([Recipe(id: soupID, name: "Soup")])
        try cli.openStore().addPlanEntry(PlanEntry(recipeID: soupID, date: RecipesProcess.date("2026-12-02T18:00:00Z"), meal: "dinner"))
        #expect(try cli.runOnStore(["cooked", "soup", "tonight"]).stdout == "cooked Soup (Wed 2026-12-02 18:00; planned dinner Wed 2026-12-02 18:00: done)\n")
        let before = try cli.storeBytes()
        let twice = try cli.runOnStore(["cooked", "soup"])
        #expect(twice.status == 1 && twice.stderr.contains("was recorded cooked Wed 2026-12-02 18:00"), "\(twice)")
        #expect(try cli.storeBytes() == before)
        // Unplanned, the same: two records an hour apart are one meal.
        try cli.seed([Recipe(name: "Tea")])
        #expect(try cli.runOnStore(["cooked", "tea", "19:00"]).status == 0)
        #expect(try cli.runOnStore(["cooked", "tea"]).status == 1)
        #expect(try cli.runOnStore(["cooked", "tea", "--again"]).status == 0)
        // Before dinner time, tonight is now: a meal cooked early.
        let early = RecipesProcess(now: "2026-12-02T16:30:00Z")
        try early.seed([Recipe(name: "Stew")])
        #expect(try early.runOnStore(["cooked", "stew", "tonight"]).stdout == "cooked Stew (Wed 2026-12-02 16:30; unplanned)\n")
    }

    @Test func showSaysHowOftenAndWhenLastAndListsThePlan() throws {
        let cli = try cli()
        try cli.runOnStore(["cooked", "pizza", "2026-11-23 18:30"])
        try cli.runOnStore(["cooked", "pizza", "yesterday", "12:30"])
        let shown = try cli.runOnStore(["show", "pizza"])
        #expect(shown == .init(stdout: """
            Pizza
            kind: dish · planned: Mon 2026-11-30 18:00 · id: \(Self.pizzaID.uuidString)
            cooked twice, last Sun 2026-11-29 12:30

            Plan:
              from Mon 2026-11-23 18:00 dinner · every Monday · 1 cooked · for 4 · extra basil

            """, stderr: "", status: 0))
        let json = try JSONSerialization.jsonObject(with: Data(try cli.runOnStore(["show", "pizza", "--format", "json"]).stdout.utf8)) as? [String: Any]
        #expect(json?["timesCooked"] as? Int == 2 && json?["lastCooked"] as? String == "2026-11-29T12:30:00Z")
        let plan = json?["plan"] as? [[String: Any]]
        #expect(plan?.count == 1 && plan?.first?["repeat"] as? String == "FREQ=WEEKLY;BYDAY=MO" && plan?.first?["cooked"] as? [String] == ["2026-11-23T18:00:00Z"])
        #expect((json?["cooked"] as? [[String: Any]])?.compactMap { $0["date"] as? String } == ["2026-11-23T18:30:00Z", "2026-11-29T12:30:00Z"])
        // Never cooked, planned once: no cooked line and no plan block beside "planned:".
        #expect(try cli.runOnStore(["show", "soup"]).stdout.components(separatedBy: "\n").count == 3)
    }

    @Test func searchSortsByLastCookedAndFindsWhatWasNotCookedLately() throws {
        let cli = try cli()
        try cli.runOnStore(["cooked", "pizza", "today 12:00"])
        try cli.runOnStore(["cooked", "curry", "2026-10-01 19:00"])
        try cli.runOnStore(["cooked", "soup", "2026-11-20 19:00"])
        func names(_ arguments: [String]) throws -> [String] {
            try cli.runOnStore(["search"] + arguments).stdout.split(separator: "\n").map { String($0.split(separator: "\t")[2]) }
        }
        #expect(try names(["--sort", "cooked"]) == ["Bread", "Curry", "Soup", "Pizza"])
        #expect(try names(["--not-cooked-since", "30d"]) == ["Bread", "Curry"])
        #expect(try names(["--not-cooked-since", "1w", "--sort", "cooked"]) == ["Bread", "Curry", "Soup"])
        #expect(try names(["--not-cooked-since", "2w", "soup"]).isEmpty)
    }

    @Test(arguments: [
        (["cooked", "pizza", "tomorrow"],
         "recipes: error: bad WHEN 'tomorrow': is still to come; record a meal once it is cooked (plan it with 'recipes plan'); see 'recipes help cooked'\n", Int32(64)),
        (["cooked", "pizza", "today", "19:00"],
         "recipes: error: bad WHEN 'today 19:00': is still to come; record a meal once it is cooked (plan it with 'recipes plan'); see 'recipes help cooked'\n", 64),
        (["cooked", "pizza", "soon"],
         "recipes: error: bad WHEN 'soon': not a day or a time (try today, tomorrow, fri, +3d, 2026-12-24, 18:30, 7pm); see 'recipes help cooked'\n", 64),
        (["cooked", "lasagne"],
         "recipes: error: no recipe is named 'lasagne' (names match ignoring case and accents, or by their first words; ids by a prefix of 4 or more)\n", 1),
        (["cooked"], "recipes: error: missing <recipe>; see 'recipes help cooked'\n", 64),
        (["search", "--not-cooked-since", "30 dayz"],
         "recipes: error: bad DURATION for --not-cooked-since '30 dayz': expected a duration such as 30m, 2h, 1h30m or '10 minutes' (units s, m, h, d, w); see 'recipes help search'\n", 64),
        (["search", "--sort", "cooks"],
         "recipes: error: 'cooks' is not a valid --sort (one of: name, planned, cooked) (did you mean 'cooked'?); see 'recipes help search'\n", 64),
    ])
    func mistakesSayOneLineAndChangeNothing(arguments: [String], stderr: String, status: Int32) throws {
        let cli = try cli()
        let before = try cli.storeBytes()
        let result = try cli.runOnStore(arguments)
        #expect(result == .init(stdout: "", stderr: stderr, status: status))
        #expect(try cli.storeBytes() == before)
    }
}
