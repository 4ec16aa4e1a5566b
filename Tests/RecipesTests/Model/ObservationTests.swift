import Foundation
import Observation
import Recipes
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

    @Test func recipesHashByIdentityAndIdentifyByID() {
        let a = Recipe(name: "Soup")
        let copy = a.snapshot.makeRecipe()
        #expect(a.id == copy.id && a != copy && a == a)
        #expect(Set([a, copy, a]).count == 2)
        #expect(a.snapshot == copy.snapshot)
    }
}
