import Foundation
import Recipes
import Testing

/// `recipes next` in every format, compared exactly, including names built to break bars.
@Suite struct NextCommandTests {
    /// Now is Monday 2026-11-30 09:30 UTC.
    func cli(planned: String?, name: String = "Mom's Spaghetti", kind: RecipeVariety = .dish) throws -> RecipesProcess {
        let cli = RecipesProcess()
        let date = planned.map(RecipesProcess.date)
        let ingredients = [Ingredient(name: "Spaghetti", amount: "1 box"), Ingredient(name: "Garlic", amount: "4 cloves")]
        let recipe: Recipe = switch kind {
        case .dish: Recipe(name: name, summary: "A family classic", plannedDate: date, ingredients: ingredients)
        case .bakedGood: BakedGood(name: name, summary: "A family classic", plannedDate: date, ingredients: ingredients)
        case .beverage: Beverage(name: name, summary: "A family classic", plannedDate: date, ingredients: ingredients)
        }
        try cli.seed([recipe, Recipe(name: "Past dinner", plannedDate: RecipesProcess.date("2026-11-29T18:00:00Z"))])
        return cli
    }

    static let imminentCases: [(String, String, Int32)] = [
        ("plain", "Mom's Spaghetti · 10:00 (in 30m)\n", 0),
        ("waybar", #"{"text":"Mom's Spaghetti · 10:00 (in 30m)","tooltip":"Mom's Spaghetti — Mon 2026-11-30 10:00\nA family classic\n\n• 1 box Spaghetti\n• 4 cloves Garlic","class":"imminent","alt":"dish"}"# + "\n", 0),
        ("i3blocks", "Mom's Spaghetti · 10:00 (in 30m)\nMom's Spaghetti\n#FF5555\n", 33),
        ("polybar", "%{F#FF5555}Mom's Spaghetti · 10:00 (in 30m)%{F-}\n", 0),
        ("tmux", "#[fg=white,bg=red,bold]Mom's Spaghetti · 10:00 (in 30m)#[default]\n", 0),
        ("i3status-rust", #"{"icon":"","state":"Critical","text":"Mom's Spaghetti · 10:00 (in 30m)","short_text":"Mom's Spaghetti"}"# + "\n", 0),
    ]

    @Test(arguments: imminentCases)
    func imminentRecipeInEachFormat(format: String, expected: String, status: Int32) throws {
        let cli = try cli(planned: "2026-11-30T10:00:00Z")
        let result = try cli.runOnStore(["next", "--format", format])
        #expect(result == .init(stdout: expected, stderr: "", status: status))
    }

    @Test(arguments: [
        ("2026-11-30T18:00:00Z", "Mom's Spaghetti · 18:00 (in 8h 30m)", "today", "#FFB86C", "Warning", "#[fg=black,bg=yellow]"),
        ("2026-12-01T18:00:00Z", "Mom's Spaghetti · tomorrow 18:00", "upcoming", "#8BE9FD", "Info", ""),
        ("2026-12-04T18:00:00Z", "Mom's Spaghetti · Fri 18:00", "upcoming", "#8BE9FD", "Info", ""),
        ("2026-12-24T18:00:00Z", "Mom's Spaghetti · Dec 24 18:00", "upcoming", "#8BE9FD", "Info", ""),
        ("2027-01-05T18:00:00Z", "Mom's Spaghetti · Jan 5 2027 18:00", "upcoming", "#8BE9FD", "Info", ""),
    ])
    func whenAndClassFollowTheDistance(planned: String, text: String, urgency: String, colour: String, state: String, tmux: String) throws {
        let cli = try cli(planned: planned)
        #expect(try cli.runOnStore(["next"]).stdout == text + "\n")
        #expect(try cli.runOnStore(["next", "--format", "waybar"]).stdout.contains(#""class":"\#(urgency)""#))
        let blocks = try cli.runOnStore(["next", "--format", "i3blocks"])
        #expect(blocks == .init(stdout: "\(text)\nMom's Spaghetti\n\(colour)\n", stderr: "", status: 0))
        #expect(try cli.runOnStore(["next", "--format", "i3status-rust"]).stdout.contains(#""state":"\#(state)""#))
        // Upcoming keeps the bar's own colours.
        #expect(try cli.runOnStore(["next", "--format", "tmux"]).stdout == (tmux.isEmpty ? text : "\(tmux)\(text)#[default]") + "\n")
    }

    @Test func localTimeFollowsTZ() throws {
        let cli = try cli(planned: "2026-11-30T23:30:00Z")
        cli.environment["TZ"] = "America/New_York"
        #expect(try cli.runOnStore(["next"]).stdout == "Mom's Spaghetti · 18:30 (in 14h 0m)\n")
        cli.environment["TZ"] = "Asia/Tokyo"
        #expect(try cli.runOnStore(["next"]).stdout == "Mom's Spaghetti · tomorrow 08:30\n")
    }

    static let nothingPlanned: [(String, String, Int32)] = [
        ("plain", "", 1),
        ("json", "", 1),
        // An empty line, not {"text":""}: waybar before 0.11 keeps the format's icon for an
        // empty text and hides the module only for an empty line.
        ("waybar", "\n", 0),
        ("i3blocks", "\n", 0),
        ("polybar", "\n", 0),
        ("tmux", "\n", 0),
        ("i3status-rust", #"{"icon":"","state":"Idle","text":"","short_text":""}"# + "\n", 0),
    ]

    @Test(arguments: nothingPlanned)
    func nothingPlannedHidesBarsAndFailsForScripts(format: String, expected: String, status: Int32) throws {
        let cli = try cli(planned: nil)
        #expect(try cli.runOnStore(["next", "--format", format]) == .init(stdout: expected, stderr: "", status: status))
    }

    @Test func withinTurnsAFarRecipeIntoNothing() throws {
        let cli = try cli(planned: "2026-11-30T10:00:00Z")
        #expect(try cli.runOnStore(["next", "--within", "30m"]).stdout == "Mom's Spaghetti · 10:00 (in 30m)\n")
        #expect(try cli.runOnStore(["next", "--within", "29m"]) == .init(stdout: "", stderr: "", status: 1))
        #expect(try cli.runOnStore(["next", "--within", "1h30m", "--format", "waybar"]).stdout.contains("imminent"))
    }

    @Test func kindFiltersTheNextRecipe() throws {
        let cli = try cli(planned: "2026-11-30T12:00:00Z", name: "Cocoa", kind: .beverage)
        try cli.seed([BakedGood(name: "Bread", plannedDate: RecipesProcess.date("2026-11-30T11:00:00Z"))])
        #expect(try cli.runOnStore(["next"]).stdout == "Bread · 11:00 (in 1h 30m)\n")
        #expect(try cli.runOnStore(["next", "--kind", "beverage"]).stdout == "Cocoa · 12:00 (in 2h 30m)\n")
        #expect(try cli.runOnStore(["next", "--kind", "baked", "--format", "waybar"]).stdout.contains(#""alt":"baked""#))
    }

    @Test func jsonCarriesTheFullRecordAndStartsIn() throws {
        let cli = try cli(planned: "2026-11-30T10:00:00Z")
        let result = try cli.runOnStore(["next", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["name"] as? String == "Mom's Spaghetti")
        #expect(object["startsIn"] as? Int == 1800)
        #expect(object["class"] as? String == "imminent")
        #expect(object["planned"] as? String == "2026-11-30T10:00:00Z")
        #expect((object["ingredients"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Spaghetti", "Garlic"])
    }

    /// tmux cuts status-right at 40 columns by default: the name is shortened (counting wide
    /// characters as two columns), never the time, and `#` is doubled after shortening.
    @Test(arguments: [
        ("#[fg=red]#1 Pie", "##[fg=red]##1 Pie · 10:00 (in 30m)"),
        ("Pie with a name of exactly forty", "Pie with a name of exa… · 10:00 (in 30m)"),
        ("寿司と天ぷらの盛り合わせ特別セット", "寿司と天ぷらの盛り合わ… · 10:00 (in 30m)"),
        ("Twenty-two characters # and more", "Twenty-two characters… · 10:00 (in 30m)"),
    ])
    func tmuxShortensTheNameToFortyColumns(name: String, text: String) throws {
        let cli = try cli(planned: "2026-11-30T10:00:00Z", name: name)
        #expect(try cli.runOnStore(["next", "--format", "tmux"]).stdout == "#[fg=white,bg=red,bold]\(text)#[default]\n")
    }

    /// Names that try to break out of a line, inject markup, or reach the terminal.
    static let hostileName = "Fish & <b>Chips</b> 100%{F#f00} #[fg=red]#1 \"quoted\"\nsecond line 🍟\u{1B}[31m red\u{202E}evil"

    @Test func hostileNamesStayOnOneLineAndInjectNothing() throws {
        let cli = try cli(planned: "2026-11-30T10:00:00Z", name: Self.hostileName)
        let clean = "Fish & <b>Chips</b> 100%{F#f00} #[fg=red]#1 \"quoted\" second line 🍟 redevil"
        #expect(try cli.runOnStore(["next"]).stdout == "\(clean) · 10:00 (in 30m)\n")
        let waybar = try cli.runOnStore(["next", "--format", "waybar"]).stdout
        #expect(waybar.filter { $0 == "\n" }.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(waybar.utf8)) as? [String: String])
        #expect(object["text"] == "Fish &amp; &lt;b&gt;Chips&lt;/b&gt; 100%{F#f00} #[fg=red]#1 \"quoted\" second line 🍟 redevil · 10:00 (in 30m)")
        let polybar = try cli.runOnStore(["next", "--format", "polybar"]).stdout
        #expect(polybar == "%{F#FF5555}Fish & <b>Chips</b> 100%\u{2060}{F#f00} #[fg=red]#1 \"quoted\" second line 🍟 redevil · 10:00 (in 30m)%{F-}\n")
        let tmux = try cli.runOnStore(["next", "--format", "tmux"]).stdout
        #expect(tmux == "#[fg=white,bg=red,bold]Fish & <b>Chips</b> 10… · 10:00 (in 30m)#[default]\n")
        let blocks = try cli.runOnStore(["next", "--format", "i3blocks"]).stdout
        #expect(blocks.split(separator: "\n", omittingEmptySubsequences: false).count == 4)
        for format in NextCommandTests.imminentCases.map(\.0) + ["json"] {
            let output = try cli.runOnStore(["next", "--format", format]).stdout
            #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" }, "\(format)")
        }
    }
}

/// Search output obeys the same rule: one recipe, one line, no escapes reaching the terminal.
@Suite struct SearchOutputSafetyTests {
    @Test(arguments: ["plain", "table", "json"])
    func hostileNamesStayOnOneLine(format: String) throws {
        let cli = RecipesProcess()
        try cli.seed([Recipe(name: NextCommandTests.hostileName), Recipe(name: "Plain\tname\r\nwith breaks")])
        let output = try cli.runOnStore(["search", "--format", format]).stdout
        #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\r" })
        if format != "json" {
            #expect(output.split(separator: "\n").count == (format == "table" ? 3 : 2))
        } else {
            let array = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
            #expect(Set(array.compactMap { $0["name"] as? String }) == [NextCommandTests.hostileName, "Plain\tname\r\nwith breaks"])
        }
    }
}

/// `--format notify` and `--every`, the cron side of `recipes next`.
@Suite struct NotifyFormatTests {
    /// Now is Monday 2026-11-30 09:30 UTC.
    func cli(_ plans: [(String, String)]) throws -> RecipesProcess {
        let cli = RecipesProcess()
        try cli.seed(plans.map { Recipe(name: $0.0, plannedDate: RecipesProcess.date("2026-11-30T\($0.1):00Z")) })
        return cli
    }

    /// Notification bodies are markup to most daemons: a name from a web page must not bold,
    /// link or hide anything.
    @Test func notifyEscapesTheBodyMarkup() throws {
        let cli = try cli([(#"<b>Pie</b> & <a href="x">tart</a>"#, "10:00")])
        #expect(try cli.runOnStore(["next", "--format", "notify"]) == .init(
            stdout: #"&lt;b&gt;Pie&lt;/b&gt; &amp; &lt;a href="x"&gt;tart&lt;/a&gt; · 10:00 (in 30m)"# + "\n", stderr: "", status: 0))
        #expect(try cli.runOnStore(["next", "--format", "notify", "--within", "10m"]) == .init(stdout: "", stderr: "", status: 1))
    }

    /// `--every` names the cron period: a recipe is printed by the one run that sees it come
    /// within --within, and every recipe of that period is printed, one a line.
    @Test func everyPrintsEachRecipeOfThePeriodOnce() throws {
        let cli = try cli([("Soup", "10:00"), ("Bread", "10:04"), ("Tea", "10:05")])
        let run = { (now: String) in
            cli.environment["RECIPES_NOW"] = "2026-11-30T\(now):00Z"
            return try cli.runOnStore(["next", "--within", "30m", "--every", "5m"])
        }
        #expect(try run("09:25") == .init(stdout: "", stderr: "", status: 1))
        #expect(try run("09:30") == .init(stdout: "Soup · 10:00 (in 30m)\n", stderr: "", status: 0))
        #expect(try run("09:35") == .init(stdout: "Bread · 10:04 (in 29m)\nTea · 10:05 (in 30m)\n", stderr: "", status: 0))
        #expect(try run("09:40") == .init(stdout: "", stderr: "", status: 1))
    }

    @Test(arguments: [
        (["--every", "5m"], "--every needs --within (the notice's lead time)"),
        (["--every", "5m", "--within", "30m", "--follow"], "--every is for cron and cannot be used with --follow"),
        (["--every", "5m", "--within", "30m", "--format", "waybar"], "--every is for cron: use it with --format plain, notify or json"),
        (["--every", "40m", "--within", "30m"], "--every must not be longer than --within"),
    ])
    func everyMisusedIsAUsageError(arguments: [String], message: String) throws {
        let result = try cli([]).runOnStore(["next"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("recipes: error: \(message)"), "\(result)")
    }
}
