import FoundationEssentials
import Observation

/// A recipe: a plain dish, or through its subclasses a ``BakedGood`` or a ``Beverage``.
///
/// ```swift
/// let spaghetti = Recipe(name: "Mom's Spaghetti", instructions: "Boil, simmer, toss.",
///                        plannedDate: Recipe.dateAt6PM(daysFromNow: 2))
/// spaghetti.ingredients.append(Ingredient(name: "Spaghetti", amount: "1 box"))
/// ```
///
/// Recipes are `Observable` (the Observation framework): `withObservationTracking` (or a UI
/// that uses it) is told when a property it read changes.
public class Recipe: Observable {
    /// Stable across stores, so that stores can be merged or synced later.
    public let id: UUID

    /// The context that tracks the recipe (it was fetched or inserted there), if any:
    /// SwiftData's `modelContext`. Weak: the context owns what it tracks, not the reverse.
    public internal(set) weak var modelContext: ModelContext?
    /// Whether the recipe was deleted through its context, saved or not yet: SwiftData's
    /// `isDeleted`. A rollback before the save undoes it.
    public internal(set) var isDeleted = false
    /// Whether its context holds a change to it that is not saved (an insert, a delete or
    /// an edit): SwiftData's `hasChanges` on a model.
    public var hasChanges: Bool { modelContext?.hasUnsavedChanges(to: self) ?? false }
    /// The recipe's name, shown in lists and status bars; at most ``maximumNameLength``
    /// characters, never blank.
    public var name: String {
        get { observeAccess(self, \.name); return storedName }
        set { mutate(self, \.name) { storedName = newValue } }
    }
    /// One line shown in lists and tooltips.
    public var summary: String {
        get { observeAccess(self, \.summary); return storedSummary }
        set { mutate(self, \.summary) { storedSummary = newValue } }
    }
    /// The method, as free text.
    public var instructions: String {
        get { observeAccess(self, \.instructions); return storedInstructions }
        set { mutate(self, \.instructions) { storedInstructions = newValue } }
    }
    /// When the recipe is next planned, or nil when it is not planned.
    ///
    /// A recipe can be planned many times (see ``PlanEntry``); the store keeps this as its
    /// next planned occurrence after now, cooked and skipped ones left out, or with none
    /// ahead, its latest single-date entry not yet cooked. So a recipe planned once keeps that
    /// date, past or not, and predicates and sort descriptors on it ("what is next") see each
    /// recipe's next meal. Setting it and saving plans the recipe once at that date, replacing
    /// its upcoming entries (past ones stay, as the plan's history); setting nil clears its
    /// upcoming plan.
    public var plannedDate: Date? {
        get { observeAccess(self, \.plannedDate); return storedPlannedDate }
        set { mutate(self, \.plannedDate) { storedPlannedDate = newValue } }
    }
    /// The web page the recipe came from, when it was imported from one; imports use it to
    /// recognise a recipe they already have.
    public var sourceURL: String? {
        get { observeAccess(self, \.sourceURL); return storedSourceURL }
        set { mutate(self, \.sourceURL) { storedSourceURL = newValue } }
    }
    /// The address of the recipe's picture, as its web page or file gives it.
    public var imageURL: String? {
        get { observeAccess(self, \.imageURL); return storedImageURL }
        set { mutate(self, \.imageURL) { storedImageURL = newValue } }
    }
    /// What one serving holds (energy, fat, protein ...), as the recipe's source labels it;
    /// nil when it gives nothing (an empty ``Nutrition`` is kept as nil).
    public var nutrition: Nutrition? {
        get { observeAccess(self, \.nutrition); return storedNutrition }
        set { mutate(self, \.nutrition) { storedNutrition = newValue?.isEmpty == true ? nil : newValue } }
    }
    /// How many people the recipe serves, when known; `recipes show --servings` scales by it.
    /// A save refuses a value outside ``FieldLimit/servings`` (1 to 9999).
    public var servings: Int? {
        get { observeAccess(self, \.servings); return storedServings }
        set { mutate(self, \.servings) { storedServings = newValue } }
    }
    /// What the recipe makes when that is not a number of servings ("1 loaf", "24 cookies").
    public var yield: String? {
        get { observeAccess(self, \.yield); return storedYield }
        set { mutate(self, \.yield) { storedYield = newValue } }
    }
    /// Preparation time in minutes.
    public var prepMinutes: Int? {
        get { observeAccess(self, \.prepMinutes); return storedPrepMinutes }
        set { mutate(self, \.prepMinutes) { storedPrepMinutes = newValue } }
    }
    /// Cooking time in minutes.
    public var cookMinutes: Int? {
        get { observeAccess(self, \.cookMinutes); return storedCookMinutes }
        set { mutate(self, \.cookMinutes) { storedCookMinutes = newValue } }
    }
    /// Time from start to table in minutes, when the source gives it (it may include resting
    /// time that is neither preparation nor cooking).
    public var totalMinutes: Int? {
        get { observeAccess(self, \.totalMinutes); return storedTotalMinutes }
        set { mutate(self, \.totalMinutes) { storedTotalMinutes = newValue } }
    }
    /// The recipe's tags, kept as ``canonicalTags(_:)`` makes them: lowercased, trimmed,
    /// sorted and each once.
    ///
    /// ```swift
    /// recipe.tags = ["Italian", " pasta", "italian"]   // reads back ["italian", "pasta"]
    /// ```
    public var tags: [String] {
        get { observeAccess(self, \.tags); return storedTags }
        set { mutate(self, \.tags) { storedTags = Self.canonicalTags(newValue) } }
    }
    /// Ordered; appending sets each ingredient's ``Ingredient/recipe``.
    public var ingredients: [Ingredient] {
        get { observeAccess(self, \.ingredients); return storedIngredients }
        set {
            mutate(self, \.ingredients) { storedIngredients = newValue }
            adoptIngredients()
        }
    }
    /// When the recipe was last cooked (`recipes cooked`, ``RecipeStore/recordCooked(recipeID:at:meal:again:servings:now:local:takingFromPantry:)``); nil if never.
    public internal(set) var lastCooked: Date? {
        get { observeAccess(self, \.lastCooked); return storedLastCooked }
        set { mutate(self, \.lastCooked) { storedLastCooked = newValue } }
    }
    /// How many times the recipe was recorded as cooked.
    public internal(set) var timesCooked: Int {
        get { observeAccess(self, \.timesCooked); return storedTimesCooked }
        set { mutate(self, \.timesCooked) { storedTimesCooked = newValue } }
    }
    /// Set when the recipe is first saved.
    public internal(set) var createdAt: Date {
        get { observeAccess(self, \.createdAt); return storedCreatedAt }
        set { mutate(self, \.createdAt) { storedCreatedAt = newValue } }
    }
    /// Set each time a save writes a change to the recipe.
    public internal(set) var updatedAt: Date {
        get { observeAccess(self, \.updatedAt); return storedUpdatedAt }
        set { mutate(self, \.updatedAt) { storedUpdatedAt = newValue } }
    }

    // The values behind the observed properties (which the Observation macro would generate;
    // it is not used because subclasses must share one registrar).
    private var storedName: String
    private var storedSummary: String
    private var storedInstructions: String
    private var storedPlannedDate: Date?
    private var storedSourceURL: String?
    private var storedServings: Int?
    private var storedImageURL: String?
    private var storedNutrition: Nutrition?
    private var storedYield: String?
    private var storedPrepMinutes: Int?
    private var storedCookMinutes: Int?
    private var storedTotalMinutes: Int?
    private var storedTags: [String] = []
    private var storedIngredients: [Ingredient]
    private var storedLastCooked: Date?
    private var storedTimesCooked = 0
    private var storedCreatedAt: Date
    private var storedUpdatedAt: Date
    /// Tells observers of this recipe (and of its subclass's properties) about changes.
    let observationRegistrar = ObservationRegistrar()

    /// The name, summary and lines as stored, read without telling the registrar: for a
    /// program that observes nothing and reads a recipe once, the `recipes next` status
    /// line. An observed property's first read builds its key path at run time, and the
    /// four the status line read were a twentieth of that process (`perf`).
    package var unobservedName: String { storedName }
    package var unobservedSummary: String { storedSummary }
    package var unobservedIngredients: [Ingredient] { storedIngredients }
    /// True while ``RecipeRecord/makeRecipe()`` fills in the recipe it has just made: nothing
    /// can observe it yet, so its properties are set without telling the registrar, and the key
    /// path each names is not built (key paths are built at run time, on first use: those of
    /// one recipe's properties cost `recipes next` a tenth of its time).
    var isBeingMade = false

    /// Tells the registrar that `keyPath` of `subject` (this recipe) was read, unless the
    /// recipe is being made (see ``isBeingMade``).
    func observeAccess<Subject: Recipe, Member>(_ subject: Subject, _ keyPath: @autoclosure () -> KeyPath<Subject, Member>) {
        guard !isBeingMade else { return }
        observationRegistrar.access(subject, keyPath: keyPath())
    }

    /// Runs `mutation` telling the registrar's observers of `keyPath` of `subject` (this
    /// recipe), unless the recipe is being made (see ``isBeingMade``).
    func mutate<Subject: Recipe, Member>(_ subject: Subject, _ keyPath: @autoclosure () -> KeyPath<Subject, Member>, _ mutation: () -> Void) {
        guard !isBeingMade else { return mutation() }
        observationRegistrar.withMutation(of: subject, keyPath: keyPath(), mutation)
    }

    /// A new recipe, not yet in any store: ``ModelContext/insert(_:)`` it and save.
    public init(id: UUID = UUID(), name: String, summary: String = "", instructions: String = "",
                plannedDate: Date? = nil, ingredients: [Ingredient] = [], sourceURL: String? = nil) {
        self.id = id
        storedSourceURL = sourceURL
        storedName = name
        storedSummary = summary
        storedInstructions = instructions
        storedPlannedDate = plannedDate
        storedIngredients = ingredients
        let now = Date()
        storedCreatedAt = now
        storedUpdatedAt = now
        adoptIngredients()
    }

    /// Longer names are refused by `recipes add` and imports: a name is a line in a list or
    /// a status bar, and megabytes of it would only be a mistake or an attack.
    public static let maximumNameLength = 1_000

    /// The longest time a recipe's step is believed to take, in minutes: a month (a long
    /// cure). Imports, `recipes set` and the edit text refuse longer times as mistakes.
    public static let longestMinutes = 30 * 1_440

    /// How long a recipe takes from start to table: its total time, else its preparation and
    /// cooking times added; nil when it gives none.
    static func readyMinutes(total: Int?, prep: Int?, cook: Int?) -> Int? {
        total ?? (prep == nil && cook == nil ? nil : (prep ?? 0) + (cook ?? 0))
    }

    /// Tags as a recipe keeps them: lowercased, each run of white space (line breaks too: the
    /// store keeps tags one per line) one space, none empty, sorted, and each once.
    public static func canonicalTags(_ tags: [String]) -> [String] {
        // Most recipes have none: no set made (making a recipe from its row sets its tags).
        guard !tags.isEmpty else { return [] }
        let cleaned = tags.map { tag in
            tag.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
        }
        return Set(cleaned.filter { !$0.isEmpty }).sorted()
    }

    /// Which of the three kinds this recipe is.
    public var variety: RecipeVariety { .dish }

    /// An ingredient is in one recipe's list at a time: one appended here that another
    /// recipe still lists leaves that list.
    private func adoptIngredients() {
        // The stored list, not the observed property: reading that here is no reader's access,
        // and in the initializer it built the key path `\.ingredients` for every recipe made.
        for ingredient in storedIngredients where ingredient.owner !== self {
            let previous = ingredient.owner
            ingredient.owner = self
            if let previous, previous !== self { previous.ingredients.removeAll { $0 === ingredient } }
        }
    }

    /// 18:00 local time, `daysFromNow` days after `now`: the default planning time everywhere.
    ///
    /// ```swift
    /// Recipe.dateAt6PM(daysFromNow: 2)   // the day after tomorrow, 18:00 local
    /// ```
    public static func dateAt6PM(daysFromNow days: Int, from now: Date = Date(), local: LocalTime = .system) -> Date {
        let today = local.components(of: now)
        return local.date(year: today.year, month: today.month, day: today.day + days, hour: 18)
    }
}

/// Something baked: bread, cake, pastry.
public final class BakedGood: Recipe {
    /// Oven temperature in degrees Celsius.
    public var ovenTemperature: Int? {
        get { observeAccess(self, \.ovenTemperature); return storedOvenTemperature }
        set { mutate(self, \.ovenTemperature) { storedOvenTemperature = newValue } }
    }
    /// Time in the oven, in minutes.
    public var bakeMinutes: Int? {
        get { observeAccess(self, \.bakeMinutes); return storedBakeMinutes }
        set { mutate(self, \.bakeMinutes) { storedBakeMinutes = newValue } }
    }
    private var storedOvenTemperature: Int?
    private var storedBakeMinutes: Int?

    /// A new baked good, not yet in any store.
    public init(id: UUID = UUID(), name: String, summary: String = "", instructions: String = "",
                plannedDate: Date? = nil, ingredients: [Ingredient] = [],
                ovenTemperature: Int? = nil, bakeMinutes: Int? = nil) {
        storedOvenTemperature = ovenTemperature
        storedBakeMinutes = bakeMinutes
        super.init(id: id, name: name, summary: summary, instructions: instructions,
                   plannedDate: plannedDate, ingredients: ingredients)
    }

    /// Always ``RecipeVariety/bakedGood``.
    public override var variety: RecipeVariety { .bakedGood }
}

/// Something to drink.
public final class Beverage: Recipe {
    /// Whether the drink contains alcohol.
    public var isAlcoholic: Bool {
        get { observeAccess(self, \.isAlcoholic); return storedIsAlcoholic }
        set { mutate(self, \.isAlcoholic) { storedIsAlcoholic = newValue } }
    }
    /// Whether it is served hot (else cold or at room temperature).
    public var isServedHot: Bool {
        get { observeAccess(self, \.isServedHot); return storedIsServedHot }
        set { mutate(self, \.isServedHot) { storedIsServedHot = newValue } }
    }
    private var storedIsAlcoholic: Bool
    private var storedIsServedHot: Bool

    /// A new beverage, not yet in any store.
    public init(id: UUID = UUID(), name: String, summary: String = "", instructions: String = "",
                plannedDate: Date? = nil, ingredients: [Ingredient] = [],
                isAlcoholic: Bool = false, isServedHot: Bool = false) {
        storedIsAlcoholic = isAlcoholic
        storedIsServedHot = isServedHot
        super.init(id: id, name: name, summary: summary, instructions: instructions,
                   plannedDate: plannedDate, ingredients: ingredients)
    }

    /// Always ``RecipeVariety/beverage``.
    public override var variety: RecipeVariety { .beverage }
}
