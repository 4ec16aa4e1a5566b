import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// Two contexts (or two processes) editing one recipe: a save writes only the fields it
/// changed, and a field someone else changed since it was read is a conflict, never a silent
/// overwrite.
@Suite struct LostUpdateTests {
    let temporary = TemporaryStore()

    func savedSoup() throws -> UUID {
        let context = ModelContext(temporary.store)
        let soup = Recipe(name: "Soup", summary: "Warm", instructions: "Simmer.", ingredients: [Ingredient(name: "Leek", amount: "2")])
        context.insert(soup)
        try context.save()
        return soup.id
    }

    func stored(_ id: UUID) throws -> Recipe {
        try #require(try ModelContext(try RecipeStore(url: temporary.url)).model(for: id))
    }

    @Test func aSaveKeepsFieldsAnotherContextChangedMeanwhile() throws {
        let id = try savedSoup()
        let b = ModelContext(try RecipeStore(url: temporary.url))
        let bSoup = try #require(try b.model(for: id))
        let a = ModelContext(try RecipeStore(url: temporary.url))
        let aSoup = try #require(try a.model(for: id))
        let planned = Date(timeIntervalSinceReferenceDate: 820_000_000)
        aSoup.name = "Leek soup"
        aSoup.plannedDate = planned
        aSoup.ingredients.append(Ingredient(name: "Cream"))
        try a.save()
        bSoup.summary = "Warm and green"
        try b.save()
        let result = try stored(id)
        #expect(result.name == "Leek soup" && result.plannedDate == planned && result.summary == "Warm and green")
        #expect(result.ingredients.map(\.name) == ["Leek", "Cream"])
        // B's object now shows what the store holds, so its next save cannot undo A's edit.
        #expect(bSoup.name == "Leek soup" && bSoup.plannedDate == planned && bSoup.ingredients.count == 2)
        #expect(!b.hasChanges)
        bSoup.instructions = "Simmer, then blend."
        try b.save()
        #expect(try stored(id).name == "Leek soup")
    }

    @Test func changingAFieldAnotherContextChangedIsAConflict() throws {
        let id = try savedSoup()
        let b = ModelContext(try RecipeStore(url: temporary.url))
        let bSoup = try #require(try b.model(for: id))
        let a = ModelContext(try RecipeStore(url: temporary.url))
        try #require(try a.model(for: id)).name = "Leek soup"
        try a.save()
        bSoup.name = "Potato soup"
        bSoup.summary = "Thick"
        #expect(throws: RecipeStoreError.conflict([.init(id: id, name: "Potato soup", fields: ["name"])])) { try b.save() }
        let result = try stored(id)
        #expect(result.name == "Leek soup" && result.summary == "Warm")
        #expect(b.hasChanges)
        // Even the same value: a counter read once and counted up twice must not lose a step.
        let c = ModelContext(try RecipeStore(url: temporary.url))
        let cSoup = try #require(try c.model(for: id))
        try #require(try a.model(for: id)).summary = "Hot"
        try a.save()
        cSoup.summary = "Hot"
        #expect(throws: RecipeStoreError.self) { try c.save() }
        // Fetched again, the change saves.
        let d = ModelContext(try RecipeStore(url: temporary.url))
        try #require(try d.model(for: id)).name = "Potato soup"
        try d.save()
        #expect(try stored(id).name == "Potato soup")
    }

    @Test func ingredientListsConflictAsOneField() throws {
        let id = try savedSoup()
        let b = ModelContext(try RecipeStore(url: temporary.url))
        let bSoup = try #require(try b.model(for: id))
        let a = ModelContext(try RecipeStore(url: temporary.url))
        try #require(try a.model(for: id)).ingredients.append(Ingredient(name: "Cream"))
        try a.save()
        bSoup.ingredients.removeAll()
        #expect(throws: RecipeStoreError.self) { try b.save() }
        #expect(try stored(id).ingredients.map(\.name) == ["Leek", "Cream"])
    }

    @Test func aTransactionReadsAndWritesAtOneMoment() throws {
        let id = try savedSoup()
        let context = ModelContext(try RecipeStore(url: temporary.url))
        try context.transaction {
            let soup = try #require(try context.model(for: id))
            soup.name += " (again)"
        }
        #expect(try stored(id).name == "Soup (again)")
        #expect(!context.hasChanges)
    }

    /// Two writers on their own connections, each counting up its own field and both a
    /// shared one (redoing a save that conflicts): every increment lands.
    @Test func concurrentEditsOfDifferentAndTheSameFieldsLoseNothing() throws {
        let id = try savedSoup()
        let url = temporary.url
        let rounds = 120
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            do {
                let store = try RecipeStore(url: url)
                for _ in 0..<rounds {
                    let context = ModelContext(store)
                    let soup = try #require(try context.model(for: id))
                    if writer == 0 { soup.summary = String((Int(soup.summary) ?? 0) + 1) } else { soup.name = String((Int(soup.name) ?? 0) + 1) }
                    try context.save()
                    while true {
                        let shared = ModelContext(store)
                        let again = try #require(try shared.model(for: id))
                        again.instructions = String((Int(again.instructions) ?? 0) + 1)
                        usleep(200)
                        do {
                            try shared.save()
                            break
                        } catch RecipeStoreError.conflict {
                            continue
                        }
                    }
                }
            } catch {
                Issue.record("writer \(writer): \(error)")
            }
        }
        let result = try stored(id)
        #expect(result.summary == String(rounds) && result.name == String(rounds) && result.instructions == String(2 * rounds))
    }
}
