import Foundation
import PackagePlugin

/// Generates `EmbeddedSampleData.swift` from `SampleData/recipes.json` for the target that uses it,
/// so the `recipes` binary carries its samples without a resource bundle beside it.
@main
struct EmbedSampleData: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let input = context.package.directoryURL.appending(path: "SampleData/recipes.json")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedSampleData.swift")
        return [
            .buildCommand(
                displayName: "Embedding sample recipes",
                executable: try context.tool(named: "SampleDataEmbedder").url,
                arguments: [input.path, output.path],
                inputFiles: [input],
                outputFiles: [output]
            ),
        ]
    }
}
