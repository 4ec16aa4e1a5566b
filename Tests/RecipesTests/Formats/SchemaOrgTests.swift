import Foundation
import Testing
@testable import Recipes
@testable import RecipesCore

/// schema.org import against pages written for this repo (Fixtures/schema-org), one messy
/// form each, and the export read back.
@Suite struct SchemaOrgTests {
    static func fixture(_ name: String) throws -> String {
        let url = RepositoryFiles.fixture("schema-org/\(name)")
        return try String(decoding: FileContents.read(url.path), as: UTF8.self)
    }

    @Test func aGraphPageGivesItsRecipeWithSectionsEntitiesAndTimes() throws {
        let page = try SchemaOrgImport(html: Self.fixture("graph-page.html"))
        #expect(page.skipped.isEmpty)
        let recipe = try #require(page.recipes.first)
        #expect(page.recipes.count == 1)
        // `&amp;#39;` is an apostrophe escaped twice; tags in the description are dropped.
        #expect(recipe.name == "Grandma's Banana Bread")
        #expect(recipe.kind == .bakedGood)
        #expect(recipe.summary == "A moist loaf & a great way to use brown bananas.")
        // ["8", "8 slices"], as WordPress Recipe Maker writes it: 8 servings, of a slice each.
        #expect(recipe.servings == 8 && recipe.yield == "8 slices")
        #expect(recipe.prepMinutes == 15 && recipe.cookMinutes == 55 && recipe.totalMinutes == 70)
        // "banana", a keyword, is an ingredient: not a tag.
        #expect(recipe.tags == ["american", "breads", "breakfast", "quick bread"])
        #expect(recipe.instructions == """
            Batter:
            Preheat the oven to 350°F (175°C).
            Mix the butter into the mashed bananas.
            Bake:
            Pour into a loaf pan and bake for 55 minutes.
            Cool on a rack.
            """)
        #expect(recipe.ingredients?.map(\.name) == ["ripe bananas, mashed", "melted butter", "all-purpose flour", "baking soda", "Pinch of salt"])
        #expect(recipe.ingredients?.map(\.amount) == ["3", "1/3 cup", "1 ½ cups", "1 tsp", ""])
        #expect(recipe.bakeMinutes == 55)
        // The Celsius figure wins over the first (Fahrenheit) one.
        #expect(recipe.ovenTemperature == 175)
        #expect(recipe.sourceURL == "https://kitchen.example/recipes/banana-bread/")
    }

    @Test func laterBlocksArraysTypeListsAndWrappersAreRead() throws {
        let page = try SchemaOrgImport(html: Self.fixture("drinks-blocks.html"))
        #expect(page.recipes.map(\.name) == ["Classic Mojito", "Hot Chocolate"])
        #expect(page.recipes.map(\.kind) == [.beverage, .beverage])
        #expect(page.recipes.map(\.alcoholic) == [true, false])
        #expect(page.recipes.map(\.servedHot) == [false, true])
        #expect(page.recipes[0].instructions == "Muddle the mint with the lime juice.\nAdd rum and ice.\nTop with soda.")
        #expect(page.recipes[1].instructions == "Warm the milk.\nWhisk in the chocolate.")
        // Both name the same page (the fragment aside), so neither can be known by it.
        #expect(page.recipes.map(\.sourceURL) == [nil, nil])
        #expect(page.skipped == ["JSON-LD block 3 is not JSON (line 1: an array is not closed); it was skipped"])
    }

    @Test func rawControlCharactersMixedInstructionsAndBrokenTimes() throws {
        let file = try SchemaOrgImport(json: Self.fixture("messy.json"))
        let recipe = try #require(file.recipes.first)
        #expect(recipe.name == "Weeknight Chili")
        #expect(recipe.kind == .dish)
        #expect(recipe.summary == "Smoky, hearty and quick.")
        #expect(recipe.servings == 4 && recipe.yield == nil && recipe.tags == ["spicy"])
        #expect(recipe.prepMinutes == 10 && recipe.cookMinutes == nil && recipe.totalMinutes == 1_560)
        #expect(recipe.instructions == "Heat the oil.\nBrown the beef with the onion.\nAdd the beans and simmer.\nTo serve:\nTop with cheese.")
        #expect(recipe.ingredients?.map(\.amount) == ["2 tbsp", "1", "500g", "1 can (400 g)", ""])
        #expect(recipe.ingredients?.map(\.name) == ["olive oil", "onion, diced", "ground beef", "kidney beans", "salt to taste"])
        #expect(file.skipped == [
            "'Weeknight Chili': an instruction of type HowToStep has no text; it was left out",
            "'Weeknight Chili': an instruction '42' is not text; it was left out",
            "'Weeknight Chili': cookTime 'PTNaNM' is not an ISO 8601 duration; it was left out",
        ])
    }

    @Test func aRoundUpSkipsWhatHasNoNameAndSharesNoAddress() throws {
        let file = try SchemaOrgImport(json: Self.fixture("round-up.json"))
        #expect(file.recipes.map(\.name) == ["Tomato Soup", "Leek Soup"])
        #expect(file.recipes.map(\.sourceURL) == [nil, nil])
        #expect(file.skipped == ["a Recipe without a name was skipped"])
    }

    @Test func aPageWithoutARecipeIsAnError() throws {
        #expect(throws: RecipeFormatError(reason: "no schema.org Recipe found")) {
            try SchemaOrgImport(html: Self.fixture("no-recipe.html"))
        }
        #expect(throws: RecipeFormatError.self) { try SchemaOrgImport(html: "<html><body>Just text</body></html>") }
        #expect(throws: RecipeFormatError.self) { try SchemaOrgImport(json: #"{"@type": "Recipe", "name": "#) }
    }

    /// An ingredient among the keywords, or a food course as the category, makes no drink
    /// (issue 35, point 2): GialloZafferano's bavarese lists "latte" (milk) as a keyword.
    @Test func anIngredientKeywordDoesNotMakeADrink() throws {
        func kind(_ fields: String) throws -> RecipeVariety? {
            try SchemaOrgImport(json: #"{"@type": "Recipe", "name": "Bavarese alle fragole", "recipeIngredient": ["Latte intero 200 ml"], \#(fields)}"#)
                .recipes[0].kind
        }
        #expect(try kind(#""keywords": "bavarese, fragole, latte, dolce al cucchiaio""#) == .dish)
        #expect(try kind(#""recipeCategory": "Dolci", "keywords": "caffè, frullato""#) == .dish)
        // A drink still is one: by its category, or by a keyword that is no ingredient.
        #expect(try kind(#""recipeCategory": "Bevande, drink""#) == .beverage)
        #expect(try kind(#""keywords": "smoothie""#) == .beverage)
    }

    @Test func recipeYieldInEveryForm() throws {
        func yield(_ json: String) throws -> String {
            let recipe = try SchemaOrgImport(json: #"{"@type": "Recipe", "name": "R", "recipeYield": \#(json)}"#).recipes[0]
            #expect(recipe.summary == "")
            return [recipe.servings.map { "servings \($0)" }, recipe.yield.map { "yield \($0)" }].compactMap { $0 }.joined(separator: "; ")
        }
        #expect(try yield("12") == "servings 12")
        #expect(try yield(#""2 loaves""#) == "yield 2 loaves")
        #expect(try yield(#"["4", "4 servings", "4 servings"]"#) == "servings 4")
        #expect(try yield(#""Serves 6""#) == "servings 6")
        #expect(try yield(#""4 porzioni""#) == "servings 4")
        // A range scales from its lower end and stays as written (issue 35, point 3).
        #expect(try yield(#""4-6 servings""#) == "servings 4; yield 4-6 servings")
        #expect(try yield(#""3 to 4 servings""#) == "servings 3; yield 3 to 4 servings")
        #expect(try yield(#""Serves 4–6""#) == "servings 4; yield Serves 4–6")
        #expect(try yield(#""6-4 servings""#) == "yield 6-4 servings")
        #expect(try yield(#""1-2 loaves""#) == "yield 1-2 loaves")
        #expect(try yield(#"["1 cake", "12 slices"]"#) == "yield 1 cake, 12 slices")
        #expect(try yield(#"["8 servings", "1 loaf"]"#) == "servings 8; yield 1 loaf")
        #expect(try yield(#"{"@type": "QuantitativeValue", "value": "6", "unitText": "cups"}"#) == "yield 6 cups")
        #expect(try yield("null") == "")
    }

    @Test func timesFillTheirFieldsAndTheTotalIsPrepAndCookWhenAbsent() throws {
        func times(_ members: String) throws -> [Int?] {
            let recipe = try SchemaOrgImport(json: #"{"@type": "Recipe", "name": "R", \#(members)}"#).recipes[0]
            return [recipe.prepMinutes, recipe.cookMinutes, recipe.totalMinutes]
        }
        #expect(try times(#""prepTime": "PT15M", "cookTime": "PT1H""#) == [15, 60, 75])
        #expect(try times(#""cookTime": "35 minuti""#) == [nil, 35, 35])
        #expect(try times(#""prepTime": "PT10M", "cookTime": "PT20M", "totalTime": "PT2H""#) == [10, 20, 120])
        #expect(try times(#""name": "R""#) == [nil, nil, nil])
    }

    @Test func categoryCuisineAndKeywordsAreTags() throws {
        let recipe = try SchemaOrgImport(json: #"""
            {"@type": "Recipe", "name": "R", "recipeCategory": "Main course, Pasta", "recipeCuisine": ["Italian"],
             "keywords": "quick,  Weeknight ,pasta"}
            """#).recipes[0]
        #expect(recipe.tags == ["italian", "main course", "pasta", "quick", "weeknight"])
    }

    @Test func theKindComesFromCategoryAndType() throws {
        func kind(_ members: String) throws -> RecipeVariety? {
            try SchemaOrgImport(json: #"{"@type": "Recipe", "name": "R", \#(members)}"#).recipes[0].kind
        }
        // A dessert is not baked for being a dessert (see ImportFidelityTests).
        #expect(try kind(#""recipeCategory": "Dessert""#) == .dish)
        #expect(try kind(#""recipeCategory": ["Main course", "Quick breads"]"#) == .bakedGood)
        #expect(try kind(#""recipeCategory": "Cocktails""#) == .beverage)
        #expect(try kind(#""recipeCategory": "Steak""#) == .dish)
        #expect(try kind(#""recipeCategory": "Drinks, Desserts""#) == .beverage)
        #expect(try kind(#""recipeCategory": "Dinner""#) == .dish)
        let typed = try SchemaOrgImport(json: #"{"@type": ["Recipe", "schema:Cocktail"], "name": "R"}"#).recipes[0]
        #expect(typed.kind == .beverage && typed.alcoholic == true)
    }

    @Test func jsonInsideAnHTMLCommentIsRead() throws {
        let page = try SchemaOrgImport(html: """
            <script type="application/ld+json">
            <!--
            {"@type": "Recipe", "name": "Tea", "recipeCategory": "Hot drinks", "recipeIngredient": ["1 tsp tea", "250 ml water"]}
            -->
            </script>
            """)
        #expect(page.recipes.map(\.name) == ["Tea"])
        #expect(page.recipes.first?.servedHot == true && page.recipes.first?.alcoholic == false)
    }

    /// A heading line of the steps is exported as a HowToSection holding the steps after it,
    /// as other managers show sections (found by a user trial), and reads back as it was.
    @Test func headingsOfTheStepsAreSectionsInTheExport() throws {
        let recipe = Recipe(name: "Tikka", instructions: "Heat the grill.\nMarinate the chicken:\nMix the yoghurt.\nCoat.\nSauce:\nSimmer.\nServe:")
        let json = SchemaOrgImport.jsonLD(for: [recipe])
        let node = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let items = try #require(node["recipeInstructions"] as? [[String: Any]])
        #expect(items.map { $0["@type"] as? String } == ["HowToStep", "HowToSection", "HowToSection", "HowToStep"])
        #expect(items[1]["name"] as? String == "Marinate the chicken" && (items[1]["itemListElement"] as? [Any])?.count == 2)
        #expect(try SchemaOrgImport(json: json).recipes[0].instructions == recipe.instructions)
    }

    @Test func exportReadsBackWithIdsKindsIngredientsAndSteps() throws {
        let bread = BakedGood(name: "Rye <bread> & \"seeds\"", summary: "Dense.", instructions: "Mix.\n\nProof overnight.\nBake.",
                              ingredients: [Ingredient(name: "Rye flour", amount: "500 g"), Ingredient(name: "Salt", amount: "to taste"),
                                            Ingredient(name: "Caraway", amount: "")], bakeMinutes: 90)
        let punch = Beverage(name: "Punch", ingredients: [Ingredient(name: "Rum", amount: "1 bottle")], isAlcoholic: true, isServedHot: true)
        let text = SchemaOrgImport.jsonLD(for: [bread, punch])
        #expect(!text.contains("<") && !text.contains("&"))
        let back = try SchemaOrgImport(json: text).recipes
        #expect(back.map(\.id) == [bread.id, punch.id])
        #expect(back.map(\.name) == [bread.name, punch.name])
        #expect(back.map(\.kind) == [.bakedGood, .beverage])
        #expect(back[0].instructions == "Mix.\nProof overnight.\nBake.")
        #expect(back[0].bakeMinutes == 90)
        #expect(back[0].ingredients?.map(\.name) == ["Rye flour", "Salt, to taste", "Caraway"])
        #expect(back[0].ingredients?.map(\.amount) == ["500 g", "", ""])
        #expect(back[1].alcoholic == true && back[1].servedHot == true)
        #expect(back.map(\.tags) == [[], []])
        let single = SchemaOrgImport.jsonLD(for: [punch])
        #expect(try JSONValue.parse(single)["@type"] == .string("Recipe"))
    }

    @Test func exportReadsBackWithServingsYieldTimesAndTags() throws {
        let pancakes = Recipe(name: "Pancakes")
        pancakes.servings = 4
        pancakes.yield = "12 pancakes"
        pancakes.prepMinutes = 10
        pancakes.cookMinutes = 20
        pancakes.totalMinutes = 45
        pancakes.tags = ["breakfast", "hot", "quick"]
        let bread = BakedGood(name: "Bread", bakeMinutes: 40)
        bread.tags = ["baking", "weekend"]
        let punch = Beverage(name: "Punch", isAlcoholic: false, isServedHot: true)
        punch.tags = ["cold", "party"]
        punch.yield = "1 bowl"
        let back = try SchemaOrgImport(json: SchemaOrgImport.jsonLD(for: [pancakes, bread, punch])).recipes
        #expect(back.map(\.servings) == [4, nil, nil])
        #expect(back.map(\.yield) == ["12 pancakes", nil, "1 bowl"])
        #expect(back[0].prepMinutes == 10 && back[0].cookMinutes == 20 && back[0].totalMinutes == 45)
        #expect(back[1].bakeMinutes == 40 && back[1].cookMinutes == 40)
        // Tags come back as they were; the words that say a kind are not added as tags, and a
        // tag that happens to be one of them ("hot", "cold", "baking") is kept.
        #expect(back.map(\.tags) == [["breakfast", "hot", "quick"], ["baking", "weekend"], ["cold", "party"]])
        #expect(back[2].alcoholic == false && back[2].servedHot == true)
    }

    @Test func importingAPageTwiceAddsNothingAndARenamedPageIsFoundByItsAddress() throws {
        let temporary = TemporaryStore()
        let page = try SchemaOrgImport(html: Self.fixture("graph-page.html"))
        #expect(try temporary.store.importArchive(RecipeArchive(recipes: page.recipes)).imported == ["Grandma's Banana Bread"])
        #expect(try temporary.store.importArchive(RecipeArchive(recipes: page.recipes)).skipped == ["Grandma's Banana Bread"])
        let renamed = try SchemaOrgImport(html: Self.fixture("graph-page.html").replacing("Grandma&amp;#39;s Banana Bread", with: "Best Banana Loaf"))
        let summary = try temporary.store.importArchive(RecipeArchive(recipes: renamed.recipes), replace: true)
        #expect(summary.replaced == ["Best Banana Loaf"])
        #expect(try temporary.count("SELECT count(*) FROM recipe") == 1)
        let stored = try ModelContext(temporary.store).fetch(FetchDescriptor<Recipe>())
        #expect(stored.map(\.name) == ["Best Banana Loaf"])
        #expect(stored.first?.sourceURL == "https://kitchen.example/recipes/banana-bread/")
    }

    @Test func theSourceAddressIsQueryable() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        context.insert(Recipe(name: "From the web", sourceURL: "https://example.com/a"))
        context.insert(Recipe(name: "Typed in"))
        try context.save()
        let fromWeb = try context.fetch(FetchDescriptor<Recipe>(predicate: #Predicate { $0.sourceURL != nil }))
        #expect(fromWeb.map(\.name) == ["From the web"])
        let plan = context.queryPlan(for: FetchDescriptor<Recipe>(predicate: #Predicate { $0.sourceURL == "https://example.com/a" }))
        #expect(plan.isExact)
    }

    @Test(arguments: [
        ("http://www.Example.com/pie/", "example.com/pie"), ("https://example.com/pie#recipe", "example.com/pie"),
        ("https://example.com/pie?x=1", "example.com/pie?x=1"),
    ])
    func sourceAddressesCompareAsPages(address: String, key: String) {
        #expect(SourceAddress.key(address) == key)
    }
}

/// The lenient pieces under the importer.
@Suite struct SchemaOrgPiecesTests {
    @Test func jsonAsPagesWriteIt() throws {
        #expect(try JSONValue.parse("{\"a\": \"line\none\ttab\",}") == .object([("a", .string("line\none\ttab"))]))
        #expect(try JSONValue.parse("\u{FEFF}[1, 2,]") == .array([.number(1), .number(2)]))
        #expect(try JSONValue.parse(#"{"a": 1}; {"b": 2}"#) == .array([.object([("a", .number(1))]), .object([("b", .number(2))])]))
        #expect(try JSONValue.parse(#""\ud83c\udf70 \'s \ud800x""#) == .string("🍰 's \u{FFFD}x"))
        #expect(try JSONValue.parse(#"{"a": 1, "a": 2}"#)["a"] == .number(1))
        #expect(throws: JSONSyntaxError(line: 2, reason: "a string is not closed")) { try JSONValue.parse("{\"a\":\n\"open") }
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(String(repeating: "[", count: 10_000)) }
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse("1e999") }
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse("") }
    }

    @Test(arguments: [
        ("Mac &amp; cheese", "Mac & cheese"), ("Mac &amp;amp; cheese", "Mac & cheese"), ("&amp;quot;Best&amp;quot;", "\"Best\""),
        ("Caf&eacute; &#233; &#xE9;", "Café é é"), ("<p>Mix</p><p>Bake <b>well</b></p>", "Mix Bake well"),
        ("Bake at < 200 &deg;C", "Bake at < 200 °C"), ("AT&T &bogus; &", "AT&T &bogus; &"), ("a\n\n  b\t c", "a b c"),
        ("&lt;script&gt;x&lt;/script&gt;", "x"),
    ])
    func plainText(html: String, text: String) {
        #expect(HTMLText.plainText(html) == text)
    }

    @Test func linesAreKeptWhereTheMarkupBreaksThem() {
        #expect(HTMLText.plainText("<ol><li>One</li><li>Two</li></ol>Three<br>Four", keepingLines: true) == "One\nTwo\nThree\nFour")
    }

    @Test(arguments: [
        ("PT20M", 20), ("PT1H30M", 90), ("P1DT2H", 1_560), ("pt0.5h", 30), ("PT90S", 2), ("P2D", 2_880), ("PT1H", 60),
        ("P0DT0H35M", 35), ("10 minutes", 10), ("1 hr 20 mins", 80), ("2 hours and 5 minutes", 125), ("45min", 45),
    ])
    func durations(text: String, minutes: Int) {
        #expect(ISODuration.minutes(text) == minutes)
    }

    @Test(arguments: ["PTNaNM", "PT", "P", "", "PT-5M", "PT5", "PT5M5H", "PT1M1M", "about an hour", "PT1e9H", "5", "P1Y", "PT999H"])
    func brokenDurations(text: String) {
        #expect(ISODuration.minutes(text) == nil)
    }

    @Test func durationsAreWrittenBack() {
        #expect([25, 60, 90, 1_500, 0].map(ISODuration.string(minutes:)) == ["PT25M", "PT1H", "PT1H30M", "P1DT1H", "PT0M"])
        for minutes in [1, 59, 61, 1_439, 1_441, 10_000] { #expect(ISODuration.minutes(ISODuration.string(minutes: minutes)) == minutes) }
    }

    @Test(arguments: [
        ("2 cups flour", "flour", "2 cups"), ("1 1/2 cups sugar", "sugar", "1 1/2 cups"), ("½ tsp salt", "salt", "½ tsp"),
        ("1½ cups milk", "milk", "1½ cups"), ("500g butter", "butter", "500g"), ("2-3 cloves garlic, minced", "garlic, minced", "2-3 cloves"),
        ("1 to 2 tbsp. honey", "honey", "1 to 2 tbsp."), ("3 large eggs", "large eggs", "3"), ("2 cups of water", "water", "2 cups"),
        ("8 fl oz cream", "cream", "8 fl oz"), ("1 (14 oz) can tomatoes", "tomatoes", "1 (14 oz) can"),
        ("Salt, to taste", "Salt, to taste", ""), ("2 cups", "2 cups", ""), ("7UP", "7UP", ""),
    ])
    func ingredientLines(line: String, name: String, amount: String) {
        let split = IngredientLine.split(line)
        #expect(split.name == name && split.amount == amount)
    }
}
