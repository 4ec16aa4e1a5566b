import Foundation
import Recipes
import Testing

/// A Cooklang ingredient's note (`@parsley{}(optional)`, `@parmesan{50%g}(finely grated)`)
/// is kept after the amount. It is no part of the quantity or unit, and when it says the
/// line can be left out, shopping, the stored needs and what can be cooked take the line as
/// optional, as they do for the same words in the name (found by a user trial: parsley was
/// counted missing and "(optional)" was printed as its unit). Through the real binary.
@Suite struct IngredientNoteTests {
    let cli = RecipesProcess()

    init() throws {
        try cli.seed([])
        let folder = cli.home.appendingPathComponent("cook")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = "Cook @spaghetti{400%g}. Grate @parmesan{50%g}(finely grated) and stir in @parmesan{30%g}. "
            + "Open @tomatoes{1%can (400 g)}. Garnish with @parsley{}(optional).\n"
        try Data(text.utf8).write(to: folder.appendingPathComponent("Carbonara.cook"))
        #expect(try cli.runOnStore(["import", folder.path]).status == 0)
        #expect(try cli.runOnStore(["plan", "carbonara", "tomorrow"]).status == 0)
    }

    @Test func aNoteSayingOptionalMakesTheLineOptionalAndIsNoUnit() throws {
        let shopping = try cli.runOnStore(["shopping", "--format", "json"])
        let items = try #require(JSONSerialization.jsonObject(with: Data(shopping.stdout.utf8)) as? [[String: Any]], "\(shopping)")
        func item(_ name: String) -> [String: Any]? { items.first { $0["name"] as? String == name } }
        let parsley = try #require(item("parsley"))
        #expect(parsley["optional"] as? Bool == true)
        #expect((parsley["amounts"] as? [[String: Any]])?.first?["unit"] as? String == "")
        // The note is left off before adding up: 50 g and 30 g are 80 g.
        let parmesan = try #require(item("parmesan"))
        #expect(parmesan["optional"] as? Bool == false)
        #expect((parmesan["amounts"] as? [[String: Any]])?.map { $0["text"] as? String } == ["80 g"])
        // A size in brackets is part of the amount, not a note: the can is bought by its size.
        let tomatoes = try #require(item("tomatoes"))
        #expect((tomatoes["amounts"] as? [[String: Any]])?.first?["text"] as? String == "400 g", "\(tomatoes)")
        #expect(try cli.runOnStore(["shopping"]).stdout.contains("parsley (optional) (Carbonara)"))
    }

    @Test func whatCanBeCookedDoesNotMissAnOptionalLine() throws {
        #expect(try cli.runOnStore(["pantry", "add", "spaghetti", "parmesan", "canned tomatoes"]).status == 0)
        let cookable = try cli.runOnStore(["search", "--can-cook", "--format", "plain"])
        #expect(cookable.status == 0, "\(cookable)")
        #expect(cookable.stdout.hasPrefix("\(try #require(cookable.stdout.split(separator: "\t").first))\tdish\tCarbonara\t"), "\(cookable)")
        #expect(cookable.stdout.hasSuffix("\t0\t\n"), "\(cookable)")
    }
}
