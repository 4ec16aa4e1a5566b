import Foundation
import Recipes
import Testing

/// Error messages that quote a file's text (a format name, a key, a recipe's name) must not
/// let it reach the terminal raw: an OSC 52 clipboard write, a clear screen, or a newline and
/// a forged "imported 3 recipes" line, also through `curl … | recipes import -`.
@Suite struct QuotedInputSafetyTests {
    let cli = RecipesProcess()
    static let hostile = #"\u001b]52;c;aGk=\u0007\n\u001b[2J\u009b31m\u202eimported 3 recipes\r\u0085"#

    static let documents: [String] = [
        #"{"format":"\#(hostile)","version":1,"recipes":[]}"#,
        #"{"format":"recipes","version":1,"recipes":[{"name":"\#(hostile)","plannedIn":{"days":1,"time":"\#(hostile)"}}]}"#,
        #"{"format":"recipes","version":1,"recipes":[{"name":"x","\#(hostile)":1,"planned":"\#(hostile)"}]}"#,
        #"{"format":"recipes","version":1,"recipes":[{"name":"x","kind":"\#(hostile)"}]}"#,
        #"{"@type":"Recipe","name":"\#(hostile)","recipeIngredient":{"\#(hostile)":1}} \#(hostile)"#,
        "<script type=\"application/ld+json\">{\"@type\":\"Recipe\",\"name\":\"\(hostile)\" \(hostile)</script>",
    ]

    static func isDefused(_ text: String) -> Bool {
        !text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
    }

    @Test(arguments: documents.indices)
    func importErrorsQuotingTheFileAreOneDefusedLine(index: Int) throws {
        let document = Self.documents[index]
        for viaStandardInput in [true, false] {
            let result: RecipesProcess.Result
            if viaStandardInput {
                result = try cli.run(["--store", cli.store.path, "import", "-"], input: Data(document.utf8))
            } else {
                let file = cli.home.appendingPathComponent("hostile.json")
                try Data(document.utf8).write(to: file)
                result = try cli.runOnStore(["import", file.path])
            }
            #expect(result.status == 2, "\(result)")
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("recipes: error: ") && result.stderr.filter { $0 == "\n" }.count == 1, "\(result)")
            #expect(Self.isDefused(result.stderr), "\(result)")
        }
    }
}
