import FlowDiagram
import ReportModel
import SpecModel

/// The flow graphs of the run report as pictures: a criterion's moves, a route, the whole
/// flow. Boxes show what the user sees and the scenario ID that brought them there; arrows
/// show the event, with the platforms named when not every platform of the picture makes it.
struct FlowDiagrams: Sendable {
    let drawer: DiagramDrawer

    /// The diagram of `graph` on `platforms`, or nil when no move is drawn.
    func view(
        _ graph: FlowGraph, platforms: [Platform], id: String, title: String, summary: String
    ) -> DiagramView? {
        let shown = graph.restricted(to: platforms)
        guard !shown.isEmpty else { return nil }
        let diagram = Self.diagram(of: shown, platforms: platforms, title: title)
        let svg: String
        do {
            svg = try drawer.svg(diagram, id: id)
        } catch {
            // The page still says every move in words when Graphviz cannot draw them.
            svg =
                "<p class=\"fail\">The diagram could not be drawn (\(StatusBadge.escape("\(error)"))). \(StatusBadge.escape(DiagramDrawer.description(of: diagram)))</p>"
        }
        return DiagramView(id: id, title: title, summary: summary, svg: svg)
    }

    static func diagram(of graph: FlowGraph, platforms: [Platform], title: String) -> Diagram {
        let nodes = graph.nodes.map { node in
            var classes: [String] = []
            if node.start { classes.append("start") }
            if node.notice { classes.append("notice") }
            if node.scenario != nil { classes.append("has-scenario") }
            return Diagram.Node(
                id: node.id,
                lines: node.lines.map { Diagram.Line($0) }
                    + (node.scenario.map { [Diagram.Line($0, isCode: true)] } ?? []),
                classes: classes)
        }
        let edges = graph.edges.map { edge in
            var label = edge.label
            if edge.platforms.count < platforms.count {
                let names = platforms.filter(edge.platforms.contains).map(\.displayName)
                label += " (\(names.joined(separator: ", ")))"
            }
            return Diagram.Edge(
                from: edge.from, to: edge.to, lines: [Diagram.Line(label)],
                classes: edge.invariants.isEmpty ? [] : ["guarded"])
        }
        return Diagram(title: title, nodes: nodes, edges: edges)
    }
}
