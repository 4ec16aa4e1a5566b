import FoundationEssentials

/// A recipe as the planner weighs it: one row of `recipe`, its lines read only if it comes
/// near the top.
struct FillCandidate {
    let row: Int64
    let id: UUID
    let variety: RecipeVariety
    let tags: [String]
    /// The total time, else preparation and cooking added; nil when the recipe gives none.
    let minutes: Int?
    let servings: Int?
    let lastCooked: Date?
    /// The id's bytes hashed: the seed's draw for this recipe, and how a plan's recipe is
    /// found among a hundred thousand without hashing each id.
    let key: UInt64

    /// FNV-1a of the id's 16 bytes.
    static func key(of id: UUID) -> UInt64 {
        withUnsafeBytes(of: id.uuid) { bytes in bytes.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 } }
    }
}

/// A recipe the plan already has at a date (cooked or not), near the meals to fill.
struct PlannedUse {
    let recipeID: UUID
    let date: Date
    let meal: String?
}

/// A meal of a candidate, planned or chosen: the candidate by its index.
private struct Use {
    let index: Int
    let date: Date
    let meal: String?
}

/// Fills meals one at a time, earliest first: of the recipes every hard rule admits for the
/// meal, the best ranked. Ranking (all of it seeded, so the same inputs give the same week):
/// - the longer since a recipe was cooked the better, up to 90 days; never-cooked recipes are
///   mixed in, about one meal in three, ranking as one cooked 81 days ago when one is due
///   (more the longer it is due) and low when not, so they are neither left out nor proposed
///   all at once;
/// - variety: a main ingredient (the meat or fish, else the first substantial ingredient)
///   within three days of the meal ranks lower, the day before most; tags shared with the
///   meals of those days too;
/// - with a pantry, each missing ingredient ranks lower and an item to be used soon, by its
///   use-by day, ranks higher on the days before it;
/// - servings near the plan's rank higher;
/// - a draw from the seed, up to a third of the recency's weight, orders what is otherwise even.
struct MealPlanner {
    private(set) var request: FillRequest
    let candidates: [FillCandidate]
    private let existing: [Use]
    let pantry: [PantryItem]
    let vocabulary: IngredientVocabulary
    /// The needs of a candidate's lines.
    let needs: (FillCandidate) throws -> [IngredientNeed]

    /// Every recipe of the store, to say which rule left a meal empty: `candidates` holds
    /// only what some meal could take.
    let everyRecipe: () throws -> [FillCandidate]
    private var everyRecipeRead: [FillCandidate]?

    /// How many of the best by recency and draw are weighed by their lines.
    static let shortlist = 40

    private var mains: [Int: String?] = [:]
    private var uses: [Use]
    /// When each candidate is planned near the meals, by index: what no-repeat looks up for
    /// every recipe at every meal.
    private var plannedDates: [[Date]]
    private var newChosen = 0
    private var chosen = 0
    private var pantryUsed: Set<String> = []

    init(request: FillRequest, candidates: [FillCandidate], existing: [PlannedUse], pantry: [PantryItem],
         vocabulary: IngredientVocabulary, everyRecipe: @escaping () throws -> [FillCandidate],
         needs: @escaping (FillCandidate) throws -> [IngredientNeed]) {
        self.request = request
        self.everyRecipe = everyRecipe
        self.candidates = candidates
        self.pantry = pantry
        self.vocabulary = vocabulary
        self.needs = needs
        var kept: [Use] = []
        if !existing.isEmpty {
            var byKey: [UInt64: Int] = [:]
            byKey.reserveCapacity(candidates.count)
            for (index, candidate) in candidates.enumerated() { byKey[candidate.key] = index }
            // The plan of a recipe the store no longer has takes no meal.
            kept = existing.compactMap { use in
                let index = byKey[FillCandidate.key(of: use.recipeID)].flatMap { candidates[$0].id == use.recipeID ? $0 : nil }
                    ?? candidates.firstIndex { $0.id == use.recipeID }
                return index.map { Use(index: $0, date: use.date, meal: use.meal) }
            }
        }
        self.existing = kept
        uses = kept
        var plannedDates = Array(repeating: [Date](), count: candidates.count)
        for use in kept { plannedDates[use.index].append(use.date) }
        self.plannedDates = plannedDates
        serving = pantry.map { vocabulary.identitiesServed(by: [$0.identity]) }
    }

    /// What the pantry serves on a meal's day: an item past its use-by day is no longer there.
    private var coveredOnDay: [Date: Set<String>] = [:]

    private mutating func covered(on slot: MealSlot) -> Set<String> {
        let day = local.startOfDay(slot.date)
        if let known = coveredOnDay[day] { return known }
        let held = pantry.filter { item in item.useByDay(in: local).map { $0 >= day } ?? true }
        let covered = vocabulary.identitiesServed(by: held.map(\.identity) + PantryMatch.alwaysThere)
        coveredOnDay[day] = covered
        return covered
    }
    /// What each pantry item serves: itself and its more general kinds.
    private let serving: [Set<String>]

    private var local: LocalTime { request.local }

    // MARK: Filling

    /// How many orders of the meals a fill tries before it gives up on one that fills them all.
    static let attempts = 8

    mutating func propose() throws -> FillProposal {
        var alreadyPlanned: [MealSlot] = []
        var toFill: [MealSlot] = []
        for slot in Set(request.slots).sorted(by: { ($0.date, $0.meal) < ($1.date, $1.meal) }) {
            if isTaken(slot) { alreadyPlanned.append(slot) } else { toFill.append(slot) }
        }
        let blocks = QuotaBlocks(slots: request.slots, local: local)
        try checkQuotas(toFill, blocks)
        // The meals with the fewest recipes to choose from first (Friday's fish before a
        // Thursday that could take anything), in time order among equals. Filling one at a
        // time can still spend on an earlier meal what a later one needed: then the meal left
        // empty goes first and the fill starts again, a few times, before it gives up.
        var staticAdmitted: [MealSlot: [Int]] = [:]
        for slot in toFill { staticAdmitted[slot] = admitted(for: slot, QuotaLimits()) }
        var order = toFill.sorted { (staticAdmitted[$0]!.count, $0.date, $0.meal) < (staticAdmitted[$1]!.count, $1.date, $1.meal) }
        let start = (uses, plannedDates, newChosen, chosen, pantryUsed)
        var lastFailure: FillError?
        let seed = request.seed
        defer { request.seed = seed }
        var attempt = 0
        while attempt < Self.attempts * 2 {
            // Past the first tries, another draw orders the choices differently.
            if attempt >= Self.attempts { request.seed = seed &+ UInt64(attempt) &* 0x9E37_79B9 }
            do {
                let filled = try fill(order, blocks, staticAdmitted, partial: false)
                return FillProposal(meals: filled.meals, alreadyPlanned: alreadyPlanned, unfilled: [])
            } catch let failure as FillError {
                (uses, plannedDates, newChosen, chosen, pantryUsed) = start
                lastFailure = failure
                guard let slot = failure.slot, let at = order.firstIndex(of: slot) else { break }
                if at > 0 {
                    order.remove(at: at)
                    order.insert(slot, at: 0)
                } else if attempt < Self.attempts {
                    // First already: the same order again helps only with another draw.
                    attempt = Self.attempts - 1
                }
            }
            attempt += 1
        }
        // Filling one meal at a time found no week: a search that goes back on its choices
        // does, when one exists within the search's budget.
        request.seed = seed
        var budget = Self.searchBudget
        if let meals = try search(toFill, blocks, staticAdmitted, budget: &budget) {
            let byTime: (MealProposal, MealProposal) -> Bool = { ($0.slot.date, $0.slot.meal) < ($1.slot.date, $1.slot.meal) }
            return FillProposal(meals: meals.sorted(by: byTime), alreadyPlanned: alreadyPlanned, unfilled: [])
        }
        (uses, plannedDates, newChosen, chosen, pantryUsed) = start
        guard request.partial else { throw lastFailure! }
        let filled = try fill(order, blocks, staticAdmitted, partial: true)
        return FillProposal(meals: filled.meals, alreadyPlanned: alreadyPlanned, unfilled: filled.unfilled)
    }

    /// How many choices the search tries before it gives up.
    static let searchBudget = 2_000

    /// Fills `left` choosing first the meal with the fewest recipes now admitted, trying its
    /// best few in rank order and going back when a later meal is left without one.
    private mutating func search(_ left: [MealSlot], _ blocks: QuotaBlocks, _ staticAdmitted: [MealSlot: [Int]],
                                 budget: inout Int) throws -> [MealProposal]? {
        guard !left.isEmpty else { return [] }
        var tightest: (slot: MealSlot, options: [Int], limits: QuotaLimits)?
        for slot in left {
            let remaining = left.filter { blocks.block(of: $0) == blocks.block(of: slot) }.count
            let limits = quotaLimits(for: slot, remainingInBlock: remaining, blocks)
            let options = staticAdmitted[slot, default: []].filter { admitsNow($0, slot, limits) }
            if options.isEmpty { return nil }
            if tightest == nil || options.count < tightest!.options.count { tightest = (slot, options, limits) }
        }
        guard let (slot, options, limits) = tightest else { return nil }
        let rest = left.filter { $0 != slot }
        for index in try ranked(options, for: slot, limits: limits, count: 8) {
            budget -= 1
            if budget < 0 { return nil }
            let saved = (uses, plannedDates, newChosen, chosen)
            let candidate = candidates[index]
            if candidate.lastCooked == nil { newChosen += 1 }
            chosen += 1
            uses.append(Use(index: index, date: slot.date, meal: slot.meal))
            plannedDates[index].append(slot.date)
            if let others = try search(rest, blocks, staticAdmitted, budget: &budget) {
                let meal = MealProposal(slot: slot, recipeID: candidate.id, name: "", reasons: try reasons(for: candidate, slot, limits))
                return [meal] + others
            }
            (uses, plannedDates, newChosen, chosen) = saved
        }
        return nil
    }

    /// Fills the meals in `order`, one at a time; a meal nothing fits throws unless `partial`.
    private mutating func fill(_ order: [MealSlot], _ blocks: QuotaBlocks, _ staticAdmitted: [MealSlot: [Int]],
                               partial: Bool) throws -> (meals: [MealProposal], unfilled: [FillProposal.Unfilled]) {
        var meals: [MealProposal] = []
        var unfilled: [FillProposal.Unfilled] = []
        for (index, slot) in order.enumerated() {
            let remaining = order[index...].filter { blocks.block(of: $0) == blocks.block(of: slot) }.count
            let limits = quotaLimits(for: slot, remainingInBlock: remaining, blocks)
            let admitted = staticAdmitted[slot, default: []].filter { admitsNow($0, slot, limits) }
            guard let best = try ranked(admitted, for: slot, limits: limits, count: 1).first else {
                let reason = try explainEmpty(slot, limits)
                guard partial else { throw FillError(kind: .nothingFits, slot: slot, reason: reason) }
                unfilled.append(FillProposal.Unfilled(slot: slot, reason: reason))
                continue
            }
            let candidate = candidates[best]
            meals.append(MealProposal(slot: slot, recipeID: candidate.id, name: "", reasons: try reasons(for: candidate, slot, limits)))
            if candidate.lastCooked == nil { newChosen += 1 }
            chosen += 1
            uses.append(Use(index: best, date: slot.date, meal: slot.meal))
            plannedDates[best].append(slot.date)
            let required = try requiredIdentities(candidate)
            for (item, serves) in zip(pantry, serving) where !serves.isDisjoint(with: required) {
                pantryUsed.insert(item.identity)
            }
        }
        let byTime: (MealSlot, MealSlot) -> Bool = { ($0.date, $0.meal) < ($1.date, $1.meal) }
        return (meals.sorted { byTime($0.slot, $1.slot) }, unfilled.sorted { byTime($0.slot, $1.slot) })
    }

    /// Whether the plan has a recipe for the slot: an entry for that meal that day, or one
    /// planned by time alone nearest that meal whose kind the meal may be (a hot cocoa at
    /// 16:00 is no dinner).
    private func isTaken(_ slot: MealSlot) -> Bool {
        if request.refilling.contains(slot) { return false }
        let kinds = request.rules.varieties(for: slot.meal)
        return existing.contains { use in
            guard local.isSameDay(use.date, slot.date) else { return false }
            if let meal = use.meal { return meal == slot.meal }
            return request.mealTimes.nearestMeal(to: use.date, local: local) == slot.meal && kinds.contains(candidates[use.index].variety)
        }
    }

    /// The admitted recipes best first, at most `count`: the shortlist by recency and
    /// draw, ranked again with what their lines say.
    private mutating func ranked(_ admitted: [Int], for slot: MealSlot, limits: QuotaLimits, count: Int) throws -> [Int] {
        guard !admitted.isEmpty else { return [] }
        let neighbours = uses.filter { abs($0.date.timeIntervalSince(slot.date)) < 3.5 * 86_400 && $0.date != slot.date }
        let nearbyTags = neighbours.flatMap { candidates[$0.index].tags }
        let size = max(Self.shortlist, count)
        var top: [(index: Int, score: Double)] = []
        for index in admitted {
            let score = baseScore(candidates[index], slot, nearbyTags: nearbyTags, limits: limits)
            guard top.count < size || score > top[top.count - 1].score else { continue }
            let place = top.firstIndex { $0.score < score } ?? top.count
            top.insert((index, score), at: place)
            if top.count > size { top.removeLast() }
        }
        var nearbyMains: [(main: String, days: Double)] = []
        for use in neighbours {
            if let main = try main(of: use.index) {
                nearbyMains.append((main, abs(use.date.timeIntervalSince(slot.date)) / 86_400))
            }
        }
        var scored: [(index: Int, score: Double)] = []
        for (index, base) in top {
            scored.append((index, base + (try linesScore(index, slot, nearbyMains: nearbyMains))))
        }
        // Ties by row, so the same store gives the same order.
        return scored.sorted { ($0.score, candidates[$1.index].row) > ($1.score, candidates[$0.index].row) }
            .prefix(count).map(\.index)
    }

    /// The recipes the rules admit for `slot`, best first, at most `count`, each with its
    /// reasons; whether the plan already has the meal does not matter. Throws ``FillError``
    /// naming the rule when none is admitted.
    mutating func suggest(for slot: MealSlot, count: Int) throws -> [(candidate: FillCandidate, reasons: [String])] {
        let blocks = QuotaBlocks(slots: [slot], local: local)
        let limits = quotaLimits(for: slot, remainingInBlock: 1, blocks)
        let admitted = admitted(for: slot, limits)
        let best = try ranked(admitted, for: slot, limits: limits, count: count)
        guard !best.isEmpty else { throw FillError(kind: .nothingFits, slot: slot, reason: try explainEmpty(slot, limits)) }
        return try best.map { (candidates[$0], try reasons(for: candidates[$0], slot, limits)) }
    }

    // MARK: Ranking

    private func baseScore(_ candidate: FillCandidate, _ slot: MealSlot, nearbyTags: [String], limits: QuotaLimits) -> Double {
        var score = 0.3 * draw(candidate)
        if let last = candidate.lastCooked {
            score += min(max(slot.date.timeIntervalSince(last) / 86_400, 0), 90) / 90
        } else if newChosen * 3 < chosen + 1 {
            // About one meal in three may be new; the longer one is due, the stronger.
            score += 0.9 + 0.1 * Double(chosen - newChosen * 3)
        } else {
            score += 0.35
        }
        if let wanted = request.servings, let servings = candidate.servings, servings > 0 {
            let ratio = Double(max(servings, wanted)) / Double(min(servings, wanted))
            score -= 0.075 * min(ratio - 1, 2)
        }
        let shared = candidate.tags.reduce(0) { count, tag in count + nearbyTags.filter { $0 == tag }.count }
        score -= min(0.06 * Double(shared), 0.24)
        // A quota still short ranks its recipes up, so it is met before it must be forced.
        if limits.wanted.contains(where: { candidate.tags.contains($0) }) { score += 0.15 }
        return score
    }

    private mutating func linesScore(_ index: Int, _ slot: MealSlot, nearbyMains: [(main: String, days: Double)]) throws -> Double {
        let candidate = candidates[index]
        var score = 0.0
        // The same main ingredient the day before weighs most, three days off least.
        if let main = try main(of: index) {
            for nearby in nearbyMains where nearby.main == main { score -= 0.5 * max(4 - nearby.days, 0) / 3 }
        }
        guard !pantry.isEmpty else { return score }
        let needs = try needs(candidate)
        score -= 0.06 * Double(min(PantryMatch.missing(needs, covered: covered(on: slot)).count, 6))
        if let item = try soonUsed(by: candidate, on: slot) {
            score += pantryUsed.contains(item.identity) ? 0.2 : 0.4
        }
        return score
    }

    /// A draw in 0..<1 from the seed and the recipe.
    private func draw(_ candidate: FillCandidate) -> Double {
        var state = request.seed &+ candidate.key &* 0x9E37_79B9_7F4A_7C15
        state = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
        state = (state ^ (state >> 27)) &* 0x94D0_49BB_1331_11EB
        state ^= state >> 31
        return Double(state >> 11) / Double(1 << 53)
    }

    /// The pantry item the recipe uses that is to be used soonest, when its use-by day is
    /// not past, within a week of the meal, and not before the meal's day.
    private func soonUsed(by candidate: FillCandidate, on slot: MealSlot) throws -> PantryItem? {
        let required = try requiredIdentities(candidate)
        let today = local.startOfDay(request.now)
        let day = local.startOfDay(slot.date)
        return zip(pantry, serving).filter { item, serves in
            guard let useBy = item.useByDay(in: local), useBy >= today, useBy >= day,
                  local.dayDistance(from: day, to: useBy) <= 7 else { return false }
            return !serves.isDisjoint(with: required)
        }.map(\.0).min { ($0.useBy ?? .distantFuture) < ($1.useBy ?? .distantFuture) }
    }

    private func requiredIdentities(_ candidate: FillCandidate) throws -> Set<String> {
        Set(try needs(candidate).filter { !$0.isOptional }.map(\.identity))
    }

    /// Aromatics and staples that many dishes share, never a dish's main ingredient.
    private static let staples: Set<String> = [
        "onion", "garlic", "shallot", "spring onion", "ginger", "lemon", "lime", "chili", "butter", "oil", "olive oil",
        "vegetable oil", "stock", "salt", "black pepper", "water", "sugar", "flour", "parsley", "cilantro", "milk",
    ]
    private static let notMainAisles: Set<Aisle> = [Aisle("spices"), Aisle("baking"), Aisle("drinks")]

    /// The recipe's main ingredient, as its most general kind: its meat or fish, else its first
    /// required ingredient that is no staple, spice or baking good.
    private mutating func main(of index: Int) throws -> String? {
        if let known = mains[index] { return known }
        let candidate = candidates[index]
        let required = try needs(candidate).filter { !$0.isOptional && $0.isKnown }.map { root($0.identity) }
        let main = required.first { vocabulary.aisle(of: $0) == Aisle("meat and fish") }
            ?? required.first { !Self.staples.contains($0) && !Self.notMainAisles.contains(vocabulary.aisle(of: $0)) }
        mains[index] = .some(main)
        return main
    }

    private func root(_ identity: String) -> String {
        var current = identity
        var steps = 0
        while let kind = vocabulary.entry(for: current)?.kind, steps < 10 {
            current = kind
            steps += 1
        }
        return current
    }

    // MARK: Reasons

    private mutating func reasons(for candidate: FillCandidate, _ slot: MealSlot, _ limits: QuotaLimits) throws -> [String] {
        var reasons: [String] = []
        if let last = candidate.lastCooked {
            // Counted to the meal, as no-repeat counts: a meal in three weeks says so.
            let days = local.dayDistance(from: last, to: slot.date)
            reasons.append(days <= 0 ? "cooked that day" : days == 1 ? "cooked the day before" : "not cooked for \(days) days")
        } else {
            reasons.append("never cooked")
        }
        if let minutes = candidate.minutes { reasons.append(ISODuration.description(minutes: minutes)) }
        if let tag = limits.forced.first(where: { candidate.tags.contains($0) }) {
            reasons.append("tagged \(tag), for the week's quota")
        }
        if !pantry.isEmpty {
            if let item = try soonUsed(by: candidate, on: slot), let useBy = item.useByDay(in: local) {
                reasons.append("uses \(item.name) (use by \(PlannedTimeFormatter.weekdays[local.components(of: useBy).weekday]))")
            }
            let missing = PantryMatch.missing(try needs(candidate), covered: covered(on: slot)).count
            reasons.append(missing == 0 ? "all in the pantry" : "\(missing) to buy")
        }
        if let wanted = request.servings, candidate.servings == wanted { reasons.append("serves \(wanted)") }
        return reasons
    }
}

// MARK: - Rules

extension MealPlanner {
    /// What the quotas ask of one meal: tags it must have (a quota that needs every meal
    /// left in its seven days), tags it must not have (a quota full), tags still wanted.
    struct QuotaLimits {
        var forced: [String] = []
        /// Quotas short of all the meals left together: the meal must have one of these tags.
        var forcedAny: [String] = []
        var forbidden: [String] = []
        var wanted: [String] = []
        var origins: [String: String] = [:]
    }

    /// The request's days in runs of seven from the first, each run a quota's week; a last,
    /// shorter run asks its share of a quota (at least: rounded to the nearest; at most: up).
    struct QuotaBlocks {
        let firstDay: Date
        let lastDay: Date
        let local: LocalTime

        init(slots: [MealSlot], local: LocalTime) {
            self.local = local
            let days = slots.map { local.startOfDay($0.date) }
            firstDay = days.min() ?? Date()
            lastDay = days.max() ?? firstDay
        }

        func block(of slot: MealSlot) -> Int { local.dayDistance(from: firstDay, to: slot.date) / 7 }

        func contains(_ date: Date, block: Int) -> Bool {
            let distance = local.dayDistance(from: firstDay, to: date)
            return distance >= 0 && distance / 7 == block && local.startOfDay(date) <= lastDay
        }

        func length(of block: Int) -> Int { min(7, local.dayDistance(from: firstDay, to: lastDay) + 1 - block * 7) }

        /// A shorter run's share, rounded to the nearest: one a week over six days is one.
        func atLeast(_ quota: FillRules.Quota, in block: Int) -> Int { (quota.atLeast * length(of: block) * 2 + 7) / 14 }

        func atMost(_ quota: FillRules.Quota, in block: Int) -> Int? {
            quota.atMost.map { ($0 * length(of: block) + 6) / 7 }
        }

        func start(of block: Int) -> Date { local.adding(days: block * 7, to: firstDay) }
    }

    private func tagged(_ use: Use, _ tag: String) -> Bool {
        candidates[use.index].tags.contains(tag)
    }

    private func count(_ tag: String, inBlock block: Int, _ blocks: QuotaBlocks) -> Int {
        uses.filter { blocks.contains($0.date, block: block) && tagged($0, tag) }.count
    }

    private func checkQuotas(_ toFill: [MealSlot], _ blocks: QuotaBlocks) throws {
        let formatter = PlannedTimeFormatter(now: request.now, local: local)
        for quota in request.rules.quotas {
            if let most = quota.atMost, most < quota.atLeast {
                throw FillError(kind: .quotaCannotBeMet, slot: nil,
                                reason: "at least \(quota.atLeast) but at most \(most) meals tagged '\(quota.tag)' (\(quota.origin))")
            }
        }
        for block in Set(toFill.map(blocks.block(of:))).sorted() {
            let empty = toFill.filter { blocks.block(of: $0) == block }.count
            for quota in request.rules.quotas {
                let short = blocks.atLeast(quota, in: block) - count(quota.tag, inBlock: block, blocks)
                guard short > empty else { continue }
                let days = blocks.length(of: block)
                throw FillError(kind: .quotaCannotBeMet, slot: nil, reason: """
                    at least \(blocks.atLeast(quota, in: block)) meals tagged '\(quota.tag)' in the \(days == 1 ? "day" : "\(days) days") \
                    from \(formatter.day(blocks.start(of: block))) (\(quota.origin)), but only \(empty) \
                    \(empty == 1 ? "meal is" : "meals are") left to fill
                    """)
            }
        }
    }

    private func quotaLimits(for slot: MealSlot, remainingInBlock remaining: Int, _ blocks: QuotaBlocks) -> QuotaLimits {
        var limits = QuotaLimits()
        let block = blocks.block(of: slot)
        var shortTotal = 0
        for quota in request.rules.quotas {
            let have = count(quota.tag, inBlock: block, blocks)
            let short = blocks.atLeast(quota, in: block) - have
            if short > 0 {
                shortTotal += short
                if short >= remaining { limits.forced.append(quota.tag) } else { limits.wanted.append(quota.tag) }
            }
            if let most = blocks.atMost(quota, in: block), have >= most { limits.forbidden.append(quota.tag) }
            limits.origins[quota.tag] = quota.origin
        }
        // Two quotas short of the meals left between them: this meal must serve one.
        if shortTotal >= remaining, limits.wanted.count + limits.forced.count > 1 { limits.forcedAny = limits.wanted + limits.forced }
        return limits
    }

    private func passes(_ candidate: FillCandidate, _ condition: FillRules.Condition) -> Bool {
        if let most = condition.maxMinutes, (candidate.minutes ?? .max) > most { return false }
        if condition.excludedTags.contains(where: candidate.tags.contains) { return false }
        return condition.tags.allSatisfy { choice in choice.contains(where: candidate.tags.contains) }
    }

    /// Whether the recipe was cooked, or is planned, within no-repeat's days of the meal's
    /// day, counted in calendar days and including the last: with 2, a Monday's recipe comes
    /// back on Thursday at the earliest. With 0, only the same meal is refused.
    private func isRecent(_ index: Int, for slot: MealSlot) -> Bool {
        let days = request.rules.noRepeatDays
        let planned = plannedDates[index]
        guard days > 0 else { return planned.contains(slot.date) }
        let window = Double(days + 1) * 86_400
        // Only dates near enough to matter pay for a calendar reckoning.
        if let last = candidates[index].lastCooked, slot.date.timeIntervalSince(last) < window,
           local.dayDistance(from: last, to: slot.date) <= days { return true }
        return planned.contains { abs($0.timeIntervalSince(slot.date)) < window && abs(local.dayDistance(from: $0, to: slot.date)) <= days }
    }

    /// The indices of the recipes every hard rule admits for `slot`.
    private func admitted(for slot: MealSlot, _ limits: QuotaLimits) -> [Int] {
        let kinds = request.rules.varieties(for: slot.meal)
        // A table by kind, not a Set: this runs for every recipe at every meal.
        let dish = kinds.contains(.dish), baked = kinds.contains(.bakedGood), beverage = kinds.contains(.beverage)
        let condition = request.rules.condition(weekday: local.components(of: slot.date).weekday, meal: slot.meal)
        let excluded = request.excluding[slot] ?? []
        let tagRules = !condition.tags.isEmpty || !condition.excludedTags.isEmpty || !limits.forced.isEmpty || !limits.forcedAny.isEmpty
            || !limits.forbidden.isEmpty
        return candidates.indices.filter { index in
            let candidate = candidates[index]
            switch candidate.variety {
            case .dish: guard dish else { return false }
            case .bakedGood: guard baked else { return false }
            case .beverage: guard beverage else { return false }
            }
            if let most = condition.maxMinutes, (candidate.minutes ?? .max) > most { return false }
            if tagRules {
                guard passes(candidate, condition), limits.forced.allSatisfy(candidate.tags.contains),
                      limits.forcedAny.isEmpty || limits.forcedAny.contains(where: candidate.tags.contains),
                      !limits.forbidden.contains(where: candidate.tags.contains) else { return false }
            }
            return (excluded.isEmpty || !excluded.contains(candidate.id)) && !isRecent(index, for: slot)
        }
    }

    /// What changes as meals are chosen: the quotas' limits, and no-repeat with the meals
    /// chosen so far.
    private func admitsNow(_ index: Int, _ slot: MealSlot, _ limits: QuotaLimits) -> Bool {
        let tags = candidates[index].tags
        return limits.forced.allSatisfy(tags.contains) && (limits.forcedAny.isEmpty || limits.forcedAny.contains(where: tags.contains))
            && !limits.forbidden.contains(where: tags.contains) && !isRecent(index, for: slot)
    }

    /// Which rule left `slot` without a recipe: the rules applied one by one to every
    /// recipe, named at the first that leaves none, or, when some pass them all, the days
    /// within which none may come back.
    private mutating func explainEmpty(_ slot: MealSlot, _ limits: QuotaLimits) throws -> String {
        if everyRecipeRead == nil { everyRecipeRead = try everyRecipe() }
        return explainEmpty(slot, limits, among: everyRecipeRead ?? candidates)
    }

    private func explainEmpty(_ slot: MealSlot, _ limits: QuotaLimits, among recipes: [FillCandidate]) -> String {
        let formatter = PlannedTimeFormatter(now: request.now, local: local)
        let meal = "\(formatter.day(slot.date)) \(slot.meal)"
        let kinds = request.rules.varieties(for: slot.meal)
        var left = recipes.filter { kinds.contains($0.variety) }
        guard !left.isEmpty else {
            return "\(meal): no \(kinds == [.dish] ? "dish" : kinds == [.bakedGood] ? "baked good" : "dish or baked good") to choose from"
        }
        let weekday = local.components(of: slot.date).weekday
        var steps: [(phrase: String, keeps: (FillCandidate) -> Bool)] = []
        func quoted(_ tags: [String]) -> String { tags.map { "'\($0)'" }.joined(separator: " or ") }
        func add(_ condition: FillRules.Condition, origin: String?) {
            let suffix = origin.map { " (\($0))" } ?? ""
            for choice in condition.tags {
                steps.append(("tagged \(quoted(choice))" + suffix, { candidate in choice.contains(where: candidate.tags.contains) }))
            }
            for tag in condition.excludedTags {
                steps.append(("not tagged '\(tag)'" + suffix, { !$0.tags.contains(tag) }))
            }
            if let most = condition.maxMinutes {
                steps.append(("ready in \(ISODuration.description(minutes: most))" + suffix, { ($0.minutes ?? .max) <= most }))
            }
        }
        add(request.rules.condition, origin: nil)
        for scoped in request.rules.scoped where scoped.holds(weekday: weekday, meal: slot.meal) {
            add(scoped.condition, origin: scoped.origin)
        }
        for tag in limits.forced {
            steps.append(("tagged '\(tag)' (\(limits.origins[tag] ?? "a quota"))", { $0.tags.contains(tag) }))
        }
        if !limits.forcedAny.isEmpty {
            let tags = limits.forcedAny
            steps.append(("tagged \(quoted(tags)) (the quotas need one of them in every meal left)", { candidate in tags.contains(where: candidate.tags.contains) }))
        }
        for tag in limits.forbidden {
            steps.append(("not tagged '\(tag)' (\(limits.origins[tag] ?? "a quota") is full)", { !$0.tags.contains(tag) }))
        }
        // Named by the kind a meal may be: "no dish tagged 'fish'".
        let noun = kinds == [.dish] ? ("dish", "dishes") : kinds == [.bakedGood] ? ("baked good", "baked goods") : ("recipe", "recipes")
        var phrases: [String] = []
        for step in steps {
            phrases.append(step.phrase)
            left = left.filter(step.keeps)
            if left.isEmpty { return "\(meal): no \(noun.0) \(phrases.joined(separator: ", "))" }
        }
        let described = phrases.isEmpty ? "" : " " + phrases.joined(separator: ", ")
        let count = left.count == 1 ? "the only \(noun.0)\(described) was" : "all \(left.count) \(noun.1)\(described) were"
        let days = request.rules.noRepeatDays
        return "\(meal): \(count) cooked or planned within \(days) \(days == 1 ? "day" : "days") of it (no-repeat)"
    }
}
