import FlowDiagram
import Foundation
import SpecModel
import Utilities

/// Graphviz layouts and finished pictures kept in the tool's cache: a layout by the Graphviz
/// source and Graphviz's version, a picture by everything it is drawn from and the tool's own
/// hash. A diagram is laid out and drawn once, not at every build.
enum DiagramLayoutCache {
    /// Graphviz's plain layouts, keyed by Graphviz's version and the source (not by the tool).
    static let layouts = CacheKind("layouts", version: 1, limit: 256, fileExtension: ".plain", keyedByTool: false)
    /// Finished pictures, keyed by the tool and what they are drawn from.
    static let pictures = CacheKind("diagrams", version: 1, limit: 256, fileExtension: ".svg")

    /// The drawer a build uses: cached when the tool has a cache.
    static func drawer(_ cache: ToolCache?) -> DiagramDrawer {
        guard let store = cache?.store else { return DiagramDrawer() }
        return DiagramDrawer(
            layout: { source in
                let key = [DiagramLayout.graphvizVersion, source]
                if let known = store.bytes(layouts, key: key) { return String(decoding: known, as: UTF8.self) }
                let plain = try DiagramLayout.plainLayout(of: source)
                store.keep(Array(plain.utf8), layouts, key: key)
                return plain
            },
            keeping: DiagramKeeping(
                salt: "",
                load: { key in store.bytes(pictures, key: [key]).map { String(decoding: $0, as: UTF8.self) } },
                store: { key, svg in _ = store.keep(Array(svg.utf8), pictures, key: [key]) }))
    }
}
