// An example of the `Recipes` library in Swift concurrency: a meal planner that imports a
// week of recipes with several actors at once, while a live query prints the plan each time
// the store changes, and a change stream reports what each commit touched.
//
//     swift run RecipesExample [STORE]      (default: a fresh file in a temporary folder)
//
// Everything that crosses an actor is Sendable: ModelContainer, RecipeSnapshot,
// PersistentIdentifier, StoreChange. Recipes (classes) stay inside the actor that fetched them.
import Foundation
import Recipes

/// Writes a line now, also into a pipe (print buffers there): the plan is a live display.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let storeURL = CommandLine.arguments.count > 1
    ? URL(fileURLWithPath: CommandLine.arguments[1])
    : FileManager.default.temporaryDirectory.appendingPathComponent("recipes-example-\(UUID().uuidString).sqlite")
let container = try ModelContainer(url: storeURL)
say("store: \(storeURL.path)")

let days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
let dishes = ["Leek soup", "Focaccia", "Mint tea", "Risotto", "Apple pie", "Lemonade", "Chili"]
let expected = Set(dishes)

// The plan as a live query: every recipe planned this week, in date order, re-fetched on its
// own thread whenever a commit changes a recipe.
var plan = FetchDescriptor<Recipe>(predicate: #Predicate { $0.plannedDate != nil },
                                   sortBy: [SortDescriptor(\.plannedDate), SortDescriptor(\.name)])
plan.requiresSQLTranslation = true   // this screen must never scan the store in memory
let planner = Task {
    for try await recipes in RecipeQuery(container, plan) {
        say("plan: " + (recipes.isEmpty ? "(nothing planned)" : recipes.map(\.name).joined(separator: ", ")))
        if Set(recipes.map(\.name)) == expected { return recipes }
    }
    return []
}

// The change stream, collecting which recipes the commits touched. Commits close together
// arrive as one change, so a recipe inserted and planned at once counts as inserted.
let counter = Task {
    var touched = Set<PersistentIdentifier>(), batches = 0
    for try await change in container.changes() {
        touched.formUnion(change.ids)
        batches += 1
    }
    return (touched.count, batches)
}

// Three importers, each an actor with its own connection, write at the same time; the
// planner actor then gives each recipe a day, in one write transaction per recipe.
let importers = try (0..<3).map { _ in try RecipeModelActor(modelContainer: container) }
let ids = try await withThrowingTaskGroup(of: PersistentIdentifier.self) { group in
    for (index, name) in dishes.enumerated() {
        let recipe: RecipeSnapshot = switch index % 3 {
        case 1: RecipeSnapshot(BakedGood(name: name, ovenTemperature: 220))
        case 2: RecipeSnapshot(Beverage(name: name, isServedHot: name == "Mint tea"))
        default: RecipeSnapshot(Recipe(name: name, ingredients: [Ingredient(name: "Salt", amount: "a pinch")]))
        }
        group.addTask { try await importers[index % importers.count].insert(recipe) }
    }
    var ids: [PersistentIdentifier] = []
    for try await id in group { ids.append(id) }
    return ids
}
let scheduler = try RecipeModelActor(modelContainer: container)
for id in ids {
    try await scheduler.update(id) { recipe in
        let day = dishes.firstIndex(of: recipe.name)!
        recipe.plannedDate = Recipe.dateAt6PM(daysFromNow: day + 1)
    }
}

let final = try await planner.value
// Ending the loop (here by cancelling its task) stops the stream's watching thread.
counter.cancel()
let (touched, batches) = try await counter.value
for (day, recipe) in zip(days, final) { say("\(day): \(recipe.name) (\(recipe.variety.rawValue))") }
say("change stream: \(touched) recipes touched, in \(batches) batches")

do {
    var slow = FetchDescriptor<Recipe>(predicate: #Predicate { $0.name.count > 100 })
    slow.requiresSQLTranslation = true
    _ = try await scheduler.fetch(slow)
} catch let error as RecipeStoreError {
    if case .untranslatable = error { say("strict mode: \(error.localizedDescription)") }
}
