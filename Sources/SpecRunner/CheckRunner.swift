import Dispatch
import FlowEngine
import Foundation
import SpecModel

/// Runs every check of every spec on each of its platforms, explores the engine, cross-checks
/// the copy against what the engine can show, and rolls it all up into a `RunReport`.
public struct CheckRunner: Sendable {
    public var registry: StepRegistry
    public var explorer: Explorer

    public init(registry: StepRegistry = StepRegistry(), explorer: Explorer = Explorer()) {
        self.registry = registry
        self.explorer = explorer
    }

    public func run(_ content: ContentSet) -> RunReport {
        let exploration = explore()
        var diagnostics = DiagnosticBag()
        var specRuns: [SpecRun] = []
        var checkPresentations = Set<Presentation>()
        for spec in content.specs {
            var checkRuns: [CheckRun] = []
            for check in spec.checks {
                let (run, presentations, problems) = self.run(check, platforms: spec.platforms)
                checkRuns.append(run)
                checkPresentations.formUnion(presentations)
                diagnostics.append(contentsOf: problems)
            }
            specRuns.append(
                SpecRun(id: spec.id, title: spec.title, path: spec.path, checks: checkRuns, criteria: [], scenarios: [])
            )
        }

        let presentations = Set(exploration.presentations).union(checkPresentations)
        let coverage = CopyCoverage(presentations: presentations).problems(in: content.specs)
        diagnostics.append(contentsOf: coverage.map(\.diagnostic))
        if !exploration.complete {
            let location = content.specs.first?.location ?? SourceLocation(file: "content", line: 1, column: 1)
            diagnostics.report(.explorationIncomplete(depth: exploration.depthLimit), at: location)
        }

        for index in specRuns.indices {
            let spec = content.specs[index]
            specRuns[index].criteria = criterionRuns(
                spec, checks: specRuns[index].checks, exploration: exploration, into: &diagnostics)
            specRuns[index].scenarios = scenarioRuns(
                spec, checks: specRuns[index].checks, coverage: coverage, into: &diagnostics)
        }

        var report = RunReport(
            specs: specRuns,
            exploration: ExplorationSummary(
                runs: exploration.runs, platforms: exploration.platforms.count,
                configurations: exploration.configurations, worlds: exploration.worlds, states: exploration.states,
                transitions: exploration.transitions,
                depthLimit: exploration.depthLimit, deepestLevel: exploration.deepestLevel,
                complete: exploration.complete,
                nativeResults: exploration.nativeResultsExercised),
            decisions: Decision.all.map {
                DecisionRecord(
                    id: $0.id, question: $0.question, choice: $0.choice, reason: $0.reason, criterion: $0.criterion)
            },
            errorReference: ErrorReference.entries().compactMap { entry in
                Platform(rawValue: entry.platform.rawValue).map {
                    ErrorRecord(
                        platform: $0, name: entry.name, code: entry.code, message: entry.message,
                        outcome: entry.outcome,
                        automaticFirst: entry.automaticFirst, automaticRepeated: entry.automaticRepeated,
                        explicit: entry.explicit)
                }
            },
            steps: registry.definitions.map { definition in
                StepRecord(
                    pattern: definition.display, kind: definition.kind.rawValue, summary: definition.summary,
                    parameters: definition.parameters.map { ParameterRecord(name: $0.name, values: $0.values ?? []) })
            },
            diagnostics: diagnostics.sorted)
        report.fingerprint = RunReport.fingerprint(of: content)
        let criteria = Set(content.specs.flatMap(\.criteria).map(\.id.description))
        report.generalInvariants = exploration.invariants.filter { !criteria.contains($0.criterion) }.map(Self.run)
        let location = content.specs.first?.location ?? SourceLocation(file: "content", line: 1, column: 1)
        for invariant in report.generalInvariants where invariant.violations > 0 {
            let trace = invariant.counterexample?.joined(separator: " → ") ?? ""
            report.diagnostics.append(Diagnostic(.invariantViolated(invariant.id, detail: trace), at: location))
        }
        return report
    }

    // MARK: - Checks

    /// Runs one check on each platform. Binding problems are reported once, not per platform.
    func run(_ check: Check, platforms: [Platform]) -> (CheckRun, Set<Presentation>, [Diagnostic]) {
        var problems: [Diagnostic] = []
        let bound = check.steps.map { registry.bind($0) }
        for case .unbound(let diagnostic) in bound { problems.append(diagnostic) }
        var presentations = Set<Presentation>()
        var results: [PlatformCheckRun] = []
        for platform in platforms {
            guard let device = DevicePlatform(rawValue: platform.rawValue) else { continue }
            var context = CheckContext(platform: device)
            var steps: [StepRun] = []
            var status = RunStatus.passed
            for (step, binding) in zip(check.steps, bound) {
                var run = StepRun(
                    keyword: step.keyword.rawValue, text: step.text, location: step.location, status: .skipped,
                    native: [])
                defer { steps.append(run) }
                guard case .bound(let boundStep) = binding else {
                    run.status = .undefined
                    if status == .passed { status = .undefined }
                    continue
                }
                guard status == .passed else { continue }
                context.beginStep(isAction: boundStep.definition.kind == .action)
                do {
                    try boundStep.definition.run(&context, boundStep.values)
                    run.status = .passed
                } catch var failure as StepFailure {
                    // An outcome is reported in the step's own words.
                    if boundStep.definition.kind == .outcome { failure.expected = step.text }
                    run.status = .failed
                    run.expected = failure.expected
                    run.observed = failure.observed
                    status = .failed
                    problems.append(
                        Diagnostic(
                            .stepFailed(
                                platform: platform.displayName, expected: failure.expected, observed: failure.observed),
                            at: step.location))
                } catch {
                    run.status = .failed
                    status = .failed
                }
                run.native = context.stepNative
            }
            presentations.formUnion(context.presentations)
            var seen = Set<String>()
            let scenarios = context.situations.map(\.rawValue).filter { seen.insert($0).inserted }
            results.append(PlatformCheckRun(platform: platform, status: status, steps: steps, scenarios: scenarios))
        }
        let run = CheckRun(
            id: check.id, criterion: check.criterion?.description, scenario: check.scenario, name: check.name,
            location: check.location, platforms: results)
        return (run, presentations, problems)
    }

    // MARK: - Roll-ups

    private func criterionRuns(
        _ spec: Spec, checks: [CheckRun], exploration: ExplorationReport, into diagnostics: inout DiagnosticBag
    ) -> [CriterionRun] {
        spec.criteria.map { criterion in
            let id = criterion.id.description
            let own = checks.filter { $0.criterion == id }
            // A criterion without checks is reported by `SpecLint`; here it simply does not pass.
            let invariants = exploration.invariants.filter { $0.criterion == id }.map(Self.run)
            for invariant in invariants where invariant.violations > 0 {
                let trace = invariant.counterexample?.joined(separator: " → ") ?? ""
                diagnostics.report(.invariantViolated(invariant.id, detail: trace), at: criterion.location)
            }
            let invariantsHold = invariants.allSatisfy { $0.violations == 0 }
            let platforms = spec.platforms.map { platform in
                PlatformStatus(
                    platform: platform,
                    passed: !own.isEmpty && invariantsHold
                        && own.allSatisfy { $0.platforms.first { $0.platform == platform }?.status == .passed })
            }
            return CriterionRun(id: id, checks: own.map(\.id), platforms: platforms, invariants: invariants)
        }
    }

    private func scenarioRuns(
        _ spec: Spec, checks: [CheckRun], coverage: [CoverageProblem], into diagnostics: inout DiagnosticBag
    ) -> [ScenarioRun] {
        spec.scenarios.map { scenario in
            let exercising = checks.filter { check in check.platforms.contains { $0.scenarios.contains(scenario.id) } }
            if exercising.isEmpty { diagnostics.report(.scenarioNotExercised(scenario.id), at: scenario.location) }
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

    static func run(_ result: InvariantResult) -> InvariantRun {
        InvariantRun(
            id: result.id, statement: result.statement, transitionsChecked: result.transitionsChecked,
            violations: result.violations, counterexample: result.counterexample.map(Self.traceLines))
    }

    static func traceLines(_ example: Counterexample) -> [String] {
        ["\(example.platform.rawValue); \(example.configuration); \(example.world)"]
            + example.steps.map { step in
                var line = step.event
                if let native = step.native { line += " [\(native)]" }
                if !step.effects.isEmpty { line += " → \(step.effects.joined(separator: "; "))" }
                return line
            } + ["violation: \(example.message)"]
    }

    // MARK: - Exploration

    /// Explores with the world scripts split over the machine's cores.
    public func explore() -> ExplorationReport {
        // More slices than cores, so that a core that finishes early takes the next one.
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount * 4, 32))
        let worlds = explorer.worlds
        let results = ResultSlots<ExplorationReport>(count: parts)
        let compared = ResultSlots<InvariantResult>(count: 1)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            // The lockstep comparison runs once, in the first slice.
            if part == 0, explorer.comparesWorlds { compared.set(0, explorer.enumerationCheck.run()) }
            var slice = explorer
            slice.comparesWorlds = false
            slice.worlds = stride(from: part, to: worlds.count, by: parts).map { worlds[$0] }
            results.set(part, slice.run())
        }
        guard var merged = ExplorationReport.merged(results.values) else { return explorer.run() }
        if explorer.comparesWorlds { merged.invariants += compared.values }
        return merged
    }
}

/// Results written by concurrent workers, each to its own slot.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
