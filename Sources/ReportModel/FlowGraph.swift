import SpecModel

/// How a flow moves, as the site draws it: nodes are what the user is looking at (with the
/// scenario that brought them there), edges are what happened. Made from the engine's
/// explorer and from the moves the checks made; plain values, so the report can hold them.
public struct FlowGraph: Codable, Sendable, Equatable {
    public struct Node: Codable, Sendable, Hashable, Comparable {
        /// A stable name, unique in the graph.
        public var id: String
        /// What the user sees, one short line per part.
        public var lines: [String]
        /// The scenario ID the move into the node led to, if any.
        public var scenario: String?
        /// Whether the node shows an error notice.
        public var notice: Bool
        /// Whether a login starts here.
        public var start: Bool

        public init(id: String, lines: [String], scenario: String?, notice: Bool, start: Bool) {
            self.id = id
            self.lines = lines
            self.scenario = scenario
            self.notice = notice
            self.start = start
        }

        public static func < (lhs: Node, rhs: Node) -> Bool { lhs.id < rhs.id }
    }

    public struct Edge: Codable, Sendable, Hashable, Comparable {
        public var from: String
        public var to: String
        /// The kind of event, in a few words.
        public var label: String
        /// The platforms on which a run made the move.
        public var platforms: [Platform]
        /// The invariants checked on the move (for a criterion's diagram, the criterion's own).
        public var invariants: [String]

        public init(from: String, to: String, label: String, platforms: [Platform], invariants: [String] = []) {
            self.from = from
            self.to = to
            self.label = label
            self.platforms = platforms
            self.invariants = invariants
        }

        public static func < (lhs: Edge, rhs: Edge) -> Bool {
            (lhs.from, lhs.to, lhs.label) < (rhs.from, rhs.to, rhs.label)
        }
    }

    public var nodes: [Node]
    public var edges: [Edge]

    public init(nodes: [Node] = [], edges: [Edge] = []) {
        self.nodes = nodes
        self.edges = edges
    }

    public var isEmpty: Bool { edges.isEmpty }

    /// The graph with only the moves made on one of `platforms`, each listing only those, and
    /// the nodes they join.
    public func restricted(to platforms: [Platform]) -> FlowGraph {
        var kept: [Edge] = []
        for var edge in edges {
            edge.platforms = edge.platforms.filter(platforms.contains)
            if !edge.platforms.isEmpty { kept.append(edge) }
        }
        let used = Set(kept.flatMap { [$0.from, $0.to] })
        return FlowGraph(nodes: nodes.filter { used.contains($0.id) }, edges: kept)
    }
}

/// One move a check made: from what the user saw, by an event, to what they see next.
public struct FlowMove: Hashable, Sendable {
    public var from: FlowGraph.Node
    public var to: FlowGraph.Node
    public var label: String

    public init(from: FlowGraph.Node, to: FlowGraph.Node, label: String) {
        self.from = from
        self.to = to
        self.label = label
    }
}

/// A diagram of a flow that is not a criterion's: one route kind, or the whole flow.
public struct FlowView: Codable, Sendable, Equatable {
    /// A stable ID, e.g. `automatic` or `overview`.
    public var id: String
    public var title: String
    /// One sentence on what it shows and what it leaves out.
    public var summary: String
    public var graph: FlowGraph

    public init(id: String, title: String, summary: String, graph: FlowGraph) {
        self.id = id
        self.title = title
        self.summary = summary
        self.graph = graph
    }
}

/// Builds a graph from moves, joining repeats; nodes and edges come out sorted, so the same
/// moves give the same graph whatever their order.
public struct FlowGraphBuilder {
    private var nodes: [String: FlowGraph.Node] = [:]
    private var edges: [FlowGraph.Edge: (platforms: Set<Platform>, invariants: Set<String>)] = [:]

    public init() {}

    public mutating func add(
        _ move: FlowMove, platforms: some Sequence<Platform>, invariants: some Sequence<String> = [String]()
    ) {
        nodes[move.from.id] = move.from
        nodes[move.to.id] = move.to
        let key = FlowGraph.Edge(from: move.from.id, to: move.to.id, label: move.label, platforms: [])
        var entry = edges[key] ?? ([], [])
        entry.platforms.formUnion(platforms)
        entry.invariants.formUnion(invariants)
        edges[key] = entry
    }

    public var graph: FlowGraph {
        FlowGraph(
            nodes: nodes.values.sorted(),
            edges: edges.map { key, entry in
                var edge = key
                edge.platforms = entry.platforms.sorted { $0.rawValue < $1.rawValue }
                edge.invariants = entry.invariants.sorted()
                return edge
            }.sorted())
    }
}
