import Foundation
import Recipes
import Testing

/// Machines joining and leaving one sync folder at random, through the real binary: edits,
/// deletions, skipped days, syncs killed with SIGKILL, backups restored, replica folders
/// deleted, files from a machine whose clock runs up to an hour fast. After quiescence every
/// store must export the same, and every acknowledged write that nothing later superseded
/// must be there.
///
/// Small in CI; longer by hand: `RECIPES_CHAOS_OPS=2000 RECIPES_CHAOS_SEED=7 swift test
/// --filter SyncChaosTests`. A failure names its seed.
///
/// The oracle, kept sound by two rules: a recipe is only ever edited or deleted by the machine
/// that made it (so "later" is the order of that machine's clock, which a restore must not
/// turn back), and skipped days only grow. A write is acknowledged once two holders have it:
/// its machine, and a machine that synced while a folder held it (a machine that restores a
/// backup from before it got the write, or leaves, stops holding it). Anything the system
/// does beyond that model (snapshots republished, writes a killed sync finished) only adds
/// holders, which the oracle never requires.
@Suite struct SyncChaosTests {
    static let operations = ProcessInfo.processInfo.environment["RECIPES_CHAOS_OPS"].flatMap(Int.init) ?? 120
    static let seed = ProcessInfo.processInfo.environment["RECIPES_CHAOS_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...999_999)

    /// One write: a recipe's summary set, the recipe made or deleted, or a day skipped.
    struct Write {
        let id: Int
        let author: Int
        let recipe: String
        /// The summary, "deleted", or the skipped day.
        let value: String
        let skip: Bool
    }

    final class Machine {
        let number: Int
        let process: RecipesProcess
        var holds = Set<Int>()
        var live = true
        init(_ number: Int) {
            self.number = number
            process = RecipesProcess()
        }
    }

    @Test func machinesComingAndGoingConverge() throws {
        var random = SeededRandom(seed: Self.seed)
        let context = "seed \(Self.seed), \(Self.operations) operations"
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("recipes-chaos-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("Sync").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // RECIPES_CHAOS_KEEP keeps the folder and a copy of every store, to look into a failure.
        let keeping = ProcessInfo.processInfo.environment["RECIPES_CHAOS_KEEP"] != nil
        defer { if !keeping { try? FileManager.default.removeItem(at: root) } }

        var machines = (0..<3).map(Machine.init)
        var writes: [Write] = []
        // What each replica folder holds, by replica id: the writes it carries.
        var folders: [String: Set<Int>] = [:]
        var backups: [(machine: Int, path: String, holds: Set<Int>)] = []
        var recipesBy: [Int: [String]] = [:]
        var made = 0
        let fast = String(repeating: "7", count: 32)

        func replica(_ machine: Machine) throws -> String {
            String(try machine.process.run(["sync", "--status", folder]).stdout.split(separator: "\n")[0].dropFirst("replica ".count))
        }
        func record(_ machine: Machine, _ recipe: String, _ value: String, skip: Bool = false) {
            let write = Write(id: writes.count, author: machine.number, recipe: recipe, value: value, skip: skip)
            writes.append(write)
            machine.holds.insert(write.id)
        }
        /// A sync that finished: the machine takes every write a folder holds, then its folder
        /// holds every write it made (its files since, or a snapshot when they were gone).
        func synced(_ machine: Machine) throws {
            for held in folders.values { machine.holds.formUnion(held) }
            folders[try replica(machine), default: []].formUnion(machine.holds.filter { writes[$0].author == machine.number })
        }

        for machine in machines { #expect(try machine.process.run(["init"]).status == 0) }
        #expect(try machines[0].process.run(["add", "Pizza", "--plan", "every day"]).status == 0)
        for machine in machines { #expect(try machine.process.run(["sync", folder]).status == 0) }

        // What happened, step by step, for a failure to name (and RECIPES_CHAOS_TRACE to print).
        var trace: [String] = []
        let tracing = ProcessInfo.processInfo.environment["RECIPES_CHAOS_TRACE"] != nil
        for step in 0..<Self.operations {
            let live = machines.filter(\.live)
            let machine = live[random.next(below: live.count)]
            let roll = random.next(below: 100)
            let writesBefore = writes.count
            defer {
                let line = "\(step): machine \(machine.number) \(Self.operation(roll)) writes \(writesBefore)..<\(writes.count) " + writes[writesBefore...].map { "\($0.recipe)=\($0.value)" }.joined(separator: ",")
                trace.append(line)
                if tracing { print(line) }
            }
            switch roll {
            case 0..<18:
                made += 1
                let name = "Dish \(made)"
                if try machine.process.run(["add", name, "--summary", "v0"]).status == 0 {
                    record(machine, name, "v0")
                    recipesBy[machine.number, default: []].append(name)
                }
            case 18..<36:
                guard let name = recipesBy[machine.number]?.randomElement(using: &random) else { continue }
                let value = "v\(step)"
                if try machine.process.run(["set", name, "--summary", value]).status == 0 { record(machine, name, value) }
            case 36..<40:
                guard let name = recipesBy[machine.number]?.randomElement(using: &random) else { continue }
                if try machine.process.run(["delete", name]).status == 0 { record(machine, name, "deleted") }
            case 40..<48:
                let day = String(format: "2026-12-%02d", 1 + random.next(below: 28))
                if try machine.process.run(["plan", "pizza", "--skip", day]).status == 0 { record(machine, "Pizza", day, skip: true) }
            case 48..<72:
                if try machine.process.run(["sync", folder]).status == 0 { try synced(machine) }
            case 72..<78:
                // Killed at a random moment: whatever it did stays unknown to the model.
                let process = try machine.process.start(["sync", folder])
                usleep(UInt32(random.next(below: 120_000)))
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
                if process.terminationReason == .exit, process.terminationStatus == 0 { try synced(machine) }
            case 78..<83:
                let path = root.appendingPathComponent("backup-\(step).sqlite").path
                if try machine.process.run(["backup", path]).status == 0 { backups.append((machine.number, path, machine.holds)) }
            case 83..<87:
                guard let backup = backups.filter({ $0.machine == machine.number }).randomElement(using: &random) else { continue }
                let before = try replica(machine)
                if try machine.process.run(["restore", backup.path]).status == 0 {
                    machine.holds = backup.holds
                    #expect(try replica(machine) != before, "\(context): a restored store keeps its replica id")
                }
            case 87..<91:
                // A replica's folder deleted: a machine's, a gone machine's, the fast clock's.
                let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.count == 32 }
                guard let name = names.randomElement(using: &random) else { continue }
                try FileManager.default.removeItem(atPath: folder + "/" + name)
                folders[name] = nil
            case 91..<94:
                // A machine whose clock runs fast writes a recipe of its own.
                made += 1
                let id = UUID()
                let name = "Fast \(made)"
                let wall = Int64((Date().timeIntervalSince1970 + Double(random.next(below: 3_600))) * 1000)
                let json = String(decoding: try RecipeJSON(Recipe(id: id, name: name, summary: "fast")).encoded(), as: UTF8.self)
                try HandWrittenChangeFile.write(#"[{"deleted":false,"id":"\#(id.uuidString)","recipe":\#(json),"stamp":{"counter":0,"replica":"\#(fast)","wall":\#(wall)}}]"#,
                                                replica: fast, into: folder, name: "\(wall)-\(made).changes")
                let write = Write(id: writes.count, author: -1, recipe: name, value: "fast", skip: false)
                writes.append(write)
                folders[fast, default: []].insert(write.id)
            case 94..<97:
                guard live.count > 1 else { continue }
                // A machine retired; half the time its folder goes with it.
                machine.live = false
                if random.next(below: 2) == 0 {
                    let name = try replica(machine)
                    try? FileManager.default.removeItem(atPath: folder + "/" + name)
                    folders[name] = nil
                }
            default:
                let joining = Machine(machines.count)
                machines.append(joining)
                if try joining.process.run(["sync", folder]).status == 0 { try synced(joining) }
            }
        }

        // Quiescence: every live machine syncs, round after round, until a round changes nothing.
        let live = machines.filter(\.live)
        var quiet = false
        for _ in 0..<8 where !quiet {
            quiet = true
            for machine in live {
                let result = try machine.process.run(["sync", folder])
                #expect(result.status == 0, "\(context): \(result)")
                if result.stdout != "nothing to sync\n" { quiet = false }
                try synced(machine)
            }
        }
        #expect(quiet, "\(context): still syncing after eight rounds")

        if keeping {
            for machine in machines {
                let store = machine.process.home.appendingPathComponent(".local/share/recipes/recipes.sqlite")
                try? FileManager.default.copyItem(at: store, to: root.appendingPathComponent("machine-\(machine.number)\(machine.live ? "" : "-retired").sqlite"))
            }
            print("kept in \(root.path)")
        }
        let exports = try live.map { try $0.process.run(["export"]).stdout }
        for (machine, export) in zip(live, exports) where export != exports[0] {
            Issue.record("\(context): machine \(machine.number) exports differently from machine \(live[0].number)")
        }
        let recipes = try #require(try JSONSerialization.jsonObject(with: Data(exports[0].utf8)) as? [String: Any])["recipes"] as? [[String: Any]] ?? []
        let byName = Dictionary(recipes.map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })

        // Holders that still stand: live machines, and folders still in place.
        func acknowledged(_ write: Write) -> Bool {
            let holders = machines.filter { $0.holds.contains(write.id) }
            let standing = holders.filter(\.live).count + (folders.values.contains { $0.contains(write.id) } ? 1 : 0)
            return holders.count + (write.author < 0 ? 1 : 0) >= 2 && standing >= 1
        }
        let skipped = Set(((byName["Pizza"]?["plan"] as? [[String: Any]])?.first?["skipped"] as? [String] ?? []).map { String($0.prefix(10)) })
        for write in writes where acknowledged(write) {
            if write.skip {
                #expect(skipped.contains(write.value), "\(context): the skipped day \(write.value) (write \(write.id)) is lost")
                continue
            }
            // This write, or a later one of the same recipe, must be what every store holds.
            let allowed = Set(writes.filter { $0.recipe == write.recipe && !$0.skip && $0.id >= write.id }.map(\.value))
            let found = byName[write.recipe].map { $0["summary"] as? String ?? "" } ?? "deleted"
            #expect(allowed.contains(found), "\(context): \(write.recipe) is '\(found)'; acknowledged write \(write.id) set '\(write.value)', later ones \(allowed.sorted())")
        }
    }
}

extension SyncChaosTests {
    /// The operation a roll of 0..<100 picks, as the switch above does.
    static func operation(_ roll: Int) -> String {
        switch roll {
        case 0..<18: "add"
        case 18..<36: "set"
        case 36..<40: "delete"
        case 40..<48: "skip"
        case 48..<72: "sync"
        case 72..<78: "killed sync"
        case 78..<83: "backup"
        case 83..<87: "restore"
        case 87..<91: "delete a replica folder"
        case 91..<94: "fast clock file"
        case 94..<97: "retire"
        default: "join"
        }
    }
}

/// SplitMix64: the same operations for the same seed, on every machine.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
