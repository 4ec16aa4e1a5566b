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
        // A full stop that ends the sentence is no part of the unit (found by a user trial).
        ("Rest 30 sec.", 30, nil, "30 sec"), ("Dejar reposar 1 hora. Servir.", 3_600, nil, "1 hora"), ("1 Std. ziehen lassen", 3_600, nil, "1 Std."),
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
        let archive = RepositoryFiles.url("SampleData/recipes.json")
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

    /// Recipe pages in five languages, in the shapes sites publish them (Fixtures/cook-mode),
    /// imported into a store as `recipes import` imports them and read back: their steps,
    /// each step's timers, and the ingredient lines each step uses, pinned.
    @Test(arguments: [
        ("beef-stew.html", [
            ("Brown the beef: Pat the beef dry and season it with salt and pepper.", [] as [[Int]], [0, 6]),
            ("Brown the beef in batches in the hot oil, 3-4 minutes a side.", [[180, 240]], [0, 1]),
            ("Braise: Add the onions and carrots and cook for 10 minutes, stirring.", [[600]], [2, 3]),
            ("Pour in the stock and the wine, cover and simmer for 1 1/2 to 2 hours, until tender.", [[5_400, 7_200]], [4, 5]),
            ("Let it rest 10 min before serving.", [[600]], []),
        ]),
        ("kartoffelsuppe.html", [
            ("Die Kartoffeln schälen und würfeln.", [], [0]),
            ("Die Zwiebel fein hacken und in der Butter 5 Minuten glasig dünsten.", [[300]], [1, 2]),
            ("Kartoffeln und Brühe zugeben und zugedeckt 20-25 Minuten köcheln lassen.", [[1_200, 1_500]], [0, 3]),
            ("Die Suppe pürieren, mit Salz und Muskatnuss abschmecken und 1 Std. ziehen lassen.", [[3_600]], [4, 5]),
        ]),
        ("boeuf-bourguignon.html", [
            ("Faire revenir les lardons 5 min dans une cocotte.", [[300]], [1]),
            ("Ajouter le bœuf et les oignons, puis les faire dorer 10 à 12 minutes.", [[600, 720]], [0, 2]),
            ("Saupoudrer de farine, mouiller avec le vin, ajouter le bouquet garni.", [], [3, 4, 5]),
            ("Couvrir et laisser mijoter 2 h 30 à feu doux.", [[9_000]], []),
        ]),
        ("arroz-con-leche.html", [
            ("Lavar el arroz con agua fría.", [], [0]),
            ("Calentar la leche con la canela y la piel de limón hasta que hierva.", [], [1, 3, 4]),
            ("Añadir el arroz y cocer a fuego lento durante 40 minutos, removiendo a menudo.", [[2_400]], [0]),
            ("Incorporar el azúcar, cocer 5 minutos más y dejar reposar 1 hora.", [[300], [3_600]], [2]),
        ]),
        ("pasta-al-limone.html", [
            // Spaghetti is a pasta: "la pasta" is the spaghetti.
            ("Cuocere gli spaghetti in acqua salata per 8-10 minuti.", [[480, 600]], [0]),
            ("Nel frattempo sciogliere il burro in padella con la scorza del limone per 2 minuti.", [[120]], [1, 2]),
            ("Scolare la pasta, mantecare con il parmigiano e il succo del limone per 30 secondi e servire con il pepe.", [[30]], [0, 1, 3, 4]),
        ]),
    ] as [(String, [(String, [[Int]], [Int])])])
    func importedPagesStepsTimersAndIngredients(page: String, expected: [(String, [[Int]], [Int])]) throws {
        let url = RepositoryFiles.fixture("cook-mode/\(page)")
        let imported = try SchemaOrgImport(html: String(decoding: FileContents.read(url.path), as: UTF8.self))
        let temporary = TemporaryStore()
        _ = try temporary.store.importArchive(RecipeArchive(recipes: imported.recipes))
        let recipe = try #require(try ModelContext(temporary.store).fetch(FetchDescriptor<Recipe>()).first)
        let steps = CookingSteps.steps(of: recipe.instructions)
        #expect(steps.map(\.text) == expected.map(\.0), "\(page)")
        let timers = steps.map { $0.timers.map { [$0.seconds] + ($0.upToSeconds.map { [$0] } ?? []) } }
        #expect(timers == expected.map(\.1), "\(page)")
        let names = recipe.ingredients.map(\.name)
        let uses = steps.map { CookingSteps.ingredients(usedBy: $0.text, names: names, vocabulary: .builtIn) }
        #expect(uses == expected.map(\.2), "\(page): \(names)")
    }

    @Test func aStepUsesTheLinesItNamesInAnyWordingOfThem() {
        let names = ["", "250 g plain flour", "3 large eggs, beaten", "gochujang paste", "1 shallot (finely chopped)", "olive oil"]
        #expect(CookingSteps.ingredients(usedBy: "Whisk the eggs into the flour.", names: names) == [1, 2])
        // An ingredient the vocabulary does not know, by its name's word; the shallots, plural.
        #expect(CookingSteps.ingredients(usedBy: "Stir in the gochujang and the shallots.", names: names) == [3, 4])
        // Another language's name of the same ingredient.
        #expect(CookingSteps.ingredients(usedBy: "Die Eier mit dem Mehl verrühren.", names: names) == [1, 2])
        // "eggplant" is no egg, a heading (an empty name) no line, and "oil" is the olive oil.
        #expect(CookingSteps.ingredients(usedBy: "Fry the eggplant in the oil. For the dough", names: names) == [5])
    }

    /// After hours, a number is minutes ("2 h 30 à feu doux") unless a measure follows it.
    @Test func minutesAfterHoursUnlessAMeasureFollows() {
        #expect(CookingSteps.timers(in: "laisser mijoter 2 h 30 à feu doux").map(\.seconds) == [9_000])
        #expect(CookingSteps.timers(in: "Rest 1 h 30 g sugar on top").map(\.seconds) == [3_600])
        #expect(CookingSteps.timers(in: "Rest 1 h 30 °C").map(\.seconds) == [3_600])
    }
}
