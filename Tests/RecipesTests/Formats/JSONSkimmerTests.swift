import Foundation
import Testing
@testable import RecipesCore

/// Knowing an archive by its top-level "format" key without reading it into values: only an
/// object's own keys count, whatever its values hold.
@Suite struct JSONSkimmerTests {
    @Test(arguments: [
        (#"{"format": "recipes", "recipes": []}"#, true),
        ("\u{FEFF}{ \"version\" : 2 ,\n \"recipes\" : [{\"name\": \"a \\\"format\\\" b\", \"x\": {\"format\": 1}}],\n \"format\" : \"recipes\" }", true),
        (#"{"recipes": [{"format": "recipes"}], "version": 2}"#, false),
        (#"{"name": "format", "format2": 1}"#, false),
        (#"[{"format": "recipes"}]"#, false),
        (#"{"@type": "Recipe", "name": "Pie", "nutrition": {"calories": "200"}}"#, false),
        (#"{"recipes": [1, 2, "#, false),
        (#"{"a": 1 "format": 2}"#, false),
        ("", false),
    ])
    func anObjectIsKnownByItsOwnKeys(json: String, hasFormat: Bool) {
        #expect(JSONValue.isObject(Data(json.utf8), withKey: "format") == hasFormat, "\(json)")
    }

    /// Random objects: the skimmer finds a key exactly when the full parser puts it at the top.
    @Test func itAgreesWithTheParserOnRandomObjects() throws {
        var random = SystemRandomNumberGenerator()
        let keys = ["format", "recipes", "name", "fo\\\"rmat", "x"]
        func value(_ depth: Int) -> String {
            switch Int.random(in: 0..<(depth > 2 ? 3 : 5), using: &random) {
            case 0: return String(Int.random(in: -5...500, using: &random))
            case 1: return "\"" + ["a", "format", "{[", "\\\"}", "é"].randomElement(using: &random)! + "\""
            case 2: return ["true", "null", "1.5e3"].randomElement(using: &random)!
            case 3: return "[" + (0..<Int.random(in: 0...3, using: &random)).map { _ in value(depth + 1) }.joined(separator: ", ") + "]"
            default: return object(depth + 1)
            }
        }
        func object(_ depth: Int) -> String {
            "{" + Set((0..<Int.random(in: 0...4, using: &random)).map { _ in keys.randomElement(using: &random)! })
                .map { "\"\($0)\" : \(value(depth))" }.joined(separator: ",\n ") + "}"
        }
        for _ in 0..<500 {
            let text = object(0)
            let parsed = try JSONValue.parse(text)
            #expect(JSONValue.isObject(Data(text.utf8), withKey: "format") == (parsed["format"] != nil), "\(text)")
        }
    }
}
