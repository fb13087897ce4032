import Testing

@testable import FlowDiagram

@Suite struct DiagramTests {
    let diagram = Diagram(
        title: "A prompt that can be cancelled",
        nodes: [
            Diagram.Node(id: "login", lines: [Diagram.Line("Login screen")], classes: ["start"]),
            Diagram.Node(
                id: "prompt", lines: [Diagram.Line("Login screen"), Diagram.Line("passkey prompt (automatic)")]),
            Diagram.Node(
                id: "retry",
                lines: [Diagram.Line("retry offered"), Diagram.Line("automatic-cancel-first", isCode: true)],
                classes: ["scenario"]),
        ],
        edges: [
            Diagram.Edge(from: "login", to: "prompt", lines: [Diagram.Line("lookup: found")]),
            Diagram.Edge(from: "prompt", to: "retry", lines: [Diagram.Line("prompt: cancelled")], classes: ["guarded"]),
            Diagram.Edge(from: "prompt", to: "retry", lines: [Diagram.Line("prompt: no passkey <b>")]),
            Diagram.Edge(from: "retry", to: "prompt", lines: [Diagram.Line("retry")]),
        ])

    @Test func theSourceGivesEveryBoxAndLabelAFixedSizeSoNoFontIsMeasured() {
        let source = DiagramLayout.dotSource(of: diagram)
        #expect(source.contains("fixedsize=true"))
        #expect(source.contains("n0 [width="))
        #expect(source.contains("n2 [width="))
        // Two edges with the same ends are one arrow: three arrows, each with a fixed-size label.
        #expect(source.components(separatedBy: "->").count - 1 == 3)
        #expect(source.components(separatedBy: "FIXEDSIZE=\"TRUE\"").count - 1 == 3)
        // A longer line makes a wider box.
        let narrow = DiagramLayout.boxSize(of: Diagram.Node(id: "a", lines: [Diagram.Line("Signed in")]))
        let wide = DiagramLayout.boxSize(of: Diagram.Node(id: "b", lines: [Diagram.Line("passkey prompt (automatic)")]))
        #expect(wide.width > narrow.width)
        let tall = DiagramLayout.boxSize(of: diagram.nodes[1])
        #expect(tall.height > narrow.height)
    }

    @Test func graphvizLaysItOutAndTheSVGIsAccessibleAndStyledByClassesOnly() throws {
        let svg = try DiagramDrawer().svg(diagram, id: "d1")
        #expect(svg.hasPrefix("<svg class=\"flow-diagram\""))
        #expect(svg.contains("role=\"img\" aria-labelledby=\"d1-title d1-desc\""))
        #expect(svg.contains("<title id=\"d1-title\">A prompt that can be cancelled</title>"))
        #expect(svg.contains("<desc id=\"d1-desc\">3 states and 3 moves."))
        #expect(
            svg.contains(
                "From “Login screen, passkey prompt (automatic)”, prompt: cancelled or prompt: no passkey &lt;b&gt; leads to “retry offered, automatic-cancel-first”."
            ))
        #expect(svg.components(separatedBy: "<rect ").count - 1 == 3)
        #expect(svg.components(separatedBy: "<path d=\"M").count - 1 == 3)
        #expect(svg.contains("<g class=\"edge guarded\">"))
        #expect(svg.contains("<g class=\"node start\">"))
        #expect(svg.contains("class=\"code\">automatic-cancel-first</text>"))
        #expect(svg.contains(">prompt: no passkey &lt;b&gt;</text>"))
        // Colours and fonts come from the site's stylesheet.
        #expect(!svg.contains("fill=\"#"))
        #expect(!svg.contains("font-family"))
        #expect(!svg.contains("<!--"), "no Graphviz comments or version")
    }

    @Test func theSameDiagramGivesTheSameBytes() throws {
        let drawer = DiagramDrawer()
        #expect(try drawer.svg(diagram, id: "d") == drawer.svg(diagram, id: "d"))
        var reordered = diagram
        reordered.edges[0].lines = [Diagram.Line("lookup: found, longer")]
        #expect(try drawer.svg(diagram, id: "d") != drawer.svg(reordered, id: "d"))
    }

    @Test func aCachedLayoutStandsInForGraphviz() throws {
        let plain = try DiagramLayout.plainLayout(of: DiagramLayout.dotSource(of: diagram))
        let cached = DiagramDrawer { _ in plain }
        #expect(try cached.svg(diagram, id: "d") == DiagramDrawer().svg(diagram, id: "d"))
    }

    @Test func arrowsAreMatchedToEdgesByTheirEndsWhateverTheOrder() throws {
        var shuffled = diagram
        shuffled.nodes.reverse()
        shuffled.edges.reverse()
        let svg = try DiagramDrawer().svg(shuffled, id: "s")
        let plain = try DiagramLayout.plainLayout(of: DiagramLayout.dotSource(of: shuffled))
        let placement = try DiagramLayout.placement(from: plain, of: shuffled)
        // Each arrow starts at its tail's box and ends near its head's.
        for (edge, arrow) in zip(shuffled.joinedEdges, placement.arrows) {
            let tail = placement.boxes[shuffled.nodeIndex[edge.from]!]
            let head = placement.boxes[shuffled.nodeIndex[edge.to]!]
            let start = try #require(arrow.points.first)
            let end = try #require(arrow.points.last)
            func distance(_ point: (x: Double, y: Double), _ box: Placement.Box) -> Double {
                max(abs(point.x - box.centerX) - box.width / 2, abs(point.y - box.centerY) - box.height / 2, 0)
            }
            #expect(distance(start, tail) < 2, "\(edge.from) → \(edge.to) starts away from its tail")
            #expect(distance(end, head) < 12, "\(edge.from) → \(edge.to) ends away from its head")
        }
        #expect(svg.contains("<g class=\"edge guarded\">"))
    }

    @Test func aBrokenLayoutIsAnErrorNotAPicture() {
        #expect(throws: DiagramLayoutError.self) {
            try DiagramDrawer { _ in "graph 1 2 2\nstop\n" }.svg(diagram, id: "d")
        }
        #expect(throws: DiagramLayoutError.self) { try DiagramLayout.plainLayout(of: "digraph {") }
    }

    @Test func plainFieldsKeepQuotedTextWhole() {
        #expect(
            DiagramLayout.tokens(of: #"edge n0 n1 4 1 2 3 4 "<TABLE> x" 1.5 2 solid black"#)
                == ["edge", "n0", "n1", "4", "1", "2", "3", "4", "<TABLE> x", "1.5", "2", "solid", "black"])
        #expect(DiagramLayout.tokens(of: #"node n0 1 1 1 1 "" solid box"#)[6] == "")
    }

    @Test func coordinatesAreWrittenWithOneDecimal() {
        #expect(DiagramDrawer.number(12.0) == "12")
        #expect(DiagramDrawer.number(12.349) == "12.3")
        #expect(DiagramDrawer.number(-4) == "-4")
        #expect(DiagramDrawer.path([(0, 0), (1, 1), (2, 2), (3, 3)]) == "M0,0 C1,1 2,2 3,3")
    }
}

@Suite struct DiagramNumberTests {
    @Test func inchesHaveFourDecimals() {
        #expect(DiagramLayout.inches(72) == "1.0000")
        #expect(DiagramLayout.inches(90) == "1.2500")
        #expect(DiagramLayout.inches(1) == "0.0139")
    }

    @Test func negativeTenthsKeepTheirSign() {
        #expect(DiagramDrawer.number(-0.5) == "-0.5")
        #expect(DiagramDrawer.number(-12.26) == "-12.3")
        #expect(DiagramDrawer.number(0.04) == "0")
    }
}

@Suite struct DiagramKeepingTests {
    let diagram = Diagram(
        title: "Two boxes",
        nodes: [Diagram.Node(id: "a", lines: [Diagram.Line("A")]), Diagram.Node(id: "b", lines: [Diagram.Line("B")])],
        edges: [Diagram.Edge(from: "a", to: "b", lines: [Diagram.Line("go")])])

    @Test func aKeptPictureIsUsedWithoutLayingOutAgainAndAnyChangeMissesIt() throws {
        final class Shelf: @unchecked Sendable {
            var pictures: [String: String] = [:]
            var layouts = 0
        }
        let shelf = Shelf()
        let drawer = DiagramDrawer(
            layout: { source in
                shelf.layouts += 1
                return try DiagramLayout.plainLayout(of: source)
            },
            keeping: DiagramKeeping(
                salt: "tool-1", load: { shelf.pictures[$0] }, store: { shelf.pictures[$0] = $1 }))
        let first = try drawer.svg(diagram, id: "d")
        #expect(try drawer.svg(diagram, id: "d") == first)
        #expect(shelf.layouts == 1, "the second picture came from the shelf")
        var renamed = diagram
        renamed.edges[0].lines = [Diagram.Line("leave")]
        #expect(try drawer.svg(renamed, id: "d").contains(">leave</text>"))
        #expect(shelf.layouts == 2)
        _ = try drawer.svg(diagram, id: "other")
        #expect(shelf.layouts == 3, "another ID is another picture")
        #expect(
            DiagramDrawer.key(of: diagram, source: "s", id: "d", salt: "tool-1")
                != DiagramDrawer.key(of: diagram, source: "s", id: "d", salt: "tool-2"))
    }
}
