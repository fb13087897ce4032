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
        // Reported at the ID when the comment gives one, with the flow's scenario as the fix
        // when the ID is a near miss of one the page does not already define (a typo).
        var unknown: Set<String> = []
        for scenario in spec.scenarios where !known.contains(scenario.id) {
            unknown.insert(scenario.id)
            let meant = closest(to: scenario.id, in: flow.scenarios.filter { !defined.contains($0) })
            let span = scenario.idSpan ?? scenario.span
            diagnostics.append(
                Diagnostic(
                    .scenarioNotInFlow(
                        scenario.id, flow: flow.id, closest: NearestNames(flow.scenarios).nearest(to: scenario.id)),
                    at: span
                )
                .fixed(by: scenario.idSpan == nil ? nil : meant.map { .replace(span, with: $0) }))
        }
        diagnostics += unknownActions(in: spec)
        var named = Set<String>()
        var missing: [String: Int] = [:]
        for step in spec.checks.flatMap(\.steps) {
            guard case .bound(let bound) = flow.steps.bind(step) else { continue }
            for (type, value) in zip(bound.pattern.parameters, bound.values) where type.namesScenario {
                named.insert(value)
                if !defined.contains(value) {
                    let meant = closest(to: value, in: defined)
                    // A step that names the flow's scenario, where the page's ID for it is a
                    // typo the flow does not know: the step is right, and the ID's message
                    // says so; the step is not told to use the typo.
                    if known.contains(value), let meant, unknown.contains(meant) {
                        named.insert(value)
                        named.insert(meant)
                        continue
                    }
                    // The flow's scenario, which the page does not define and is no typo of
                    // one it does: the page lacks the scenario, which is one error at the
                    // spec, not one at every step that names it.
                    if known.contains(value) {
                        missing[value, default: 0] += 1
                        continue
                    }
                    // The scenario the writer meant counts as named: one mistake, one message.
                    if let meant { named.insert(meant) }
                    let span = step.span(ofQuoted: value)
                    diagnostics.append(
                        Diagnostic(.stepNamesUnknownScenario(value, known: defined, closest: meant), at: span)
                            .fixed(by: span == step.span ? nil : meant.map { .replace(span, with: $0) }))
                }
            }
        }
        for (id, steps) in missing.sorted(by: { $0.key < $1.key }) {
            diagnostics.append(Diagnostic(.scenarioMissingFromSpec(id, namedBySteps: steps), at: spec.span))
        }
        // Only a scenario the steps can name can be named; the others are the copy coverage's
        // to report (`unreachable-scenario`), after a run.
        for scenario in spec.scenarios where !named.contains(scenario.id) {
            diagnostics.append(Diagnostic(.scenarioWithoutCheck(scenario.id), at: scenario.span))
        }
        return diagnostics
    }

    /// Each Action row whose ID the flow does not offer: one error per row (not per platform
    /// column), at the ID, with the nearest action as a fix. The engine then never offers the
    /// row's action, so the run would report it twice more (`unreachable-action`) and the
    /// action the writer meant as unlabelled (`action-without-copy`); lint stops first.
    private func unknownActions(in spec: Spec) -> [Diagnostic] {
        guard !flow.actions.isEmpty else { return [] }
        var reported = Set<SourceLocation>()
        var diagnostics: [Diagnostic] = []
        for scenario in spec.scenarios {
            for copy in scenario.copy {
                for action in copy.actions where !flow.actions.contains(action.id) {
                    let row = action.label.label
                    guard reported.insert(row?.span.start ?? action.label.location).inserted else { continue }
                    let meant = closest(to: action.id, in: flow.actions)
                    let span = row.flatMap { Self.span(of: action.id, in: $0) } ?? action.label.span
                    diagnostics.append(
                        Diagnostic(
                            .unknownAction(action.id, flow: flow.id, actions: flow.actions, closest: meant), at: span
                        )
                        .fixed(by: span == action.label.span ? nil : meant.map { .replace(span, with: $0) }))
                }
            }
        }
        return diagnostics
    }

    /// Where the action ID `id` is written in the row label `cell` (in backticks), on its line.
    private static func span(of id: String, in cell: WrittenCell) -> SourceSpan? {
        guard let range = cell.text.range(of: "`\(id)`") else { return nil }
        let offset = cell.text.utf8.distance(from: cell.text.startIndex, to: range.lowerBound) + 1
        let start = SourceLocation(
            file: cell.span.start.file, line: cell.span.start.line, column: cell.span.start.column + offset)
        return SourceSpan(at: start, length: id.utf8.count)
    }
}
