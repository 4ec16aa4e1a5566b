import Foundation
import Recipes
import Testing

/// The corpus in Fixtures/hostile-inputs.json: unknown commands and options, missing and extra
/// arguments, impossible dates and durations, malformed archives (wrong types, NUL bytes,
/// invalid UTF-8, a name of over 1,000 characters). Each must give one line on stderr, the
/// listed exit status, no crash, and leave the store byte-for-byte as it was.
@Suite struct HostileInputTests {
    struct Corpus: Decodable {
        struct Case: Decodable {
            let args: [String]
            let status: Int32
            let stdin: String?
        }
        let cases: [Case]
    }

    static let corpus: [Corpus.Case] = {
        let url = RepositoryFiles.fixture("hostile-inputs.json")
        return try! JSONDecoder().decode(Corpus.self, from: FileContents.read(url.path)).cases
    }()

    static func input(_ text: String?) -> Data? {
        guard let text else { return nil }
        if text.hasPrefix("base64:") { return Data(base64Encoded: String(text.dropFirst(7))) }
        return Data(text.utf8)
    }

    @Test func theCorpusIsLargeEnough() {
        #expect(Self.corpus.count >= 200)
    }

    @Test func everyBadInputGivesOneLineAndChangesNothing() throws {
        let cli = RecipesProcess()
        try cli.seed([Recipe(name: "Soup", plannedDate: RecipesProcess.date("2026-12-01T18:00:00Z"),
                             ingredients: [Ingredient(name: "Leek", amount: "2")])])
        let before = try cli.storeBytes()
        for entry in Self.corpus {
            let piped = try cli.run(["--store", cli.store.path] + entry.args, input: Self.input(entry.stdin))
            let label = "\(entry.args) stdin: \(entry.stdin?.prefix(60) ?? "-")"
            #expect(piped.status == entry.status, "\(label)\n\(piped)")
            #expect(piped.stdout == "", "\(label)\n\(piped)")
            #expect(piped.stderr.hasPrefix("recipes: error: "), "\(label)\n\(piped)")
            #expect(piped.stderr.filter { $0 == "\n" }.count == 1 && piped.stderr.hasSuffix("\n"), "\(label)\n\(piped)")
            #expect(try cli.storeBytes() == before, "\(label) changed the store")
        }
    }
}
