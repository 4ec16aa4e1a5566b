import FoundationEssentials
import RecipesCore

/// `recipes search`: the library's kind and search predicates, AND-ed, run as SQL.
struct SearchCommand: RecipesCommand {
    static let kind = CommonOptions.kind()
    static let upcoming = OptionSpec("--upcoming", help: "Only recipes planned after now.")
    static let ingredient = OptionSpec("--ingredient", value: "name", repeatable: true,
                                       help: "Only recipes with this ingredient, in any language the vocabulary knows (egg finds '2 large eggs' and 'Eier', not eggplant; cheese finds cheddar, flour every flour); repeat for several (all must be there).")
    static let tag = OptionSpec("--tag", short: "t", value: "tag", repeatable: true, help: "Only recipes with this tag, case aside; repeat for several (all must be there).")
    static let maxTime = OptionSpec("--max-time", value: "duration",
                                    help: "Only recipes ready within this time (30 minutes, 30m, 1h): the total, else prep + cook; recipes without times are left out.")
    static let sort = OptionSpec("--sort", value: "order", choosing: SearchOrder.self,
                                 help: "name: by name, then planned date (default); planned: by planned date (unplanned first), then name; cooked: least recently cooked first (never cooked before all), then name. With name and planned, names order as Finder sorts them: case and accents aside, numbers by value (Apple 672 before Apple 1169, Éclair among the e's).")
    static let notCookedSince = OptionSpec("--not-cooked-since", value: "duration",
                                           help: "Only recipes never cooked or last cooked longer ago than this (30d, 2w, 12h).")
    static let canCook = OptionSpec("--can-cook", help: "Only recipes whose required ingredients the pantry holds (recipes pantry), listed with what each misses, fewest first, then those using items to be used within three days.")
    static let missing = OptionSpec("--missing", value: "n", help: "With --can-cook (which it implies): allow up to N missing ingredients (default 0).")
    static let limit = OptionSpec("--limit", short: "n", value: "count", help: "Show at most this many recipes.")
    static let format = OptionSpec("--format", value: "format", choosing: ListFormat.self,
                                   help: "table (default on a terminal), plain (tab-separated, default when piped) or json.")

    static let spec = CommandSpec(
        name: "search",
        abstract: "Find recipes by name, summary, instructions and ingredients.",
        discussion: """
            Every word must appear somewhere in the recipe, ignoring case and accents ("creme" \
            finds "Crème brûlée"). With no words, lists every recipe. --ingredient reads the \
            ingredient lines as shopping does (recipes-ingredients(7)): the ingredient or a kind \
            of it, in any language; a name the vocabulary does not know is looked for in the \
            lines' names. --can-cook lists what the pantry can cook: every required line met by an item \
            of the same ingredient or a more specific kind (cheddar for "cheese", never "cheese" for \
            cheddar), either of an "A or B" line, water and ice always there, optional lines not \
            counted; --missing N allows N missing, fewest missing first, and says what is missing. \
            --ingredient, --tag, --max-time, --kind, --not-cooked-since, --can-cook and the words \
            all apply together. Exits 1 when nothing matches.
            Plain output has one recipe a line: id, kind, name, planned date (ISO 8601, UTC), \
            number of ingredients, separated by tabs.
            """,
        arguments: [ArgumentSpec("words", optional: true, variadic: true, help: "Words to look for.")],
        options: [kind, ingredient, tag, maxTime, upcoming, notCookedSince, canCook, missing, sort, limit, format],
        examples: ["recipes search --ingredient egg --ingredient spinach", "recipes search --can-cook --missing 1 --max-time 30m", "recipes search chocolate --kind baked", "recipes search --tag vegetarian --max-time 30m", "recipes search --upcoming --sort planned", "recipes search --not-cooked-since 30d --sort cooked", "recipes search tomato --format json | jq '.[].name'"])

    let words: String
    let kind: KindChoice
    let upcomingOnly: Bool
    let order: SearchOrder
    let limitCount: Int?
    let format: ListFormat?
    let tags: [String]
    /// The ingredients named with --ingredient, as typed.
    let ingredients: [String]
    let maxMinutes: Int?
    /// With --can-cook or --missing: how many required lines may be missing.
    let missingAtMost: Int?
    /// How long ago a recipe must have been cooked at the latest (or never) to be listed.
    let notCookedFor: TimeInterval?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        tags = try arguments.all(Self.tag).map { text throws(UsageError) in
            guard let tag = Recipe.canonicalTags([text]).first else { throw UsageError(.emptyTag, command: Self.spec.name) }
            return tag
        }
        if let text = arguments.value(Self.maxTime) {
            guard let minutes = RecipeFactOptions.minutes(text) else {
                throw UsageError(.badDuration(option: Self.maxTime.long, detail: "'\(text)' (such as 30 minutes, 30m or 1h)"), command: Self.spec.name)
            }
            maxMinutes = minutes
        } else {
            maxMinutes = nil
        }
        ingredients = try arguments.all(Self.ingredient).map { text throws(UsageError) in
            guard text.contains(where: { $0.isLetter || $0.isNumber }) else {
                throw UsageError(.emptyIngredient(option: Self.ingredient.long), command: Self.spec.name)
            }
            return text
        }
        words = arguments.positionals.joinedText(separator: " ")
        kind = arguments.choice(Self.kind) ?? .all
        upcomingOnly = arguments.has(Self.upcoming)
        order = arguments.choice(Self.sort) ?? .name
        do {
            notCookedFor = try arguments.value(Self.notCookedSince).map(DurationParser.parse)
        } catch {
            throw UsageError(.badDuration(option: Self.notCookedSince.long, detail: "\(error)"), command: Self.spec.name)
        }
        limitCount = try arguments.integer(Self.limit, minimum: 1, command: Self.spec.name)
        let missing = try arguments.integer(Self.missing, minimum: 0, maximum: 999, command: Self.spec.name)
        missingAtMost = missing ?? (arguments.has(Self.canCook) ? 0 : nil)
        format = arguments.choice(Self.format)
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let store = try environment.openStore()
        let now = environment.now
        var predicate: Predicate<Recipe>? = switch (kind.predicate, RecipePredicates.search(words)) {
        case (nil, let search): search
        case (let kind?, nil): kind
        case (let kind?, let search?): kind && search
        }
        if upcomingOnly {
            let upcoming = #Predicate<Recipe> { ($0.plannedDate ?? now) > now }
            predicate = predicate.map { $0 && upcoming } ?? upcoming
        }
        if !ingredients.isEmpty || missingAtMost != nil { try environment.checkConfiguredVocabulary() }
        if !ingredients.isEmpty {
            // The lines are read with the vocabulary the config file extends (opening the
            // store made it the active one), made only if a line or a name must be read.
            for name in ingredients {
                guard let using = RecipePredicates.usingIngredient(named: name) else { continue }
                predicate = predicate.map { $0 && using } ?? using
            }
        }
        for tag in tags {
            let tagged = #Predicate<Recipe> { $0.tags.contains(tag) }
            predicate = predicate.map { $0 && tagged } ?? tagged
        }
        if let maxMinutes {
            // The total when the recipe gives one, else preparation and cooking together.
            let unknown = Int.max
            let byTotal = #Predicate<Recipe> { ($0.totalMinutes ?? unknown) <= maxMinutes }
            let noTotal = #Predicate<Recipe> { $0.totalMinutes == nil && ($0.prepMinutes != nil || $0.cookMinutes != nil) }
            let byParts = #Predicate<Recipe> { ($0.prepMinutes ?? 0) + ($0.cookMinutes ?? 0) <= maxMinutes }
            let quick = byTotal || (noTotal && byParts)
            predicate = predicate.map { $0 && quick } ?? quick
        }
        if let notCookedFor {
            let notLately = RecipePredicates.notCooked(since: now.addingTimeInterval(-notCookedFor))
            predicate = predicate.map { $0 && notLately } ?? notLately
        }
        var pantry: [PantryItem] = []
        if let missingAtMost {
            pantry = try store.pantryItems()
            let cookable = RecipePredicates.canCook(with: pantry, missingAtMost: missingAtMost)
            predicate = predicate.map { $0 && cookable } ?? cookable
        }
        var descriptor = StoreQuery<Recipe>(predicate: predicate, sortBy: Self.sortKeys(order))
        // What can be cooked is ordered by what it misses first: the limit applies after.
        descriptor.fetchLimit = missingAtMost == nil ? limitCount : nil
        if missingAtMost != nil { return try listCookable(descriptor, pantry: pantry, store: store, environment) }

        let output = environment.output
        var found = 0
        var renderer: any RecipeListRenderer
        let chosen = ListFormat.chosen(format, for: output)
        switch chosen {
        case .json:
            renderer = JSONListRenderer()
            try store.enumerate(descriptor) { recipe in
                found += 1
                try renderer.add(recipe, to: output)
                return !output.isBroken
            }
        case .table, .plain:
            // Tables and plain lines show summaries: one row per recipe, no ingredient rows.
            var summaries: any RecipeSummaryRenderer = chosen == .table
                ? TableRenderer(formatter: PlannedTimeFormatter(now: now, local: environment.local)) : PlainListRenderer()
            try store.enumerateSummaries(descriptor) { summary in
                found += 1
                summaries.add(summary, to: output)
                return !output.isBroken
            }
            renderer = summaries
        }
        renderer.finish(output)
        return found > 0 ? .success : .nothingFound
    }

    /// `--can-cook`: the matches with what each misses, fewest missing first, then those
    /// using more of what must be used within three days (PantryTextRenderer.soonDays), in
    /// the --sort order among equals; at most --limit of them.
    private func listCookable(_ descriptor: StoreQuery<Recipe>, pantry: [PantryItem], store: RecipeStore, _ environment: CommandEnvironment) throws -> ExitStatus {
        var summaries: [RecipeSummary] = []
        try store.enumerateSummaries(descriptor) { summaries.append($0); return true }
        let local = environment.local
        let soonEnd = local.adding(days: PantryTextRenderer.soonDays + 1, to: local.startOfDay(environment.now))
        let soon = pantry.filter { ($0.useByDay(in: local) ?? .distantFuture) < soonEnd }
        let use = try store.pantryUse(of: summaries.map(\.id), pantry: pantry)
        let soonIdentities = Set(soon.map(\.identity))
        let ranked = summaries.enumerated().map { offset, summary in
            let used = use[summary.id]
            return (summary: summary, missing: used?.missing ?? [], usesSoon: used?.using.filter(soonIdentities.contains).count ?? 0, offset: offset)
        }
        // A stable sort keeps the --sort order among equals.
        var found = ranked.sorted { ($0.missing.count, -$0.usesSoon, $0.offset) < ($1.missing.count, -$1.usesSoon, $1.offset) }
            .map { (summary: $0.summary, missing: $0.missing) }
        if let limitCount { found = Array(found.prefix(limitCount)) }
        if pantry.isEmpty { environment.errors.line("recipes: the pantry is empty; add what the kitchen holds with 'recipes pantry add eggs \"500 g flour\"'") }
        CanCookRenderer.write(found, format: ListFormat.chosen(format, for: environment.output), to: environment.output)
        return found.isEmpty ? .nothingFound : .success
    }

    /// The ORDER BY of each --sort; nil sorts first ascending, so never-cooked recipes lead.
    static func sortKeys(_ order: SearchOrder) -> [SortKey<Recipe>] {
        switch order {
        // Names as Finder orders them: "Apple 672" before "Apple 1169", "Éclair" among the e's.
        case .name: [SortKey(\.nameSortKey), SortKey(\.plannedDate)]
        case .planned: [SortKey(\.plannedDate), SortKey(\.nameSortKey)]
        case .cooked: RecipePredicates.leastRecentlyCookedKeys
        }
    }
}
