import SpecModel

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
            diagnostics.append(Diagnostic(.criterionWithoutChecks(criterion.id.description), at: criterion.location))
        }
        let defined = spec.scenarios.map(\.id)
        var named = Set<String>()
        for step in spec.checks.flatMap(\.steps) {
            guard case .bound(let bound) = flow.steps.bind(step) else { continue }
            for (type, value) in zip(bound.pattern.parameters, bound.values) where type.namesScenario {
                named.insert(value)
                if !defined.contains(value) {
                    diagnostics.append(
                        Diagnostic(.stepNamesUnknownScenario(value, known: defined), at: step.location))
                }
            }
        }
        // Only a scenario the steps can name can be named; the others are the copy coverage's
        // to report (`unreachable-scenario`), after a run.
        let nameable = Set(flow.scenarios)
        for scenario in spec.scenarios where nameable.contains(scenario.id) && !named.contains(scenario.id) {
            diagnostics.append(Diagnostic(.scenarioWithoutCheck(scenario.id), at: scenario.location))
        }
        return diagnostics
    }
}
