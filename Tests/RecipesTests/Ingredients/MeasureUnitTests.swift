import Testing
@testable import RecipesCore

/// The units table and conversions, as recipes in the languages read write their units.
struct MeasureUnitTests {
    @Test(arguments: [
        ("tbsp", 15.0), ("Tbsp.", 15), ("tablespoons", 15), ("EL", 15), ("Esslöffel", 15), ("c. à s.", 15), ("c.à.s", 15),
        ("cuillères à soupe", 15), ("cucharada", 15), ("cdas", 15), ("cucchiai", 15), ("colheres de sopa", 15), ("eetlepels", 15),
        ("msk", 15), ("ss", 15), ("tsp", 5), ("TL", 5), ("c.à.c", 5), ("cuillère à café", 5), ("cucharaditas", 5), ("cucchiaino", 5),
        ("colher de chá", 5), ("theelepel", 5), ("tsk", 5), ("ts", 5), ("krm", 1), ("cups", 240), ("cup, sifted", 240), ("ml", 1),
        ("dl", 100), ("cl", 10), ("Liter", 1000), ("l", 1000), ("fl oz", 30), ("pints", 473),
    ])
    func volumesOfEachLanguage(text: String, millilitres: Double) throws {
        let unit = try #require(MeasureUnit.named(text))
        #expect(unit.dimension == .volume && unit.size == millilitres)
    }

    @Test(arguments: [("g", 1.0), ("grams", 1), ("gr", 1), ("Gramm", 1), ("kg", 1000), ("oz", 28.35), ("ounces", 28.35), ("lb", 453.6),
                      ("lbs", 453.6), ("pounds", 453.6), ("Pfund", 500)])
    func massesOfEachLanguage(text: String, grams: Double) throws {
        let unit = try #require(MeasureUnit.named(text))
        #expect(unit.dimension == .mass && unit.size == grams)
    }

    /// Cups of other languages vary by household; cans and pinches have no size: kept apart.
    @Test(arguments: ["Tasse", "verre", "tazza", "can", "pinch", "a pinch", "cloves", "Prise", "bunch", "t", "handful"])
    func unitsWithoutASizeAreNotGuessed(text: String) {
        #expect(MeasureUnit.named(text) == nil)
    }

    @Test(arguments: ["", "large", "medium", "small", "große", "moyen", "grande", "piccola", "pieces", "Stück"])
    func sizesAndPiecesCount(text: String) {
        #expect(MeasureUnit.named(text)?.dimension == .count)
    }

    @Test(arguments: [
        ("1 cup", MeasureUnit.System.metric, "240 ml"), ("1-2 cups", .metric, "240-480 ml"), ("2 cups, packed", .metric, "480 ml, packed"),
        ("½ cup", .metric, "120 ml"), ("8 oz", .metric, "225 g"), ("1 lb", .metric, "455 g"), ("2 lbs", .metric, "905 g"), ("3 lb", .metric, "1.36 kg"),
        ("250 ml", .us, "1 cup"), ("500 g", .us, "1⅛ lb"), ("100 g", .us, "3½ oz"), ("30 ml", .us, "2 tbsp"), ("5 ml", .us, "1 tsp"),
        ("1 l", .us, "4⅛ cups"), ("1 tbsp", .metric, "1 tbsp"), ("2 EL", .us, "2 tbsp"), ("3", .metric, "3"), ("a pinch", .metric, "a pinch"),
        ("250 ml", .metric, "250 ml"), ("1 can", .metric, "1 can"), ("2 cups", .us, "2 cups"), ("2 msk", .us, "2 tbsp"),
        ("1 ss olje", .us, "1 tbsp olje"), ("1 tbsp", .us, "1 tbsp"), ("2 msk", .metric, "2 msk"),
    ])
    func amountsConvertAsCooksWriteThem(amount: String, system: MeasureUnit.System, expected: String) {
        #expect(UnitConversion.converted(amount, to: system) == expected)
    }

    @Test(arguments: [
        ("Preheat the oven to 350°F.", MeasureUnit.System.metric, "Preheat the oven to 175 °C."),
        ("Bake at 400 °F for 20 minutes", .metric, "Bake at 205 °C for 20 minutes"),
        ("Heat to 425 degrees F.", .metric, "Heat to 220 °C."), ("at 375 degrees Fahrenheit", .metric, "at 190 °C"),
        ("Backofen auf 180 °C vorheizen", .us, "Backofen auf 350 °F vorheizen"), ("Four à 200°C", .us, "Four à 400 °F"),
        ("bake at 220C", .us, "bake at 425 °F"), ("Bake at 350 F until golden", .metric, "Bake at 175 °C until golden"),
        ("Add 180 cups", .us, "Add 180 cups"), ("Cook 350 for a while", .metric, "Cook 350 for a while"),
        ("Preheat to 180°C", .metric, "Preheat to 180°C"), ("Bake 2 c flour at 350°F", .metric, "Bake 2 c flour at 175 °C"),
        ("The year 1850 F", .metric, "The year 1850 F"), ("Bake at 180-200°C", .us, "Bake at 350-400 °F"),
        ("Internal temp 200-210°F.", .metric, "Internal temp 95-100 °C."), ("Preheat to 350°F (175°C).", .metric, "Preheat to 175°C."),
        ("Preheat to 350°F (175°C).", .us, "Preheat to 350°F."), ("Heat to 180°C/350°F, then", .us, "Heat to 350°F, then"),
        ("Backofen bei 200 Grad backen", .us, "Backofen bei 400 °F backen"), ("Hornear a 230 grados C", .us, "Hornear a 450 °F"),
        ("about 110°F", .metric, "about 45 °C"), ("Bake 10 to 12 minutes", .metric, "Bake 10 to 12 minutes"),
    ])
    func ovenTemperaturesInTextConvert(text: String, system: MeasureUnit.System, expected: String) {
        #expect(UnitConversion.convertingTemperatures(in: text, to: system) == expected)
    }

    @Test func theConfigurationNamesTheUnits() throws {
        #expect(try MeasureUnit.System(configuration: "units = us\n", path: "c") == .us)
        #expect(try MeasureUnit.System(configuration: "meal.brunch = 10:00", path: "c") == nil)
        #expect { try MeasureUnit.System(configuration: "\n units = imperial", path: "c") } throws: { "\($0)" == "c:2: 'imperial' is not a system of units (metric or us)" }
    }
}
