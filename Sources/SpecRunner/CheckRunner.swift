import ReportModel
import SpecModel
import Utilities

/// Runs every check of every spec on each of its platforms against the spec's flow, explores
/// each flow the content names, cross-checks the copy against what the flow can show, and
/// rolls it all up into a `RunReport`.
public struct CheckRunner: Sendable {
    public var flows: FlowRegistry
    /// Where explorations are kept between runs; nil explores every time.
    public var cache: ExplorationCache?

    public init(flows: FlowRegistry, cache: ExplorationCache? = nil) {
        self.flows = flows
        self.cache = cache
    }

    public func run(_ content: ContentSet) -> RunReport {
        // Never stopped, so always made.
        run(content, stoppingWhen: { false })!
    }

    /// The run, or nil when `isCancelled` says to stop before it is done: it is asked before
    /// each flow's exploration and before each check, so that an editor's newer text or a
    /// cancelled request does not wait for a run nobody reads.
    public func run(_ content: ContentSet, stoppingWhen isCancelled: () -> Bool) -> RunReport? {
        let (groups, resolution) = flows.resolve(content.specs)
        // The fingerprint (a hash of every spec and flow) is made on another core while the
        // checks run.
        let fingerprint = Locked("")
        let flowsRun = groups.map(\.flow)
        let fingerprinting = SideWork {
            fingerprint.withLock { $0 = RunReport.fingerprint(of: content, flows: flowsRun) }
        }
        var diagnostics = DiagnosticBag()
        diagnostics.append(contentsOf: resolution)
        var flowRuns: [FlowRun] = []
        var specRuns: [String: SpecRun] = [:]
        for group in groups {
            guard !isCancelled(),
                let (flowRun, runs) = run(group.flow, specs: group.specs, into: &diagnostics, isCancelled: isCancelled)
            else { return nil }
            flowRuns.append(flowRun)
            for run in runs { specRuns[run.path] = run }
        }
        // A spec without a known flow is not run, and passes nowhere.
        let ordered = content.specs.map { spec in
            specRuns[spec.path] ?? Self.unrun(spec)
        }
        var report = RunReport(flows: flowRuns, specs: ordered, diagnostics: diagnostics.sorted)
        fingerprinting.wait()
        report.fingerprint = fingerprint.withLock { $0 }
        return report
    }

    /// The fingerprint a run of `content` would have, without running it.
    public func fingerprint(of content: ContentSet) -> String {
        RunReport.fingerprint(of: content, flows: flows.resolve(content.specs).groups.map(\.flow))
    }

    /// Checks, explores and cross-checks the specs of one flow.
    private func run(
        _ flow: Flow, specs: [Spec], into diagnostics: inout DiagnosticBag, isCancelled: () -> Bool
    ) -> (FlowRun, [SpecRun])? {
        let exploration = cache?.exploration(of: flow) ?? flow.explore(nil)
        var specRuns: [SpecRun] = []
        var checkScreens = Set<ScreenPresentation>()
        var movesBySpec: [[String: [Platform: [FlowMove]]]] = []
        for spec in specs {
            var checkRuns: [CheckRun] = []
            var moves: [String: [Platform: [FlowMove]]] = [:]
            let platforms = spec.platforms.filter(flow.platforms.contains)
            for check in spec.checks {
                guard !isCancelled() else { return nil }
                let (run, screens, problems, checkMoves) = self.run(check, flow: flow, platforms: platforms)
                checkRuns.append(run)
                checkScreens.formUnion(screens)
                diagnostics.append(contentsOf: problems)
                moves[check.id] = checkMoves
            }
            movesBySpec.append(moves)
            specRuns.append(
                SpecRun(
                    id: spec.id, flow: flow.id, title: spec.title, path: spec.path, checks: checkRuns, criteria: [],
                    scenarios: []))
        }

        let screens = Set(exploration.screens).union(checkScreens)
        let coverage = CopyCoverage(screens: screens).problems(in: specs)
        diagnostics.append(contentsOf: coverage.map(\.diagnostic))
        let location = specs.first?.span ?? SourceSpan(at: SourceLocation(file: "content", line: 1, column: 1))
        if !exploration.summary.complete {
            diagnostics.report(.explorationIncomplete(depth: exploration.summary.depthLimit), at: location)
        }
        for index in specRuns.indices {
            let spec = specs[index]
            specRuns[index].criteria = criterionRuns(
                spec, checks: specRuns[index].checks, moves: movesBySpec[index], exploration: exploration,
                into: &diagnostics)
            specRuns[index].scenarios = scenarioRuns(
                spec, checks: specRuns[index].checks, coverage: coverage, into: &diagnostics)
        }

        let criteria = specs.flatMap(\.criteria).map(\.id.description)
        let general = exploration.invariants.filter { invariant in
            !criteria.contains { Self.invariant(invariant, belongsTo: $0) }
        }
        for invariant in general where invariant.violations > 0 {
            let trace = invariant.counterexample?.joined(separator: " → ") ?? ""
            diagnostics.report(.invariantViolated(invariant.id, detail: trace), at: location)
        }
        let flowRun = FlowRun(
            id: flow.id, title: flow.title, summary: flow.summary, platforms: flow.platforms,
            exploration: exploration.summary, generalInvariants: general, decisions: flow.decisions,
            errorReference: flow.errorReference, rootCauses: flow.rootCauses, steps: flow.steps.patterns,
            views: exploration.views)
        return (flowRun, specRuns)
    }

    /// Whether an invariant belongs to a criterion: the criterion it names, or the same
    /// criterion of another page of the flow. The guide numbers its criteria alike in each
    /// section, so `W1.4-AC02` (the web's adaptation) shares the invariants of `N1.4-AC02`.
    static func invariant(_ invariant: InvariantRun, belongsTo criterion: String) -> Bool {
        func number(_ id: String) -> Substring? {
            guard let dash = id.lastIndex(of: "-") else { return nil }
            let suffix = id[id.index(after: dash)...]
            return suffix.hasPrefix("AC") ? suffix : nil
        }
        return invariant.criterion == criterion
            || (number(invariant.criterion).map { $0 == number(criterion) } ?? false)
    }

    private static func unrun(_ spec: Spec) -> SpecRun {
        let failing = spec.platforms.map { PlatformStatus(platform: $0, passed: false) }
        return SpecRun(
            id: spec.id, flow: nil, title: spec.title, path: spec.path, checks: [],
            criteria: spec.criteria.map {
                CriterionRun(
                    id: $0.id.description, checks: [], platforms: failing, invariants: [], diagram: FlowGraph())
            },
            scenarios: spec.scenarios.map { ScenarioRun(id: $0.id, exercisedBy: [], platforms: failing) })
    }

    // MARK: - Checks

    /// Runs one check on each platform. Binding problems are reported once, not per platform.
    func run(
        _ check: Check, flow: Flow, platforms: [Platform]
    ) -> (CheckRun, Set<ScreenPresentation>, [Diagnostic], [Platform: [FlowMove]]) {
        var problems: [Diagnostic] = []
        let bindings = check.steps.map { flow.steps.bind($0) }
        for case .unbound(let diagnostic) in bindings { problems.append(diagnostic) }
        var screens = Set<ScreenPresentation>()
        var results: [PlatformCheckRun] = []
        var moves: [Platform: [FlowMove]] = [:]
        for platform in platforms {
            let run = flow.runSteps(platform, check.steps, bindings)
            moves[platform] = run.moves
            for (step, failure) in run.failures {
                problems.append(
                    Diagnostic(
                        .stepFailed(
                            platform: platform.displayName, expected: failure.expected, observed: failure.observed),
                        at: step.span))
            }
            screens.formUnion(run.screens)
            results.append(
                PlatformCheckRun(platform: platform, status: run.status, steps: run.steps, scenarios: run.scenarios))
        }
        let run = CheckRun(
            id: check.id, criterion: check.criterion?.description, scenario: check.scenario, name: check.name,
            location: check.location, platforms: results)
        return (run, screens, problems, moves)
    }

    // MARK: - Roll-ups

    private func criterionRuns(
        _ spec: Spec, checks: [CheckRun], moves: [String: [Platform: [FlowMove]]], exploration: FlowExploration,
        into diagnostics: inout DiagnosticBag
    ) -> [CriterionRun] {
        let explored = ExploredMoves(exploration.graph)
        return spec.criteria.map { criterion in
            let id = criterion.id.description
            let own = checks.filter { $0.criterion == id }
            // A criterion without checks is reported by `SpecLint`; here it simply does not pass.
            let invariants = exploration.invariants.filter { Self.invariant($0, belongsTo: id) }
            for invariant in invariants where invariant.violations > 0 {
                let trace = invariant.counterexample?.joined(separator: " → ") ?? ""
                diagnostics.report(.invariantViolated(invariant.id, detail: trace), at: criterion.span)
            }
            let invariantsHold = invariants.allSatisfy { $0.violations == 0 }
            let platforms = spec.platforms.map { platform in
                PlatformStatus(
                    platform: platform,
                    passed: !own.isEmpty && invariantsHold
                        && own.allSatisfy { $0.platforms.first { $0.platform == platform }?.status == .passed })
            }
            let diagram = Self.diagram(
                of: own.map(\.id), moves: moves, invariants: Set(invariants.map(\.id)), explored: explored)
            return CriterionRun(
                id: id, checks: own.map(\.id), platforms: platforms, invariants: invariants, diagram: diagram)
        }
    }

    /// A criterion's diagram: the moves its checks made, each with the criterion's
    /// invariants that the explorer checked on it.
    static func diagram(
        of checks: [String], moves: [String: [Platform: [FlowMove]]], invariants: Set<String>, explored: ExploredMoves
    ) -> FlowGraph {
        var builder = FlowGraphBuilder()
        for check in checks {
            for (platform, made) in moves[check] ?? [:] {
                for move in made {
                    let checked = explored.invariants(of: move).filter(invariants.contains)
                    builder.add(move, platforms: [platform], invariants: checked)
                }
            }
        }
        return builder.graph
    }

    private func scenarioRuns(
        _ spec: Spec, checks: [CheckRun], coverage: [CoverageProblem], into diagnostics: inout DiagnosticBag
    ) -> [ScenarioRun] {
        spec.scenarios.map { scenario in
            let exercising = checks.filter { check in check.platforms.contains { $0.scenarios.contains(scenario.id) } }
            if exercising.isEmpty { diagnostics.report(.scenarioNotExercised(scenario.id), at: scenario.span) }
            let platforms = spec.platforms.map { platform in
                let coverageProblem = coverage.contains {
                    $0.spec == spec.id && $0.scenario == scenario.id && $0.platform == platform
                }
                let passing = exercising.contains { check in
                    check.platforms.contains {
                        $0.platform == platform && $0.status == .passed && $0.scenarios.contains(scenario.id)
                    }
                }
                return PlatformStatus(platform: platform, passed: passing && !coverageProblem)
            }
            return ScenarioRun(id: scenario.id, exercisedBy: exercising.map(\.id), platforms: platforms)
        }
    }
}

/// The explorer's moves by their ends and label, to look up what it checked on a move.
struct ExploredMoves {
    private var invariantsByMove: [String: [String]] = [:]

    init(_ graph: FlowGraph) {
        for edge in graph.edges { invariantsByMove[Self.key(edge.from, edge.to, edge.label)] = edge.invariants }
    }

    func invariants(of move: FlowMove) -> [String] {
        invariantsByMove[Self.key(move.from.id, move.to.id, move.label)] ?? []
    }

    private static func key(_ from: String, _ to: String, _ label: String) -> String {
        "\(from)\u{1}\(to)\u{1}\(label)"
    }
}
