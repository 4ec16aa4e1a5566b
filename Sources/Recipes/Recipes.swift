// The SwiftData-shaped fetch layer: `FetchDescriptor` with `SortDescriptor`, over the store,
// model and query translation of RecipesCore, which this module re-exports so that a
// program imports Recipes (and Foundation) only. `SortDescriptor` comes from
// FoundationInternationalization (and its ICU data), so it lives only here: the `recipes`
// binary links RecipesCore alone and stays a third of the size.
@_exported import RecipesCore
