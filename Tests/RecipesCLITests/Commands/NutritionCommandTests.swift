import Foundation
import Recipes
import Testing

/// Nutrition and the picture through the binary: an imported page's, shown per serving and
/// for the servings asked, edited, and kept by every export (issue 35, point 7).
@Suite struct NutritionCommandTests {
    let cli = RecipesProcess()

    init() throws {
        let page = """
            <html><head><script type="application/ld+json">{"@type":"Recipe","name":"Lentil soup","recipeYield":"4 servings",
            "url":"https://example.com/lentil-soup","image":"https://example.com/lentil.jpg","recipeIngredient":["200 g lentils"],
            "nutrition":{"@type":"NutritionInformation","calories":"310 kcal","fatContent":"9 g","proteinContent":"18 g"}}</script></head></html>
            """
        let file = cli.home.appendingPathComponent("lentil.html")
        try Data(page.utf8).write(to: file)
        try cli.seed([Recipe(name: "Toast")])
        #expect(try cli.runOnStore(["import", file.path]).status == 0)
    }

    @Test func showPrintsThemAndScalesTheNutritionToTheServingsAsked() throws {
        let shown = try cli.runOnStore(["show", "lentil soup"]).stdout
        #expect(shown.contains("\nimage: https://example.com/lentil.jpg\nnutrition per serving: 310 kcal, 9 g fat, 18 g protein\n"), "\(shown)")
        #expect(!shown.contains("nutrition for"), "\(shown)")
        let scaled = try cli.runOnStore(["show", "lentil soup", "--servings", "6"]).stdout
        #expect(scaled.contains("nutrition per serving: 310 kcal, 9 g fat, 18 g protein\nnutrition for 6 servings: 1860 kcal, 54 g fat, 108 g protein\n"),
                "\(scaled)")
    }

    @Test func everyExportKeepsThem() throws {
        let json = try cli.runOnStore(["export", "lentil soup"]).stdout
        #expect(json.contains(#""image" : "https://example.com/lentil.jpg""#) && json.contains(#""calories" : 310"#), "\(json)")
        let schemaOrg = try cli.runOnStore(["export", "lentil soup", "--format", "schema.org"]).stdout
        #expect(schemaOrg.contains(#""calories": "310 kcal""#) && schemaOrg.contains(#""proteinContent": "18 g""#)
                && schemaOrg.contains(#""image": "https://example.com/lentil.jpg""#), "\(schemaOrg)")
        let cooklang = try cli.runOnStore(["export", "lentil soup", "--format", "cooklang"]).stdout
        #expect(cooklang.contains("image: https://example.com/lentil.jpg\ncalories: 310\nfat: 9 g\nprotein: 18 g\n"), "\(cooklang)")
        // Into another store and back out: the same.
        let other = cli.home.appendingPathComponent("other.sqlite").path
        let file = cli.home.appendingPathComponent("soup.cook")
        try Data(cooklang.utf8).write(to: file)
        #expect(try cli.run(["--store", other, "import", file.path]).status == 0)
        #expect(try cli.run(["--store", other, "show", "lentil soup"]).stdout.contains("nutrition per serving: 310 kcal, 9 g fat, 18 g protein\n"))
    }

    @Test func theEditTextChangesThemAndRefusesWhatIsNoNutrition() throws {
        let script = cli.home.appendingPathComponent("editor.sh")
        try Data("#!/bin/sh\nsed -i 's/^Nutrition: .*/Nutrition: 300 kcal, 2 g salt/' \"$1\"\n".utf8).write(to: script)
        cli.environment["EDITOR"] = "/bin/sh " + script.path
        let edited = try cli.runOnStore(["edit", "lentil soup"])
        #expect(edited.status == 0 && edited.stdout.hasSuffix("): nutrition\n"), "\(edited)")
        #expect(try cli.runOnStore(["show", "lentil soup"]).stdout.contains("nutrition per serving: 300 kcal, 800 mg sodium\n"))
        // The second time it opens (with the error said), the editor leaves the text: giving up.
        try Data("#!/bin/sh\ngrep -q '^# ERROR' \"$1\" || sed -i 's/^Nutrition: .*/Nutrition: plenty/' \"$1\"\n".utf8).write(to: script)
        let before = try cli.storeBytes()
        let refused = try cli.runOnStore(["edit", "lentil soup"])
        #expect(refused.status == 2 && refused.stderr.contains("'plenty' is not an amount of a nutrient"), "\(refused)")
        #expect(try cli.storeBytes() == before)
    }
}
