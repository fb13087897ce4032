import SpecModel
import Utilities

/// The flows a run can check specs against, and which flow each spec names.
public struct FlowRegistry: Sendable {
    public let flows: [Flow]

    public init(_ flows: [Flow]) {
        self.flows = flows
    }

    /// The flow with this ID.
    public func flow(id: String) -> Flow? { flows.first { $0.id == id } }

    /// The specs of each flow the content names, in the registry's order, and a located error
    /// for each spec that names no flow, an unknown one, or a platform its flow does not run on.
    public func resolve(_ specs: [Spec]) -> (groups: [(flow: Flow, specs: [Spec])], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var members: [String: [Spec]] = [:]
        let known = flows.map(\.id)
        for spec in specs {
            guard let name = spec.flow else {
                diagnostics.append(Diagnostic(.missingFlow(known: known), at: spec.span))
                continue
            }
            guard let flow = flow(id: name.name) else {
                let meant = closest(to: name.name, in: known)
                diagnostics.append(
                    Diagnostic(.unknownFlow(name.name, known: known), at: name.span)
                        .fixed(by: meant.map { .replace(name.span, with: $0) }))
                continue
            }
            for platform in spec.platforms where !flow.platforms.contains(platform) {
                diagnostics.append(
                    Diagnostic(
                        .platformNotInFlow(
                            platform.rawValue, flow: flow.id, supported: flow.platforms.map(\.rawValue)),
                        at: name.span))
            }
            members[flow.id, default: []].append(spec)
        }
        let groups = flows.compactMap { flow in members[flow.id].map { (flow: flow, specs: $0) } }
        return (groups, diagnostics)
    }

    /// What `lint` finds without running anything: flow names, steps that do not bind, the
    /// rules of `SpecLint`, and each flow's own rules.
    public func lint(_ specs: [Spec]) -> [Diagnostic] {
        let (groups, diagnostics) = resolve(specs)
        return diagnostics
            + groups.flatMap { group in
                group.flow.steps.diagnostics(for: group.specs.flatMap(\.checks))
                    + SpecLint(flow: group.flow).diagnostics(for: group.specs) + group.flow.lint(group.specs)
            }
    }
}
