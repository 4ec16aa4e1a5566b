import Foundation
import Recipes
@testable import RecipesCLI
import Testing

/// The parser and the commands' validation, in process: what the binary tests check through
/// stderr and the exit status, here as values, without starting a process.
@Suite struct ParserTests {
    let parser = CommandLineParser()

    /// Parses `argv` and builds the command it names.
    func command<C: RecipesCommand>(_ argv: [String], as type: C.Type) throws -> C {
        guard case .run(let command, let arguments, _) = try parser.parse(argv) else {
            Issue.record("\(argv) is not a command run")
            throw UsageError(.missingArgument("command"), command: nil)
        }
        #expect(ObjectIdentifier(command) == ObjectIdentifier(C.self))
        return try C(arguments)
    }

    /// The usage error that parsing and building `argv`'s command throws, if any.
    func usageError(_ argv: [String]) -> UsageError? {
        do {
            guard case .run(let command, let arguments, _) = try parser.parse(argv) else { return nil }
            _ = try command.init(arguments)
            return nil
        } catch {
            return error
        }
    }

    /// The parser finds a command by a switch on its name, not by building every spec: the
    /// two lists of names must agree.
    /// "-n1", as getopt reads it (found by a user trial: refused as an unknown option);
    /// a short flag with letters after it is still unknown.
    @Test func aShortOptionTakesItsValueAttached() throws {
        guard case .run(_, let arguments, _) = try parser.parse(["suggest", "-n1"]) else { Issue.record("not a run"); return }
        #expect(arguments.value(SuggestCommand.limit) == "1")
        #expect(throws: UsageError.self) { try parser.parse(["search", "-hx"]) }
    }

    @Test func everyCommandIsFoundByItsSpecsName() throws {
        for command in Commands.all {
            let found = try #require(Commands.named(command.spec.name), "\(command.spec.name)")
            #expect(ObjectIdentifier(found) == ObjectIdentifier(command), "\(command.spec.name)")
        }
        #expect(Commands.named("nope") == nil && Commands.named("Next") == nil)
    }

    @Test func nextTakesItsFormatAndKindAsTypes() throws {
        let next = try command(["--store", "/tmp/x.sqlite", "next", "-f", "waybar", "--kind", "baked"], as: NextCommand.self)
        #expect(next.status is WaybarStatus)
        #expect(next.kinds == .bakedGoods)
        #expect(try command(["next", "--kind", "dish"], as: NextCommand.self).kinds == .dishes)
        let plain = try command(["next"], as: NextCommand.self)
        #expect(plain.status is PlainStatus && plain.kinds == .all && !plain.following)
    }

    @Test func everyNextFormatNamesItsOwnPrinter() {
        #expect(NextCommand.format.choices == NextFormat.names)
        #expect(NextFormat.names == ["plain", "notify", "waybar", "i3blocks", "polybar", "tmux", "i3status-rust", "json"])
        let barFormats = NextFormat.allCases.filter { $0.status.feedsABar }
        #expect(barFormats == [.waybar, .i3blocks, .polybar, .tmux, .i3statusRust])
    }

    @Test func choicesComeFromTheirTypes() {
        #expect(SearchCommand.format.choices == ["table", "plain", "json"])
        #expect(SearchCommand.sort.choices == ["name", "planned", "cooked"])
        #expect(AddCommand.kind.choices == ["dish", "baked", "beverage"])
        #expect(ExportCommand.format.choices == ["json", "schema.org", "cooklang"])
        #expect(GlobalOptions.color.choices == ["auto", "always", "never"])
    }

    /// Help sentences explain each choice, so they stay hand-written; this keeps them from
    /// forgetting one the type gained.
    @Test func everyChoiceIsInItsOptionsHelp() {
        for option in Commands.all.flatMap({ $0.spec.allOptions }) {
            for choice in option.choices ?? [] {
                #expect(option.help.contains(choice), "\(option.long)'s help does not mention \(choice)")
            }
        }
    }

    @Test func searchReadsItsOptions() throws {
        let search = try command(["search", "creme", "brulee", "--sort", "planned", "--format", "json", "--limit", "3"], as: SearchCommand.self)
        #expect(search.words == "creme brulee" && search.order == .planned && search.format == .json && search.limitCount == 3)
        let cooked = try command(["search", "--sort", "cooked", "--not-cooked-since", "2w"], as: SearchCommand.self)
        #expect(cooked.order == .cooked && cooked.notCookedFor == 14 * 86_400)
    }

    @Test func mistakesAreNamedCases() {
        #expect(usageError(["search", "--sortt", "name"])?.problem == .unknownOption("--sortt"))
        #expect(usageError(["search", "--sortt", "name"])?.suggestion == "--sort")
        #expect(usageError(["serch"])?.problem == .unknownCommand("serch"))
        #expect(usageError(["next", "--format", "wayber"])?.problem == .notAChoice("wayber", option: "--format", choices: NextFormat.names))
        #expect(usageError(["next", "--every", "5m"])?.problem == .needs(option: "--every", what: "--within (the notice's lead time)"))
        #expect(usageError(["next", "--every", "5m", "--within", "30m", "--format", "waybar"])?.problem == .everyWithBarFormat)
        #expect(usageError(["next", "--within", "soon"])?.problem.isBadDuration == true)
        #expect(usageError(["add", "Bread", "--oven", "200"])?.problem == .kindOnlyOptions(options: "--oven and --bake-minutes", kind: "baked"))
        #expect(usageError(["plan", "--days", "2", "--all"])?.problem == .eitherOption("--days", "--all"))
        #expect(usageError(["search", "--limit", "0"])?.problem == .notAWholeNumber("0", option: "--limit", minimum: 1))
        #expect(usageError(["show"])?.problem == .missingArgument("recipe"))
        #expect(usageError(["next", "--format", "json"]) == nil)
    }

    @Test func aUsageErrorIsOneLineWithItsHelp() {
        let error = UsageError(.unknownOption("--sortt"), command: "search", suggestion: "--sort")
        #expect(error.line == "recipes: error: unknown option '--sortt' for 'search' (did you mean '--sort'?); see 'recipes help search'")
        #expect(UsageError(.emptyStoreVariable, command: nil).line
            == "recipes: error: RECIPES_STORE is set but empty; name a store or unset it; see 'recipes --help'")
    }
}

extension UsageError.Problem {
    var isBadDuration: Bool {
        if case .badDuration = self { return true }
        return false
    }
}
