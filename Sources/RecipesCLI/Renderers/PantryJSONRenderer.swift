import RecipesCore

/// `pantry --format json`: an array of items, soonest use-by first, each with its `name`,
/// `identity`, `aisle`, `amount` (as written, or null), `quantity` (millilitres, grams or
/// pieces, or null), `dimension` ("volume", "mass", "count" or null) and `useBy` (YYYY-MM-DD
/// or null).
enum PantryJSONRenderer {
    static func json(_ items: [PantryItem], vocabulary: IngredientVocabulary, local: LocalTime) -> String {
        let objects = items.map { item in
            JSONText.object([
                ("name", JSONText.quoted(item.name)),
                ("identity", JSONText.quoted(item.identity)),
                ("aisle", JSONText.quoted(vocabulary.aisle(of: item.identity).name)),
                ("amount", item.amountText().map(JSONText.quoted) ?? "null"),
                ("quantity", item.quantity.map { String($0) } ?? "null"),
                ("dimension", item.dimension.map { JSONText.quoted(String(describing: $0)) } ?? "null"),
                ("useBy", item.useByDay(in: local).map { JSONText.quoted(PantryTextRenderer.day($0, local: local)) } ?? "null"),
            ])
        }
        return "[" + objects.joined(separator: ",\n") + "]"
    }
}
