import SpecModel

/// One step of a trace: the event, the native result behind it, and what it did.
public struct TraceStep: Hashable, Codable, Sendable {
    public var event: String
    public var native: String?
    public var effects: [String]
    public var situation: String?
}

/// The shortest run of events that breaks an invariant.
public struct Counterexample: Hashable, Codable, Sendable {
    public var platform: Platform
    public var configuration: String
    public var world: String
    public var steps: [TraceStep]
    public var message: String
}

/// How one invariant fared over the whole exploration.
public struct InvariantResult: Hashable, Codable, Sendable {
    public var id: String
    public var criterion: String
    public var statement: String
    /// Transitions the invariant applied to (and was checked at).
    public var transitionsChecked: Int
    public var violations: Int
    public var counterexample: Counterexample?
}

/// What one scenario looks like when the engine reaches it: the actions it presents, whether
/// it shows an error notice, and how a screen reader hears of it. Copy coverage compares these
/// with the spec's copy.
public struct Presentation: Hashable, Codable, Sendable, Comparable {
    public var platform: Platform
    public var situation: Situation
    public var actions: [UserAction]
    public var showsNotice: Bool
    public var announcement: Announcement

    public init(
        platform: Platform, situation: Situation, actions: [UserAction], showsNotice: Bool,
        announcement: Announcement
    ) {
        self.platform = platform
        self.situation = situation
        self.actions = actions
        self.showsNotice = showsNotice
        self.announcement = announcement
    }

    /// The presentation of a transition from `before` on `adapter`'s platform, if it led to a
    /// scenario.
    public init?(adapter: any PlatformAdapter, from before: LoginState, transition: Transition) {
        guard let situation = transition.situation else { return nil }
        self.init(
            platform: adapter.platform, situation: situation, actions: transition.presentedActions,
            showsNotice: transition.state.notice != nil,
            announcement: adapter.announcement(
                of: ScreenChange(from: before, transition, adapter: adapter), in: situation))
    }

    public static func < (lhs: Presentation, rhs: Presentation) -> Bool {
        func key(_ p: Presentation) -> [String] {
            [
                p.platform.rawValue, p.situation.rawValue, p.actions.map(\.rawValue).joined(separator: ","),
                "\(p.showsNotice)", p.announcement.kind.rawValue,
            ]
        }
        return key(lhs).lexicographicallyPrecedes(key(rhs))
    }
}

/// What the explorer found.
public struct ExplorationReport: Hashable, Codable, Sendable {
    public var depthLimit: Int
    public var platforms: [Platform]
    /// Platform × configuration × world script combinations explored.
    public var runs: Int
    /// How many configurations and world scripts those runs combined.
    public var configurations: Int
    /// The platform and configuration pairs run: fewer than platforms × configurations when
    /// a platform does not support every automatic start.
    public var platformConfigurations: Int
    public var worlds: Int
    /// Distinct states reached, summed over runs.
    public var states: Int
    /// Transitions taken, summed over runs.
    public var transitions: Int
    /// The deepest level at which a new state was found.
    public var deepestLevel: Int
    /// Whether every run ran out of new states before the depth limit: the whole reachable space was covered.
    public var complete: Bool
    /// Native results of the platforms' catalogues that were fed to the engine.
    public var nativeResultsExercised: Int
    public var invariants: [InvariantResult]
    /// Every distinct way a scenario was presented, sorted.
    public var presentations: [Presentation]
    /// Every move the runs took, drawn at the level of what the user sees.
    public var sketch = LoginSketch()

    public var violations: Int { invariants.reduce(0) { $0 + $1.violations } }
}

/// Breadth-first exploration of every state the engine can reach, with every user action,
/// OS outcome and server outcome enabled in each state, across world scripts, on each platform.
/// Every transition is checked against every invariant.
public struct Explorer: Sendable {
    public static let defaultDepth = 22

    public var depthLimit: Int
    /// The platforms to explore on, each through its adapter.
    public var adapters: [any PlatformAdapter]
    public var configurations: [Configuration]
    public var worlds: [WorldScript]
    public var invariants: [Invariant]
    /// Whether `run` also compares worlds in lockstep (`EnumerationCheck`); the `parts` of an
    /// exploration leave it to the caller, which runs it once.
    public var comparesWorlds = true
    /// A changed engine to explore instead of the real one (tests only).
    public var variant: ReducerVariant?

    public init(
        depthLimit: Int = Explorer.defaultDepth, adapters: [any PlatformAdapter] = PlatformAdapters.all,
        configurations: [Configuration] = Explorer.configurations, worlds: [WorldScript] = WorldScript.explorationSet,
        invariants: [Invariant] = Invariant.all, comparesWorlds: Bool = true
    ) {
        self.comparesWorlds = comparesWorlds
        self.depthLimit = depthLimit
        self.adapters = adapters
        self.configurations = configurations
        self.worlds = worlds
        self.invariants = invariants
    }

    /// Each automatic start (none, prompt, assisted request) with each enumeration policy
    /// behind an identifier, then each without one, where nothing is looked up and the
    /// policy has nothing to hide.
    public static var configurations: [Configuration] {
        let starts: [AutomaticStart] = [.prompt, .none, .assisted]
        return starts.flatMap { start in
            EnumerationPolicy.allCases.map { Configuration(enumerationPolicy: $0, automaticStart: start) }
        } + starts.map { Configuration(automaticStart: $0, entry: .discoverable) }
    }

    /// User actions the explorer tries in every state (the reducer says which are possible).
    static let userEvents: [LoginEvent] = [
        .screenAppeared, .identifierSubmitted, .passkeyButtonTapped, .retryTapped, .anotherPasskeyChosen,
        .fallbackChosen,
        .recoveryChosen, .supportChosen, .accountHelpChosen, .noticeDismissed, .appRelaunched, .signedOut,
        .assistedChallengeExpiring,
    ]

    /// Explores every configuration in turn (see `parts`), then compares worlds in lockstep
    /// when `comparesWorlds` is set.
    public func run() -> ExplorationReport {
        var report = report(
            joining: parts.map { part in
                var exploration = ConfigurationExploration(explorer: part, configuration: part.configurations[0])
                return exploration.run()
            })
        if comparesWorlds { report.invariants.append(enumerationCheck.run()) }
        return report
    }

    /// The exploration in parts that can run side by side, one per configuration, none of
    /// them comparing worlds. Runs of one configuration share what the reducer and the
    /// invariants said of each transition, so a part is a configuration, not a slice of the
    /// worlds; `report(joining:)` puts the parts' reports together.
    public var parts: [Explorer] {
        configurations.map { configuration in
            var part = self
            part.configurations = [configuration]
            part.comparesWorlds = false
            return part
        }
    }

    /// This explorer's report from the reports of its `parts`, in the parts' order: counts
    /// add up, presentations are joined, and each invariant keeps the shortest counterexample,
    /// the earlier part's on a tie, so the report does not depend on how many cores ran them.
    public func report(joining reports: [ExplorationReport]) -> ExplorationReport {
        var joined = ExplorationReport(
            depthLimit: depthLimit, platforms: adapters.map(\.platform), runs: 0, configurations: configurations.count,
            platformConfigurations: adapters.reduce(0) { total, adapter in
                total + configurations.filter { adapter.automaticStarts.contains($0.automaticStart) }.count
            }, worlds: worlds.count, states: 0, transitions: 0, deepestLevel: 0, complete: true,
            nativeResultsExercised: Self.nativeResults(of: adapters),
            invariants: invariants.map {
                InvariantResult(
                    id: $0.id, criterion: $0.criterion, statement: $0.statement, transitionsChecked: 0, violations: 0,
                    counterexample: nil)
            }, presentations: [])
        var presentations = Set<Presentation>()
        for report in reports {
            joined.runs += report.runs
            joined.states += report.states
            joined.transitions += report.transitions
            joined.deepestLevel = max(joined.deepestLevel, report.deepestLevel)
            joined.complete = joined.complete && report.complete
            presentations.formUnion(report.presentations)
            joined.sketch.join(report.sketch)
            for (index, invariant) in report.invariants.prefix(invariants.count).enumerated() {
                joined.invariants[index].transitionsChecked += invariant.transitionsChecked
                joined.invariants[index].violations += invariant.violations
                if let example = invariant.counterexample,
                    joined.invariants[index].counterexample.map({ example.steps.count < $0.steps.count }) ?? true
                {
                    joined.invariants[index].counterexample = example
                }
            }
        }
        joined.presentations = presentations.sorted()
        return joined
    }

    /// How many distinct native error results the adapters' catalogues hold.
    static func nativeResults(of adapters: [any PlatformAdapter]) -> Int {
        Set(adapters.flatMap(\.errorResults)).count
    }

    /// The lockstep comparison of worlds, with this explorer's depth, platforms and configurations.
    public var enumerationCheck: EnumerationCheck {
        EnumerationCheck(depthLimit: depthLimit, adapters: adapters, configurations: configurations)
    }

    /// Every event possible in `state`: user actions, OS outcomes of an open prompt (each
    /// native result of the platform, read by its adapter) and server answers.
    func successors(
        of state: LoginState, reducer: LoginReducer, adapter: any PlatformAdapter, world: WorldScript
    ) -> [(LoginEvent, NativeResult?)] {
        var events: [(LoginEvent, NativeResult?)] = Self.userEvents.filter { reducer.accepts($0, in: state) }.map {
            ($0, nil)
        }
        if state.lookup == .inFlight {
            events.append((.lookupFinished(world.lookupAnswer), nil))
            if let fault = world.routeLookupFault {
                events.append((.lookupFinished(.failed(fault.dependency, fault.fault)), nil))
            }
        }
        if state.options != nil {
            events.append((.requestOptionsFinished(.received), nil))
            if let fault = world.optionsFault { events.append((.requestOptionsFinished(.failed(fault)), nil)) }
        }
        if let ceremony = state.ceremony {
            var seen = Set<LoginEvent>()
            let results = adapter.errorResults + world.selectableCredentials(for: ceremony).map(adapter.success)
            for result in results {
                let event = LoginEvent.ceremonyFinished(adapter.outcome(of: result))
                if seen.insert(event).inserted { events.append((event, result)) }
            }
        }
        if let assisted = state.assisted {
            // The user picks a passkey from the suggestions; where the platform reports it, the
            // request can also end with any of its errors.
            var seen = Set<LoginEvent>()
            let errors = adapter.reportsAssistedErrors ? adapter.errorResults : []
            for result in errors + world.selectableCredentials(for: assisted).map(adapter.success) {
                let event = LoginEvent.assistedRequestFinished(adapter.outcome(of: result))
                if seen.insert(event).inserted { events.append((event, result)) }
            }
        }
        if let verification = state.verification {
            events.append((.verificationFinished(world.verificationAnswer(for: verification.credentialID)), nil))
            if world.verificationInconclusive { events.append((.verificationFinished(.inconclusive), nil)) }
            if world.challengeExpires { events.append((.verificationFinished(.challengeExpired), nil)) }
        }
        if let account = world.account {
            let event = LoginEvent.fallbackSignInSucceeded(account, acceptedCredentials: world.acceptedCredentials)
            if reducer.accepts(event, in: state) { events.append((event, nil)) }
            let revocation = world.revocationInSettings(of: account)
            if reducer.accepts(revocation, in: state) { events.append((revocation, nil)) }
        }
        return events
    }
}

extension Configuration {
    /// `automatic start, conceal, fallback password`; `no identifier, automatic start, …`
    /// without an identifier.
    public var summary: String {
        let start = entry == .discoverable ? "\(entry.summary), " : ""
        return "\(start)\(automaticStart.summary), \(enumerationPolicy.rawValue), fallback \(fallback.rawValue)"
    }
}
