import Foundation
import SpecModel
import Utilities

/// Finished pictures kept between runs: `salt` names the code that drew them (the tool's
/// own hash), so a changed drawer never reads an old picture.
public struct DiagramKeeping: Sendable {
    /// Mixed into every key: what drew the pictures.
    public var salt: String
    /// The picture kept under a key, if any.
    public var load: @Sendable (String) -> String?
    /// Keeps a picture under a key.
    public var store: @Sendable (String, String) -> Void

    public init(
        salt: String, load: @escaping @Sendable (String) -> String?, store: @escaping @Sendable (String, String) -> Void
    ) {
        self.salt = salt
        self.load = load
        self.store = store
    }
}

/// Draws diagrams as inline SVG for the site: no colours or fonts of its own (the site's
/// stylesheet gives them, light and dark), a `<title>` and a `<desc>` that says every move in
/// words, and the same bytes for the same diagram.
public struct DiagramDrawer: Sendable {
    /// Turns Graphviz source into Graphviz's `plain` layout; a cache can stand in front of it.
    public var layout: @Sendable (String) throws -> String
    /// Where finished pictures are kept between runs; nil keeps none.
    public var keeping: DiagramKeeping?

    public init(
        layout: @escaping @Sendable (String) throws -> String = DiagramLayout.plainLayout(of:),
        keeping: DiagramKeeping? = nil
    ) {
        self.layout = layout
        self.keeping = keeping
    }

    /// The diagram as an `<svg>` element whose IDs all start with `id`.
    public func svg(_ diagram: Diagram, id: String) throws -> String {
        let source = DiagramLayout.dotSource(of: diagram)
        let key = keeping.map { Self.key(of: diagram, source: source, id: id, salt: $0.salt) }
        if let key, let kept = keeping?.load(key) { return kept }
        let placement = try DiagramLayout.placement(from: try layout(source), of: diagram)
        let svg = Self.svg(diagram, placement: placement, id: id)
        if let key { keeping?.store(key, svg) }
        return svg
    }

    /// A hash (FNV-1a, 64 bits, hex) of everything the picture is made from.
    static func key(of diagram: Diagram, source: String, id: String, salt: String) -> String {
        var hasher = FNV1a()
        for part in [salt, id, diagram.title, source] { hasher.mix(part) }
        for node in diagram.nodes {
            hasher.mix(node.id)
            for line in node.lines { hasher.mix((line.isCode ? "c" : "t") + line.text) }
            for name in node.classes { hasher.mix(name) }
        }
        for edge in diagram.edges {
            hasher.mix(edge.from + "\u{1}" + edge.to)
            for line in edge.lines { hasher.mix(line.text) }
            for name in edge.classes { hasher.mix(name) }
        }
        return hasher.hex
    }

    static func svg(_ diagram: Diagram, placement: Placement, id: String) -> String {
        let margin = 4.0
        let width = placement.width + 2 * margin
        let height = placement.height + 2 * margin
        var svg = """
            <svg class="flow-diagram" xmlns="http://www.w3.org/2000/svg" viewBox="\(number(-margin)) \(number(-margin)) \(number(width)) \(number(height))" width="\(number(width))" height="\(number(height))" role="img" aria-labelledby="\(id)-title \(id)-desc">
            <title id="\(id)-title">\(escape(diagram.title))</title>
            <desc id="\(id)-desc">\(escape(description(of: diagram)))</desc>
            <defs><marker id="\(id)-arrow" viewBox="0 0 10 10" refX="0" refY="5" markerWidth="8" markerHeight="8" markerUnits="userSpaceOnUse" orient="auto"><path class="arrowhead" d="M0,0 L10,5 L0,10 z"/></marker></defs>

            """
        for (edge, arrow) in zip(diagram.joinedEdges, placement.arrows) {
            svg += "<g class=\"\((["edge"] + edge.classes).joined(separator: " "))\">"
            svg += "<path d=\"\(path(arrow.points))\" marker-end=\"url(#\(id)-arrow)\"/>"
            if let label = arrow.label {
                let top = label.y - Double(edge.lines.count) * 14 / 2 + 11
                for (index, line) in edge.lines.enumerated() {
                    svg +=
                        "<text x=\"\(number(label.x))\" y=\"\(number(top + Double(index) * 14))\" text-anchor=\"middle\">\(escape(line.text))</text>"
                }
            }
            svg += "</g>\n"
        }
        for (node, box) in zip(diagram.nodes, placement.boxes) {
            svg += "<g class=\"\((["node"] + node.classes).joined(separator: " "))\">"
            svg +=
                "<rect x=\"\(number(box.centerX - box.width / 2))\" y=\"\(number(box.centerY - box.height / 2))\" width=\"\(number(box.width))\" height=\"\(number(box.height))\" rx=\"6\"/>"
            let top = box.centerY - Double(node.lines.count) * TextMetrics.lineHeight / 2 + 12
            for (index, line) in node.lines.enumerated() {
                let y = top + Double(index) * TextMetrics.lineHeight
                let kind = line.isCode ? " class=\"code\"" : ""
                svg +=
                    "<text x=\"\(number(box.centerX))\" y=\"\(number(y))\" text-anchor=\"middle\"\(kind)>\(escape(line.text))</text>"
            }
            svg += "</g>\n"
        }
        return svg + "</svg>"
    }

    /// Every move in words, one sentence each, in the diagram's order: “From ‹box›, ‹event›
    /// leads to ‹box›.”, each box's lines joined by commas and set in quotes.
    public static func description(of diagram: Diagram) -> String {
        let names = Dictionary(
            diagram.nodes.map { ($0.id, "“" + $0.lines.map(\.text).joined(separator: ", ") + "”") },
            uniquingKeysWith: { first, _ in first })
        let moves = diagram.joinedEdges.map { edge in
            let events = edge.lines.map(\.text).joined(separator: " or ")
            return "From \(names[edge.from] ?? edge.from), \(events) leads to \(names[edge.to] ?? edge.to)."
        }
        return "\(diagram.nodes.count) states and \(moves.count) moves. " + moves.joined(separator: " ")
    }

    /// An SVG path through a B-spline's points: a move to the first, then a cubic per three.
    static func path(_ points: [(x: Double, y: Double)]) -> String {
        guard let first = points.first else { return "" }
        var path = "M\(number(first.x)),\(number(first.y))"
        var index = 1
        while index + 2 < points.count {
            let a = points[index]
            let b = points[index + 1]
            let c = points[index + 2]
            path += " C\(number(a.x)),\(number(a.y)) \(number(b.x)),\(number(b.y)) \(number(c.x)),\(number(c.y))"
            index += 3
        }
        return path
    }

    /// A coordinate with one decimal, without a trailing `.0`. Written from integers: the
    /// overview alone has thousands of coordinates, and `String(format:)` costs microseconds.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let whole = String(abs(tenths) / 10)
        let sign = tenths < 0 ? "-" : ""
        let digit = abs(tenths) % 10
        return digit == 0 ? sign + whole : "\(sign)\(whole).\(digit)"
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
