import SpecModel

/// A property of pairs of runs rather than of one: with the `conceal` policy, before the user
/// has authenticated, an unknown identifier, an account without passkeys, an account that
/// cannot continue with this route, an account in every status that blocks sign-in and an
/// active account with passkeys must look the same (OWASP: responses must not differ by
/// account existence or state; WebAuthn Level 3, section 14.6.2). Each such world is explored in lockstep with the unknown
/// identifier: the same user actions and the same OS results in both, each world answering its
/// own lookups, and every transition must be observed the same way in both: screen, notice,
/// offered actions, open prompt, effects and scenario. A passkey assertion or a fallback
/// sign-in authenticates the user; the comparison stops there.
public struct EnumerationCheck: Sendable {
    public static let id = "general.conceal-looks-the-same"
    public static let statement =
        "With the conceal policy, before the user authenticates, an unknown identifier, an account without passkeys, an account that cannot continue, a restricted account and an active account with passkeys look the same: same events, same observations."

    public var depthLimit: Int
    public var adapters: [any PlatformAdapter]
    /// The configurations to compare under; only those with `policy` are used.
    public var configurations: [Configuration]
    /// The policy that promises the worlds look the same: `conceal`. Comparing under `reveal`,
    /// which may tell them apart, shows that the check sees a difference.
    public var policy: EnumerationPolicy
    /// A deliberate change to the rules, to show that the check finds it; nil for the engine.
    public var variant: ReducerVariant?

    public init(
        depthLimit: Int = Explorer.defaultDepth, adapters: [any PlatformAdapter] = PlatformAdapters.all,
        configurations: [Configuration] = Explorer.configurations, policy: EnumerationPolicy = .conceal,
        variant: ReducerVariant? = nil
    ) {
        self.depthLimit = depthLimit
        self.adapters = adapters
        self.configurations = configurations
        self.policy = policy
        self.variant = variant
    }

    /// A world the user must not be able to tell from the unknown identifier, with its name.
    public struct Counterpart: Sendable {
        public var name: String
        public var world: WorldScript
    }

    /// The unknown identifier, with the same device and faults as `fault` gives.
    public static func unknownIdentifier(fault: ScriptedFault?) -> WorldScript {
        WorldScript(account: nil, deviceCredentials: devicePasskeys, lookupFault: fault)
    }

    /// Every account status (active, and each that blocks sign-in), with passkeys, without
    /// passkeys and unable to continue with this route.
    public static func counterparts(fault: ScriptedFault?) -> [Counterpart] {
        AccountStatus.allCases.flatMap { status -> [Counterpart] in
            let account = Account(id: "account", userHandle: Array("user-1".utf8), status: status)
            let accepted = Dictionary(uniqueKeysWithValues: devicePasskeys.map { ($0, ServerCredentialState.active) })
            let kind = (status == .active || status == .inactive ? "an " : "a ") + status.rawValue
            return [
                Counterpart(
                    name: "\(kind) account with passkeys",
                    world: WorldScript(
                        account: account, serverCredentials: accepted, deviceCredentials: devicePasskeys,
                        lookupFault: fault)),
                Counterpart(
                    name: "\(kind) account without passkeys",
                    world: WorldScript(account: account, deviceCredentials: devicePasskeys, lookupFault: fault)),
                Counterpart(
                    name: "\(kind) account that cannot continue with this route",
                    world: WorldScript(
                        account: account, routeAvailable: false, serverCredentials: accepted,
                        deviceCredentials: devicePasskeys, lookupFault: fault)),
            ]
        }
    }

    static let devicePasskeys = [CredentialID(named: "passkey-1"), CredentialID(named: "passkey-2")]

    static var faults: [ScriptedFault?] {
        [nil]
            + LookupDependency.allCases.flatMap { dependency in
                LookupFault.allCases.map { ScriptedFault(dependency, $0) }
            }
    }

    public func run() -> InvariantResult {
        var result = InvariantResult(
            id: Self.id, criterion: "general", statement: Self.statement, transitionsChecked: 0, violations: 0,
            counterexample: nil)
        // One table per configuration, shared by every platform, fault and counterpart.
        var tables = configurations.map { LockstepTable(configuration: $0, variant: variant) }
        for adapter in adapters {
            for index in configurations.indices where configurations[index].enumerationPolicy == policy {
                let outcomes = tables[index].promptOutcomes(of: adapter)
                for fault in Self.faults {
                    let reference = Self.unknownIdentifier(fault: fault)
                    for counterpart in Self.counterparts(fault: fault) {
                        compare(
                            reference, counterpart, adapter: adapter, outcomes: outcomes, table: &tables[index],
                            into: &result)
                    }
                }
            }
        }
        return result
    }

    // MARK: - Lockstep exploration

    /// What the user can observe of one transition.
    struct Observation: Hashable {
        var screen: Screen
        var notice: Notice?
        var actions: [UserAction]
        var prompt: Ceremony?
        var busy: Bool
        var effects: [LoginEffect]
        var situation: Situation?

        init(_ transition: Transition) {
            screen = transition.state.screen
            notice = transition.state.notice
            actions = transition.state.offeredActions
            prompt = transition.state.ceremony
            busy = transition.state.isBusy
            effects = transition.effects
            situation = transition.situation
        }
    }

    /// A configuration's `TransitionTable` with what the user observes of each transition, by
    /// number, so that comparing two observations compares two numbers.
    struct LockstepTable {
        var transitions: TransitionTable
        private var observations = Interner<Observation>()
        /// By transition number: its observation's number, -1 until first compared.
        private var observationOf: [Int] = []

        init(configuration: Configuration, variant: ReducerVariant?) {
            transitions = TransitionTable(configuration: configuration, variant: variant)
        }

        mutating func observation(of transition: Int) -> Int {
            if transition >= observationOf.count {
                observationOf.append(contentsOf: repeatElement(-1, count: transition + 1 - observationOf.count))
            }
            if observationOf[transition] < 0 {
                observationOf[transition] = observations.number(of: Observation(transitions.transitions[transition]))
            }
            return observationOf[transition]
        }

        /// The distinct ends of an open prompt on a platform, by event number, each with the
        /// first of the platform's error results (by index) that gives it.
        mutating func promptOutcomes(of adapter: any PlatformAdapter) -> [(event: Int, native: Int)] {
            var outcomes: [(event: Int, native: Int)] = []
            for (native, result) in adapter.errorResults.enumerated() {
                let event = transitions.number(of: .ceremonyFinished(adapter.outcome(of: result)))
                if !outcomes.contains(where: { $0.event == event }) { outcomes.append((event, native)) }
            }
            return outcomes
        }
    }

    /// How the lockstep search reached a pair: the event in each world and the native result
    /// (an index into the platform's error results, -1 when none).
    struct PairStep {
        var reference: Int
        var other: Int
        var native: Int
    }

    private func compare(
        _ reference: WorldScript, _ counterpart: Counterpart, adapter: any PlatformAdapter,
        outcomes: [(event: Int, native: Int)], table: inout LockstepTable, into result: inout InvariantResult
    ) {
        let root = table.transitions.number(of: LoginState())
        var pairs = [(reference: root, other: root)]
        var links = ParentLinks<PairStep>()
        links.restart(root: PairStep(reference: -1, other: -1, native: -1))
        var seen: Set<UInt64> = [Self.key(root, root)]
        let referenceAnswer = table.transitions.number(of: .lookupFinished(reference.lookupAnswer))
        let otherAnswer = table.transitions.number(of: .lookupFinished(counterpart.world.lookupAnswer))
        let failed = reference.routeLookupFault.map {
            table.transitions.number(of: .lookupFinished(.failed($0.dependency, $0.fault)))
        }
        var options = [table.transitions.number(of: .requestOptionsFinished(.received))]
        if let fault = reference.optionsFault {
            options.append(table.transitions.number(of: .requestOptionsFinished(.failed(fault))))
        }
        var steps: [PairStep] = []
        var start = 0
        var level = 0
        while start < pairs.count, level < depthLimit {
            let end = pairs.count
            for current in start..<end {
                let pair = pairs[current]
                events(
                    pair, table: table.transitions, referenceAnswer: referenceAnswer, otherAnswer: otherAnswer,
                    failed: failed, options: options, outcomes: outcomes, into: &steps)
                for step in steps {
                    result.transitionsChecked += 1
                    let left = table.transitions.transition(from: pair.reference, on: step.reference)
                    let right = table.transitions.transition(from: pair.other, on: step.other)
                    guard table.transitions.accepted[left], table.transitions.accepted[right] else {
                        let event = table.transitions.events[step.reference]
                        record(
                            "the user can do '\(event)' in one world only", step: step, at: current, links: links,
                            adapter: adapter, table: table.transitions, counterpart: counterpart, into: &result)
                        continue
                    }
                    if table.observation(of: left) != table.observation(of: right) {
                        let shown = Self.describe(table.transitions.transitions[left])
                        let other = Self.describe(table.transitions.transitions[right])
                        record(
                            "an unknown identifier shows \(shown); \(counterpart.name) shows \(other)", step: step,
                            at: current, links: links, adapter: adapter, table: table.transitions,
                            counterpart: counterpart, into: &result)
                        continue
                    }
                    let following = (table.transitions.targets[left], table.transitions.targets[right])
                    if seen.insert(Self.key(following.0, following.1)).inserted {
                        pairs.append(following)
                        links.append(parent: current, step: step)
                    }
                }
            }
            start = end
            level += 1
        }
    }

    /// A pair of state numbers as one hashable word.
    private static func key(_ reference: Int, _ other: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: reference) << 32 | UInt64(truncatingIfNeeded: other)
    }

    /// The events both worlds see in `pair`: the user's actions, the request options and the OS
    /// results, the same in both; each world's own lookup answers. Authentication (an assertion, a fallback sign-in)
    /// ends the comparison, so it is left out.
    private func events(
        _ pair: (reference: Int, other: Int), table: TransitionTable, referenceAnswer: Int, otherAnswer: Int,
        failed: Int?, options: [Int], outcomes: [(event: Int, native: Int)], into steps: inout [PairStep]
    ) {
        steps.removeAll(keepingCapacity: true)
        let reference = table.facts[pair.reference]
        let other = table.facts[pair.other]
        // User events have the first event numbers, so bit k is event number k.
        var userEvents = reference.userEvents | other.userEvents
        while userEvents != 0 {
            let event = userEvents.trailingZeroBitCount
            steps.append(PairStep(reference: event, other: event, native: -1))
            userEvents &= userEvents - 1
        }
        if reference.lookupInFlight || other.lookupInFlight {
            steps.append(PairStep(reference: referenceAnswer, other: otherAnswer, native: -1))
            if let failed { steps.append(PairStep(reference: failed, other: failed, native: -1)) }
        }
        if reference.optionsInFlight || other.optionsInFlight {
            for event in options { steps.append(PairStep(reference: event, other: event, native: -1)) }
        }
        if reference.ceremony >= 0 || other.ceremony >= 0 {
            for outcome in outcomes {
                steps.append(PairStep(reference: outcome.event, other: outcome.event, native: outcome.native))
            }
        }
    }

    private func record(
        _ message: String, step: PairStep, at index: Int, links: ParentLinks<PairStep>, adapter: any PlatformAdapter,
        table: TransitionTable, counterpart: Counterpart, into result: inout InvariantResult
    ) {
        result.violations += 1
        if let kept = result.counterexample, kept.steps.count <= links.path(to: index).count + 1 { return }
        let natives = adapter.errorResults
        let steps = (links.path(to: index) + [step]).map { step in
            let reference = table.events[step.reference]
            let other = table.events[step.other]
            return TraceStep(
                event: step.reference == step.other ? reference.description : "\(reference) | \(other)",
                native: step.native >= 0 ? natives[step.native].description : nil, effects: [], situation: nil)
        }
        result.counterexample = Counterexample(
            platform: adapter.platform, configuration: table.reducer.configuration.summary,
            world: "an unknown identifier against \(counterpart.name)", steps: steps, message: message)
    }

    static func describe(_ transition: Transition) -> String {
        var parts = ["screen \(transition.state.screen)"]
        if let notice = transition.state.notice { parts.append("error notice \"\(notice.id)\"") }
        if !transition.effects.isEmpty { parts.append(transition.effects.map(\.description).joined(separator: "; ")) }
        return parts.joined(separator: ", ")
    }
}
