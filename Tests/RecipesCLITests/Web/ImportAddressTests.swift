import Foundation
import Recipes
import Testing

private let curlIsInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")

/// `recipes import https://…` through the real binary and the system's curl, against pages
/// served from 127.0.0.1: the address becomes the source, and each way a fetch fails is one
/// clear line that leaves the store as it was (issue 35, point 8).
@Suite(.enabled(if: curlIsInstalled, "curl is not installed (.ci/run installs it)"))
struct ImportAddressTests {
    /// A page in the shape recipe sites write: a JSON-LD Recipe that names no address of its own.
    static let page = Data("""
        <!doctype html><html><head><title>Leek soup</title>
        <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"Soup Kitchen"},
        {"@type":"Recipe","name":"Leek and potato soup","recipeYield":"4 servings","totalTime":"PT40M",
        "recipeIngredient":["2 leeks, sliced","500 g potatoes","1 l vegetable stock"],
        "recipeInstructions":[{"@type":"HowToStep","text":"Soften the leeks."},{"@type":"HowToStep","text":"Simmer with the potatoes and stock."}]}]}
        </script></head><body><h1>Leek soup</h1></body></html>
        """.utf8)

    let cli = RecipesProcess()
    let server: LocalWebServer

    init() throws {
        server = try LocalWebServer([
            "/soup": .page(status: 200, headers: [], body: Self.page),
            "/old-soup": .page(status: 301, headers: [("Location", "/soup")], body: Data()),
            "/to-ftp": .page(status: 302, headers: [("Location", "ftp://127.0.0.1/soup")], body: Data()),
            "/gone": .page(status: 410, headers: [], body: Data("<html>gone</html>".utf8)),
            "/about": .page(status: 200, headers: [], body: Data("<html><body>We cook.</body></html>".utf8)),
            "/huge": .stream(bytes: 20 << 20),
            "/slow": .slow(seconds: 4),
            "/pancakes.cook": .page(status: 200, headers: [("Content-Type", "text/plain")],
                                    body: Data("Mix @flour{200%g} and @eggs{2}.\n\nFry in @butter.\n".utf8)),
        ])
        try cli.seed([Recipe(name: "Toast")])
    }

    func names() throws -> [String] {
        try cli.runOnStore(["search", "--format", "plain"]).stdout.split(separator: "\n").map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[2]) }
    }

    @Test func aPageIsImportedByItsAddressWhichBecomesItsSource() throws {
        let imported = try cli.runOnStore(["import", server.address("/soup")])
        #expect(imported == .init(stdout: "imported 1 recipe\n", stderr: "", status: 0))
        let shown = try cli.runOnStore(["show", "leek and potato soup"])
        #expect(shown.stdout.contains("source: \(server.address("/soup"))"), "\(shown)")
        #expect(shown.stdout.contains("leeks, sliced") && shown.stdout.contains("Simmer with the potatoes"), "\(shown)")
        // The same page again, also through an old address that redirects to it, adds nothing:
        // its recipe is known by the address.
        let again = try cli.runOnStore(["import", server.address("/old-soup")])
        #expect(again.status == 0 && again.stdout.hasPrefix("imported 0 recipes, skipped 1 already in the store"), "\(again)")
        #expect(server.requests == ["/soup", "/old-soup", "/soup"])
    }

    @Test func aCooklangFileByAddressIsNamedByItsFile() throws {
        let imported = try cli.runOnStore(["import", server.address("/pancakes.cook")])
        #expect(imported == .init(stdout: "imported 1 recipe\n", stderr: "", status: 0))
        #expect(try names().contains("pancakes"))
    }

    @Test(arguments: [
        ("/gone", "the server answered 410 (gone); nothing was imported"),
        ("/nothing-here", "the server answered 404 (not found); nothing was imported"),
        ("/to-ftp", "the page redirects to an address that is not http or https; refused"),
        ("/about", "not a recipe page: the page has no schema.org data"),
        ("/huge", "the page is larger than 16 MB; not imported"),
        ("/slow", "no complete answer within 1 seconds (--timeout waits longer)"),
    ])
    func eachFailureIsOneLineAndChangesNothing(path: String, message: String) throws {
        let before = try Data(contentsOf: cli.store)
        let result = try cli.runOnStore(["import", "--timeout", "1", server.address(path)])
        #expect(result.status == 2 && result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.hasPrefix("recipes: error: \(server.address(path)): \(message)"), "\(result)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
        #expect(try Data(contentsOf: cli.store) == before)
    }

    @Test func aSecureAddressToAPlainServerIsATLSFailure() throws {
        let address = server.address("/soup").replacingOccurrences(of: "http://", with: "https://")
        let result = try cli.runOnStore(["import", address])
        #expect(result.status == 2 && result.stderr.hasPrefix("recipes: error: \(address): the secure connection to 127.0.0.1:\(server.port) failed (TLS"),
                "\(result)")
        #expect(result.stderr.hasSuffix("; the server may speak plain http: try http://\n"), "\(result)")
    }

    @Test func aHostThatDoesNotResolveIsSaidSo() throws {
        // .invalid never resolves (RFC 6761); a machine without a resolver may time out instead.
        let result = try cli.runOnStore(["import", "--timeout", "5", "http://recipes.invalid/soup"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("recipes: error: http://recipes.invalid/soup: cannot find the host recipes.invalid")
                || result.stderr.contains("no complete answer within 5 seconds"), "\(result)")
    }

    /// The address is one argument of curl's, never shell text: what a shell would run in it is
    /// only part of the address the server is asked for.
    @Test func theAddressReachesNoShell() throws {
        let marker = cli.home.appendingPathComponent("ran")
        let address = server.address("/soup") + "?x=$(touch%20\(marker.path))`touch%20\(marker.path)`;touch%20\(marker.path)"
        _ = try cli.runOnStore(["import", address])
        #expect(!FileManager.default.fileExists(atPath: marker.path))
        #expect(server.requests.count == 1 && server.requests[0].contains("touch"))
    }

    @Test func withoutCurlTheErrorSaysWhatToInstall() throws {
        cli.environment["PATH"] = cli.home.path
        let before = try Data(contentsOf: cli.store)
        let result = try cli.runOnStore(["import", server.address("/soup")])
        #expect(result.status == 2 && result.stderr == """
            recipes: error: importing a web address needs curl, which is not installed (Debian and Ubuntu: sudo apt install curl); \
            or save the page and import the file\n
            """, "\(result)")
        #expect(try Data(contentsOf: cli.store) == before && server.requests.isEmpty)
    }

    @Test func aTimeoutOutOfRangeIsAUsageError() throws {
        let result = try cli.runOnStore(["import", "--timeout", "0", server.address("/soup")])
        #expect(result.status == 64 && server.requests.isEmpty, "\(result)")
    }
}
