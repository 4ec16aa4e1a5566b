import Foundation
import Recipes
import Testing

/// `recipes pantry` and `search --can-cook` through the binary (issue 37): items by
/// ingredient in any language, bad input that changes nothing, the matching traps a cook
/// would never fall into, and a pantry shared by two machines through a sync folder.
@Suite struct PantryCommandTests {
    /// Recipes in English and German with the traps of the issue: a general pantry item for
    /// a specific line, black pepper for bell peppers, beef for beef stock, butter for peanut
    /// butter, an optional line, water, "A or B".
    static func kitchen() throws -> RecipesProcess {
        let cli = RecipesProcess()
        for recipe in [
            ["Omelette", "3 Eier", "Salz", "Pfeffer", "1 EL Butter", "Schnittlauch (optional)"],
            ["Cheese toast", "2 slices bread", "50 g cheddar"],
            ["Onion soup", "2 red onions", "1 l beef stock", "1 l water"],
            ["Pancakes", "1 cup flour", "1 cup milk", "2 eggs", "butter or margarine"],
            ["Stuffed peppers", "4 bell peppers", "200 g rice"],
            ["Peanut noodles", "2 tbsp peanut butter", "200 g noodles"],
            ["Sour cream dip", "200 g sour cream", "1 clove garlic"],
        ] {
            let result = try cli.runOnStore(["add", recipe[0]] + recipe.dropFirst().flatMap { ["-i", $0] })
            #expect(result.status == 0, "\(result)")
        }
        let added = try cli.runOnStore(["pantry", "add", "Eggs", "salt", "black pepper", "Butter", "bread", "cheese", "onion", "beef",
                                        "500 g flour", "Milch", "margarine", "cream", "garlic"])
        #expect(added.status == 0, "\(added)")
        return cli
    }

    @Test func whatThePantryCanCook() throws {
        let cli = try Self.kitchen()
        let exact = try cli.runOnStore(["search", "--can-cook", "--format", "plain"])
        #expect(exact.status == 0)
        #expect(exact.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false)[2] } == ["Omelette", "Pancakes"])
        let json = try cli.runOnStore(["search", "--missing", "2", "--format", "json"])
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let missing = Dictionary(uniqueKeysWithValues: listed.map { ($0["name"] as! String, $0["missing"] as! [String]) })
        #expect(missing == [
            "Omelette": [], "Pancakes": [],
            "Cheese toast": ["cheddar"],
            "Sour cream dip": ["sour cream"],
            "Onion soup": ["red onion", "beef stock"],
            "Stuffed peppers": ["bell pepper", "rice"],
            "Peanut noodles": ["peanut butter", "noodle"],
        ], "\(json.stdout)")
        // Fewest missing first.
        #expect(listed.map { ($0["missing"] as! [String]).count } == listed.map { ($0["missing"] as! [String]).count }.sorted())
        // With the other filters: words, and a limit after the order.
        let words = try cli.runOnStore(["search", "toast", "--missing", "1", "--format", "plain"])
        #expect(words.stdout.contains("\tCheese toast\t") && !words.stdout.contains("Omelette"), "\(words.stdout)")
        let limited = try cli.runOnStore(["search", "--missing", "2", "--limit", "1", "--format", "plain"])
        #expect(limited.stdout.split(separator: "\n").count == 1 && limited.stdout.contains("\t0\t"), "\(limited.stdout)")
        // A more specific item does for a general line: cheddar for "cheese", a red onion for "onion".
        #expect(try cli.runOnStore(["pantry", "add", "Cheddar"]).status == 0)
        let after = try cli.runOnStore(["search", "--can-cook", "--format", "plain"])
        #expect(after.stdout.contains("\tCheese toast\t"), "\(after.stdout)")
    }

    /// What must be used soon ranks first among recipes missing as many; `show --pantry`
    /// marks each line.
    @Test func useSoonRanksFirstAndShowMarksTheLines() throws {
        let cli = try Self.kitchen()
        #expect(try cli.runOnStore(["add", "Spinach eggs", "-i", "2 eggs", "-i", "200 g Spinat"]).status == 0)
        let before = try cli.runOnStore(["search", "--can-cook", "--format", "plain"]).stdout
        #expect(!before.contains("Spinach eggs"))
        #expect(try cli.runOnStore(["pantry", "add", "spinach", "--until", "tomorrow"]).status == 0)
        let ranked = try cli.runOnStore(["search", "--can-cook", "--format", "plain"]).stdout
        #expect(ranked.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false)[2] } == ["Spinach eggs", "Omelette", "Pancakes"],
                "\(ranked)")
        let show = try cli.runOnStore(["show", "Omelette", "--pantry"]).stdout
        let lines = show.split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(lines.count == 5 && lines.prefix(4).allSatisfy { $0.hasSuffix("  ✓ have") } && lines[4].hasSuffix("Schnittlauch (optional)  (optional)"),
                "\(show)")
        let toast = try cli.runOnStore(["show", "Cheese toast", "--pantry"]).stdout
        #expect(toast.contains("✗ missing") && toast.contains("✓ have"), "\(toast)")
        #expect(try cli.runOnStore(["show", "Omelette", "--pantry", "--format", "json"]).status == 64)
    }

    /// `next --use-by` names what must be used soon after the meal, for a reminder; only
    /// when asked, and never for a bar.
    @Test func nextRemindsWhatToUseSoon() throws {
        let cli = RecipesProcess()
        #expect(try cli.runOnStore(["add", "Soup", "-i", "2 leeks", "--plan", "today 18:00"]).status == 0)
        #expect(try cli.runOnStore(["pantry", "add", "cream", "--until", "today"]).status == 0)
        #expect(try cli.runOnStore(["pantry", "add", "spinach", "--until", "tomorrow"]).status == 0)
        #expect(try cli.runOnStore(["pantry", "add", "Honig", "--until", "fri"]).status == 0)
        #expect(try cli.runOnStore(["next"]).stdout == "Soup · 18:00 (in 8h 30m)\n")
        #expect(try cli.runOnStore(["next", "--use-by"]).stdout == "Soup · 18:00 (in 8h 30m)\nuse by today: cream · use by tomorrow: spinach\n")
        let notify = try cli.runOnStore(["next", "--format", "notify", "--use-by", "--within", "8h32m", "--every", "5m"]).stdout
        #expect(notify.hasSuffix("use by today: cream · use by tomorrow: spinach\n"), "\(notify)")
        #expect(try cli.runOnStore(["next", "--format", "waybar", "--use-by"]).status == 64)
    }

    @Test func itemsAreKeptByIngredientInAnyLanguage() throws {
        let cli = RecipesProcess()
        #expect(try cli.runOnStore(["pantry", "add", "eggs", "500 g flour"]).stdout == "added eggs, flour · 500 g\n")
        // More of an item keeps the name it was first given.
        #expect(try cli.runOnStore(["pantry", "add", "Eier", "250 g Mehl"]).stdout == "added eggs, flour · 750 g\n")
        #expect(try cli.runOnStore(["pantry", "add", "spinach", "--until", "tomorrow"]).stdout == "added spinach · use by 2026-12-01\n")
        #expect(try cli.runOnStore(["pantry", "add", "2 jars honey", "--until", "2026-12-24"]).status == 0)
        let listed = try cli.runOnStore(["pantry"])
        #expect(listed.stdout == """
            Use soon
              spinach · use by 2026-12-01

            Dairy and eggs
              eggs

            Baking
              flour · 750 g
              honey · 2 jars · use by 2026-12-24

            """, "\(listed.stdout)")
        let json = try cli.runOnStore(["pantry", "--format", "json"]).stdout
        #expect(json.contains(#""identity":"all-purpose flour","aisle":"baking","amount":"750 g","quantity":750.0,"dimension":"mass","useBy":null"#), "\(json)")
        #expect(try cli.runOnStore(["pantry", "remove", "100 g Mehl"]).stdout == "flour · 650 g left\n")
        #expect(try cli.runOnStore(["pantry", "remove", "Eier", "Spinat"]).stdout == "removed eggs, spinach\n")
        #expect(try cli.runOnStore(["pantry", "clear"]).stdout == "removed 2 items\n")
        let empty = try cli.runOnStore(["pantry"])
        #expect(empty.status == 1)
    }

    @Test(arguments: [
        (["pantry", "add", ""], "an item needs a name"),
        (["pantry", "add", "500 g"], "has an amount but no ingredient"),
        (["pantry", "add", "salt and pepper"], "names 2 ingredients"),
        (["pantry", "add", "eggs", "--until", "someday"], "--until"),
        (["pantry", "add", "2 jars flour"], "does not add to the 500 g of flour held"),
        (["pantry", "add"], "missing <item>"),
        (["pantry", "eat", "eggs"], "not a valid pantry action"),
        (["pantry", "remove", "caviar"], "the pantry holds no caviar"),
        (["pantry", "list", "--until", "fri"], "--until needs pantry add"),
        (["search", "--missing", "-1"], "--missing"),
    ])
    func badInputIsOneLineAndChangesNothing(arguments: [String], message: String) throws {
        let cli = RecipesProcess()
        #expect(try cli.runOnStore(["pantry", "add", "500 g flour", "eggs"]).status == 0)
        let before = try cli.storeBytes()
        let result = try cli.runOnStore(arguments)
        // Usage errors exit 64, bad items 2, an item the pantry does not hold 1.
        let status: Int32 = message.hasPrefix("the pantry holds no") ? 1 : ["missing <item>", "not a valid pantry action", "--until needs pantry add", "--missing"].contains(message) ? 64 : 2
        #expect(result.status == status, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains(message), "\(result.stderr)")
        #expect(try cli.storeBytes() == before)
    }

    /// The week's shopping less the pantry, what was bought put in it, and cooking taking
    /// from it, through the binary.
    @Test func shoppingBuyingAndCookingKeepThePantry() throws {
        let cli = RecipesProcess()
        #expect(try cli.runOnStore(["add", "Bread", "-i", "750 g flour", "-i", "2 tsp salt", "-i", "3 eggs", "--plan", "tomorrow"]).status == 0)
        #expect(try cli.runOnStore(["pantry", "add", "500 g flour", "salt"]).status == 0)
        let shopping = try cli.runOnStore(["shopping", "--format", "json"]).stdout
        #expect(shopping.contains(#""text":"250 g""#) && shopping.contains(#""name":"eggs""#) && !shopping.contains("salt"), "\(shopping)")
        #expect(try cli.runOnStore(["shopping", "--bought", "6 eggs", "250 g flour"]).stdout == "added eggs · 6, flour · 750 g\n")
        #expect(try cli.runOnStore(["shopping"]).status == 1)
        #expect(try cli.runOnStore(["shopping", "eggs"]).status == 64)
        let cooked = try cli.runOnStore(["cooked", "Bread"]).stdout
        #expect(cooked.hasSuffix("\npantry: eggs 6 → 3, flour used up\n") || cooked.hasSuffix("\npantry: flour used up, eggs 6 → 3\n"), "\(cooked)")
        let left = try cli.runOnStore(["pantry"]).stdout
        #expect(left == """
            Dairy and eggs
              eggs · 3

            Spices
              salt

            """, "\(left)")
    }

    /// Two machines sharing a sync folder share one kitchen: an item added on one is there on
    /// the other, and one taken out on the other goes on the first.
    @Test func thePantrySyncsThroughAFolder() throws {
        let laptop = RecipesProcess(), desktop = RecipesProcess()
        let folder = laptop.home.appendingPathComponent("Sync")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(try laptop.runOnStore(["pantry", "add", "6 eggs", "spinach"]).status == 0)
        #expect(try desktop.runOnStore(["add", "Toast", "-i", "bread"]).status == 0)
        for cli in [laptop, desktop, laptop] { #expect(try cli.runOnStore(["sync", folder.path]).status == 0) }
        #expect(try desktop.runOnStore(["pantry", "--format", "json"]).stdout.contains(#""name":"eggs","identity":"egg""#))
        #expect(try desktop.runOnStore(["pantry", "remove", "eggs"]).status == 0)
        for cli in [desktop, laptop] { #expect(try cli.runOnStore(["sync", folder.path]).status == 0) }
        let left = try laptop.runOnStore(["pantry", "--format", "json"]).stdout
        #expect(!left.contains("egg") && left.contains("spinach"), "\(left)")
        #expect(try laptop.runOnStore(["search", "--format", "plain"]).stdout.contains("\tToast\t"))
    }

    /// A use-by day is a calendar day on every machine: given in Berlin (or Auckland, 13 hours
    /// ahead of UTC), listed in New York (or Los Angeles) it is the same day, in text and JSON,
    /// and a day a store kept the old way (Berlin's midnight) reads as its day too.
    @Test(arguments: [("Europe/Berlin", "America/New_York"), ("Pacific/Auckland", "America/Los_Angeles"),
                      ("America/Los_Angeles", "Pacific/Auckland"), ("UTC", "Asia/Tokyo")])
    func aUseByDayIsTheSameDayInEveryTimeZone(written: String, read: String) throws {
        let cli = RecipesProcess(now: "2026-12-01T10:00:00Z", timeZone: written)
        #expect(try cli.runOnStore(["pantry", "add", "spinach", "--until", "2026-12-05"]).stdout == "added spinach · use by 2026-12-05\n")
        cli.environment["TZ"] = read
        #expect(try cli.runOnStore(["pantry"]).stdout == "Produce\n  spinach · use by 2026-12-05\n")
        #expect(try cli.runOnStore(["pantry", "--format", "json"]).stdout.contains("\"useBy\":\"2026-12-05\""))
    }

    @Test func aUseByDayKeptAsALocalMidnightReadsAsItsDay() throws {
        let cli = RecipesProcess(now: "2026-12-01T10:00:00Z", timeZone: "America/New_York")
        try cli.seed([])
        // Berlin's midnight starting 2026-12-05, as stores wrote a use-by day before.
        _ = try cli.openStore().addToPantry([PantryItem(identity: "spinach", name: "spinach", useBy: RecipesProcess.date("2026-12-04T23:00:00Z"))])
        #expect(try cli.runOnStore(["pantry"]).stdout == "Produce\n  spinach · use by 2026-12-05\n")
    }

    /// Found by a user trial: `cooked --undo` reopened the meal but kept the pantry as the
    /// meal left it. Undone, what it took is back: into the item still held, as the item
    /// again when it was used up; a second undo of an older record puts back only its own.
    @Test func undoingCookedPutsBackWhatItTook() throws {
        let cli = RecipesProcess()
        #expect(try cli.runOnStore(["add", "Omelette", "-i", "3 eggs", "-i", "100 ml milk", "-i", "salt"]).status == 0)
        #expect(try cli.runOnStore(["pantry", "add", "6 eggs", "100 ml milk", "salt"]).status == 0)
        let cooked = try cli.runOnStore(["cooked", "omelette"])
        #expect(cooked.stdout.hasSuffix("pantry: eggs 6 → 3, milk used up\n"), "\(cooked)")
        let undo = try cli.runOnStore(["cooked", "omelette", "--undo"])
        #expect(undo.status == 0 && undo.stdout.hasSuffix("pantry: eggs 3 → 6, milk back 100 ml\n"), "\(undo)")
        let json = try cli.runOnStore(["pantry", "--format", "json"]).stdout
        #expect(json.contains("\"name\":\"eggs\",\"identity\":\"egg\"") && json.contains("\"quantity\":6"), "\(json)")
        #expect(json.contains("\"identity\":\"milk\"") && json.contains("\"quantity\":100"), "\(json)")
        // Cooked twice (a second batch), then bought more: each undo gives back its own.
        #expect(try cli.runOnStore(["cooked", "omelette", "yesterday"]).status == 0)
        #expect(try cli.runOnStore(["cooked", "omelette"]).status == 0)
        #expect(try cli.runOnStore(["pantry", "add", "6 eggs"]).status == 0)
        #expect(try cli.runOnStore(["cooked", "omelette", "--undo"]).stdout.hasSuffix("pantry: eggs 6 → 9\n"))
        #expect(try cli.runOnStore(["cooked", "omelette", "--undo"]).stdout.hasSuffix("pantry: eggs 9 → 12, milk back 100 ml\n"))
        // Nothing remembered for a record made without the pantry: nothing said of it.
        #expect(try cli.runOnStore(["pantry", "clear"]).status == 0)
        #expect(try cli.runOnStore(["cooked", "omelette"]).status == 0)
        #expect(try cli.runOnStore(["pantry", "add", "2 eggs"]).status == 0)
        #expect(!(try cli.runOnStore(["cooked", "omelette", "--undo"]).stdout.contains("pantry:")))
    }

    /// Found by a user trial: a dinner planned for 6 of a recipe for 4 took the amounts for 4
    /// from the pantry. The planned meal's servings scale it, and --servings says otherwise.
    @Test func cookedTakesForTheServingsCooked() throws {
        let cli = RecipesProcess(now: "2026-11-30T18:30:00Z")
        #expect(try cli.runOnStore(["add", "Omelette", "-i", "4 eggs", "-i", "200 ml milk", "--servings", "4"]).status == 0)
        #expect(try cli.runOnStore(["plan", "omelette", "today 18:00", "--servings", "6"]).status == 0)
        #expect(try cli.runOnStore(["pantry", "add", "12 eggs", "1 l milk"]).status == 0)
        let planned = try cli.runOnStore(["cooked", "omelette"])
        #expect(planned.stdout.hasSuffix("pantry: eggs 12 → 6, milk 1 l → 700 ml\n"), "\(planned)")
        let two = try cli.runOnStore(["cooked", "omelette", "--again", "--servings", "2"])
        #expect(two.stdout.hasSuffix("pantry: eggs 6 → 4, milk 700 ml → 600 ml\n"), "\(two)")
        let bad = try cli.runOnStore(["cooked", "omelette", "--undo", "--servings", "2"])
        #expect(bad.status == 64 && bad.stderr.contains("--undo"), "\(bad)")
    }

    /// Found by a user trial: counts the pantry keeps in cans, cloves and jars were never
    /// taken by cooked nor left off the shopping list; "a dozen eggs" and "a pinch of salt"
    /// were names; "2 gousses d'ail" was "2 gouss" and would not add to cloves.
    @Test func cansClovesJarsAndAmountsInWordsAreCounted() throws {
        let cli = RecipesProcess()
        let added = try cli.runOnStore(["pantry", "add", "3 cans beans", "2 cans (14 oz) chickpeas", "4 cloves garlic", "2 jars honey",
                                        "a pinch of salt", "a dozen eggs"])
        #expect(added.stdout == "added beans · 3 cans, chickpeas · 795 g, garlic · 4 cloves, honey · 2 jars, salt, eggs · 12\n", "\(added)")
        #expect(try cli.runOnStore(["pantry", "add", "2 gousses d'ail", "half a dozen eggs"]).stdout == "added garlic · 6 cloves, eggs · 18\n")
        #expect(try cli.runOnStore(["add", "Beans", "-i", "1 can beans", "-i", "1 can (14 oz) chickpeas", "-i", "2 cloves garlic",
                                    "-i", "2 Knoblauchzehen", "-i", "1 jar honey", "-i", "5 cans tomatoes"]).status == 0)
        #expect(try cli.runOnStore(["plan", "beans", "tue"]).status == 0)
        // What the pantry holds is not bought; what it lacks is.
        let shopping = try cli.runOnStore(["shopping", "--format", "json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(shopping.stdout.utf8)) as? [[String: Any]])
        #expect(items.compactMap { $0["name"] as? String } == ["tomatoes"], "\(shopping)")
        let cooked = try cli.runOnStore(["cooked", "beans"])
        #expect(cooked.stdout.hasSuffix("pantry: beans 3 cans → 2 cans, chickpeas 795 g → 395 g, garlic 6 cloves → 2 cloves, honey 2 jars → 1 jar\n"),
                "\(cooked)")
    }
}
