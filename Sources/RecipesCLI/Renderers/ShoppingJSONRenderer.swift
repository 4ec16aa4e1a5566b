import RecipesCore

/// `shopping --format json`: an array of items in aisle order, each with its `name`,
/// `identity` (the ingredient the vocabulary reads, or null), `aisle`, `optional`, and
/// `amounts` (`quantity`, `upTo`, `unit`, `text`, `measured`, `recipes`).
enum ShoppingJSONRenderer {
    static func json(_ list: ShoppingList) -> String {
        let items = list.aisles.flatMap(\.items).map { item in
            let amounts = item.amounts.map { amount in
                JSONText.object([
                    ("quantity", amount.quantity.map { String($0) } ?? "null"),
                    ("upTo", amount.upTo.map { String($0) } ?? "null"),
                    ("unit", JSONText.quoted(amount.unit)),
                    ("text", JSONText.quoted(amount.text)),
                    ("measured", amount.isMeasured ? "true" : "false"),
                    ("recipes", "[" + amount.recipes.map(JSONText.quoted).joined(separator: ",") + "]"),
                ])
            }
            return JSONText.object([
                ("name", JSONText.quoted(item.name)),
                ("identity", item.identity.map(JSONText.quoted) ?? "null"),
                ("aisle", JSONText.quoted(item.aisle.name)),
                ("optional", item.isOptional ? "true" : "false"),
                ("amounts", "[" + amounts.joined(separator: ",") + "]"),
            ])
        }
        return "[" + items.joined(separator: ",\n") + "]"
    }
}
