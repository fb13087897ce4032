import FlowDiagram
import Foundation
import SpecModel
import Utilities

/// Graphviz layouts and finished pictures kept in the tool's cache: a layout (`layouts/`) by
/// the Graphviz source and Graphviz's version, a picture (`diagrams/`) by everything it is
/// drawn from and the tool's own hash. A diagram is laid out and drawn once, not at every build.
struct DiagramLayoutCache {
    let folder: URL
    let toolFingerprint: String

    /// A drawer that takes layouts and pictures from the cache when it has them.
    var drawer: DiagramDrawer {
        let layouts = folder.appendingPathComponent("layouts").path
        let pictures = folder.appendingPathComponent("diagrams").path
        return DiagramDrawer(
            layout: { source in
                var hasher = FNV1a()
                hasher.mix(DiagramLayout.graphvizVersion)
                hasher.mix(source)
                let path = "\(layouts)/\(hasher.hex).plain"
                if let known = try? FileBytes.read(path) {
                    ToolCache.touch(path)
                    return String(decoding: known, as: UTF8.self)
                }
                let plain = try DiagramLayout.plainLayout(of: source)
                FileBytes.keep(Array(plain.utf8), at: path)
                return plain
            },
            keeping: DiagramKeeping(
                salt: toolFingerprint,
                load: { key in
                    let path = "\(pictures)/\(key).svg"
                    guard let known = try? FileBytes.read(path) else { return nil }
                    ToolCache.touch(path)
                    return String(decoding: known, as: UTF8.self)
                },
                store: { key, svg in FileBytes.keep(Array(svg.utf8), at: "\(pictures)/\(key).svg") }))
    }
}

extension DiagramLayoutCache {
    /// The drawer a build uses: cached when the tool has a cache.
    static func drawer(_ cache: ToolCache?) -> DiagramDrawer {
        cache.map { DiagramLayoutCache(folder: $0.folder, toolFingerprint: $0.toolFingerprint).drawer }
            ?? DiagramDrawer()
    }
}
