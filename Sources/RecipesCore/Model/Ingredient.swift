import FoundationEssentials
import Observation

/// One line of a recipe's ingredient list: a name and a free-text amount.
///
/// ```swift
/// recipe.ingredients.append(Ingredient(name: "Onion", amount: "1 medium, diced"))
/// recipe.ingredients.last?.recipe === recipe   // true
/// ```
///
/// `Observable`, like ``Recipe``: observers of ``name`` and ``amount`` are told of changes.
public final class Ingredient: Observable {
    /// Stable across stores, like ``Recipe/id``.
    public let id: UUID
    /// What the ingredient is: "Onion".
    public var name: String {
        get { observeAccess(\.name); return storedName }
        set { mutate(\.name) { storedName = newValue } }
    }
    /// Free text such as "1 medium, diced" or "2 Tbsp".
    public var amount: String {
        get { observeAccess(\.amount); return storedAmount }
        set { mutate(\.amount) { storedAmount = newValue } }
    }
    /// True for a line that names a part of the recipe ("For the dough") rather than an
    /// ingredient: shown as a heading, and left out of shopping lists and scaling.
    public var isHeading: Bool {
        get { observeAccess(\.isHeading); return storedIsHeading }
        set { mutate(\.isHeading) { storedIsHeading = newValue } }
    }
    private var storedName: String
    private var storedAmount: String
    private var storedIsHeading: Bool
    private let observationRegistrar = ObservationRegistrar()

    /// The name, amount and heading mark as stored, read without telling the registrar
    /// (see ``Recipe/unobservedName``).
    package var unobservedName: String { storedName }
    package var unobservedAmount: String { storedAmount }
    package var unobservedIsHeading: Bool { storedIsHeading }
    /// True while ``RecipeRecord/IngredientRecord/makeIngredient()`` fills in the line it has
    /// just made: nothing can observe it yet (see ``Recipe/isBeingMade``).
    var isBeingMade = false

    private func observeAccess<Member>(_ keyPath: @autoclosure () -> KeyPath<Ingredient, Member>) {
        guard !isBeingMade else { return }
        observationRegistrar.access(self, keyPath: keyPath())
    }

    private func mutate<Member>(_ keyPath: @autoclosure () -> KeyPath<Ingredient, Member>, _ mutation: () -> Void) {
        guard !isBeingMade else { return mutation() }
        observationRegistrar.withMutation(of: self, keyPath: keyPath(), mutation)
    }
    /// The recipe whose list holds this ingredient; set when it is appended or fetched.
    /// Setting it moves the ingredient, as SwiftData's inverse relationships do: out of its
    /// old recipe's list and to the end of the new one's (nil only takes it out).
    public var recipe: Recipe? {
        // A list the ingredient was removed from no longer holds it.
        get { owner.flatMap { owner in owner.ingredients.contains { $0 === self } ? owner : nil } }
        set {
            guard newValue !== recipe else { return }
            if let newValue {
                // Appending adopts it, which takes it out of the old list.
                newValue.ingredients.append(self)
            } else {
                owner?.ingredients.removeAll { $0 === self }
                owner = nil
            }
        }
    }

    /// The list that holds the ingredient, set only by a recipe adopting it.
    weak var owner: Recipe?

    /// A new ingredient line (or with `isHeading`, a heading over the lines after it);
    /// append it to a recipe's ``Recipe/ingredients``.
    public init(id: UUID = UUID(), name: String, amount: String = "", isHeading: Bool = false) {
        self.id = id
        storedName = name
        storedAmount = amount
        storedIsHeading = isHeading
    }

    /// The ingredient's place in its recipe's list, from 0.
    public var position: Int? {
        recipe?.ingredients.firstIndex { $0 === self }
    }
}
