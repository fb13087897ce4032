import CGraphviz
import Foundation

/// Where Graphviz put each box and arrow, in points, with the origin at the top left.
struct Placement {
    struct Box {
        var centerX: Double
        var centerY: Double
        var width: Double
        var height: Double
    }

    struct Arrow {
        /// The B-spline's points: a start, then three per cubic segment.
        var points: [(x: Double, y: Double)]
        /// The centre of the label, if the arrow has one.
        var label: (x: Double, y: Double)?
    }

    var width: Double
    var height: Double
    /// By node position in the diagram.
    var boxes: [Box]
    /// By joined edge position (`Diagram.joinedEdges`).
    var arrows: [Arrow]
}

/// A layout failure: Graphviz refused the graph, or its answer could not be read.
public struct DiagramLayoutError: Error, CustomStringConvertible {
    public var description: String
}

/// Lays out a diagram with Graphviz's `dot`. The boxes and labels are given fixed sizes in
/// the source, so no font is measured and the layout is the same on every machine with the
/// same Graphviz.
public enum DiagramLayout {
    /// The Graphviz source for `diagram`: node `n<i>` for the i-th node, edges in joined order.
    public static func dotSource(of diagram: Diagram) -> String {
        var source = """
            digraph flow {
            graph [rankdir=TB, nodesep=0.35, ranksep=0.5, margin=0, splines=true];
            node [shape=box, fixedsize=true, label=""];
            edge [arrowhead=normal, arrowsize=0.8];

            """
        let index = diagram.nodeIndex
        for (position, node) in diagram.nodes.enumerated() {
            let size = boxSize(of: node)
            source += "n\(position) [width=\(inches(size.width)), height=\(inches(size.height))];\n"
        }
        for edge in diagram.joinedEdges {
            guard let from = index[edge.from], let to = index[edge.to] else { continue }
            let size = labelSize(of: edge)
            source +=
                "n\(from) -> n\(to) [label=<<TABLE BORDER=\"0\" CELLPADDING=\"0\" CELLSPACING=\"0\" FIXEDSIZE=\"TRUE\" WIDTH=\"\(Int(size.width))\" HEIGHT=\"\(Int(size.height))\"><TR><TD></TD></TR></TABLE>>];\n"
        }
        return source + "}\n"
    }

    /// Box sizes in points: the widest line and the lines' height, with padding.
    static func boxSize(of node: Diagram.Node) -> (width: Double, height: Double) {
        let widest =
            node.lines.map {
                TextMetrics.width(of: $0, size: $0.isCode ? TextMetrics.codeSize : TextMetrics.textSize)
            }.max() ?? 0
        return (max(widest + 20, 60), Double(node.lines.count) * TextMetrics.lineHeight + 12)
    }

    static func labelSize(of edge: Diagram.Edge) -> (width: Double, height: Double) {
        let widest = edge.lines.map { TextMetrics.width(of: $0, size: TextMetrics.edgeTextSize) }.max() ?? 0
        return ((widest + 6).rounded(.up), Double(edge.lines.count) * 14 + 2)
    }

    /// Points as inches with four decimals, e.g. `1.2500`.
    static func inches(_ points: Double) -> String {
        let tenThousandths = Int((points / 72 * 10_000).rounded())
        let fraction = String(tenThousandths % 10_000)
        return "\(tenThousandths / 10_000)." + String(repeating: "0", count: 4 - fraction.count) + fraction
    }

    /// Runs `dot` in the process and returns its answer in Graphviz's `plain` format.
    /// Graphviz keeps global state, so one layout runs at a time.
    public static func plainLayout(of source: String) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        guard let context = sharedContext else { throw DiagramLayoutError(description: "Graphviz did not start") }
        guard let graph = agmemread(source) else {
            throw DiagramLayoutError(description: "Graphviz could not read the diagram")
        }
        defer { agclose(graph) }
        guard gvLayout(context, graph, "dot") == 0 else {
            throw DiagramLayoutError(description: "Graphviz could not lay out the diagram")
        }
        defer { gvFreeLayout(context, graph) }
        var data: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        guard gvRenderData(context, graph, "plain", &data, &length) == 0, let data else {
            throw DiagramLayoutError(description: "Graphviz could not write the layout")
        }
        defer { gvFreeRenderData(data) }
        return String(decoding: UnsafeRawBufferPointer(start: data, count: Int(length)), as: UTF8.self)
    }

    /// The Graphviz library's version, e.g. `2.43.0`: layouts are the same for the same
    /// source and version.
    public static var graphvizVersion: String {
        lock.lock()
        defer { lock.unlock() }
        guard let context = sharedContext, let version = gvcVersion(context) else { return "unknown" }
        return String(cString: version)
    }

    private static let lock = NSLock()
    /// One Graphviz context for the process: making one loads every plugin.
    nonisolated(unsafe) private static let sharedContext: OpaquePointer? = gvContext()

    /// Reads the `plain` answer for `diagram` (whose source was `dotSource(of:)`).
    static func placement(from plain: String, of diagram: Diagram) throws -> Placement {
        let points = 72.0
        var placement = Placement(width: 0, height: 0, boxes: [], arrows: [])
        var boxes: [Int: Placement.Box] = [:]
        // Arrows are matched to edges by their ends, not by the order Graphviz writes them.
        struct Ends: Hashable {
            var tail: Int
            var head: Int
        }
        var arrows: [Ends: Placement.Arrow] = [:]
        for line in plain.split(separator: "\n") {
            let fields = tokens(of: line)
            guard let kind = fields.first else { continue }
            switch kind {
            case "graph":
                guard fields.count >= 4, let width = Double(fields[2]), let height = Double(fields[3]) else {
                    throw DiagramLayoutError(description: "unreadable graph line: \(line)")
                }
                placement.width = width * points
                placement.height = height * points
            case "node":
                guard fields.count >= 6, fields[1].hasPrefix("n"), let index = Int(fields[1].dropFirst()),
                    let x = Double(fields[2]), let y = Double(fields[3]), let width = Double(fields[4]),
                    let height = Double(fields[5])
                else { throw DiagramLayoutError(description: "unreadable node line: \(line)") }
                boxes[index] = Placement.Box(
                    centerX: x * points, centerY: placement.height - y * points, width: width * points,
                    height: height * points)
            case "edge":
                guard fields.count >= 4, let count = Int(fields[3]), fields.count >= 4 + 2 * count else {
                    throw DiagramLayoutError(description: "unreadable edge line: \(line)")
                }
                guard fields[1].hasPrefix("n"), fields[2].hasPrefix("n"), let tail = Int(fields[1].dropFirst()),
                    let head = Int(fields[2].dropFirst())
                else { throw DiagramLayoutError(description: "unreadable edge ends: \(line)") }
                var arrow = Placement.Arrow(points: [], label: nil)
                for point in 0..<count {
                    guard let x = Double(fields[4 + 2 * point]), let y = Double(fields[5 + 2 * point]) else {
                        throw DiagramLayoutError(description: "unreadable edge point: \(line)")
                    }
                    arrow.points.append((x * points, placement.height - y * points))
                }
                let rest = fields.dropFirst(4 + 2 * count)
                if rest.count >= 5, let x = Double(rest[rest.startIndex + 1]), let y = Double(rest[rest.startIndex + 2])
                {
                    arrow.label = (x * points, placement.height - y * points)
                }
                arrows[Ends(tail: tail, head: head)] = arrow
            default:
                continue
            }
        }
        placement.boxes = try diagram.nodes.indices.map { index in
            guard let box = boxes[index] else { throw DiagramLayoutError(description: "node \(index) was not placed") }
            return box
        }
        let index = diagram.nodeIndex
        placement.arrows = try diagram.joinedEdges.map { edge in
            guard let tail = index[edge.from], let head = index[edge.to],
                let arrow = arrows[Ends(tail: tail, head: head)]
            else { throw DiagramLayoutError(description: "the move \(edge.from) → \(edge.to) was not placed") }
            return arrow
        }
        return placement
    }

    /// A `plain` line split at spaces, a double-quoted field kept whole.
    static func tokens(of line: Substring) -> [String] {
        var fields: [String] = []
        var current: [UInt8] = []
        var quoted = false
        var escaped = false
        var started = false
        for byte in line.utf8 {
            if quoted {
                if escaped {
                    current.append(byte)
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    quoted = false
                } else {
                    current.append(byte)
                }
            } else if byte == UInt8(ascii: " ") {
                if started { fields.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
                started = false
            } else if byte == UInt8(ascii: "\"") {
                quoted = true
                started = true
            } else {
                current.append(byte)
                started = true
            }
        }
        if started { fields.append(String(decoding: current, as: UTF8.self)) }
        return fields
    }
}
