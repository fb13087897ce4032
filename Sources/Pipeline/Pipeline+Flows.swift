import Foundation
import ReportModel
import SpecModel
import SpecRunner

/// What a flow brings besides its checks: its steps, the engine's decisions and the platform
/// error reference, as `steps` and the site show them.
public struct FlowReference: Sendable {
    public var id: String
    public var title: String
    public var summary: String
    public var platforms: [Platform]
    public var steps: [StepPattern]
    public var decisions: [Decision]
    public var errorReference: [ErrorReferenceEntry]
    public var rootCauses: [RootCauseEntry]
}

/// A scenario of a flow, and the spec pages that have it: what `copy --list` lists.
public struct FlowScenario: Sendable {
    public var flow: String
    /// The scenario's ID, as the flow's engine has it.
    public var id: String
    /// The specs of the flow that have the scenario, in the content's order; empty where no
    /// page has it yet.
    public var specs: [Spec]
}

/// One flow explored by `explore`: what the exploration found and how long it took. The time
/// is the command's alone: it is never part of what the cache or the report keep.
public struct ExploredFlow: Sendable {
    public var id: String
    public var summary: ExplorationSummary
    public var invariants: [InvariantRun]
    public var screens: [ScreenPresentation]
    /// Wall-clock seconds the exploration took.
    public var seconds: Double

    public init(
        id: String, summary: ExplorationSummary, invariants: [InvariantRun], screens: [ScreenPresentation],
        seconds: Double
    ) {
        self.id = id
        self.summary = summary
        self.invariants = invariants
        self.screens = screens
        self.seconds = seconds
    }
}

extension Pipeline {
    /// Every flow's steps, decisions and error reference, in the registry's order.
    public var flowReferences: [FlowReference] {
        flows.flows.map { flow in
            FlowReference(
                id: flow.id, title: flow.title, summary: flow.summary, platforms: flow.platforms,
                steps: flow.steps.patterns, decisions: flow.decisions, errorReference: flow.errorReference,
                rootCauses: flow.rootCauses)
        }
    }

    /// Every name a Trigger cell may use on each platform, as each flow's trigger catalogue
    /// resolves it (native errors, transport errors, server answers), for `errors`: each entry
    /// once, in the registry's order.
    public var triggerReference: [TriggerReferenceEntry] {
        var seen = Set<TriggerReferenceEntry>()
        return flows.flows.flatMap { $0.triggerReference() }.filter { seen.insert($0).inserted }
    }

    /// Every scenario of each flow that `specs` name, in the registry's and the flow's order,
    /// with the specs that have it: the IDs a page may use, since a check can only reach a
    /// scenario its flow's engine has.
    public func flowScenarios(of specs: [Spec]) -> [FlowScenario] {
        flows.resolve(specs).groups.flatMap { group in
            group.flow.scenarios.map { id in
                FlowScenario(flow: group.flow.id, id: id, specs: group.specs.filter { $0.scenario(id: id) != nil })
            }
        }
    }

    /// The IDs of the registered flows.
    public var flowIDs: [String] { flows.flows.map(\.id) }

    /// Explores every reachable state of each flow (or the one named `flowID`) to `depth`
    /// events (nil: each flow's own limit), without the cache: the time is what it measures.
    /// An unknown flow is nil.
    public func explore(flowID: String?, depth: Int?) -> [ExploredFlow]? {
        var chosen = flows.flows
        if let flowID {
            guard let flow = flows.flow(id: flowID) else { return nil }
            chosen = [flow]
        }
        let clock = ContinuousClock()
        return chosen.map { flow in
            let start = clock.now
            let exploration = flow.explore(depth)
            let elapsed = (clock.now - start).components
            return ExploredFlow(
                id: flow.id, summary: exploration.summary, invariants: exploration.invariants,
                screens: exploration.screens,
                seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
        }
    }
}
