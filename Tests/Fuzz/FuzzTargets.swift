// libFuzzer entry point for the Recipes library's parsers and importers. Tests/Fuzz/run
// compiles this file together with Sources/Recipes into one module (so internal readers such
// as JSONValue are reachable) and picks the target with RECIPES_FUZZ_TARGET.
//
// Each target checks more than "does not crash": it round-trips what it parsed where the
// format allows, and stops the process (which libFuzzer records as a finding) when an
// invariant breaks.
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

private let target = getenv("RECIPES_FUZZ_TARGET").map { String(cString: $0) } ?? ""
// A fixed clock and zone, so a finding replays the same way.
private let now = Date(timeIntervalSince1970: 1_796_000_000)
private let zones = [LocalTime.utc, LocalTime(zone: .fixed(secondsEast: 19_800)), LocalTime(zone: .fixed(secondsEast: -36_000))]

private func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant broken: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func recipesFuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    let text = String(decoding: data, as: UTF8.self)
    switch target {
    case "when": fuzzWhen(text, data)
    case "rrule": fuzzRepeatRule(text, data)
    case "duration": fuzzDuration(text)
    case "iso8601": fuzzISO8601(text)
    case "archive": fuzzArchive(data)
    case "cooklang": fuzzCooklang(text)
    case "schemaorg": fuzzSchemaOrg(text, data)
    case "json": fuzzJSON(text)
    default:
        fatalError("set RECIPES_FUZZ_TARGET to when, rrule, duration, iso8601, archive, cooklang, schemaorg or json")
    }
    return 0
}

private func fuzzWhen(_ text: String, _ data: Data) {
    let local = zones[Int(data.first ?? 0) % zones.count]
    let parser = WhenParser(now: now, local: local)
    func requireNear(_ date: Date) {
        require(date.timeIntervalSince1970.isFinite, "WHEN '\(text)' gave a non-finite date")
        require(date.timeIntervalSince(now) < Double(WhenParser.maximumDaysAhead + 2) * 86_400,
                "WHEN '\(text)' reached past the ten-year limit")
    }
    if let date = try? parser.parse(text) {
        requireNear(date)
        require((try? parser.parsePlan(text)) == PlanWhen(dates: [date]), "parsePlan read '\(text)' unlike parse")
    }
    if let plan = try? parser.parsePlan(text) {
        require((1...7).contains(plan.dates.count) && plan.dates == plan.dates.sorted(), "WHEN '\(text)' gave \(plan.dates)")
        plan.dates.forEach(requireNear)
        if let rule = plan.repeatRule {
            require(plan.dates.count == 1 && plan.dates[0] > now, "the repeat '\(text)' starts in the past")
            require(rule.occurrence(after: now, start: plan.dates[0], local: local) == plan.dates[0],
                    "the repeat '\(text)' does not start at its first occurrence")
            require((try? RepeatRule(rrule: rule.rrule)) == rule, "the repeat '\(text)' did not survive its RRULE \(rule.rrule)")
        }
    }
    if let day = try? parser.parseDay(text) {
        requireNear(day)
        require(local.startOfDay(day) == day, "the day '\(text)' is not the start of a day")
    }
}

private func fuzzRepeatRule(_ text: String, _ data: Data) {
    guard let rule = try? RepeatRule(rrule: text) else { return }
    require((try? RepeatRule(rrule: rule.rrule)) == rule, "RRULE '\(text)' read back differently from '\(rule.rrule)'")
    let local = zones[Int(data.last ?? 0) % zones.count]
    let start = now.addingTimeInterval(-Double(Int(data.first ?? 0) * 97) * 86_400)
    var after = now.addingTimeInterval(-Double(Int(data.last ?? 0)) * 3_600)
    for _ in 0..<5 {
        guard let next = rule.occurrence(after: after, start: start, local: local) else { break }
        require(next > after && next >= start, "RRULE '\(text)' went back from \(after) to \(next)")
        require(rule.until.map { next <= $0 } ?? true, "RRULE '\(text)' passed its UNTIL with \(next)")
        after = next
    }
}

private func fuzzDuration(_ text: String) {
    guard let seconds = try? DurationParser.parse(text) else { return }
    require(seconds >= 0 && seconds <= DurationParser.maximum, "duration '\(text)' gave \(seconds)")
}

private func fuzzISO8601(_ text: String) {
    guard let date = ISO8601.date(from: text) else { return }
    // What the writer writes, the reader reads back to the same millisecond.
    let written = ISO8601.string(from: date)
    guard let again = ISO8601.date(from: written) else { return require(false, "'\(written)' (from '\(text)') does not read back") }
    require(abs(again.timeIntervalSince(date)) < 0.001, "'\(text)' → '\(written)' → \(again) moved")
    require(ISO8601.string(from: again) == written, "'\(written)' reads back but writes as '\(ISO8601.string(from: again))'")
}

private func fuzzArchive(_ data: Data) {
    guard let archive = try? RecipeArchive.decode(data), let recipes = try? archive.makeRecipes(now: now, local: .utc) else { return }
    // A decodable archive imports into a fresh store entirely or not at all, and exports back.
    guard let store = try? RecipeStore.inMemory() else { return require(false, "no in-memory store") }
    guard let summary = try? store.importArchive(archive, now: now, local: .utc) else { return }
    let stored = (try? ModelContext(store).fetchCount(FetchDescriptor<Recipe>())) ?? -1
    require(stored == summary.imported.count, "imported \(summary.imported.count) of \(recipes.count), store holds \(stored)")
    guard let exported = try? store.exportArchive().encoded() else { return require(false, "export failed") }
    require((try? RecipeArchive.decode(exported))?.recipes.count == stored, "the export does not read back")
}

private func fuzzCooklang(_ text: String) {
    let recipe = CooklangRecipe(parsing: text).makeRecipe(fallbackTitle: "fuzz")
    guard let model = try? recipe.makeRecipe(now: now, local: .utc) else { return }
    // Export then import gives the same recipe where the format can hold every field
    // exactly; otherwise still the same ingredients, and a second round changes nothing.
    let exported = CooklangRecipe.text(of: model)
    let again = CooklangRecipe(parsing: exported).makeRecipe(fallbackTitle: "fuzz")
    require((again.ingredients ?? []).count == model.ingredients.count,
            "Cooklang export of \(model.ingredients.count) ingredients reads back as \((again.ingredients ?? []).count)")
    guard let back = try? again.makeRecipe(now: now, local: .utc) else { return require(false, "the export does not import: \(exported)") }
    let third = CooklangRecipe(parsing: CooklangRecipe.text(of: back)).makeRecipe(fallbackTitle: "fuzz")
    require(third.ingredients?.map(\.amount) == again.ingredients?.map(\.amount), "amounts change on a second round: \(exported)")
    guard CooklangRecipe.canWriteExactly(model) else { return }
    func fields(_ recipe: Recipe) -> [String] {
        [recipe.name, recipe.summary, recipe.variety.rawValue, recipe.instructions, "\(recipe.servings as Int?)", recipe.yield ?? "",
         "\([recipe.prepMinutes, recipe.cookMinutes, recipe.totalMinutes])"] + recipe.tags + recipe.ingredients.flatMap { [$0.name, $0.amount] }
    }
    require(fields(back) == fields(model), "Cooklang export reads back as another recipe: \(fields(model)) became \(fields(back))")
}

private func fuzzSchemaOrg(_ text: String, _ data: Data) {
    guard let document = try? RecipeDocument(data: data, fileName: nil), document.format == .schemaOrg else { return }
    guard let recipes = try? document.archive.makeRecipes(now: now, local: .utc) else { return }
    // Our own JSON-LD of what was read is read back as the same recipes.
    let again = try? SchemaOrgImport(json: SchemaOrgImport.jsonLD(for: recipes))
    require(again?.recipes.map(\.name) == recipes.map(\.name), "schema.org export does not read back for \(recipes.map(\.name))")
    require(again?.recipes.map { $0.ingredients?.count ?? 0 } == recipes.map(\.ingredients.count), "ingredients changed on the way back")
}

private func fuzzJSON(_ text: String) {
    guard let value = try? JSONValue.parse(text) else { return }
    let written = value.serialized(indent: "")
    guard let again = try? JSONValue.parse(written) else { return require(false, "serialized JSON does not parse: \(written.prefix(200))") }
    require(again == value, "JSON changed on a round trip: \(written.prefix(200))")
}
