import Foundation
@testable import RecipesCore
import Testing

/// One limit per field, the same on every path (issue 33): what `add` takes, `edit`, `set`,
/// `import`, `plan` and `show` take too, and what one refuses every one refuses in the same
/// words, leaving the store as it was. Values around each limit and random ones are tried on
/// every path against the one oracle, ``FieldLimit``.
@Suite struct FieldLimitTests {
    let cli = RecipesProcess()

    /// Boundaries of `limit`, its neighbours, and a few random values beyond and within.
    static func values(_ limit: FieldLimit) -> [Int] {
        var random = SystemRandomNumberGenerator()
        let low = limit.range.lowerBound, high = limit.range.upperBound
        return [low - 1, low, high, high + 1, high * 2, Int.random(in: low...high, using: &random),
                Int.random(in: (high + 1)...(high * 100), using: &random)]
    }

    func editor(_ line: String, _ value: Int) throws -> String {
        let path = cli.home.appendingPathComponent("editor-\(UUID().uuidString).sh").path
        try Data("#!/bin/sh\nsed -i -e 's/^\(line): .*/\(line): \(value)/' \"$1\"\n".utf8).write(to: URL(fileURLWithPath: path))
        return "/bin/sh " + path
    }

    /// Runs `arguments`, checks it was taken exactly when `limit` holds `value`, and that a
    /// refusal says the limit's words and changed nothing.
    func expect(_ arguments: [String], _ limit: FieldLimit, _ value: Int, path: String) throws {
        let before = try cli.storeBytes()
        let result = try cli.runOnStore(arguments)
        let allowed = limit.range.contains(value)
        #expect((result.status == 0) == allowed, "\(path) with \(value): \(result)")
        if !allowed {
            #expect(result.stderr.contains("'\(value)' is not \(limit.expected)"), "\(path) with \(value): \(result)")
            #expect(try cli.storeBytes() == before, "\(path) with \(value) changed the store")
        }
    }

    @Test func servingsAreLimitedAlikeOnEveryPath() throws {
        #expect(try cli.runOnStore(["add", "Pie", "--servings", "4"]).status == 0)
        cli.environment["EDITOR"] = "true"
        for (index, value) in Self.values(.servings).enumerated() {
            let name = "Tart \(index)"
            try expect(["add", name, "--servings", "\(value)"], .servings, value, path: "add")
            try expect(["set", "pie", "--servings", "\(value)"], .servings, value, path: "set")
            cli.environment["EDITOR"] = try editor("Servings", value)
            try expect(["edit", "pie"], .servings, value, path: "edit")
            try expect(["plan", "pie", "fri", "--servings", "\(value)"], .servings, value, path: "plan")
            try expect(["show", "pie", "--servings", "\(value)"], .servings, value, path: "show --servings")
            let archive = cli.home.appendingPathComponent("import-\(index).json")
            try Data("""
                {"format": "recipes", "version": 2, "recipes": [{"name": "Imported \(index)", "kind": "dish", "servings": \(value)}]}
                """.utf8).write(to: archive)
            try expect(["import", archive.path], .servings, value, path: "import")
            // What was taken is edited back unchanged: no path stores what edit refuses.
            cli.environment["EDITOR"] = "true"
            if FieldLimit.servings.range.contains(value) {
                #expect(try cli.runOnStore(["edit", name]).status == 0)
            }
        }
    }

    @Test func ovenAndBakeTimeAreLimitedAlikeOnEveryPath() throws {
        #expect(try cli.runOnStore(["add", "Bread", "--kind", "baked"]).status == 0)
        for (field, option, line) in [(FieldLimit.ovenTemperature, "--oven", "Oven"), (FieldLimit.bakeMinutes, "--bake-minutes", "Bake minutes")] {
            for (index, value) in Self.values(field).enumerated() {
                try expect(["add", "Loaf \(line) \(index)", "--kind", "baked", option, "\(value)"], field, value, path: "add \(option)")
                try expect(["set", "bread", option, "\(value)"], field, value, path: "set \(option)")
                cli.environment["EDITOR"] = try editor(line, value)
                try expect(["edit", "bread"], field, value, path: "edit \(line)")
            }
        }
    }
}
