import Foundation
import SpecModel
import Utilities

/// The verdict of a `check` run, saved as JSON so the site can be rendered without
/// running again. Plain values only: platform and scenario names are the spec's IDs.
public struct RunReport: Codable, Sendable, Equatable {
    public static let schemaVersion = 2

    public var schemaVersion = RunReport.schemaVersion
    /// What the run was made from: the content's model and the engine (see `fingerprint(of:)`).
    /// `build --report` refuses a report whose fingerprint is not the content's.
    public var fingerprint: String?
    /// Each flow the content's specs name, in the registry's order.
    public var flows: [FlowRun]
    public var specs: [SpecRun]
    /// Every problem found, as diagnostics.
    public var diagnostics: [Diagnostic]

    /// Whether everything passed.
    public var passed: Bool { !diagnostics.contains { $0.severity == .error } && specs.allSatisfy(\.passed) }

    public init(flows: [FlowRun], specs: [SpecRun], diagnostics: [Diagnostic]) {
        self.flows = flows
        self.specs = specs
        self.diagnostics = diagnostics
    }

    /// The run of the flow with this ID.
    public func flow(id: String) -> FlowRun? { flows.first { $0.id == id } }

    public func encodedJSON() throws -> Data {
        try JSONOutput.encode(self)
    }

    public static func decodeJSON(_ data: Data) throws -> RunReport {
        try JSONDecoder().decode(RunReport.self, from: data)
    }
}

/// Passed, failed, skipped (after a failure) or undefined (no step definition matches).
public enum RunStatus: String, Codable, Sendable {
    case passed
    case failed
    case skipped
    case undefined
}

public struct StepRun: Codable, Sendable, Equatable {
    public var keyword: String
    public var text: String
    public var location: SourceLocation
    public var status: RunStatus
    public var expected: String?
    public var observed: String?
    /// The native results and signals the step produced on this platform, in the platform's terms.
    public var native: [String]

    public init(
        keyword: String, text: String, location: SourceLocation, status: RunStatus, expected: String? = nil,
        observed: String? = nil, native: [String]
    ) {
        self.keyword = keyword
        self.text = text
        self.location = location
        self.status = status
        self.expected = expected
        self.observed = observed
        self.native = native
    }
}

public struct PlatformCheckRun: Codable, Sendable, Equatable {
    public var platform: Platform
    public var status: RunStatus
    public var steps: [StepRun]
    /// The scenarios the check led to on this platform.
    public var scenarios: [String]

    public init(platform: Platform, status: RunStatus, steps: [StepRun], scenarios: [String]) {
        self.platform = platform
        self.status = status
        self.steps = steps
        self.scenarios = scenarios
    }
}

public struct CheckRun: Codable, Sendable, Equatable {
    public var id: String
    public var criterion: String?
    public var scenario: String?
    public var name: String
    public var location: SourceLocation
    public var platforms: [PlatformCheckRun]

    public var passed: Bool { platforms.allSatisfy { $0.status == .passed } }

    public init(
        id: String, criterion: String? = nil, scenario: String? = nil, name: String, location: SourceLocation,
        platforms: [PlatformCheckRun]
    ) {
        self.id = id
        self.criterion = criterion
        self.scenario = scenario
        self.name = name
        self.location = location
        self.platforms = platforms
    }
}

/// One criterion on one platform: its checks and its invariants.
public struct CriterionRun: Codable, Sendable, Equatable {
    public var id: String
    public var checks: [String]
    /// Status per platform: passed only when every check passed there and every invariant held.
    public var platforms: [PlatformStatus]
    public var invariants: [InvariantRun]
    /// The moves its checks made on the spec's platforms, with the criterion's invariants
    /// that the explorer checked on each.
    public var diagram: FlowGraph

    public var passed: Bool { platforms.allSatisfy(\.passed) }

    public init(
        id: String, checks: [String], platforms: [PlatformStatus], invariants: [InvariantRun], diagram: FlowGraph
    ) {
        self.id = id
        self.checks = checks
        self.platforms = platforms
        self.invariants = invariants
        self.diagram = diagram
    }
}

public struct PlatformStatus: Codable, Sendable, Equatable {
    public var platform: Platform
    public var passed: Bool

    public init(platform: Platform, passed: Bool) {
        self.platform = platform
        self.passed = passed
    }
}

public struct InvariantRun: Codable, Sendable, Equatable {
    public init(
        id: String, criterion: String, statement: String, transitionsChecked: Int, violations: Int,
        counterexample: [String]?
    ) {
        self.id = id
        self.criterion = criterion
        self.statement = statement
        self.transitionsChecked = transitionsChecked
        self.violations = violations
        self.counterexample = counterexample
    }

    public var id: String
    /// The criterion ID it belongs to, or `general` for a rule of the whole flow.
    public var criterion: String
    public var statement: String
    public var transitionsChecked: Int
    public var violations: Int
    /// The shortest trace to a violation, one line per step.
    public var counterexample: [String]?
}

/// One scenario: the checks that reach it and whether its copy matches the engine, per platform.
public struct ScenarioRun: Codable, Sendable, Equatable {
    public var id: String
    public var exercisedBy: [String]
    public var platforms: [PlatformStatus]

    public var passed: Bool { !exercisedBy.isEmpty && platforms.allSatisfy(\.passed) }

    public init(id: String, exercisedBy: [String], platforms: [PlatformStatus]) {
        self.id = id
        self.exercisedBy = exercisedBy
        self.platforms = platforms
    }
}

public struct SpecRun: Codable, Sendable, Equatable {
    public var id: String
    /// The flow it was checked against; nil when it names none the registry knows.
    public var flow: String?
    public var title: String
    public var path: String
    public var checks: [CheckRun]
    public var criteria: [CriterionRun]
    public var scenarios: [ScenarioRun]

    public var passed: Bool {
        checks.allSatisfy(\.passed) && criteria.allSatisfy(\.passed) && scenarios.allSatisfy(\.passed)
    }

    public init(
        id: String, flow: String? = nil, title: String, path: String, checks: [CheckRun], criteria: [CriterionRun],
        scenarios: [ScenarioRun]
    ) {
        self.id = id
        self.flow = flow
        self.title = title
        self.path = path
        self.checks = checks
        self.criteria = criteria
        self.scenarios = scenarios
    }
}

public struct ExplorationSummary: Codable, Sendable, Equatable {
    public var runs: Int
    /// What the runs combined: platforms × configurations × world scripts.
    public var platforms: Int
    public var configurations: Int
    /// The platform and configuration pairs run (a platform may not support every configuration).
    public var platformConfigurations: Int
    public var worlds: Int
    public var states: Int
    public var transitions: Int
    public var depthLimit: Int
    public var deepestLevel: Int
    public var complete: Bool
    public var nativeResults: Int

    public init(
        runs: Int, platforms: Int, configurations: Int, platformConfigurations: Int, worlds: Int, states: Int,
        transitions: Int, depthLimit: Int,
        deepestLevel: Int, complete: Bool, nativeResults: Int
    ) {
        self.runs = runs
        self.platforms = platforms
        self.configurations = configurations
        self.platformConfigurations = platformConfigurations
        self.worlds = worlds
        self.states = states
        self.transitions = transitions
        self.depthLimit = depthLimit
        self.deepestLevel = deepestLevel
        self.complete = complete
        self.nativeResults = nativeResults
    }
}

extension ExplorationSummary {
    /// What the runs combined, `2 platforms × 4 configurations × 616 world scripts`, or, when a
    /// platform does not support every configuration, `3 platforms (16 platform configurations)
    /// × 616 world scripts`; `number` writes each number.
    public func breakdown(number: (Int) -> String = { String($0) }) -> String {
        func count(_ value: Int, _ singular: String) -> String {
            "\(number(value)) \(value == 1 ? singular : singular + "s")"
        }
        let worlds = count(worlds, "world script")
        guard platformConfigurations != platforms * configurations else {
            return "\(count(platforms, "platform")) × \(count(configurations, "configuration")) × \(worlds)"
        }
        return
            "\(count(platforms, "platform")) (\(count(platformConfigurations, "platform configuration"))) × \(worlds)"
    }
}

/// One flow of a run: its exploration, the invariants of no criterion, and the reference
/// it brings (decisions, native errors, steps).
public struct FlowRun: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var summary: String
    public var platforms: [Platform]
    /// The engine's exploration of every reachable state.
    public var exploration: ExplorationSummary
    /// The invariants that belong to no criterion: the general rules of the flow (a notice
    /// always has a way out, the enumeration policy holds, retry only where it helps).
    public var generalInvariants: [InvariantRun]
    /// The decisions the engine makes where the spec is silent.
    public var decisions: [Decision]
    /// Every native error of each platform and where it leads.
    public var errorReference: [ErrorReferenceEntry]
    /// Every root cause of a sign-in without a session, and where each platform sends it.
    public var rootCauses: [RootCauseEntry]
    /// Every step a check can use.
    public var steps: [StepPattern]
    /// The diagrams of the flow's routes and of the whole flow, on every platform.
    public var views: [FlowView]

    public init(
        id: String, title: String, summary: String, platforms: [Platform], exploration: ExplorationSummary,
        generalInvariants: [InvariantRun], decisions: [Decision], errorReference: [ErrorReferenceEntry],
        rootCauses: [RootCauseEntry] = [], steps: [StepPattern], views: [FlowView]
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.platforms = platforms
        self.exploration = exploration
        self.generalInvariants = generalInvariants
        self.decisions = decisions
        self.errorReference = errorReference
        self.rootCauses = rootCauses
        self.steps = steps
        self.views = views
    }
}

// Reports written before the diagrams have none: they decode with empty ones, so that a site
// built by an earlier version of the tool can still be compared with (`diff`, the Changes page).

extension CriterionRun {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        checks = try container.decode([String].self, forKey: .checks)
        platforms = try container.decode([PlatformStatus].self, forKey: .platforms)
        invariants = try container.decode([InvariantRun].self, forKey: .invariants)
        diagram = try container.decodeIfPresent(FlowGraph.self, forKey: .diagram) ?? FlowGraph()
    }
}

extension FlowRun {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        summary = try container.decode(String.self, forKey: .summary)
        platforms = try container.decode([Platform].self, forKey: .platforms)
        exploration = try container.decode(ExplorationSummary.self, forKey: .exploration)
        generalInvariants = try container.decode([InvariantRun].self, forKey: .generalInvariants)
        decisions = try container.decode([Decision].self, forKey: .decisions)
        errorReference = try container.decode([ErrorReferenceEntry].self, forKey: .errorReference)
        rootCauses = try container.decodeIfPresent([RootCauseEntry].self, forKey: .rootCauses) ?? []
        steps = try container.decode([StepPattern].self, forKey: .steps)
        views = try container.decodeIfPresent([FlowView].self, forKey: .views) ?? []
    }
}
