/// A directed graph to draw: boxes of text joined by labelled arrows. What the boxes and
/// arrows mean is the caller's; this module only lays them out and writes SVG.
public struct Diagram: Sendable, Hashable {
    /// One line of text in a box or on an arrow.
    public struct Line: Sendable, Hashable {
        /// The words, drawn as they are (escaped for SVG).
        public var text: String
        /// Set in the code font (an ID) rather than the text font.
        public var isCode: Bool

        public init(_ text: String, isCode: Bool = false) {
            self.text = text
            self.isCode = isCode
        }
    }

    /// A box: its lines are centred, one under the other.
    public struct Node: Sendable, Hashable {
        /// Unique in the diagram; edges name their ends by it.
        public var id: String
        public var lines: [Line]
        /// Class names for the stylesheet, e.g. `start` or `notice`.
        public var classes: [String]

        public init(id: String, lines: [Line], classes: [String] = []) {
            self.id = id
            self.lines = lines
            self.classes = classes
        }
    }

    /// An arrow from one box to another, with its label's lines.
    public struct Edge: Sendable, Hashable {
        /// The IDs of the boxes it joins.
        public var from: String
        public var to: String
        public var lines: [Line]
        /// Class names for the stylesheet, e.g. `guarded`.
        public var classes: [String]

        public init(from: String, to: String, lines: [Line], classes: [String] = []) {
            self.from = from
            self.to = to
            self.lines = lines
            self.classes = classes
        }
    }

    /// What the picture shows, for its `<title>`.
    public var title: String
    /// Laid out in this order: the same diagram gives the same picture.
    public var nodes: [Node]
    public var edges: [Edge]

    public init(title: String, nodes: [Node], edges: [Edge]) {
        self.title = title
        self.nodes = nodes
        self.edges = edges
    }

    /// Each node's position by ID; the first of two nodes with one ID wins.
    var nodeIndex: [String: Int] {
        Dictionary(nodes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The edges with the same ends drawn as one arrow with their lines stacked, in order:
    /// two events that make the same move read better as one labelled arrow.
    var joinedEdges: [Edge] {
        var order: [String] = []
        var joined: [String: Edge] = [:]
        for edge in edges {
            let key = "\(edge.from)\u{1}\(edge.to)"
            if var known = joined[key] {
                known.lines += edge.lines
                for name in edge.classes where !known.classes.contains(name) { known.classes.append(name) }
                joined[key] = known
            } else {
                order.append(key)
                joined[key] = edge
            }
        }
        return order.compactMap { joined[$0] }
    }
}

/// The sizes the drawing gives text: the stylesheet sets the same fonts and sizes, and the
/// widths are generous estimates so that the real font fits in the box.
enum TextMetrics {
    static let textSize = 13.0
    static let codeSize = 12.0
    static let lineHeight = 16.0
    static let edgeTextSize = 12.0

    /// The width of a line, from the widths of a sans-serif font's letters in ems (or a
    /// monospaced font's for code), rounded up.
    static func width(of line: Diagram.Line, size: Double) -> Double {
        if line.isCode { return (Double(line.text.count) * 0.62 * size).rounded(.up) }
        var ems = 0.0
        for character in line.text {
            switch character {
            case "i", "l", "j", "'", "’", ".", ",", ":", ";", "!", "|", " ": ems += 0.3
            case "f", "t", "r", "(", ")", "-": ems += 0.4
            case "m", "w", "M", "W": ems += 0.9
            case "A"..."Z": ems += 0.7
            default: ems += 0.58
            }
        }
        return (ems * size).rounded(.up)
    }
}
