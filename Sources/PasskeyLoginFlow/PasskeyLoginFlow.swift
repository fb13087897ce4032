import Dispatch
import Foundation
import PasskeyLoginEngine
import ReportModel
import SpecModel
import SpecRunner
import Utilities

/// The passkey-login flow: login with a passkey on the automatic route (the app opens the
/// prompt itself) and the explicit route (the passkey button), with every error state the
/// native spec pages describe. Its engine is `PasskeyLoginEngine`; its steps drive a `CheckContext`.
public enum PasskeyLoginFlow {
    /// The flow, for the registry.
    public static let flow = make { depth in Explorer(depthLimit: depth ?? Explorer.defaultDepth) }

    /// The flow with its exploration made by `explorer` (given the depth asked for, if any);
    /// tests use a smaller explorer.
    /// A `variant` changes the engine for both the checks and the exploration (tests only).
    public static func make(
        explorer: @escaping @Sendable (_ depthLimit: Int?) -> Explorer, variant: ReducerVariant? = nil
    ) -> Flow {
        Flow(
            id: "passkey-login", title: "Passkey login",
            summary: "Passkey login on the automatic and explicit routes, with every error state and its recovery.",
            platforms: PlatformAdapters.all.map(\.platform),
            steps: StepLibrary.definitions, scenarios: Situation.allCases.map(\.rawValue),
            actions: UserAction.allCases.map(\.rawValue), decisions: Decision.all,
            errorReference: ErrorReference.entries(), rootCauses: RootCauses.entries(),
            // A changed engine never shares the real one's cached exploration.
            signature: signature + (variant == nil ? [] : ["engine variant"]),
            explore: { depth in
                var explorer = explorer(depth)
                explorer.variant = variant
                return exploration(of: explorer)
            },
            lint: { specs in triggerCheck.diagnostics(for: specs) },
            triggerNames: { triggerCheck.names },
            triggerReference: { triggerCheck.reference },
            conformanceScript: { spec, platform in
                ConformanceRecorder.script(for: spec, on: platform, variant: variant)
            },
            lockstep: { spec, platform, options, write in
                LockstepRecorder.record(spec, on: platform, options: options, variant: variant, write: write)
            },
            makeContext: { platform in CheckContext(adapter: adapter(for: platform), variant: variant) })
    }

    /// What the engine decides with beyond its steps, decisions and error reference.
    static var signature: [String] {
        Invariant.all.map { "invariant \($0.id): \($0.statement)" }
            + ["invariant \(EnumerationCheck.id): \(EnumerationCheck.statement)"]
    }

    private static let triggerCheck = TriggerCheck()

    /// The adapter of a platform of the flow; the runner only asks for the flow's platforms.
    static func adapter(for platform: Platform) -> any PlatformAdapter {
        guard let adapter = PlatformAdapters.adapter(for: platform) else {
            preconditionFailure("passkey-login has no adapter for '\(platform.rawValue)'")
        }
        return adapter
    }

    // MARK: - Exploration

    /// Explores with the world scripts split over the machine's cores, in the runner's terms.
    public static func exploration(of explorer: Explorer) -> FlowExploration {
        let report = explore(explorer)
        return FlowExploration(
            summary: ExplorationSummary(
                runs: report.runs, platforms: report.platforms.count, configurations: report.configurations,
                platformConfigurations: report.platformConfigurations,
                worlds: report.worlds, states: report.states, transitions: report.transitions,
                depthLimit: report.depthLimit, deepestLevel: report.deepestLevel, complete: report.complete,
                nativeResults: report.nativeResultsExercised),
            invariants: report.invariants.map(invariantRun),
            screens: report.presentations.map(ScreenPresentation.init), graph: LoginFlowGraphs.graph(of: report.sketch),
            views: LoginFlowGraphs.views(of: report.sketch))
    }

    /// Explores with the explorer's parts (one per configuration) and the lockstep comparison
    /// of worlds side by side on the machine's cores.
    public static func explore(_ explorer: Explorer) -> ExplorationReport {
        let parts = explorer.parts
        // Each task is handed to whichever core is free; the lockstep comparison, the longest
        // single task, goes first so that it does not finish last.
        let outcomes = Array(0...parts.count).parallelMap { task -> (ExplorationReport?, InvariantResult?) in
            guard task > 0 else { return (nil, explorer.comparesWorlds ? explorer.enumerationCheck.run() : nil) }
            return (parts[task - 1].run(), nil)
        }
        var report = explorer.report(joining: outcomes.compactMap(\.0))
        report.invariants += outcomes.compactMap(\.1)
        return report
    }

    static func invariantRun(_ result: InvariantResult) -> InvariantRun {
        InvariantRun(
            id: result.id, criterion: result.criterion, statement: result.statement,
            transitionsChecked: result.transitionsChecked, violations: result.violations,
            counterexample: result.counterexample.map(traceLines))
    }

    /// A counterexample, one line per step.
    public static func traceLines(_ example: Counterexample) -> [String] {
        ["\(example.platform.rawValue); \(example.configuration); \(example.world)"]
            + example.steps.map { step in
                var line = step.event
                if let native = step.native { line += " [\(native)]" }
                if !step.effects.isEmpty { line += " → \(step.effects.joined(separator: "; "))" }
                return line
            } + ["violation: \(example.message)"]
    }
}

extension ScreenPresentation {
    /// The engine's presentation of a scenario, in the runner's terms.
    init(_ presentation: Presentation) {
        self.init(
            platform: presentation.platform, scenario: presentation.situation.rawValue,
            actions: presentation.actions.map(\.rawValue), showsNotice: presentation.showsNotice,
            announcement: ScreenAnnouncement(
                kind: presentation.announcement.kind.rawValue, speaks: presentation.announcement.kind.speaks,
                means: presentation.announcement.means, duty: presentation.announcement.duty,
                source: presentation.announcement.source))
    }
}
