import Foundation
import PackagePlugin

/// Generates Swift source from the package's data files for the target that uses it, so the
/// library and the `recipes` binary carry their data without a resource bundle beside them:
/// the sample recipes (`SampleData/recipes.json`) for the command line, the ingredient
/// vocabulary (`Sources/RecipesCore/Ingredients/IngredientVocabulary.txt`) for the core.
@main
struct EmbedData: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let embedded: [(input: URL, output: String, constant: String, form: String)] = switch target.name {
        case "RecipesCore":
            [(root.appending(path: "Sources/RecipesCore/Ingredients/IngredientVocabulary.txt"), "EmbeddedVocabulary.swift",
              "builtInVocabularyLines", "lines")]
        default:
            [(root.appending(path: "SampleData/recipes.json"), "EmbeddedSampleData.swift", "sampleRecipesJSON", "bytes")]
        }
        return try embedded.map { file in
            let output = context.pluginWorkDirectoryURL.appending(path: file.output)
            return .buildCommand(
                displayName: "Embedding \(file.input.lastPathComponent)",
                executable: try context.tool(named: "DataEmbedder").url,
                arguments: [file.input.path, output.path, file.constant, file.form],
                inputFiles: [file.input],
                outputFiles: [output]
            )
        }
    }
}
