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

/// What one scenario looks like when the engine reaches it: the actions it presents and
/// whether it shows an error notice. Copy coverage compares these with the spec's copy.
public struct Presentation: Hashable, Codable, Sendable, Comparable {
    public var platform: Platform
    public var situation: Situation
    public var actions: [UserAction]
    public var showsNotice: Bool

    public init(platform: Platform, situation: Situation, actions: [UserAction], showsNotice: Bool) {
        self.platform = platform
        self.situation = situation
        self.actions = actions
        self.showsNotice = showsNotice
    }

    /// The presentation of a transition, if it led to a scenario.
    public init?(platform: Platform, transition: Transition) {
        guard let situation = transition.situation else { return nil }
        self.init(
            platform: platform, situation: situation, actions: transition.presentedActions,
            showsNotice: transition.state.notice != nil)
    }

    public static func < (lhs: Presentation, rhs: Presentation) -> Bool {
        func key(_ p: Presentation) -> [String] {
            [
                p.platform.rawValue, p.situation.rawValue, p.actions.map(\.rawValue).joined(separator: ","),
                "\(p.showsNotice)",
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

    public var violations: Int { invariants.reduce(0) { $0 + $1.violations } }

    /// Combines reports of explorations of disjoint world sets (run side by side).
    public static func merged(_ reports: [ExplorationReport]) -> ExplorationReport? {
        guard var result = reports.first else { return nil }
        for report in reports.dropFirst() {
            result.runs += report.runs
            result.worlds += report.worlds
            result.states += report.states
            result.transitions += report.transitions
            result.deepestLevel = max(result.deepestLevel, report.deepestLevel)
            result.complete = result.complete && report.complete
            result.nativeResultsExercised = max(result.nativeResultsExercised, report.nativeResultsExercised)
            result.presentations = Array(Set(result.presentations).union(report.presentations)).sorted()
            for (index, invariant) in report.invariants.enumerated() {
                result.invariants[index].transitionsChecked += invariant.transitionsChecked
                result.invariants[index].violations += invariant.violations
                if let example = invariant.counterexample,
                    result.invariants[index].counterexample.map({ example.steps.count < $0.steps.count }) ?? true
                {
                    result.invariants[index].counterexample = example
                }
            }
        }
        return result
    }
}

/// Breadth-first exploration of every state the engine can reach, with every user action,
/// OS outcome and server outcome enabled in each state, across world scripts, on each platform.
/// Every transition is checked against every invariant.
public struct Explorer: Sendable {
    public static let defaultDepth = 16

    public var depthLimit: Int
    /// The platforms to explore on, each through its adapter.
    public var adapters: [any PlatformAdapter]
    public var configurations: [Configuration]
    public var worlds: [WorldScript]
    public var invariants: [Invariant]
    /// Whether `run` also compares worlds in lockstep (`EnumerationCheck`); a run over a slice
    /// of the worlds leaves it to the caller, which runs it once.
    public var comparesWorlds = true

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

    /// Automatic start on and off, each enumeration policy.
    /// Each automatic start (none, prompt, assisted request), each enumeration policy.
    public static var configurations: [Configuration] {
        [AutomaticStart.prompt, .none, .assisted].flatMap { start in
            EnumerationPolicy.allCases.map { Configuration(enumerationPolicy: $0, automaticStart: start) }
        }
    }

    /// User actions the explorer tries in every state (the reducer says which are possible).
    static let userEvents: [FlowEvent] = [
        .screenAppeared, .identifierSubmitted, .passkeyButtonTapped, .retryTapped, .anotherPasskeyChosen,
        .fallbackChosen,
        .recoveryChosen, .supportChosen, .accountHelpChosen, .noticeDismissed, .appRelaunched, .signedOut,
    ]

    public func run() -> ExplorationReport {
        var accumulator = Accumulator(invariants: invariants)
        var native = Set<NativeResult>()
        for adapter in adapters {
            let platform = adapter.platform
            native.formUnion(adapter.errorResults)
            for configuration in configurations where adapter.automaticStarts.contains(configuration.automaticStart) {
                for world in worlds {
                    explore(
                        platform: platform, adapter: adapter, configuration: configuration, world: world,
                        into: &accumulator)
                }
            }
        }
        return ExplorationReport(
            depthLimit: depthLimit, platforms: adapters.map(\.platform), runs: accumulator.runs,
            configurations: configurations.count,
            platformConfigurations: adapters.reduce(0) { total, adapter in
                total + configurations.filter { adapter.automaticStarts.contains($0.automaticStart) }.count
            }, worlds: worlds.count, states: accumulator.states,
            transitions: accumulator.transitions, deepestLevel: accumulator.deepestLevel,
            complete: accumulator.complete,
            nativeResultsExercised: native.count,
            invariants: invariants.enumerated().map { index, invariant in
                InvariantResult(
                    id: invariant.id, criterion: invariant.criterion, statement: invariant.statement,
                    transitionsChecked: accumulator.checked[index], violations: accumulator.violations[index],
                    counterexample: accumulator.counterexamples[index])
            } + (comparesWorlds ? [enumerationCheck.run()] : []), presentations: accumulator.presentations.sorted())
    }

    /// The lockstep comparison of worlds, with this explorer's depth, platforms and configurations.
    public var enumerationCheck: EnumerationCheck {
        EnumerationCheck(depthLimit: depthLimit, adapters: adapters, configurations: configurations)
    }

    // MARK: - One run

    private struct Accumulator {
        var runs = 0
        var states = 0
        var transitions = 0
        var deepestLevel = 0
        var complete = true
        var checked: [Int]
        var violations: [Int]
        var counterexamples: [Counterexample?]
        var presentations = Set<Presentation>()

        init(invariants: [Invariant]) {
            checked = Array(repeating: 0, count: invariants.count)
            violations = Array(repeating: 0, count: invariants.count)
            counterexamples = Array(repeating: nil, count: invariants.count)
        }
    }

    private func explore(
        platform: Platform, adapter: any PlatformAdapter, configuration: Configuration, world: WorldScript,
        into accumulator: inout Accumulator
    ) {
        let reducer = FlowReducer(configuration: configuration)
        var states: [FlowState] = [FlowState()]
        // Steps are kept as values and put into words only for a counterexample.
        var parents: [(index: Int, step: RawStep)?] = [nil]
        var index: [FlowState: Int] = [FlowState(): 0]
        var frontier = [0]
        var level = 0
        while !frontier.isEmpty, level < depthLimit {
            var next: [Int] = []
            for current in frontier {
                let state = states[current]
                for (event, native) in successors(of: state, reducer: reducer, adapter: adapter, world: world) {
                    let transition = reducer.reduce(state, event)
                    accumulator.transitions += 1
                    if let presentation = Presentation(platform: platform, transition: transition) {
                        accumulator.presentations.insert(presentation)
                    }
                    let step = RawStep(
                        event: event, native: native, effects: transition.effects, situation: transition.situation)
                    let context = InvariantContext(
                        before: state, event: event, transition: transition, world: world, reducer: reducer)
                    for (position, invariant) in invariants.enumerated() {
                        let verdict = invariant.check(context)
                        if verdict == .notApplicable { continue }
                        accumulator.checked[position] += 1
                        guard case .violated(let message) = verdict else { continue }
                        accumulator.violations[position] += 1
                        let trace = (Self.trace(to: current, parents: parents) + [step]).map(\.words)
                        if accumulator.counterexamples[position].map({ trace.count < $0.steps.count }) ?? true {
                            accumulator.counterexamples[position] = Counterexample(
                                platform: platform, configuration: configuration.summary, world: world.description,
                                steps: trace, message: message)
                        }
                    }
                    if index[transition.state] == nil {
                        index[transition.state] = states.count
                        states.append(transition.state)
                        parents.append((current, step))
                        next.append(states.count - 1)
                        accumulator.deepestLevel = max(accumulator.deepestLevel, level + 1)
                    }
                }
            }
            frontier = next
            level += 1
        }
        if !frontier.isEmpty { accumulator.complete = false }
        accumulator.runs += 1
        accumulator.states += states.count
    }

    /// Every event possible in `state`: user actions, OS outcomes of an open prompt (each
    /// native result of the platform, read by its adapter) and server answers.
    func successors(
        of state: FlowState, reducer: FlowReducer, adapter: any PlatformAdapter, world: WorldScript
    ) -> [(FlowEvent, NativeResult?)] {
        var events: [(FlowEvent, NativeResult?)] = Self.userEvents.filter { reducer.accepts($0, in: state) }.map {
            ($0, nil)
        }
        if state.lookup == .inFlight {
            events.append((.lookupFinished(world.lookupAnswer), nil))
            if let fault = world.lookupFault {
                events.append((.lookupFinished(.failed(fault.dependency, fault.fault)), nil))
            }
        }
        if let ceremony = state.ceremony {
            var seen = Set<FlowEvent>()
            let results = adapter.errorResults + world.selectableCredentials(for: ceremony).map(adapter.success)
            for result in results {
                let event = FlowEvent.ceremonyFinished(adapter.outcome(of: result))
                if seen.insert(event).inserted { events.append((event, result)) }
            }
        }
        if let assisted = state.assisted {
            // The user picks a passkey from the suggestions; where the platform reports it, the
            // request can also end with any of its errors.
            var seen = Set<FlowEvent>()
            let errors = adapter.reportsAssistedErrors ? adapter.errorResults : []
            for result in errors + world.selectableCredentials(for: assisted).map(adapter.success) {
                let event = FlowEvent.assistedRequestFinished(adapter.outcome(of: result))
                if seen.insert(event).inserted { events.append((event, result)) }
            }
        }
        if let verification = state.verification {
            events.append((.verificationFinished(world.verificationAnswer(for: verification.credentialID)), nil))
            if world.verificationInconclusive { events.append((.verificationFinished(.inconclusive), nil)) }
        }
        if let account = world.account {
            let event = FlowEvent.fallbackSignInSucceeded(account, acceptedCredentials: world.acceptedCredentials)
            if reducer.accepts(event, in: state) { events.append((event, nil)) }
        }
        return events
    }

    /// A step of the exploration as values.
    struct RawStep {
        var event: FlowEvent
        var native: NativeResult?
        var effects: [FlowEffect]
        var situation: Situation?

        var words: TraceStep {
            TraceStep(
                event: event.description, native: native?.description, effects: effects.map(\.description),
                situation: situation?.rawValue)
        }
    }

    /// The steps from the first state to state `index`, following each state's parent.
    static func trace<Step>(to index: Int, parents: [(index: Int, step: Step)?]) -> [Step] {
        var steps: [Step] = []
        var cursor = index
        while let parent = parents[cursor] {
            steps.append(parent.step)
            cursor = parent.index
        }
        return steps.reversed()
    }
}

extension Configuration {
    /// `automatic start, conceal, fallback password`.
    public var summary: String {
        "\(automaticStart.summary), \(enumerationPolicy.rawValue), fallback \(fallback.rawValue)"
    }
}
