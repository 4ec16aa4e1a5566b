import Foundation
import Recipes
import Testing

/// Several `recipes` processes writing one store while others read it, as cron jobs, status
/// bars and terminals do: every write lands, nobody sees "database is locked".
@Suite struct ConcurrencyTests {
    @Test func eightWritersAndTwoReadersShareOneStore() throws {
        let cli = RecipesProcess()
        try cli.seed([Recipe(name: "Seed")])
        let binary = RecipesProcess.binary.path
        // Each writer makes 200 writes: 100 adds, 50 plans, 25 clears, 25 deletes.
        let writer = """
            set -u
            for i in $(seq 1 100); do "$RECIPES" add "W$WRITER-$i" -i "1 :: item $i" >/dev/null || echo "add $i failed: $?" >&2; done
            for i in $(seq 1 50); do "$RECIPES" plan "W$WRITER-$i" tomorrow >/dev/null || echo "plan $i failed: $?" >&2; done
            for i in $(seq 1 25); do "$RECIPES" plan "W$WRITER-$i" --clear >/dev/null || echo "clear $i failed: $?" >&2; done
            for i in $(seq 76 100); do "$RECIPES" delete "W$WRITER-$i" >/dev/null || echo "delete $i failed: $?" >&2; done
            """
        // Readers loop until told to stop; any exit other than 0 or 1 (nothing planned) is a failure.
        let reader = """
            while [ ! -e "$STOP" ]; do
                "$RECIPES" next --format waybar >/dev/null; status=$?
                [ $status -le 1 ] || echo "next exited $status" >&2
            done
            """
        let stop = cli.home.appendingPathComponent("stop").path
        var environment = cli.environment
        environment["RECIPES"] = binary
        environment["RECIPES_STORE"] = cli.store.path
        environment["STOP"] = stop
        func start(_ script: String, _ extra: [String: String]) throws -> (Process, URL) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            process.environment = environment.merging(extra) { $1 }
            let errors = cli.home.appendingPathComponent("stderr-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errors)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return (process, errors)
        }
        let readers = try (1...2).map { _ in try start(reader, [:]) }
        let writers = try (1...8).map { try start(writer, ["WRITER": String($0)]) }
        for (process, _) in writers { process.waitUntilExit() }
        _ = FileManager.default.createFile(atPath: stop, contents: nil)
        for (process, _) in readers { process.waitUntilExit() }
        for (process, errors) in writers + readers {
            #expect(process.terminationStatus == 0)
            let written = try String(decoding: FileContents.read(errors.path), as: UTF8.self)
            #expect(written == "", "\(written.prefix(500))")
        }
        let context = ModelContext(try cli.openStore())
        let all = try context.fetch(FetchDescriptor<Recipe>())
        #expect(all.count == 1 + 8 * 75)
        #expect(all.filter { $0.plannedDate != nil }.count == 8 * 25)
        #expect(all.allSatisfy { $0.name == "Seed" || $0.ingredients.count == 1 })
    }
}
