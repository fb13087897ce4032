import Foundation
import PackagePlugin

/// Builds the repository's `Kits/` folder into the tool: the runtime of each conformance kit
/// (the harness an app implements, the fakes, the runner), by language, as `Kits/<language>/`
/// holds it. `export --format swift-kit|kotlin-kit|web-kit` writes them with the generated
/// scripts and tests. A changed, added or removed file rebuilds it.
@main
struct EmbedKits: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Kits")
        let output = context.pluginWorkDirectoryURL.appending(path: "KitRuntimeFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding the conformance kits' runtimes",
                executable: try context.tool(named: "EmbedFiles").url,
                arguments: [folder.path, output.path, "KitRuntimeFiles"],
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
