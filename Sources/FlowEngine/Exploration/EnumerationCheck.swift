import SpecModel

/// A property of pairs of runs rather than of one: with the `conceal` policy, before the user
/// has authenticated, an unknown identifier, an account without passkeys and an account that
/// cannot continue with this route must look the same (OWASP: responses must not differ by
/// account existence or state). Each such world is explored in lockstep with the unknown
/// identifier: the same user actions and the same OS results in both, each world answering its
/// own lookups, and every transition must be observed the same way in both: screen, notice,
/// offered actions, open prompt, effects and scenario. A passkey assertion or a fallback
/// sign-in authenticates the user; the comparison stops there.
public struct EnumerationCheck: Sendable {
    public static let id = "general.conceal-looks-the-same"
    public static let statement =
        "With the conceal policy, before the user authenticates, an unknown identifier, an account without passkeys and an account that cannot continue look the same: same events, same observations."

    public var depthLimit: Int
    public var adapters: [any PlatformAdapter]
    /// The configurations to compare under; only those with `policy` are used.
    public var configurations: [Configuration]
    /// The policy that promises the worlds look the same: `conceal`. Comparing under `reveal`,
    /// which may tell them apart, shows that the check sees a difference.
    public var policy: EnumerationPolicy

    public init(
        depthLimit: Int = Explorer.defaultDepth, adapters: [any PlatformAdapter] = PlatformAdapters.all,
        configurations: [Configuration] = Explorer.configurations, policy: EnumerationPolicy = .conceal
    ) {
        self.depthLimit = depthLimit
        self.adapters = adapters
        self.configurations = configurations
        self.policy = policy
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

    /// Every account status, without passkeys and unable to continue with this route.
    public static func counterparts(fault: ScriptedFault?) -> [Counterpart] {
        AccountStatus.allCases.flatMap { status -> [Counterpart] in
            let account = Account(id: "account", userHandle: Array("user-1".utf8), status: status)
            let accepted = Dictionary(uniqueKeysWithValues: devicePasskeys.map { ($0, ServerCredentialState.active) })
            return [
                Counterpart(
                    name: "a \(status.rawValue) account without passkeys",
                    world: WorldScript(account: account, deviceCredentials: devicePasskeys, lookupFault: fault)),
                Counterpart(
                    name: "a \(status.rawValue) account that cannot continue with this route",
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
        for adapter in adapters {
            for configuration in configurations where configuration.enumerationPolicy == policy {
                for fault in Self.faults {
                    let reference = Self.unknownIdentifier(fault: fault)
                    for counterpart in Self.counterparts(fault: fault) {
                        compare(
                            reference, counterpart, adapter: adapter, configuration: configuration, into: &result)
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
        var effects: [FlowEffect]
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

    struct Pair: Hashable {
        var reference: FlowState
        var other: FlowState
    }

    private func compare(
        _ reference: WorldScript, _ counterpart: Counterpart, adapter: any PlatformAdapter,
        configuration: Configuration,
        into result: inout InvariantResult
    ) {
        let reducer = FlowReducer(configuration: configuration)
        let platform = adapter.platform
        var pairs = [Pair(reference: FlowState(), other: FlowState())]
        var parents: [(index: Int, step: TraceStep)?] = [nil]
        var seen: Set<Pair> = [pairs[0]]
        var frontier = [0]
        var level = 0
        while !frontier.isEmpty, level < depthLimit {
            var next: [Int] = []
            for current in frontier {
                let pair = pairs[current]
                for (referenceEvent, otherEvent, native) in events(
                    pair, reducer: reducer, adapter: adapter, reference: reference, other: counterpart.world)
                {
                    result.transitionsChecked += 1
                    let step = TraceStep(
                        event: referenceEvent == otherEvent
                            ? referenceEvent.description : "\(referenceEvent) | \(otherEvent)",
                        native: native?.description, effects: [], situation: nil)
                    guard reducer.accepts(referenceEvent, in: pair.reference),
                        reducer.accepts(otherEvent, in: pair.other)
                    else {
                        record(
                            "the user can do '\(referenceEvent)' in one world only", step: step, at: current,
                            parents: parents, platform: platform, configuration: configuration,
                            counterpart: counterpart, into: &result)
                        continue
                    }
                    let left = reducer.reduce(pair.reference, referenceEvent)
                    let right = reducer.reduce(pair.other, otherEvent)
                    let seenLeft = Observation(left)
                    let seenRight = Observation(right)
                    if seenLeft != seenRight {
                        record(
                            "an unknown identifier shows \(Self.describe(left)); \(counterpart.name) shows \(Self.describe(right))",
                            step: step, at: current, parents: parents, platform: platform,
                            configuration: configuration, counterpart: counterpart, into: &result)
                        continue
                    }
                    let following = Pair(reference: left.state, other: right.state)
                    if seen.insert(following).inserted {
                        pairs.append(following)
                        parents.append((current, step))
                        next.append(pairs.count - 1)
                    }
                }
            }
            frontier = next
            level += 1
        }
    }

    /// The events both worlds see in `pair`: the user's actions and the OS results, the same in
    /// both; each world's own lookup answers. Authentication (an assertion, a fallback sign-in)
    /// ends the comparison, so it is left out.
    private func events(
        _ pair: Pair, reducer: FlowReducer, adapter: any PlatformAdapter, reference: WorldScript, other: WorldScript
    ) -> [(FlowEvent, FlowEvent, NativeResult?)] {
        var events: [(FlowEvent, FlowEvent, NativeResult?)] = Explorer.userEvents.filter {
            reducer.accepts($0, in: pair.reference) || reducer.accepts($0, in: pair.other)
        }.map { ($0, $0, nil) }
        if pair.reference.lookup == .inFlight || pair.other.lookup == .inFlight {
            events.append((.lookupFinished(reference.lookupAnswer), .lookupFinished(other.lookupAnswer), nil))
            if let fault = reference.lookupFault {
                let failed = FlowEvent.lookupFinished(.failed(fault.dependency, fault.fault))
                events.append((failed, failed, nil))
            }
        }
        if pair.reference.ceremony != nil || pair.other.ceremony != nil {
            var outcomes = Set<CeremonyOutcome>()
            for result in adapter.errorResults {
                let outcome = adapter.outcome(of: result)
                if outcomes.insert(outcome).inserted {
                    events.append((.ceremonyFinished(outcome), .ceremonyFinished(outcome), result))
                }
            }
        }
        return events
    }

    private func record(
        _ message: String, step: TraceStep, at index: Int, parents: [(index: Int, step: TraceStep)?],
        platform: Platform, configuration: Configuration, counterpart: Counterpart,
        into result: inout InvariantResult
    ) {
        result.violations += 1
        let steps = Explorer.trace(to: index, parents: parents) + [step]
        if result.counterexample.map({ steps.count < $0.steps.count }) ?? true {
            result.counterexample = Counterexample(
                platform: platform, configuration: configuration.summary,
                world: "an unknown identifier against \(counterpart.name)", steps: steps, message: message)
        }
    }

    static func describe(_ transition: Transition) -> String {
        var parts = ["screen \(transition.state.screen)"]
        if let notice = transition.state.notice { parts.append("error notice \"\(notice.id)\"") }
        if !transition.effects.isEmpty { parts.append(transition.effects.map(\.description).joined(separator: "; ")) }
        return parts.joined(separator: ", ")
    }
}
