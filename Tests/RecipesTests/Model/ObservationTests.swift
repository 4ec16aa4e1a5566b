import Foundation
import Observation
import Recipes
@testable import RecipesCore
import Testing

/// Recipes work with the Observation framework: a tracked read is told of the next change.
@Suite struct ObservationTests {
    final class Flag: @unchecked Sendable {
        // Set from the onChange callback, which runs synchronously inside the mutation.
        var fired = 0
    }

    @Test(arguments: [true, false])
    func changingATrackedPropertyNotifiesOnce(subclass: Bool) {
        let cake = BakedGood(name: "Cake", ovenTemperature: 180)
        let flag = Flag()
        withObservationTracking {
            _ = subclass ? cake.ovenTemperature.map(String.init) ?? "" : cake.name
        } onChange: {
            flag.fired += 1
        }
        cake.summary = "untracked"
        #expect(flag.fired == 0)
        if subclass { cake.ovenTemperature = 200 } else { cake.name = "Sponge cake" }
        #expect(flag.fired == 1)
        if subclass { cake.ovenTemperature = 210 } else { cake.name = "Layer cake" }
        #expect(flag.fired == 1)
    }

    @Test func ingredientListAndIngredientsAreObservable() {
        let soup = Recipe(name: "Soup", ingredients: [Ingredient(name: "Leek")])
        let flag = Flag()
        withObservationTracking { _ = soup.ingredients.first?.amount } onChange: { flag.fired += 1 }
        soup.ingredients[0].amount = "2"
        #expect(flag.fired == 1)
        withObservationTracking { _ = soup.ingredients.count } onChange: { flag.fired += 1 }
        soup.ingredients.append(Ingredient(name: "Cream"))
        #expect(flag.fired == 2)
        #expect(soup.ingredients.last?.recipe === soup)
    }

    /// Saving reads every property into the store; a read is not a change. Reading went
    /// through each property's setter once, which told every observer of a recipe's fields
    /// (an open editor, a list) that they had changed, at each save and each bulk import.
    @Test(arguments: [1, 200])
    func savingAndFetchingTellNoObserverOfAFieldThatDidNotChange(recipes: Int) throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        let cakes = (0..<recipes).map { BakedGood(name: "Cake \($0)", summary: "Sponge", ingredients: [Ingredient(name: "Flour", amount: "200 g")], ovenTemperature: 180) }
        let flag = Flag()
        for cake in cakes {
            withObservationTracking {
                _ = (cake.name, cake.summary, cake.instructions, cake.tags, cake.servings, cake.ovenTemperature, cake.plannedDate,
                     cake.ingredients.first?.name, cake.ingredients.first?.amount)
            } onChange: { flag.fired += 1 }
            context.insert(cake)
        }
        try context.save()
        _ = try context.fetch(FetchDescriptor<Recipe>())
        #expect(flag.fired == 0)
        cakes[0].summary = "Chocolate"
        try context.save()
        #expect(flag.fired == 1)
    }

    /// A recipe made from a row is filled in without the registrar (nothing can observe it
    /// yet); once made, it and its lines tell their observers as any recipe does.
    @Test func aFetchedRecipeAndItsLinesAreObservable() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        context.insert(BakedGood(name: "Cake", ingredients: [Ingredient(name: "Flour", amount: "200 g")], ovenTemperature: 180))
        try context.save()
        let fetched = try #require(try ModelContext(temporary.store).fetch(FetchDescriptor<Recipe>()).first as? BakedGood)
        let flag = Flag()
        withObservationTracking { _ = (fetched.name, fetched.ovenTemperature) } onChange: { flag.fired += 1 }
        fetched.ovenTemperature = 200
        #expect(flag.fired == 1)
        withObservationTracking { _ = fetched.ingredients.first?.amount } onChange: { flag.fired += 1 }
        fetched.ingredients[0].amount = "250 g"
        #expect(flag.fired == 2)
        withObservationTracking { _ = fetched.ingredients.count } onChange: { flag.fired += 1 }
        fetched.ingredients.append(Ingredient(name: "Sugar"))
        #expect(flag.fired == 3)
    }

    @Test func recipesHashByIdentityAndIdentifyByID() {
        let a = Recipe(name: "Soup")
        let copy = a.snapshot.makeRecipe()
        #expect(a.id == copy.id && a != copy && a == a)
        #expect(Set([a, copy, a]).count == 2)
        #expect(a.snapshot == copy.snapshot)
    }
}
