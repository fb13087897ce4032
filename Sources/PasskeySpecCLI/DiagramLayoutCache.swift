import FlowDiagram
import Foundation
import SpecModel

/// Graphviz layouts kept in the tool's cache (`layouts/`), keyed by the Graphviz source and
/// Graphviz's version: a diagram is laid out once, not at every build.
struct DiagramLayoutCache {
    let folder: URL

    /// A drawer whose layouts come from the cache when it has them.
    var drawer: DiagramDrawer {
        let folder = folder.path
        return DiagramDrawer { source in
            var hasher = FNV1a()
            hasher.mix(DiagramLayout.graphvizVersion)
            hasher.mix(source)
            let path = "\(folder)/\(hasher.hex).plain"
            if let known = try? FileBytes.read(path) { return String(decoding: known, as: UTF8.self) }
            let plain = try DiagramLayout.plainLayout(of: source)
            // A layout that cannot be kept is only made again next time.
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let temporary = "\(path).\(getpid()).tmp"
            if (try? FileBytes.write(Array(plain.utf8), to: temporary)) != nil {
                if rename(temporary, path) != 0 { unlink(temporary) }
            }
            return plain
        }
    }
}

extension ToolCache {
    var layouts: DiagramLayoutCache { DiagramLayoutCache(folder: folder.appendingPathComponent("layouts")) }

    /// The drawer commands use: cached when the tool has a cache.
    static func diagramDrawer(_ cache: ToolCache?) -> DiagramDrawer {
        cache?.layouts.drawer ?? DiagramDrawer()
    }
}
