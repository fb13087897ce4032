import Foundation
import PackagePlugin

/// Builds `docs/diagnostics/`, one Markdown file per message ID, into the tool: every file
/// becomes an entry of `DiagnosticExplanations.files`, which `explain`, SARIF's rule help and
/// the catalogue read. A changed, added or removed file rebuilds it.
@main
struct EmbedExplanations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "docs/diagnostics")
        let output = context.pluginWorkDirectoryURL.appending(path: "DiagnosticExplanations.swift")
        let files =
            (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil))?
            .filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path } ?? []
        return [
            .buildCommand(
                displayName: "Embedding the diagnostics' explanations",
                executable: try context.tool(named: "EmbedFiles").url,
                arguments: [folder.path, output.path, "DiagnosticExplanations"],
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}
