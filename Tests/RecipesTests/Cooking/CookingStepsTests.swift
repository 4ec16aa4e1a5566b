import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// Steps and timers as cook mode reads them (issue 39): timers in the importers' languages,
/// steps from paragraphs, numbered lines and run-on numbering, on recipes as they are imported.
@Suite struct CookingStepsTests {
    @Test(arguments: [
        ("Bake for 25 minutes.", 1_500, nil as Int?, "25 minutes"),
        ("Simmer 1-2 hours, stirring now and then.", 3_600, 7_200, "1-2 hours"),
        ("Simmer 1 – 2 hours", 3_600, 7_200, "1 – 2 hours"),
        ("10 to 12 minutes until golden", 600, 720, "10 to 12 minutes"),
        ("Die Nudeln 4 Minuten kochen.", 240, nil, "4 Minuten"),
        ("1½ Stunden schmoren", 5_400, nil, "1½ Stunden"),
        ("Cuire 10 à 12 min. à feu doux", 600, 720, "10 à 12 min."),
        ("Laisser reposer 2 heures", 7_200, nil, "2 heures"),
        ("Hornear 30 minutos", 1_800, nil, "30 minutos"),
        ("Cuocere per 2 ore", 7_200, nil, "2 ore"),
        ("Cozinhe por 15 minutos", 900, nil, "15 minutos"),
        ("Laat 5 minuten rusten", 300, nil, "5 minuten"),
        ("Koka i 20 minuter", 1_200, nil, "20 minuter"),
        ("Stek i 1 time", 3_600, nil, "1 time"),
        ("Rest 30 sec", 30, nil, "30 sec"),
        ("Whisk for 30s", 30, nil, "30s"),
        ("Bake 10min", 600, nil, "10min"),
        ("Roast 1 hour 30 minutes", 5_400, nil, "1 hour 30 minutes"),
        ("Braise 1 h 30", 5_400, nil, "1 h 30"),
        ("Braise 1h30", 5_400, nil, "1h30"),
        ("Fry for 1.5 minutes", 90, nil, "1.5 minutes"),
        ("Fry for 1/2 hour", 1_800, nil, "1/2 hour"),
        ("Rise for 1 1/2 hours", 5_400, nil, "1 1/2 hours"),
    ])
    func aTimerIsReadAsTheStepWritesIt(text: String, seconds: Int, upTo: Int?, written: String) {
        let timers = CookingSteps.timers(in: text)
        #expect(timers == [StepTimer(text: written, seconds: seconds, upToSeconds: upTo)], "\(text)")
    }

    @Test(arguments: ["Preheat the oven to 200 °C.", "Add 2 eggs and 1.5 kg flour.", "Serves 4", "Vitamin B12 5 mg", "Cut into 2 cm cubes",
                      "Use 3 times the water", "Bake at 350°F (175°C)"])
    func whatIsNoTimeIsNoTimer(text: String) {
        #expect(CookingSteps.timers(in: text).isEmpty, "\(text)")
    }

    @Test func twoTimersInOneStep() {
        let timers = CookingSteps.timers(in: "Boil for 5 minutes, then simmer 20-25 minutes.")
        #expect(timers.map(\.seconds) == [300, 1_200] && timers[1].upToSeconds == 1_500)
    }

    @Test func paragraphsNumberedLinesAndRunOnNumbersAreSteps() {
        #expect(CookingSteps.steps(of: "Preheat the oven.\n\nMix everything.\n\nBake 25 minutes.").map(\.text)
                == ["Preheat the oven.", "Mix everything.", "Bake 25 minutes."])
        let numbered = CookingSteps.steps(of: "1. Mix the flour\nwith the salt.\n2) Knead 10 minutes.\nStep 3: Rest 1 hour.")
        #expect(numbered.map(\.text) == ["Mix the flour with the salt.", "Knead 10 minutes.", "Rest 1 hour."], "\(numbered)")
        #expect(numbered.map(\.number) == [1, 2, 3] && numbered[1].timers.map(\.seconds) == [600])
        // A site's numbered steps run together in one paragraph.
        #expect(CookingSteps.steps(of: "1. Mix the flour. 2. Add the eggs. 3. Bake for 20 minutes.").map(\.text)
                == ["Mix the flour.", "Add the eggs.", "Bake for 20 minutes."])
        // One sentence a line: a step each; a wrapped paragraph: one step.
        #expect(CookingSteps.steps(of: "Warm the oil.\nAdd the onion.\nSimmer 20 minutes.").count == 3)
        #expect(CookingSteps.steps(of: "Warm the oil in a large pan and\nadd the onion, then simmer\nfor 20 minutes.").count == 1)
        // "2 eggs" at a line's start is no numbering.
        #expect(CookingSteps.numbering(of: "2 eggs, beaten") == nil && CookingSteps.numbering(of: "1.5 kg flour") == nil)
    }

    @Test func aHeadingLeadsTheStepAfterIt() {
        let steps = CookingSteps.steps(of: "For the sauce:\nMelt the butter.\nWhisk in the flour.\n\nFor the pasta:\n\nBoil 9 minutes.")
        #expect(steps.map(\.text) == ["For the sauce: Melt the butter.", "Whisk in the flour.", "For the pasta: Boil 9 minutes."], "\(steps)")
    }

    @Test func aLongParagraphIsCutAtSentenceEnds() {
        let sentence = "Stir the sauce gently with a wooden spoon so that it does not catch on the bottom of the pan."
        let paragraph = Array(repeating: sentence, count: 8).joined(separator: " ") + " Bake approx. 5 minutes."
        let steps = CookingSteps.steps(of: paragraph)
        #expect(steps.count > 1 && steps.allSatisfy { $0.text.count <= CookingSteps.longestStep }, "\(steps.map(\.text.count))")
        #expect(steps.map(\.text).joined(separator: " ") == paragraph)
        #expect(steps.last?.timers.map(\.seconds) == [300])
    }

    /// The Cooklang specification's timers, imported as every .cook file is: each one with a
    /// unit of time is found in the imported step, at its value.
    @Test func cooklangTimersAsImported() throws {
        var checked = 0
        for (name, source, result) in try CooklangCanonicalTests.cases() where source.contains("~") {
            let expected = (result["steps"] as? [[[String: Any]]] ?? []).flatMap { $0 }.filter { $0["type"] as? String == "timer" }
            let withUnits = expected.compactMap { item -> Int? in
                guard let units = item["units"] as? String, let unit = ["minutes": 60.0, "minute": 60, "hour": 3_600, "hours": 3_600, "seconds": 1][units],
                      let quantity = item["quantity"] as? NSNumber else { return nil }
                return Int((quantity.doubleValue * unit).rounded())
            }
            guard !withUnits.isEmpty else { continue }
            let instructions = CooklangRecipe(parsing: source).makeRecipe(fallbackTitle: name).instructions ?? ""
            let found = CookingSteps.steps(of: instructions).flatMap(\.timers).map(\.seconds)
            #expect(found == withUnits, "\(name): \(instructions)")
            checked += 1
        }
        #expect(checked >= 4)
    }

    /// The sample recipes' instructions: a recipe of three lines is three steps, a run-on
    /// paragraph one, and only the times they name are timers.
    @Test func theSampleRecipesSteps() throws {
        let archive = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("SampleData/recipes.json")
        let object = try JSONSerialization.jsonObject(with: FileContents.read(archive.path)) as? [String: Any]
        let recipes = try #require(object?["recipes"] as? [[String: Any]])
        let instructions = Dictionary(uniqueKeysWithValues: recipes.map { ($0["name"] as? String ?? "", $0["instructions"] as? String ?? "") })
        let spaghetti = CookingSteps.steps(of: try #require(instructions["Mom's Spaghetti"]))
        #expect(spaghetti.count == 3 && spaghetti.flatMap(\.timers).map(\.seconds) == [1_200], "\(spaghetti)")
        let ratatouille = CookingSteps.steps(of: try #require(instructions["Ratatouille niçoise"]))
        #expect(ratatouille.count == 1 && ratatouille[0].timers.map(\.text) == ["30 minutes"])
        let timers = recipes.flatMap { CookingSteps.steps(of: $0["instructions"] as? String ?? "").flatMap(\.timers) }
        #expect(timers.count == 2, "\(timers)")
    }
}
