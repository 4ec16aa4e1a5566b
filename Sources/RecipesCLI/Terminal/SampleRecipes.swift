import FoundationEssentials
import RecipesCore

/// The sample recipes, embedded from SampleData/recipes.json at build time.
enum SampleRecipes {
    static func archive() throws -> RecipeArchive {
        try RecipeArchive.decode(Data(sampleRecipesJSON))
    }

    /// Inserts the samples in one transaction, as samples (they do not sync until changed);
    /// returns how many.
    static func install(into store: RecipeStore, now: Date, local: LocalTime) throws -> Int {
        let recipes = try archive().makeRecipes(now: now, local: local)
        try store.insertSamples(recipes)
        return recipes.count
    }

    /// The ids of the samples, for `recipes delete --samples`.
    static func ids() throws -> [UUID] {
        try archive().recipes.compactMap(\.id)
    }
}
