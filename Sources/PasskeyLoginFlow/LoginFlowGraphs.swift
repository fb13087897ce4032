import PasskeyLoginEngine
import ReportModel
import SpecModel
import SpecRunner

/// The explorer's sketch of the flow in the runner's terms: the full graph (the facts a
/// criterion's diagram reads) and the diagrams of each route kind and of the whole flow.
enum LoginFlowGraphs {
    /// A sketch node as a diagram node.
    static func node(_ node: SketchNode) -> FlowGraph.Node {
        FlowGraph.Node(
            id: node.id, lines: node.lines, scenario: (node.notice ?? node.situation)?.rawValue,
            notice: node.notice != nil, start: node.isStart)
    }

    static func move(_ edge: SketchEdge) -> FlowMove {
        FlowMove(from: node(edge.from), to: node(edge.to), label: edge.move)
    }

    /// Every move the explorer made, with its platforms and the invariants that applied.
    static func graph(of sketch: LoginSketch) -> FlowGraph {
        var builder = FlowGraphBuilder()
        for (edge, facts) in sketch.edges {
            builder.add(move(edge), platforms: facts.platforms, invariants: facts.invariants)
        }
        return builder.graph
    }

    /// Relaunching the app is possible from every node and leads back to the login screen;
    /// drawn everywhere it would hide the routes, so the route diagrams leave it out.
    static let relaunch = LoginSketch.move(.appRelaunched)

    /// One diagram per route kind, then the whole flow. The automatic route keeps the count
    /// of cancellations on its nodes, since that is what it is about; the others leave it out.
    static func views(of sketch: LoginSketch) -> [FlowView] {
        let routes: [(Route, String, String)] = [
            (
                .automatic, "Automatic route",
                "The prompt the app opens by itself: a first cancellation offers retry, a second shows the fallback."
            ),
            (
                .explicit, "Passkey button",
                "The prompt the user asks for with the passkey button: a cancellation changes nothing."
            ),
            (
                .assisted, "Passkey suggestions",
                "The request waiting in the identifier field’s suggestions (AutoFill, conditional mediation)."
            ),
        ]
        var views = routes.map { route, title, summary in
            FlowView(
                id: route.rawValue, title: title, summary: summary + " Relaunching the app is left out.",
                graph: view(of: sketch, keepsCancellations: route == .automatic) { $0.routes.contains(route) })
        }
        views.append(
            FlowView(
                id: "overview", title: "The whole flow",
                summary:
                    "Every move the explorer made on any platform, with the automatic cancellations left uncounted. Relaunching the app is left out.",
                graph: view(of: sketch, keepsCancellations: false) { _ in true }))
        return views
    }

    private static func view(
        of sketch: LoginSketch, keepsCancellations: Bool, including: (SketchFacts) -> Bool
    ) -> FlowGraph {
        var builder = FlowGraphBuilder()
        for (edge, facts) in sketch.edges where edge.move != relaunch && including(facts) {
            var edge = edge
            if !keepsCancellations {
                edge.from.cancellations = 0
                edge.to.cancellations = 0
            }
            builder.add(move(edge), platforms: facts.platforms)
        }
        return builder.graph
    }
}
