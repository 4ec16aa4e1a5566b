import Foundation
import Recipes
import Testing

/// `plan --fill`, `plan --reroll`, `--lock` and `suggest` through the binary (issue 38): the
/// week filled by the rules of the options and the config file, each with its reason; the
/// same week again for the same inputs; bad input that changes nothing.
@Suite struct PlanFillCommandTests {
    /// Now is Monday 2026-11-30 09:30 UTC.
    let cli = RecipesProcess()

    /// Twelve dinners: fish, vegetarian and meat, quick and slow; two cooked lately; a drink
    /// and a cake, which are never dinner.
    init() throws {
        func dish(_ name: String, _ tags: [String], minutes: Int?, _ lines: [String]) -> Recipe {
            let recipe = Recipe(name: name, ingredients: lines.map { Ingredient(name: $0) })
            recipe.tags = tags
            recipe.totalMinutes = minutes
            return recipe
        }
        try cli.seed([
            dish("Baked salmon", ["fish"], minutes: 30, ["salmon fillets", "lemon"]),
            dish("Fish tacos", ["fish", "quick"], minutes: 20, ["cod", "tortillas"]),
            dish("Mussels", ["fish"], minutes: 25, ["mussels", "white wine"]),
            dish("Lentil soup", ["vegetarian", "soup"], minutes: 45, ["red lentils", "carrots"]),
            dish("Spinach omelette", ["vegetarian", "quick"], minutes: 15, ["eggs", "spinach"]),
            dish("Mushroom risotto", ["vegetarian"], minutes: 40, ["rice", "mushrooms"]),
            dish("Chickpea curry", ["vegetarian"], minutes: 35, ["chickpeas", "coconut milk"]),
            dish("Roast chicken", ["meat"], minutes: 90, ["chicken", "potatoes"]),
            dish("Beef stew", ["meat"], minutes: 180, ["beef", "carrots"]),
            dish("Pork chops", ["meat", "quick"], minutes: 25, ["pork chops", "apples"]),
            dish("Chili", ["meat", "spicy"], minutes: nil, ["beef mince", "kidney beans"]),
            dish("Pasta pesto", ["vegetarian", "quick"], minutes: 15, ["pasta", "pesto"]),
            Beverage(name: "Lemonade"), BakedGood(name: "Chocolate cake"),
        ])
        for (name, day) in [("Pasta pesto", "2026-11-28"), ("Roast chicken", "2026-11-25")] {
            #expect(try cli.runOnStore(["cooked", name, day]).status == 0)
        }
    }

    func lines(_ result: RecipesProcess.Result) -> [[String]] {
        result.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    func writeConfig(_ text: String) throws {
        let folder = cli.home.appendingPathComponent(".config/recipes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent("config"))
    }

    @Test func aDryRunShowsTheWeekAndSavesNothingThenAFillSavesIt() throws {
        let before = try cli.storeBytes()
        let dry = try cli.runOnStore(["plan", "--fill", "--dry-run", "--format", "plain"])
        #expect(dry.status == 0, "\(dry)")
        let proposed = lines(dry)
        #expect(proposed.count == 7, "\(dry)")
        #expect(proposed.map { $0[2] } == (0..<7).map { "2026-\($0 == 0 ? "11-30" : String(format: "12-%02d", $0))T18:00:00Z" })
        let names = proposed.map { $0[1] }
        #expect(Set(names).count == 7 && !names.contains("Lemonade") && !names.contains("Chocolate cake"))
        // Cooked lately: not within 14 days.
        #expect(!names.contains("Pasta pesto") && !names.contains("Roast chicken"), "\(names)")
        #expect(proposed.allSatisfy { $0[3] == "dinner" && ($0[4].hasPrefix("never cooked") || $0[4].hasPrefix("not cooked for")) })
        #expect(proposed.contains { $0[4].contains(" min") })
        #expect(dry.stderr == "recipes: would plan 7 meals (dry run: nothing saved)\n", "\(dry)")
        #expect(try cli.storeBytes() == before)
        // The same inputs, the same week; the fill saves what the dry run showed.
        #expect(try cli.runOnStore(["plan", "--fill", "--dry-run", "--format", "plain"]).stdout == dry.stdout)
        let fill = try cli.runOnStore(["plan", "--fill", "--format", "plain"])
        #expect(fill.status == 0 && fill.stdout == dry.stdout && fill.stderr == "recipes: planned 7 meals\n", "\(fill)")
        let plan = lines(try cli.runOnStore(["plan", "--format", "plain"]))
        #expect(plan.map { $0[2] } == names)
        // Filled already: a second fill leaves the week alone.
        let again = try cli.runOnStore(["plan", "--fill"])
        #expect(again.status == 0 && again.stdout.isEmpty && again.stderr.contains("planned 0 meals; 7 already planned"), "\(again)")
        // The shopping list follows the filled plan.
        let shopping = try cli.runOnStore(["shopping", "--days", "7", "--format", "json"]).stdout
        let items = try #require(try JSONSerialization.jsonObject(with: Data(shopping.utf8)) as? [[String: Any]])
        let forRecipes = Set(items.flatMap { ($0["amounts"] as? [[String: Any]] ?? []).flatMap { $0["recipes"] as? [String] ?? [] } })
        #expect(forRecipes == Set(names), "\(shopping)")
    }

    @Test func anotherSeedAnotherWeekAndJSON() throws {
        let first = try cli.runOnStore(["plan", "--fill", "--dry-run", "--days", "4", "--seed", "1", "--format", "plain"]).stdout
        let others = try (2...5).map { try cli.runOnStore(["plan", "--fill", "--dry-run", "--days", "4", "--seed", "\($0)", "--format", "plain"]).stdout }
        #expect(others.contains { $0 != first })
        let json = try cli.runOnStore(["plan", "--fill", "--dry-run", "--days", "3", "--format", "json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json)")
        #expect(entries.count == 3)
        for entry in entries {
            #expect(Set(entry.keys) == ["date", "meal", "name", "id", "reason", "reasons"], "\(entry)")
            #expect((entry["reason"] as? String)?.isEmpty == false && entry["meal"] as? String == "dinner")
        }
    }

    @Test func rulesFromOptionsAndTheConfigFile() throws {
        try writeConfig("""
            fill.fri.tag = fish
            fill.weekdays.max-time = 45m
            fill.not-tag = spicy
            """)
        let week = lines(try cli.runOnStore(["plan", "--fill", "--dry-run", "--format", "plain", "--at-least", "vegetarian=2"]))
        #expect(week.count == 7)
        let tags = ["Baked salmon": ["fish"], "Fish tacos": ["fish"], "Mussels": ["fish"], "Lentil soup": ["vegetarian"],
                    "Spinach omelette": ["vegetarian"], "Mushroom risotto": ["vegetarian"], "Chickpea curry": ["vegetarian"],
                    "Beef stew": ["meat"], "Pork chops": ["meat"], "Chili": ["spicy"]]
        let friday = try #require(week.first { $0[2].hasPrefix("2026-12-04") })
        #expect(tags[friday[1]] == ["fish"], "\(week)")
        #expect(!week.contains { $0[1] == "Chili" })
        // Weekdays (Mon 30 Nov to Fri 4 Dec) at most 45 minutes: never the stew.
        #expect(!week.prefix(5).contains { $0[1] == "Beef stew" }, "\(week)")
        #expect(week.filter { tags[$0[1]] == ["vegetarian"] }.count >= 2)
        // An option adds to the config's rules.
        let fish = lines(try cli.runOnStore(["plan", "--fill", "--dry-run", "--days", "3", "--tag", "fish,vegetarian", "--format", "plain"]))
        #expect(fish.count == 3 && fish.allSatisfy { ["fish", "vegetarian"].contains(tags[$0[1]]?[0] ?? "") }, "\(fish)")
        let quick = lines(try cli.runOnStore(["plan", "--fill", "--dry-run", "--days", "2", "--max-time", "20m", "--format", "plain"]))
        #expect(Set(quick.map { $0[1] }).isSubset(of: ["Fish tacos", "Spinach omelette"]) && quick.count == 2, "\(quick)")
    }

    @Test func whenNothingFitsNothingIsSavedAndTheRuleIsNamed() throws {
        let before = try cli.storeBytes()
        let none = try cli.runOnStore(["plan", "--fill", "--tag", "nosuchtag"])
        #expect(none.status == 1 && none.stdout.isEmpty, "\(none)")
        #expect(none.stderr == "recipes: error: Mon 2026-11-30 dinner: no dish tagged 'nosuchtag'; nothing saved (--partial fills the rest)\n", "\(none)")
        let few = try cli.runOnStore(["plan", "--fill", "--days", "7", "--tag", "fish"])
        #expect(few.status == 1 && few.stderr.contains("all 3 dishes tagged 'fish' were cooked or planned within 14 days"), "\(few)")
        #expect(try cli.storeBytes() == before)
        // --partial fills what it can and says what it left.
        let filled = try cli.runOnStore(["plan", "--fill", "--days", "7", "--tag", "fish", "--partial", "--format", "plain"])
        #expect(filled.status == 0 && lines(filled).count == 3 && filled.stderr.components(separatedBy: "left empty").count == 5, "\(filled)")
    }

    @Test(arguments: [
        (["plan", "--fill", "--days", "0"], "--days expects a whole number of at least 1"),
        (["plan", "--fill", "--days", "32"], "--days expects at most 31"),
        (["plan", "--fill", "--at-least", "vegetarian"], "--at-least expects TAG=N"),
        (["plan", "--fill", "--at-most", "spicy=x"], "--at-most expects TAG=N"),
        (["plan", "--fill", "--no-repeat", "soon"], "bad DURATION for --no-repeat"),
        (["plan", "--fill", "--max-time", "2d"], "bad DURATION for --max-time"),
        (["plan", "--fill", "--meal", "brunch"], "unknown meal 'brunch'"),
        (["plan", "--fill", "--seed", "x"], "--seed expects a whole number"),
        (["plan", "--fill", "--week", "--days", "3"], "give either --days or --week"),
        (["plan", "--dry-run"], "--dry-run needs --fill"),
        (["plan", "--tag", "fish"], "--tag needs --fill or --reroll"),
        (["plan", "soup", "fri", "--max-time", "30m"], "--max-time needs --fill or --reroll"),
        (["plan", "--fill", "--reroll", "fri"], "give either --fill or --reroll"),
        (["plan", "--fill", "pizza"], "unexpected argument 'pizza'"),
        (["suggest", "--limit", "0"], "--limit expects a whole number of at least 1"),
        (["suggest", "--meal", "elevenses"], "unknown meal 'elevenses'"),
    ])
    func badInputIsOneLineAndChangesNothing(arguments: [String], message: String) throws {
        let before = try cli.storeBytes()
        let result = try cli.runOnStore(arguments)
        #expect(result.status == 64 && result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.hasPrefix("recipes: error: ") && result.stderr.contains(message) && result.stderr.split(separator: "\n").count == 1, "\(result)")
        #expect(try cli.storeBytes() == before)
    }

    @Test func aBadConfigLineOrAQuotaTheDaysCannotHoldChangesNothing() throws {
        let before = try cli.storeBytes()
        let quota = try cli.runOnStore(["plan", "--fill", "--days", "3", "--at-least", "vegetarian=14"])
        #expect(quota.status == 2 && quota.stderr.contains("at least 6 meals tagged 'vegetarian' in the 3 days from Mon 2026-11-30"), "\(quota)")
        try writeConfig("fill.weekdays.max-time = soon\n")
        let config = try cli.runOnStore(["plan", "--fill"])
        #expect(config.status == 2 && config.stderr.contains("config:1: 'soon' is not a time"), "\(config)")
        #expect(try cli.storeBytes() == before)
    }

    /// Found by a user trial: a rule of the config file for every meal was not named when
    /// nothing fitted it, and a day where the rule goes was told the list of keys.
    @Test func aConfigRuleIsNamedByItsLine() throws {
        // In words, as a second trial wrote it ("10m" alone was understood).
        try writeConfig("# rules\nfill.max-time = 10 minutes\n")
        let result = try cli.runOnStore(["plan", "--fill", "--dry-run"])
        #expect(result.status == 1 && result.stderr.contains("no dish ready in 10 min (fill.max-time, \(cli.home.path)/.config/recipes/config:2)"), "\(result)")
        try writeConfig("fill.weekdays.weekends = 3\n")
        let scope = try cli.runOnStore(["plan", "--fill", "--dry-run"])
        #expect(scope.status == 2 && scope.stderr.contains("config:1: 'fill.weekdays.weekends' ends in a day or meal, not a rule"), "\(scope)")
    }

    @Test func aRerollReplacesOneMealAndALockKeepsIt() throws {
        #expect(try cli.runOnStore(["plan", "Mussels", "fri"]).status == 0)
        let reroll = try cli.runOnStore(["plan", "--reroll", "fri", "--format", "plain"])
        #expect(reroll.status == 0 && reroll.stderr == "recipes: Mussels no longer planned for Fri 2026-12-04 dinner\n", "\(reroll)")
        let new = try #require(lines(reroll).first)
        #expect(new[1] != "Mussels" && new[2] == "2026-12-04T18:00:00Z")
        let friday = lines(try cli.runOnStore(["plan", "--from", "fri", "--days", "1", "--format", "plain"]))
        #expect(friday.map { $0[2] } == [new[1]])
        // Locked: refused, and nothing changes.
        #expect(try cli.runOnStore(["plan", new[1], "fri", "--lock"]).stdout.contains(", locked"))
        #expect(lines(try cli.runOnStore(["plan", "--from", "fri", "--days", "1", "--format", "plain"])).count == 1)
        let before = try cli.storeBytes()
        let locked = try cli.runOnStore(["plan", "--reroll", "fri", "dinner"])
        #expect(locked.status == 2 && locked.stderr.contains("is locked for dinner on Fri 2026-12-04"), "\(locked)")
        #expect(try cli.storeBytes() == before)
        // Nothing planned there: exit 1.
        let empty = try cli.runOnStore(["plan", "--reroll", "sat", "lunch"])
        #expect(empty.status == 1 && empty.stderr.contains("nothing is planned for lunch on Sat 2026-12-05"), "\(empty)")
    }

    /// Found by a user trial: a dinner of two dishes rerolled was one dish.
    @Test func aRerolledMealOfTwoDishesIsTwoOtherDishes() throws {
        #expect(try cli.runOnStore(["plan", "Chili", "fri dinner"]).status == 0)
        #expect(try cli.runOnStore(["plan", "Beef stew", "fri 18:30", "--meal", "dinner", "--servings", "6"]).status == 0)
        let reroll = try cli.runOnStore(["plan", "--reroll", "fri", "--format", "plain"])
        #expect(reroll.status == 0 && reroll.stderr.contains("Chili, Beef stew no longer planned") || reroll.stderr.contains("Beef stew, Chili no longer planned"), "\(reroll)")
        let new = lines(reroll)
        #expect(new.count == 2 && Set(new.map { $0[1] }).count == 2 && !new.contains { ["Chili", "Beef stew"].contains($0[1]) }, "\(new)")
        // Each at its dish's time, the stew's servings kept.
        let friday = try JSONSerialization.jsonObject(with: Data(try cli.runOnStore(["plan", "--from", "fri", "--days", "1", "--format", "json"]).stdout.utf8))
            as? [[String: Any]] ?? []
        #expect(friday.map { $0["planned"] as? String ?? "" }.sorted() == ["2026-12-04T18:00:00Z", "2026-12-04T18:30:00Z"], "\(friday)")
        #expect(friday.first { $0["planned"] as? String == "2026-12-04T18:30:00Z" }?["servings"] as? Int == 6, "\(friday)")
        #expect(Set(friday.compactMap { $0["name"] as? String }) == Set(new.map { $0[1] }), "\(friday)")
    }

    /// Found by a user trial: at 18:30, `suggest` suggests for tonight's dinner at 18:00 (as
    /// `next` still shows it) but `--reroll tonight` called it past. Until it is cooked or two
    /// hours have gone, it is rerolled; cooked, it is not.
    @Test func tonightsDinnerIsRerolledWhileSuggestAndNextStillMeanIt() throws {
        #expect(try cli.runOnStore(["plan", "Chili", "tonight"]).status == 0)
        cli.environment["RECIPES_NOW"] = "2026-11-30T18:30:00Z"
        #expect(try cli.runOnStore(["suggest", "--format", "plain", "-n", "1"]).stdout.contains("2026-11-30T18:00:00Z"))
        let reroll = try cli.runOnStore(["plan", "--reroll", "tonight", "--format", "plain"])
        #expect(reroll.status == 0 && lines(reroll).first?[2] == "2026-11-30T18:00:00Z", "\(reroll)")
        // Rerolled again later in its two hours, it goes on instead of back.
        var seen = ["Chili", try #require(lines(reroll).first?[1])]
        for now in ["2026-11-30T18:50:00Z", "2026-11-30T19:40:00Z"] {
            cli.environment["RECIPES_NOW"] = now
            let again = try cli.runOnStore(["plan", "--reroll", "tonight", "--format", "plain"])
            let name = try #require(lines(again).first?[1])
            #expect(again.status == 0 && !seen.contains(name), "\(seen) then \(again)")
            seen.append(name)
        }
        let dinner = seen.last!
        #expect(try cli.runOnStore(["cooked", dinner]).status == 0)
        let cooked = try cli.runOnStore(["plan", "--reroll", "tonight"])
        #expect(cooked.status == 1 && cooked.stderr.contains("dinner on Mon 2026-11-30 was cooked"), "\(cooked)")
        // Cooked, it is no longer what suggest suggests for: tomorrow's dinner is.
        let next = try cli.runOnStore(["suggest", "--format", "plain", "-n", "1"])
        #expect(lines(next).first?[2] == "2026-12-01T18:00:00Z", "\(next)")
        // Past its two hours, it is past.
        #expect(try cli.runOnStore(["plan", "Chili", "tomorrow 07:00", "--meal", "breakfast"]).status == 0)
        cli.environment["RECIPES_NOW"] = "2026-12-01T09:01:00Z"
        let past = try cli.runOnStore(["plan", "--reroll", "today", "--meal", "breakfast"])
        #expect(past.status == 1 && past.stderr.contains("is past"), "\(past)")
    }

    /// Found by a user trial: each fails on the first build of the planner.
    @Test func rerollAndLockAsAUserMeansThem() throws {
        // A repeat's meal locked locks the repeat, not a second pizza on top of it.
        #expect(try cli.runOnStore(["plan", "Mussels", "every fri dinner"]).status == 0)
        let lock = try cli.runOnStore(["plan", "Mussels", "fri", "--lock"])
        #expect(lock.stdout == "locked Mussels every Friday (dinner): every one of its meals\n", "\(lock)")
        let friday = lines(try cli.runOnStore(["plan", "--from", "fri", "--days", "1", "--format", "plain"]))
        #expect(friday.count == 1 && friday[0].last == "locked", "\(friday)")
        #expect(try cli.runOnStore(["show", "Mussels"]).stdout.contains("every Friday · locked"))
        // The time saved is the time said: a dinner at 19:30 stays at 19:30.
        #expect(try cli.runOnStore(["plan", "Beef stew", "sat 19:30"]).status == 0)
        let reroll = try cli.runOnStore(["plan", "--reroll", "sat", "--servings", "3", "--format", "plain"])
        #expect(reroll.status == 0 && lines(reroll).first?[2] == "2026-12-05T19:30:00Z", "\(reroll)")
        let json = try cli.runOnStore(["plan", "--from", "sat", "--days", "1", "--format", "json"])
        let meals = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(meals.count == 1 && meals[0]["servings"] as? Int == 3 && meals[0]["planned"] as? String == "2026-12-05T19:30:00Z", "\(json)")
        // Today's weekday is today's meal while it is ahead (now is Monday 09:30).
        #expect(try cli.runOnStore(["plan", "Fish tacos", "mon"]).status == 0)
        let today = try cli.runOnStore(["plan", "--reroll", "mon", "--format", "plain"])
        #expect(today.status == 0 && lines(today).first?[2] == "2026-11-30T18:00:00Z" && today.stderr.contains("Fish tacos no longer planned"), "\(today)")
        // Rerolled again, it goes on instead of back.
        var seen = [lines(today).first?[1] ?? ""]
        for _ in 0..<3 {
            let again = try cli.runOnStore(["plan", "--reroll", "mon", "--format", "plain"])
            let name = lines(again).first?[1] ?? ""
            #expect(again.status == 0 && !seen.contains(name) && name != "Fish tacos", "\(seen) then \(again)")
            seen.append(name)
        }
        // A past meal is not rerolled.
        #expect(try cli.runOnStore(["plan", "Chili", "2026-11-29"]).status == 0)
        let before = try cli.storeBytes()
        let past = try cli.runOnStore(["plan", "--reroll", "2026-11-29"])
        #expect(past.status == 1 && past.stderr.contains("dinner on Sun 2026-11-29 is past"), "\(past)")
        #expect(try cli.storeBytes() == before)
    }

    @Test func rulesSpeakTheirOwnWords() throws {
        let conflict = try cli.runOnStore(["plan", "--fill", "--at-least", "fish=3", "--at-most", "fish=2"])
        #expect(conflict.status == 64 && conflict.stderr.contains("--at-most fish=2 is fewer than --at-least fish=3"), "\(conflict)")
        let empty = try cli.runOnStore(["plan", "--fill", "--not-tag", " "])
        #expect(empty.status == 64 && empty.stderr.contains("--not-tag needs a tag"), "\(empty)")
        let baked = try cli.runOnStore(["plan", "--fill", "--kind", "baked", "--tag", "fish"])
        #expect(baked.status == 1 && baked.stderr.contains("no baked good tagged 'fish'"), "\(baked)")
        // --partial that fills nothing tells a script so.
        let nothing = try cli.runOnStore(["plan", "--fill", "--partial", "--tag", "nosuchtag"])
        #expect(nothing.status == 1 && nothing.stderr.contains("planned 0 meals"), "\(nothing)")
        // A drink at four is no dinner: the fill still fills that day's dinner.
        #expect(try cli.runOnStore(["plan", "Lemonade", "tue 16:00"]).status == 0)
        let tuesday = lines(try cli.runOnStore(["plan", "--fill", "--dry-run", "--from", "tue", "--days", "1", "--format", "plain"]))
        #expect(tuesday.count == 1 && tuesday[0][2] == "2026-12-01T18:00:00Z", "\(tuesday)")
        // Nor is it rerolled with the dinner; a locked dish of the meal stays, the other goes.
        #expect(try cli.runOnStore(["plan", "Chili", "tue dinner"]).status == 0)
        #expect(try cli.runOnStore(["plan", "Mussels", "tue dinner", "--lock", "--servings", "6"]).status == 0)
        let reroll = try cli.runOnStore(["plan", "--reroll", "tue"])
        #expect(reroll.status == 0 && reroll.stderr == "recipes: Chili no longer planned for Tue 2026-12-01 dinner\n", "\(reroll)")
        let day = lines(try cli.runOnStore(["plan", "--from", "tue", "--days", "1", "--format", "plain"]))
        #expect(day.count == 3 && day.contains { $0[2] == "Lemonade" } && day.contains { $0[2] == "Mussels" && $0.last == "locked" }, "\(day)")
    }

    @Test func suggestRanksForTonight() throws {
        let result = try cli.runOnStore(["suggest", "--format", "plain", "-n", "3"])
        #expect(result.status == 0 && lines(result).count == 3, "\(result)")
        #expect(lines(result).allSatisfy { $0[2] == "2026-11-30T18:00:00Z" && $0[3] == "dinner" })
        let vegetarian = lines(try cli.runOnStore(["suggest", "--tag", "vegetarian", "--format", "plain", "-n", "10"]))
        #expect(Set(vegetarian.map { $0[1] }) == ["Lentil soup", "Spinach omelette", "Mushroom risotto", "Chickpea curry"], "\(vegetarian)")
        let json = try cli.runOnStore(["suggest", "--format", "json", "-n", "1", "--max-time", "20m"])
        let first = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])?.first, "\(json)")
        #expect(["Fish tacos", "Spinach omelette"].contains(first["name"] as? String ?? ""), "\(json)")
        let none = try cli.runOnStore(["suggest", "--tag", "nosuchtag"])
        #expect(none.status == 1 && none.stderr == "recipes: error: Mon 2026-11-30 dinner: no dish tagged 'nosuchtag'\n", "\(none)")
        // After dinner is over, tomorrow's.
        let late = RecipesProcess(now: "2026-11-30T21:00:00Z")
        let tomorrow = try late.run(["--store", cli.store.path, "suggest", "--format", "plain", "-n", "1"])
        #expect(lines(tomorrow).first?[2] == "2026-12-01T18:00:00Z", "\(tomorrow)")
    }
}
