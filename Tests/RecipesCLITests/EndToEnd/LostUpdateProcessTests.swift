import Foundation
import Recipes
import Testing

/// This process edits a recipe through the library while `recipes plan` changes it in
/// another: an edit of another field keeps the plan, an edit of the plan itself is refused.
@Suite struct LostUpdateProcessTests {
    let cli = RecipesProcess()
    static let id = UUID(uuidString: "00000000-0000-4000-8000-0000000000AA")!

    init() throws {
        try cli.seed([Recipe(id: Self.id, name: "Soup", summary: "Warm")])
    }

    func reread() throws -> Recipe {
        try #require(try ModelContext(try cli.openStore()).model(for: Self.id))
    }

    @Test func anotherProcessesPlanSurvivesAnEditOfAnotherField() throws {
        for round in 1...5 {
            let context = ModelContext(try cli.openStore())
            let soup = try #require(try context.model(for: Self.id))
            #expect(try cli.runOnStore(["plan", "0000000", "+\(round)d 18:00", "--replace"]).status == 0)
            soup.summary = "Warm, round \(round)"
            try context.save()
            let stored = try reread()
            #expect(stored.summary == "Warm, round \(round)")
            #expect(stored.plannedDate == RecipesProcess.date("2026-11-30T18:00:00Z").addingTimeInterval(Double(round) * 86_400))
        }
    }

    /// `recipes plan` processes in a loop while this process counts up the summary through
    /// the library: every plan and every count lands.
    @Test func twoProcessesEditingDifferentFieldsInALoopLoseNothing() throws {
        let rounds = 25
        let store = cli.store.path, environment = cli.environment, binary = RecipesProcess.binary
        let planner = DispatchQueue(label: "planner")
        let done = DispatchSemaphore(value: 0)
        planner.async {
            for round in 1...rounds {
                let process = Process()
                process.executableURL = binary
                process.arguments = ["--store", store, "plan", "0000000", "+\(round)d 18:00", "--replace"]
                process.environment = environment
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try? process.run()
                process.waitUntilExit()
            }
            done.signal()
        }
        var counted = 0
        let storeHandle = try cli.openStore()
        while done.wait(timeout: .now()) == .timedOut || counted < 5 {
            let context = ModelContext(storeHandle)
            let soup = try #require(try context.model(for: Self.id))
            soup.summary = String((Int(soup.summary) ?? 0) + 1)
            usleep(2_000)
            try context.save()
            counted += 1
        }
        let stored = try reread()
        #expect(stored.summary == String(counted))
        #expect(stored.plannedDate == RecipesProcess.date("2026-11-30T18:00:00Z").addingTimeInterval(Double(rounds) * 86_400))
    }

    @Test func changingThePlanAnotherProcessChangedIsAConflict() throws {
        let context = ModelContext(try cli.openStore())
        let soup = try #require(try context.model(for: Self.id))
        #expect(try cli.runOnStore(["plan", "Soup", "tomorrow"]).status == 0)
        soup.plannedDate = RecipesProcess.date("2026-12-24T18:00:00Z")
        #expect(throws: RecipeStoreError.conflict([SaveConflict(id: Self.id, name: "Soup", fields: ["plannedDate"])])) { try context.save() }
        #expect(try reread().plannedDate == RecipesProcess.date("2026-12-01T18:00:00Z"))
    }

    /// Another process renames the recipe: this process's context fetches it by the new name
    /// and gets its own object, showing the new name (it used to keep the old one, so a fetch
    /// returned an object that did not match its predicate).
    @Test func aFetchSeesAnotherProcessesRename() throws {
        let context = ModelContext(try cli.openStore())
        let soup = try #require(try context.model(for: Self.id))
        #expect(try cli.runOnStore(["rename", "soup", "Leek soup"]).status == 0)
        let found = try context.fetch(FetchDescriptor<Recipe>(predicate: #Predicate { $0.name == "Leek soup" }))
        #expect(found.count == 1 && found.first === soup && soup.name == "Leek soup")
    }
}
