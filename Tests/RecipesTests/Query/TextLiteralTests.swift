import Foundation
import Recipes
import Testing

/// Characters that mean something to SQL, LIKE, or the terminal are matched as themselves.
@Suite struct TextLiteralTests {
    static let names = [
        "100% rye", "1000 rye", "snake_case soup", "snakeXcase soup", "it's \"quoted\"", #"back\slash"#,
        "🍰 cake 👨‍👩‍👧", "cre\u{300}me", "crème", "plain", "O'Brien's stew", "%", "_",
    ]

    func context() throws -> ModelContext {
        let context = ModelContext(try RecipeStore.inMemory())
        for name in Self.names { context.insert(Recipe(name: name)) }
        try context.save()
        return context
    }

    @Test(arguments: ["%", "_", "'", "\"", "\\", "🍰", "👨", "👨‍👩‍👧", "e\u{300}", "è", "e", "'s", "_c"])
    func containsMatchesLiterally(needle: String) throws {
        let context = try context()
        let predicate = #Predicate<Recipe> { $0.name.contains(needle) }
        // The predicate's own evaluation is the reference: it matches Characters, so "👨"
        // is not in "👨‍👩‍👧" (Foundation's String.contains would say it is).
        let expected = try Self.names.filter { try predicate.evaluate(Recipe(name: $0)) }
        let fetched = try context.fetch(FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.name)])).map(\.name)
        #expect(fetched.sorted() == expected.sorted())
        let folded = #Predicate<Recipe> { $0.name.localizedStandardContains(needle) }
        let expectedFolded = try Self.names.filter { try folded.evaluate(Recipe(name: $0)) }
        #expect(try context.fetch(FetchDescriptor(predicate: folded)).map(\.name).sorted() == expectedFolded.sorted())
    }

    @Test func percentAndUnderscoreAreNotWildcards() throws {
        let context = try context()
        #expect(try context.fetch(FetchDescriptor(predicate: #Predicate<Recipe> { $0.name.contains("0%") })).map(\.name) == ["100% rye"])
        #expect(try context.fetch(FetchDescriptor(predicate: #Predicate<Recipe> { $0.name.contains("e_c") })).map(\.name) == ["snake_case soup"])
    }

    @Test func accentsFoldForLocalizedStandardContainsOnly() throws {
        let context = try context()
        let folded = try context.fetch(FetchDescriptor(predicate: #Predicate<Recipe> { $0.name.localizedStandardContains("CREME") }))
        #expect(folded.count == 2)
        let exact = try context.fetch(FetchDescriptor(predicate: #Predicate<Recipe> { $0.name.contains("creme") }))
        #expect(exact.isEmpty)
        // Canonically equivalent spellings are the same string to Swift, and so to the store.
        let equivalent = try context.fetch(FetchDescriptor(predicate: #Predicate<Recipe> { $0.name == "crème" }))
        #expect(equivalent.count == 2)
        #expect(try context.fetch(FetchDescriptor(predicate: #Predicate<Recipe> { $0.name.localizedStandardContains("") })).isEmpty)
    }

    @Test func foldIsLowerCaseWithoutDiacritics() {
        #expect(TextMatching.fold("Crème Brûlée") == "creme brulee")
        #expect(TextMatching.fold("PLAIN ascii 123") == "plain ascii 123")
        #expect(TextMatching.fold("cre\u{300}me") == "creme")
        #expect(TextMatching.fold("Ｆｕｌｌ") == "full")
        #expect(TextMatching.fold("Straße") == TextMatching.fold("STRASSE"))
        #expect(TextMatching.fold("Açaí ΣΊΣΥΦΟΣ") == "acai σισυφοσ")
        #expect(TextMatching.canonical("cre\u{300}me").unicodeScalars.count == 5)
    }
}
