import FoundationEssentials

extension RecipeStore {
    /// What changing a recipe's kind did: whether it changed, and the fields of the old kind
    /// that the new one has no place for (named as on the model), which were dropped.
    public struct KindChange: Sendable, Equatable {
        /// False when the recipe already was of that kind.
        public let changed: Bool
        /// "ovenTemperature", "bakeMinutes", "isAlcoholic", "isServedHot": the old kind's
        /// fields that held a value and are gone.
        public let dropped: [String]
    }

    /// Makes the recipe a `variety` (a dish, a baked good, a beverage) in one transaction,
    /// keeping its id, ingredients, plan and history; a model object of the old class is
    /// stale afterwards (fetch it again). The fields only the old kind has are dropped; a new
    /// beverage is neither alcoholic nor hot until set. It syncs like any other edit.
    ///
    /// ```swift
    /// try store.changeKind(of: focaccia.id, to: .bakedGood)
    /// ```
    @discardableResult
    public func changeKind(of id: UUID, to variety: RecipeVariety) throws -> KindChange {
        try write {
            guard let previous = try record(withID: id) else {
                throw RecipeStoreError.invalidRecipe(id: id, reason: "the store has no such recipe (deleted meanwhile?)")
            }
            guard previous.variety != variety else { return KindChange(changed: false, dropped: []) }
            var record = previous
            record.variety = variety
            var dropped: [String] = []
            if variety != .bakedGood {
                if previous.ovenTemperature != nil { dropped.append("ovenTemperature") }
                if previous.bakeMinutes != nil { dropped.append("bakeMinutes") }
                (record.ovenTemperature, record.bakeMinutes) = (nil, nil)
            }
            if variety != .beverage {
                if previous.isAlcoholic == true { dropped.append("isAlcoholic") }
                if previous.isServedHot == true { dropped.append("isServedHot") }
                (record.isAlcoholic, record.isServedHot) = (nil, nil)
            } else {
                (record.isAlcoholic, record.isServedHot) = (false, false)
            }
            record.updatedAt = Date()
            try update(record, from: previous)
            return KindChange(changed: true, dropped: dropped)
        }
    }
}
