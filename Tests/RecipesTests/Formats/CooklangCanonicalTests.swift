import Foundation
import Recipes
import Testing

/// The Cooklang specification's canonical tests (cooklang/spec, MIT), vendored in
/// Fixtures/cooklang with their licence so that every clone runs them.
@Suite struct CooklangCanonicalTests {
    static let file = RepositoryFiles.fixture("cooklang/canonical.json")

    static func cases() throws -> [(String, String, [String: Any])] {
        let object = try JSONSerialization.jsonObject(with: FileContents.read(file.path)) as? [String: Any]
        let tests = object?["tests"] as? [String: [String: Any]] ?? [:]
        return tests.keys.sorted().map { ($0, tests[$0]?["source"] as? String ?? "", tests[$0]?["result"] as? [String: Any] ?? [:]) }
    }

    static func quantity(_ value: Any?) -> CooklangRecipe.Quantity {
        if let number = value as? NSNumber, !(value is String) { return .number(number.doubleValue) }
        return .text(value as? String ?? "")
    }

    static func expectedItem(_ item: [String: Any]) -> CooklangRecipe.Item {
        let name = item["name"] as? String ?? ""
        switch item["type"] as? String {
        case "ingredient": return .ingredient(name: name, quantity: quantity(item["quantity"]), units: item["units"] as? String ?? "")
        case "cookware": return .cookware(name: name, quantity: quantity(item["quantity"]))
        case "timer": return .timer(name: name, quantity: quantity(item["quantity"]), units: item["units"] as? String ?? "")
        default: return .text(item["value"] as? String ?? "")
        }
    }

    @Test func allSixtyCanonicalCasesPass() throws {
        let cases = try Self.cases()
        #expect(cases.count == 60)
        var passed = 0
        for (name, source, result) in cases {
            let parsed = CooklangRecipe(parsing: source)
            let steps = (result["steps"] as? [[[String: Any]]] ?? []).map { $0.map(Self.expectedItem) }
            let metadata = (result["metadata"] as? [String: String] ?? [:])
            let ok = parsed.steps == steps && Dictionary(uniqueKeysWithValues: parsed.metadata.map { ($0.key, $0.value) }) == metadata
            #expect(ok, "\(name): \(source.debugDescription)\n got \(parsed.steps) \(parsed.metadata)\n want \(steps) \(metadata)")
            if ok { passed += 1 }
        }
        #expect(passed == 60)
    }
}
