import Foundation
import PackagePlugin

/// Builds the repository's `templates/` folder into the tool, so that `build` and `preview`
/// work from any folder: every file becomes an entry of `DefaultTemplates.files` in a Swift
/// file generated for the target. A changed, added or removed template rebuilds it.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding the default templates",
                executable: try context.tool(named: "EmbedFiles").url,
                arguments: [folder.path, output.path],
                inputFiles: files(under: folder),
                outputFiles: [output])
        ]
    }

    /// Every file under `folder` that is not hidden, in a stable order.
    private func files(under folder: URL) -> [URL] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [URL] = []
        for case let url as URL in enumerator
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            found.append(url)
        }
        return found.sorted { $0.path < $1.path }
    }
}
