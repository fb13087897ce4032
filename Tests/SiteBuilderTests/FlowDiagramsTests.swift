import FlowDiagram
import Foundation
import PasskeyLoginEngine
import PasskeyLoginFlow
import ReportModel
import SpecModel
import SpecParser
import SpecRunner
import Testing

@testable import SiteBuilder

/// The diagrams drawn from the engine: a criterion's from the moves its checks make, a route's
/// and the whole flow's from the explorer.
@Suite struct FlowDiagramsTests {
    /// The content with the fixture spec, run against the engine (changed by `variant`).
    static func run(variant: ReducerVariant? = nil) throws -> (ContentSet, RunReport) {
        if variant == nil { return try unchanged.get() }
        return try run(changedBy: variant)
    }

    /// The run of the engine as it is, made once for the suite.
    static let unchanged = Result { try run(changedBy: nil) }

    static func run(changedBy variant: ReducerVariant?) throws -> (ContentSet, RunReport) {
        var result = projectLint()
        let text = try String(contentsOfFile: fixtureSpecPath, encoding: .utf8)
        var bag = DiagnosticBag()
        let source = try #require(SourceFile.validate(Array(text.utf8), path: fixtureSpecPath, diagnostics: &bag))
        guard case .spec(let spec) = PageParser.parse(source, relativePath: "native/login-error-states.md").0 else {
            Issue.record("not a spec")
            throw CancellationError()
        }
        result.content.specs = [spec]
        let flow = PasskeyLoginFlow.make(
            explorer: { _ in Explorer() },
            variant: variant)
        return (result.content, CheckRunner(flows: FlowRegistry([flow])).run(result.content))
    }

    /// The second automatic cancellation offers retry again instead of the fallback.
    static let secondCancelOffersRetry = ReducerVariant { before, _, transition in
        guard transition.situation == .automaticCancelRepeated, let ceremony = before.ceremony else {
            return transition
        }
        var next = before
        next.ceremony = nil
        next.cancellationStreak = 1
        next.retry = .ceremony(ceremony)
        return Transition(state: next, situation: .automaticCancelFirst)
    }

    func edge(_ graph: FlowGraph, _ from: String, _ label: String, _ to: String) -> FlowGraph.Edge? {
        graph.edges.first { $0.from == from && $0.label == label && $0.to == to }
    }

    @Test func everyCriterionHasTheMovesOfItsChecks() throws {
        let (_, report) = try Self.run()
        let criteria = try #require(report.specs.first).criteria
        #expect(criteria.count == 5)
        for criterion in criteria {
            #expect(!criterion.diagram.isEmpty, "\(criterion.id) has no diagram")
            #expect(
                criterion.diagram.edges.allSatisfy {
                    !$0.platforms.isEmpty && Set($0.platforms).isSubset(of: [.ios, .android])
                })
        }
        // AC01: prompt, cancel, retry offered, retry, cancel, fallback; a login back to the start.
        let ac01 = try #require(criteria.first { $0.id == "N1.4-AC01" }).diagram
        let first = try #require(
            edge(ac01, "login.prompt-automatic", "prompt: cancelled", "login.retry.c1.after-automatic-cancel-first"))
        #expect(first.invariants.contains("AC01.first-cancel-offers-retry"))
        #expect(edge(ac01, "login.retry.c1.after-automatic-cancel-first", "retry", "login.options-automatic.c1") != nil)
        #expect(edge(ac01, "login.options-automatic.c1", "options received", "login.prompt-automatic.c1") != nil)
        let second = try #require(
            edge(ac01, "login.prompt-automatic.c1", "prompt: cancelled", "fallback.c2.after-automatic-cancel-repeated"))
        #expect(second.invariants == ["AC01.pending-cancel-waits-for-retry", "AC01.second-cancel-shows-fallback"])
        #expect(ac01.edges.contains { $0.to == "signed-in" })
        #expect(edge(ac01, "signed-in", "sign out", "login") != nil)
        let node = try #require(ac01.nodes.first { $0.id == "fallback.c2.after-automatic-cancel-repeated" })
        #expect(node.scenario == "automatic-cancel-repeated")
        #expect(node.lines == ["Fallback sign-in", "2 automatic cancels"])
        // A notice says which screen it is over.
        #expect(
            criteria.flatMap(\.diagram.nodes).filter(\.notice).allSatisfy {
                $0.lines.count >= 2 && $0.lines[0] == "Error notice" && $0.lines[1].hasPrefix("over ")
            })
        // Only the criterion's own invariants are named.
        #expect(ac01.edges.flatMap(\.invariants).allSatisfy { $0.hasPrefix("AC01.") })
    }

    @Test func theSpecPageDrawsEachCriterionAndEachRouteAndTheFlowPageTheWholeFlow() throws {
        let (content, report) = try Self.run()
        let files = try SiteBuilder().render(content: content, report: report, templates: siteTemplates)
        let page = text(files, "native/login-error-states.html")
        for number in 1...5 {
            #expect(
                page.contains(
                    "<title id=\"diagram-criterion-N1.4-AC0\(number)-title\">The moves the checks of N1.4-AC0\(number) make</title>"
                ))
        }
        for route in ["automatic", "explicit", "assisted"] {
            #expect(page.contains("id=\"diagram-route-\(route)-title\""), "no \(route) diagram")
        }
        #expect(page.contains("<h2 id=\"flow-diagrams-title\">How the flow moves</h2>"))
        #expect(page.components(separatedBy: "<desc id=").count - 1 == 8)
        let flows = text(files, "flows.html")
        #expect(flows.contains("<title id=\"diagram-passkey-login-overview-title\">The whole flow</title>"))
        #expect(flows.components(separatedBy: "<svg class=\"flow-diagram\"").count - 1 == 4)
        // Boxes carry scenario IDs; moves not made on every platform name theirs.
        #expect(page.contains("class=\"code\">automatic-cancel-repeated</text>"))
        #expect(page.contains(">prompt: other method (iOS)</text>"))
    }

    @Test func changingTheEngineChangesTheDiagram() throws {
        let (_, report) = try Self.run()
        let (_, changed) = try Self.run(variant: Self.secondCancelOffersRetry)
        let before = try #require(report.specs.first?.criteria.first { $0.id == "N1.4-AC01" })
        let after = try #require(changed.specs.first?.criteria.first { $0.id == "N1.4-AC01" })
        #expect(before.diagram != after.diagram)
        #expect(before.diagram.nodes.contains { $0.scenario == "automatic-cancel-repeated" })
        #expect(!after.diagram.nodes.contains { $0.scenario == "automatic-cancel-repeated" })
        #expect(
            edge(
                after.diagram, "login.prompt-automatic.c1", "prompt: cancelled",
                "login.retry.c1.after-automatic-cancel-first")
                != nil)
        // The checks and invariants of AC01 catch the change, and the picture shows it.
        #expect(!after.passed)
        let drawn = FlowDiagrams(drawer: DiagramDrawer())
        let old = try #require(
            drawn.view(before.diagram, platforms: [.ios, .android], id: "d", title: "AC01", summary: ""))
        let new = try #require(
            drawn.view(after.diagram, platforms: [.ios, .android], id: "d", title: "AC01", summary: ""))
        #expect(old.svg != new.svg)
        #expect(old.svg.contains("automatic-cancel-repeated"))
        #expect(!new.svg.contains("automatic-cancel-repeated"))
    }
}
