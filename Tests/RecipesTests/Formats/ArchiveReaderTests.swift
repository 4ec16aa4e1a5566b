import Foundation
@testable import RecipesCore
import Testing

/// `recipes import` reads an archive with ArchiveReader and leaves to JSONDecoder what the
/// reader gives up on. Whatever the reader reads must be exactly what JSONDecoder reads, and
/// it must never read what JSONDecoder refuses: checked on random archives written as text,
/// with the odd spacing, escapes, nulls, unknown keys, wrong types, fractions and repeated
/// keys that hand-made or other programs' archives have.
@Suite struct ArchiveReaderTests {
    /// A JSON value as text: the right type for the key, or now and then something else.
    private static func value(for key: String, _ random: inout PlannerRandom) -> String {
        let texts = ["\"Soup\"", "\"Crème brûlée\"", "\"line\\nbreak\"", "\"quote \\\" and \\\\ slash \\/\"", "\"\"", "\"tab\\there\"",
                     "\"\\u00e9t\\u00e9 \\ud83e\\udd5f\"", "\"\\ud83e\"", "\"пельмени 🥟\"", "\" spaced \""]
        let wrong = ["1.5", "1e3", "-0", "012", "true", "null", "[]", "{}", "\"x\"", "99999999999999999999", "[1, 2]", "\"2026-02-30T00:00:00Z\""]
        if random.next(12) == 0 { return wrong[random.next(wrong.count)] }
        switch key {
        case "id": return random.next(6) == 0 ? "\"not-a-uuid\"" : "\"\(UUID().uuidString)\""
        case "kind": return ["\"dish\"", "\"baked\"", "\"beverage\"", "\"cake\""][random.next(4)]
        case "name", "summary", "instructions", "source", "yield", "image": return texts[random.next(texts.count)]
        case "planned", "created", "updated", "lastCooked":
            return ["\"2026-12-24T17:00:00Z\"", "\"2026-12-24T17:00:00.250Z\"", "\"yesterday\""][random.next(3)]
        case "servings", "prepMinutes", "cookMinutes", "totalMinutes", "ovenTemperature", "bakeMinutes", "timesCooked":
            return ["4", "0", "-5", "90", "20000"][random.next(5)]
        case "alcoholic", "servedHot": return random.next(2) == 0 ? "true" : "false"
        case "tags": return ["[]", "[\"soup\", \"Winter\"]", "[\"a,b\"]", "[\"x\", 1]"][random.next(4)]
        case "nutrition": return ["{\"calories\": 420, \"fat\": 12.5}", "{}", "{\"calories\": \"lots\"}"][random.next(3)]
        case "plannedIn": return ["{\"days\": 2}", "{\"days\": 2, \"time\": \"19:30\"}", "{\"time\": \"8\"}"][random.next(3)]
        case "plan", "cooked": return ["[]", "[ ]", "[{\"date\": \"2026-12-24T17:00:00Z\"}]"][random.next(3)]
        case "ingredients":
            let lines = (0..<random.next(4)).map { _ in
                let members = [("name", texts[random.next(texts.count)]), ("amount", ["\"2\"", "\"1 ½ cups\"", "null", "3"][random.next(4)]),
                               ("heading", ["true", "false", "null"][random.next(3)]), ("id", "\"\(UUID().uuidString.lowercased())\"")]
                return "{" + members.filter { $0.0 == "name" || random.next(2) == 0 }.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ",") + "}"
            }
            return "[" + lines.joined(separator: ", ") + "]"
        default: return texts[random.next(texts.count)]
        }
    }

    private static func shuffle(_ list: inout [String], _ random: inout PlannerRandom) {
        for index in list.indices.reversed() where index > 0 { list.swapAt(index, random.next(index + 1)) }
    }

    private static func archive(_ random: inout PlannerRandom) -> String {
        let keys = ["id", "kind", "name", "summary", "instructions", "planned", "plannedIn", "created", "updated", "ovenTemperature",
                    "bakeMinutes", "alcoholic", "servedHot", "source", "servings", "yield", "prepMinutes", "cookMinutes", "totalMinutes",
                    "tags", "image", "nutrition", "ingredients", "lastCooked", "timesCooked", "plan", "cooked", "cuisine"]
        let space = ["", " ", "\n  ", "\t"]
        let recipes = (0..<random.next(4)).map { _ in
            var chosen = keys.filter { $0 == "name" ? random.next(20) != 0 : random.next(3) == 0 }
            if random.next(15) == 0, let again = chosen.first { chosen.append(again) }
            Self.shuffle(&chosen, &random)
            return "{" + chosen.map { space[random.next(4)] + "\"\($0)\"" + space[random.next(4)] + ":" + space[random.next(4)] + value(for: $0, &random) }
                .joined(separator: ",") + space[random.next(4)] + "}"
        }
        let format = random.next(20) == 0 ? "\"cookbook\"" : "\"recipes\""
        let version = ["1", "2", "2", "3", "2.0", "2", "1"][random.next(7)]
        var members = ["\"format\": \(format)", "\"version\": \(version)", "\"recipes\": [" + recipes.joined(separator: ",") + "]"]
        if random.next(3) == 0 { members.append("\"pantry\": [{\"name\": \"flour\", \"identity\": \"flour\"}]") }
        if random.next(5) == 0 { members.append("\"comment\": {\"nested\": [1, 2.5, \"x\", null, true]}") }
        Self.shuffle(&members, &random)
        var text = space[random.next(4)] + "{" + members.joined(separator: ", ") + "}" + space[random.next(4)]
        // Now and then a byte lost or doubled, as a truncated or mangled file has it.
        if random.next(10) == 0, !text.isEmpty {
            var bytes = Array(text.utf8)
            let at = random.next(bytes.count)
            if random.next(2) == 0 { bytes.remove(at: at) } else { bytes.insert(bytes[at], at: at) }
            text = String(decoding: bytes, as: UTF8.self)
        }
        return text
    }

    @Test(arguments: 0..<8)
    func theReaderReadsWhatJSONDecoderReads(seed: Int) throws {
        var random = PlannerRandom(seed: UInt64(seed) &* 7919 &+ 17)
        var fast = 0, readable = 0
        for _ in 0..<400 {
            let text = Self.archive(&random)
            let data = Data(text.utf8)
            let decoded = try? RecipeJSON.decoder.decode(RecipeArchive.self, from: data)
            if decoded != nil { readable += 1 }
            guard let read = ArchiveReader.archive(data) else { continue }
            fast += 1
            let expected = try #require(decoded, "the reader read what JSONDecoder refuses:\n\(text)")
            #expect(try read.encoded() == expected.encoded(), "\(text)")
        }
        // The reader reads most archives JSONDecoder reads (not those with a \u escape, say):
        // the test compares, it does not only watch the reader fall back.
        #expect(fast * 2 > readable, "\(fast) of \(readable)")
    }

    @Test func anExportIsReadWithoutTheDecoder() throws {
        let soup = Recipe(name: "Soup", summary: "Hot \"and\" good\n", ingredients: [Ingredient(name: "leek", amount: "2")])
        soup.details.servings = 4
        soup.details.tags = ["winter"]
        soup.details.nutrition = Nutrition([.calories: 310])
        let data = try RecipeArchive(recipes: [RecipeJSON(soup)]).encoded(pretty: true)
        let read = try #require(ArchiveReader.archive(data))
        #expect(try read.encoded() == RecipeJSON.decoder.decode(RecipeArchive.self, from: data).encoded())
        #expect(read.recipes[0].servings == 4 && read.recipes[0].nutrition?[.calories] == 310)
    }
}
