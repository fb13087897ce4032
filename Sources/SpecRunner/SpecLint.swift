import SpecModel
import Utilities

/// What `lint` can find without running anything: criteria no check verifies, scenarios no
/// check names, and steps that name a scenario the page does not define.
public struct SpecLint: Sendable {
    public var flow: Flow

    public init(flow: Flow) {
        self.flow = flow
    }

    public func diagnostics(for specs: [Spec]) -> [Diagnostic] {
        specs.flatMap(diagnostics(for:))
    }

    private func diagnostics(for spec: Spec) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for criterion in spec.criteria
        where !spec.checks.contains(where: { $0.criterion?.description == criterion.id.description }) {
            diagnostics.append(Diagnostic(.criterionWithoutChecks(criterion.id.description), at: criterion.span))
        }
        let defined = spec.scenarios.map(\.id)
        let known = Set(flow.scenarios)
        // A scenario the flow does not know is one error, at its heading: its copy, Trigger
        // names and checks are still read, but no step naming it is reported again.
        for scenario in spec.scenarios where !known.contains(scenario.id) {
            diagnostics.append(
                Diagnostic(
                    .scenarioNotInFlow(
                        scenario.id, flow: flow.id, closest: NearestNames(flow.scenarios).nearest(to: scenario.id)),
                    at: scenario.span))
        }
        var named = Set<String>()
        for step in spec.checks.flatMap(\.steps) {
            guard case .bound(let bound) = flow.steps.bind(step) else { continue }
            for (type, value) in zip(bound.pattern.parameters, bound.values) where type.namesScenario {
                named.insert(value)
                if !defined.contains(value) {
                    let meant = closest(to: value, in: defined)
                    // The scenario the writer meant counts as named: one mistake, one message.
                    if let meant { named.insert(meant) }
                    let span = step.span(ofQuoted: value)
                    diagnostics.append(
                        Diagnostic(.stepNamesUnknownScenario(value, known: defined, closest: meant), at: span)
                            .fixed(by: span == step.span ? nil : meant.map { .replace(span, with: $0) }))
                }
            }
        }
        // Only a scenario the steps can name can be named; the others are the copy coverage's
        // to report (`unreachable-scenario`), after a run.
        for scenario in spec.scenarios where !named.contains(scenario.id) {
            diagnostics.append(Diagnostic(.scenarioWithoutCheck(scenario.id), at: scenario.span))
        }
        return diagnostics
    }

}
