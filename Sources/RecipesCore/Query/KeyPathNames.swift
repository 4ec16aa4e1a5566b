import FoundationEssentials

extension SQLTranslator {
    /// Key paths print as `\Recipe.<computed 0x...>` on Linux, where they carry no names;
    /// query plans name them from this table instead, as source code spells them.
    static var keyPathNames: [AnyKeyPath: String] {
        var names: [AnyKeyPath: String] = [:]
        func addRecipe<Root: Recipe>(_ root: Root.Type, _ type: String) {
            names[\Root.id] = "\\\(type).id"
            names[\Root.name] = "\\\(type).name"
            names[\Root.summary] = "\\\(type).summary"
            names[\Root.instructions] = "\\\(type).instructions"
            names[\Root.plannedDate] = "\\\(type).plannedDate"
            for field in RecipeDetails.fields(for: root) { names[field.keyPath()] = "\\\(type).\(field.property)" }
            names[\Root.ingredients] = "\\\(type).ingredients"
            names[\Root.createdAt] = "\\\(type).createdAt"
            names[\Root.updatedAt] = "\\\(type).updatedAt"
            names[\Root.variety] = "\\\(type).variety"
            names[\Root.nameSortKey] = "\\\(type).nameSortKey"
        }
        addRecipe(Recipe.self, "Recipe")
        addRecipe(BakedGood.self, "BakedGood")
        addRecipe(Beverage.self, "Beverage")
        names[\BakedGood.ovenTemperature] = "\\BakedGood.ovenTemperature"
        names[\BakedGood.bakeMinutes] = "\\BakedGood.bakeMinutes"
        names[\Beverage.isAlcoholic] = "\\Beverage.isAlcoholic"
        names[\Beverage.isServedHot] = "\\Beverage.isServedHot"
        names[\Ingredient.id] = "\\Ingredient.id"
        names[\Ingredient.name] = "\\Ingredient.name"
        names[\Ingredient.amount] = "\\Ingredient.amount"
        names[\Ingredient.recipe] = "\\Ingredient.recipe"
        names[\Ingredient.position] = "\\Ingredient.position"
        names[\String.count] = "\\String.count"
        names[\String.isEmpty] = "\\String.isEmpty"
        names[\[Ingredient].count] = "\\[Ingredient].count"
        names[\[Ingredient].isEmpty] = "\\[Ingredient].isEmpty"
        names[\[Ingredient].first] = "\\[Ingredient].first"
        names[\[Ingredient].last] = "\\[Ingredient].last"
        return names
    }

    /// `\Recipe.name` for a key path the table knows; else its root and value types.
    static func describe(_ keyPath: AnyKeyPath) -> String {
        if let name = keyPathNames[keyPath] { return name }
        let path = type(of: keyPath)
        return "\\\(path.rootType).(a \(path.valueType) property)"
    }
}
