import Foundation
import ReportModel
import SpecModel

// A flow is a value: everything a kind of spec is checked against, bundled so the runner,
// the report, the site and the commands take flows as input and never reach for a global
// step library or engine. A spec names its flow in its metadata (`flow: passkey-login`).
//
// To add a flow:
// 1. a module of its own beside `Sources/PasskeyLoginFlow/` with its engine (or one from
//    `Sources/PasskeyLoginEngine/`), a `CheckSession` that steps drive, its step definitions and
//    parameter types, and a `Flow` value built from them (see `PasskeyLoginFlow.flow`);
// 2. its entry in `FlowCatalogue.registered` (`Sources/Pipeline/FlowCatalogue.swift`)
//    and the module in `Package.swift`.
// The runner, the site builder and the commands need no change; `FlowTests` drives a flow
// defined only in the tests through `lint`, `check` and `build`.

/// What a check's steps drive on one platform: a flow's world and engine. The runner asks it
/// only what every flow can answer; the flow's own steps know the rest.
public protocol CheckSession: Sendable {
    /// Called before each step; `isAction` for When steps.
    mutating func beginStep(isAction: Bool)
    /// The native results and signals the current step produced, in the platform's terms.
    var stepNative: [String] { get }
    /// Every scenario reached so far, in order (repeats allowed).
    var scenariosReached: [String] { get }
    /// How each scenario reached looked.
    var screens: Set<ScreenPresentation> { get }
    /// Every move made so far, in order, for the criterion's diagram.
    var moves: [FlowMove] { get }
}

extension CheckSession {
    /// A flow that draws no diagrams reports no moves.
    public var moves: [FlowMove] { [] }
}

/// What exploring a flow's whole reachable space found: the counts, every invariant (each
/// tagged with its criterion ID, or `general`) and every way a scenario was presented.
public struct FlowExploration: Codable, Sendable, Equatable {
    public var summary: ExplorationSummary
    public var invariants: [InvariantRun]
    public var screens: [ScreenPresentation]
    /// Every move the explorer made, with the platforms it was made on and the invariants
    /// that applied to it; a criterion's diagram takes its facts from here.
    public var graph: FlowGraph
    /// The diagrams of the flow's routes and of the whole flow.
    public var views: [FlowView]

    public init(
        summary: ExplorationSummary, invariants: [InvariantRun], screens: [ScreenPresentation],
        graph: FlowGraph = FlowGraph(), views: [FlowView] = []
    ) {
        self.summary = summary
        self.invariants = invariants
        self.screens = screens
        self.graph = graph
        self.views = views
    }
}

/// A name a Trigger cell may use on one platform, as the flow's engine resolves it: a native
/// error, a transport error or a server answer.
public struct FlowTriggerName: Sendable, Equatable {
    public var platform: Platform
    public var name: String
    /// The raw value written after it in parentheses, where it has one.
    public var rawValue: String?
    /// The scenarios the engine sends what it names to, in any context.
    public var destinations: [String]

    public init(platform: Platform, name: String, rawValue: String?, destinations: [String]) {
        self.platform = platform
        self.name = name
        self.rawValue = rawValue
        self.destinations = destinations
    }
}

/// A kind of spec and everything it is checked against: step definitions with their
/// parameters, scenario vocabulary, platforms, exploration (world scripts, configurations,
/// invariants), decisions, error reference, and lint rules of its own (a trigger catalogue).
public struct Flow: Sendable {
    /// The ID specs name in their metadata, e.g. `passkey-login`.
    public let id: String
    public let title: String
    /// One sentence for the site and `steps`.
    public let summary: String
    /// The platforms the flow runs on, each through its adapter.
    public let platforms: [Platform]
    /// Every step a check of this flow can use.
    public let steps: StepRegistry
    /// The scenario IDs the flow's engine can reach and its steps can name.
    public let scenarios: [String]
    /// The action IDs the flow's engine can offer, which a copy table's Action rows name; empty
    /// for a flow that does not say (its action rows are then not checked by `lint`).
    public let actions: [String]
    /// The choices the engine makes where the spec is silent.
    public let decisions: [Decision]
    /// Every native error of each platform and where it leads.
    public let errorReference: [ErrorReferenceEntry]
    /// Every root cause of a sign-in without a session, and where each platform sends it.
    public let rootCauses: [RootCauseEntry]
    /// Explores the whole reachable space, up to a depth (nil: the flow's own limit); the same
    /// for any content.
    public internal(set) var explore: @Sendable (_ depthLimit: Int?) -> FlowExploration
    /// The flow's own rules over its specs, run by `lint` (e.g. Trigger names).
    public let lint: @Sendable ([Spec]) -> [Diagnostic]
    /// Every name its Trigger cells may use, as its lint resolves them (empty for a flow
    /// without Trigger names); built from the engine on first use.
    public let triggerNames: @Sendable () -> [FlowTriggerName]
    /// Every result those names stand for, with its names, where it leads and its source, from
    /// the same catalogue (empty for a flow without Trigger names): what `errors` looks up.
    public let triggerReference: @Sendable () -> [TriggerReferenceEntry]
    /// What the engine decides with, as text; a change to it changes the report's fingerprint.
    public let signature: [String]
    /// A spec's checks on one platform as a conformance kit's script, recorded from the flow's
    /// own run of them; nil for a flow that has no kits.
    public let conformanceScript: (@Sendable (Spec, Platform) -> KitScript)?
    /// Writes the lockstep exploration a kit replays against an app with a spec's copy on one
    /// platform, line by line, until the writer returns false; the last line's counts, or nil
    /// when stopped. Nil for a flow that has no kits.
    public let lockstep:
        (@Sendable (Spec, Platform, KitLockstepOptions, _ write: (KitLockstepLine) -> Bool) -> KitLockstepEnd?)?
    /// Runs a check's bound steps on one platform.
    let runSteps: @Sendable (Platform, [Step], [StepBinding]) -> PlatformRun

    /// A flow whose steps drive a `Context` that `makeContext` starts for each platform.
    public init<Context: CheckSession>(
        id: String, title: String, summary: String, platforms: [Platform],
        steps: [StepDefinition<Context>], scenarios: [String], actions: [String] = [], decisions: [Decision] = [],
        errorReference: [ErrorReferenceEntry] = [], rootCauses: [RootCauseEntry] = [], signature: [String] = [],
        explore: @escaping @Sendable (_ depthLimit: Int?) -> FlowExploration,
        lint: @escaping @Sendable ([Spec]) -> [Diagnostic] = { _ in [] },
        triggerNames: @escaping @Sendable () -> [FlowTriggerName] = { [] },
        triggerReference: @escaping @Sendable () -> [TriggerReferenceEntry] = { [] },
        conformanceScript: (@Sendable (Spec, Platform) -> KitScript)? = nil,
        lockstep: (@Sendable (Spec, Platform, KitLockstepOptions, (KitLockstepLine) -> Bool) -> KitLockstepEnd?)? = nil,
        makeContext: @escaping @Sendable (Platform) -> Context
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.platforms = platforms
        let registry = StepRegistry(definitions: steps)
        self.steps = registry
        self.scenarios = scenarios
        self.actions = actions
        self.decisions = decisions
        self.errorReference = errorReference
        self.rootCauses = rootCauses
        self.signature =
            signature + registry.patterns.map { "step \($0.kind.rawValue) \($0.pattern)" }
            + ["platforms \(platforms.map(\.rawValue).joined(separator: ","))"]
        self.explore = explore
        self.lint = lint
        self.triggerNames = triggerNames
        self.triggerReference = triggerReference
        self.conformanceScript = conformanceScript
        self.lockstep = lockstep
        self.runSteps = { platform, written, bindings in
            PlatformRun.run(steps, written: written, bindings: bindings, context: makeContext(platform))
        }
    }
}

extension Flow {
    /// The same flow, exploring each depth limit once and answering later runs from memory:
    /// the exploration is the same for any content, so a process that checks content again
    /// and again (`preview`) explores only once.
    public func exploringOnce() -> Flow {
        let memo = MemoizedExplorations(explore)
        var flow = self
        flow.explore = { memo.exploration(depthLimit: $0) }
        return flow
    }
}

/// Explorations by depth limit, computed once each.
private final class MemoizedExplorations: @unchecked Sendable {
    private let explore: @Sendable (Int?) -> FlowExploration
    private let lock = NSLock()
    private var done: [Int?: FlowExploration] = [:]

    init(_ explore: @escaping @Sendable (Int?) -> FlowExploration) {
        self.explore = explore
    }

    func exploration(depthLimit: Int?) -> FlowExploration {
        lock.lock()
        defer { lock.unlock() }
        if let known = done[depthLimit] { return known }
        let exploration = explore(depthLimit)
        done[depthLimit] = exploration
        return exploration
    }
}

/// One check on one platform, as run: its steps' results, the scenarios it reached and the
/// screens it saw, and each step failure.
package struct PlatformRun {
    package var status: RunStatus
    var steps: [StepRun]
    var scenarios: [String]
    var screens: Set<ScreenPresentation>
    var moves: [FlowMove]
    package var failures: [(step: Step, failure: StepFailure)]

    /// Runs the bound steps in order, stopping at the first that fails; `afterStep` sees the
    /// context after each step that passed, with the step's index and kind (a conformance kit
    /// records the run that way).
    package static func run<Context: CheckSession>(
        _ definitions: [StepDefinition<Context>], written: [Step], bindings: [StepBinding], context: Context,
        afterStep: (Context, Int, StepKind) -> Void = { _, _, _ in }
    ) -> PlatformRun {
        var context = context
        var steps: [StepRun] = []
        var failures: [(Step, StepFailure)] = []
        var status = RunStatus.passed
        for (index, (step, binding)) in zip(written, bindings).enumerated() {
            var run = StepRun(
                keyword: step.keyword.rawValue, text: step.text, location: step.location, status: .skipped, native: [])
            defer { steps.append(run) }
            guard case .bound(let bound) = binding else {
                run.status = .undefined
                if status == .passed { status = .undefined }
                continue
            }
            guard status == .passed else { continue }
            let definition = definitions[bound.index]
            context.beginStep(isAction: definition.kind == .action)
            do {
                try definition.run(&context, bound.arguments)
                run.status = .passed
                afterStep(context, index, definition.kind)
            } catch var failure as StepFailure {
                // An outcome is reported in the step's own words.
                if definition.kind == .outcome { failure.expected = step.text }
                run.status = .failed
                run.expected = failure.expected
                run.observed = failure.observed
                status = .failed
                failures.append((step, failure))
            } catch {
                run.status = .failed
                status = .failed
            }
            run.native = context.stepNative
        }
        var seen = Set<String>()
        let scenarios = context.scenariosReached.filter { seen.insert($0).inserted }
        return PlatformRun(
            status: status, steps: steps, scenarios: scenarios, screens: context.screens, moves: context.moves,
            failures: failures)
    }
}
