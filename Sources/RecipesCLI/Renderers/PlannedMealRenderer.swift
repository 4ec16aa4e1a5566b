import RecipesCore

/// A format for the meals of a span of days, fed one occurrence at a time, earliest first.
protocol PlannedMealRenderer {
    mutating func add(_ meal: PlannedMeal, to output: TextOutput)
    mutating func finish(_ output: TextOutput)
}
