// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "recipes",
    products: [
        .library(name: "Recipes", targets: ["Recipes"]),
        .executable(name: "recipes", targets: ["RecipesCLI"]),
        .executable(name: "recipes-bench", targets: ["RecipesBench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The store, model, query translation, planning, formats and sync, on
        // FoundationEssentials alone: what the `recipes` binary links.
        .target(name: "RecipesCore", dependencies: ["CSQLite"], exclude: ["Ingredients/IngredientVocabulary.txt"],
                plugins: ["EmbedData"]),
        // The library a Swift program imports: RecipesCore plus FetchDescriptor with
        // SortDescriptor, whose FoundationInternationalization brings 34 MB of ICU data.
        .target(name: "Recipes", dependencies: ["RecipesCore"]),
        .executableTarget(
            name: "RecipesCLI",
            dependencies: ["RecipesCore"],
            plugins: ["EmbedData"]
        ),
        // Turns data files (SampleData/recipes.json, the ingredient vocabulary) into Swift
        // source at build time, so they travel inside the library and the `recipes` binary and
        // each file stays their one source.
        .executableTarget(name: "DataEmbedder"),
        .plugin(
            name: "EmbedData",
            capability: .buildTool(),
            dependencies: ["DataEmbedder"],
            path: "Sources/EmbedData"
        ),
        // An example app: actors, the change stream and a live query (see its main.swift).
        .executableTarget(name: "RecipesExample", dependencies: ["Recipes"]),
        // Measures whole `recipes` processes against the sqlite3 shell and ripgrep.
        .executableTarget(name: "RecipesBench", dependencies: ["Recipes"], exclude: ["README.md"]),
        .testTarget(name: "RecipesTests", dependencies: ["Recipes", "RecipesCore"], exclude: ["Fixtures"]),
        .testTarget(name: "RecipesCLITests", dependencies: ["RecipesCLI", "Recipes", "RecipesCore"], exclude: ["Fixtures"]),
        .testTarget(name: "RecipesBenchTests", dependencies: ["RecipesBench", "RecipesCLI"]),
    ],
    swiftLanguageModes: [.v6]
)
