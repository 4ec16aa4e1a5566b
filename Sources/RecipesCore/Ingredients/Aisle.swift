import FoundationEssentials

/// Where in a shop an ingredient is found, so a shopping list can be walked aisle by aisle.
///
/// The built-in aisles, in their default order, are produce, dairy and eggs, meat and fish,
/// bakery, baking, spices, tins and jars, frozen, drinks and other. The configuration file
/// moves ingredients and orders aisles with `aisle.NAME = INGREDIENT, ...` lines: the aisles
/// it names come first, in its order, and an aisle it names that is not built in is added.
///
/// ```
/// # ~/.config/recipes/config
/// aisle.frozen =                          # frozen first
/// aisle.asian shop = gochujang, fish sauce
/// ```
public struct Aisle: Hashable, Sendable, CustomStringConvertible {
    /// The aisle's name, lowercase with single spaces: "dairy and eggs".
    public let name: String

    /// The aisle named `name` (case and extra spaces ignored).
    public init(_ name: String) {
        self.name = name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The name, as headings print it: "Dairy and eggs".
    public var description: String {
        name.prefix(1).uppercased() + name.dropFirst()
    }

    /// Fruit, vegetables and fresh herbs.
    public static let produce = Aisle("produce")
    /// What is neither known nor moved anywhere.
    public static let other = Aisle("other")

    /// The built-in aisles in their default order.
    public static let builtIn: [Aisle] = ["produce", "dairy and eggs", "meat and fish", "bakery", "baking", "spices", "tins and jars",
                                          "frozen", "drinks", "other"].map(Aisle.init)
}
