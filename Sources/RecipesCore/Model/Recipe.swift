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
        get { observationRegistrar.access(self, keyPath: \.name); return storedName }
        set { observationRegistrar.withMutation(of: self, keyPath: \.name) { storedName = newValue } }
    }
    /// One line shown in lists and tooltips.
    public var summary: String {
        get { observationRegistrar.access(self, keyPath: \.summary); return storedSummary }
        set { observationRegistrar.withMutation(of: self, keyPath: \.summary) { storedSummary = newValue } }
    }
    /// The method, as free text.
    public var instructions: String {
        get { observationRegistrar.access(self, keyPath: \.instructions); return storedInstructions }
        set { observationRegistrar.withMutation(of: self, keyPath: \.instructions) { storedInstructions = newValue } }
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
        get { observationRegistrar.access(self, keyPath: \.plannedDate); return storedPlannedDate }
        set { observationRegistrar.withMutation(of: self, keyPath: \.plannedDate) { storedPlannedDate = newValue } }
    }
    /// The web page the recipe came from, when it was imported from one; imports use it to
    /// recognise a recipe they already have.
    public var sourceURL: String? {
        get { observationRegistrar.access(self, keyPath: \.sourceURL); return storedSourceURL }
        set { observationRegistrar.withMutation(of: self, keyPath: \.sourceURL) { storedSourceURL = newValue } }
    }
    /// The address of the recipe's picture, as its web page or file gives it.
    public var imageURL: String? {
        get { observationRegistrar.access(self, keyPath: \.imageURL); return storedImageURL }
        set { observationRegistrar.withMutation(of: self, keyPath: \.imageURL) { storedImageURL = newValue } }
    }
    /// What one serving holds (energy, fat, protein ...), as the recipe's source labels it;
    /// nil when it gives nothing (an empty ``Nutrition`` is kept as nil).
    public var nutrition: Nutrition? {
        get { observationRegistrar.access(self, keyPath: \.nutrition); return storedNutrition }
        set { observationRegistrar.withMutation(of: self, keyPath: \.nutrition) { storedNutrition = newValue?.isEmpty == true ? nil : newValue } }
    }
    /// How many people the recipe serves, when known; `recipes show --servings` scales by it.
    /// A save refuses a value outside ``FieldLimit/servings`` (1 to 9999).
    public var servings: Int? {
        get { observationRegistrar.access(self, keyPath: \.servings); return storedServings }
        set { observationRegistrar.withMutation(of: self, keyPath: \.servings) { storedServings = newValue } }
    }
    /// What the recipe makes when that is not a number of servings ("1 loaf", "24 cookies").
    public var yield: String? {
        get { observationRegistrar.access(self, keyPath: \.yield); return storedYield }
        set { observationRegistrar.withMutation(of: self, keyPath: \.yield) { storedYield = newValue } }
    }
    /// Preparation time in minutes.
    public var prepMinutes: Int? {
        get { observationRegistrar.access(self, keyPath: \.prepMinutes); return storedPrepMinutes }
        set { observationRegistrar.withMutation(of: self, keyPath: \.prepMinutes) { storedPrepMinutes = newValue } }
    }
    /// Cooking time in minutes.
    public var cookMinutes: Int? {
        get { observationRegistrar.access(self, keyPath: \.cookMinutes); return storedCookMinutes }
        set { observationRegistrar.withMutation(of: self, keyPath: \.cookMinutes) { storedCookMinutes = newValue } }
    }
    /// Time from start to table in minutes, when the source gives it (it may include resting
    /// time that is neither preparation nor cooking).
    public var totalMinutes: Int? {
        get { observationRegistrar.access(self, keyPath: \.totalMinutes); return storedTotalMinutes }
        set { observationRegistrar.withMutation(of: self, keyPath: \.totalMinutes) { storedTotalMinutes = newValue } }
    }
    /// The recipe's tags, kept as ``canonicalTags(_:)`` makes them: lowercased, trimmed,
    /// sorted and each once.
    ///
    /// ```swift
    /// recipe.tags = ["Italian", " pasta", "italian"]   // reads back ["italian", "pasta"]
    /// ```
    public var tags: [String] {
        get { observationRegistrar.access(self, keyPath: \.tags); return storedTags }
        set { observationRegistrar.withMutation(of: self, keyPath: \.tags) { storedTags = Self.canonicalTags(newValue) } }
    }
    /// Ordered; appending sets each ingredient's ``Ingredient/recipe``.
    public var ingredients: [Ingredient] {
        get { observationRegistrar.access(self, keyPath: \.ingredients); return storedIngredients }
        set {
            observationRegistrar.withMutation(of: self, keyPath: \.ingredients) { storedIngredients = newValue }
            adoptIngredients()
        }
    }
    /// When the recipe was last cooked (`recipes cooked`, ``RecipeStore/recordCooked(recipeID:at:meal:again:servings:now:local:takingFromPantry:)``); nil if never.
    public internal(set) var lastCooked: Date? {
        get { observationRegistrar.access(self, keyPath: \.lastCooked); return storedLastCooked }
        set { observationRegistrar.withMutation(of: self, keyPath: \.lastCooked) { storedLastCooked = newValue } }
    }
    /// How many times the recipe was recorded as cooked.
    public internal(set) var timesCooked: Int {
        get { observationRegistrar.access(self, keyPath: \.timesCooked); return storedTimesCooked }
        set { observationRegistrar.withMutation(of: self, keyPath: \.timesCooked) { storedTimesCooked = newValue } }
    }
    /// Set when the recipe is first saved.
    public internal(set) var createdAt: Date {
        get { observationRegistrar.access(self, keyPath: \.createdAt); return storedCreatedAt }
        set { observationRegistrar.withMutation(of: self, keyPath: \.createdAt) { storedCreatedAt = newValue } }
    }
    /// Set each time a save writes a change to the recipe.
    public internal(set) var updatedAt: Date {
        get { observationRegistrar.access(self, keyPath: \.updatedAt); return storedUpdatedAt }
        set { observationRegistrar.withMutation(of: self, keyPath: \.updatedAt) { storedUpdatedAt = newValue } }
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
        for ingredient in ingredients where ingredient.owner !== self {
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
        get { observationRegistrar.access(self, keyPath: \.ovenTemperature); return storedOvenTemperature }
        set { observationRegistrar.withMutation(of: self, keyPath: \.ovenTemperature) { storedOvenTemperature = newValue } }
    }
    /// Time in the oven, in minutes.
    public var bakeMinutes: Int? {
        get { observationRegistrar.access(self, keyPath: \.bakeMinutes); return storedBakeMinutes }
        set { observationRegistrar.withMutation(of: self, keyPath: \.bakeMinutes) { storedBakeMinutes = newValue } }
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
        get { observationRegistrar.access(self, keyPath: \.isAlcoholic); return storedIsAlcoholic }
        set { observationRegistrar.withMutation(of: self, keyPath: \.isAlcoholic) { storedIsAlcoholic = newValue } }
    }
    /// Whether it is served hot (else cold or at room temperature).
    public var isServedHot: Bool {
        get { observationRegistrar.access(self, keyPath: \.isServedHot); return storedIsServedHot }
        set { observationRegistrar.withMutation(of: self, keyPath: \.isServedHot) { storedIsServedHot = newValue } }
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
