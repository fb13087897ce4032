// Beyond the written checks: the app and passkey-spec's reference engine driven with the same
// inputs over every sequence up to a depth, under each configuration and world the engine's
// explorer uses, their observations compared after every input. Built when the test target
// also depends on passkey-spec's `PasskeyLoginEngine` library; without it the kit has the
// written checks only.
#if canImport(PasskeyLoginEngine)
import PasskeyLoginEngine

/// Explores the app and the reference engine in lockstep.
public struct Lockstep {
    /// How many inputs the longest sequence has.
    public var depth: Int
    public var configurations: [PasskeyLoginEngine.Configuration]
    public var worlds: [WorldScript]
    /// The platform whose native results the passkey API returns.
    public var adapter: any PlatformAdapter
    /// The copy each notice shows, from the kit's script.
    public var copy: [String: KitScript.Copy]

    /// Explores as the engine's explorer does: its configurations and worlds.
    public init(
        depth: Int, script: KitScript, adapter: any PlatformAdapter = IOSAdapter(),
        configurations: [PasskeyLoginEngine.Configuration] = Explorer.configurations,
        worlds: [WorldScript] = WorldScript.explorationSet
    ) {
        self.depth = depth
        self.copy = script.copy
        self.adapter = adapter
        self.configurations = configurations
        self.worlds = worlds
    }

    /// The shortest sequence after which the app shows something other than the engine.
    public struct Divergence: Error, CustomStringConvertible, Sendable {
        public var configuration: String
        public var world: String
        public var inputs: [String]
        public var differences: [String]

        public var description: String {
            (["the app differs from the reference engine (\(configuration); \(world)) after:"]
                + inputs.enumerated().map { "  \($0.offset + 1). \($0.element)" }
                + differences.map { "  " + $0 }).joined(separator: "\n")
        }
    }

    /// What a run explored, and the first divergence found, if any.
    public struct Report: Sendable {
        /// Distinct engine states reached, summed over configurations and worlds.
        public var states = 0
        /// Inputs given to both, each sequence replayed on a new app.
        public var inputs = 0
        public var divergence: Divergence?
    }

    /// Runs breadth first, so that the divergence reported is a shortest one.
    public func run<Harness: LoginHarness>(_ harness: Harness.Type) -> Report {
        var report = Report()
        for configuration in configurations {
            for world in worlds {
                explore(configuration, world, harness, &report)
                if report.divergence != nil { return report }
            }
        }
        return report
    }

    private struct Node {
        var engine: Engine
        var inputs: [KitScript.Input]
    }

    private func explore<Harness: LoginHarness>(
        _ configuration: PasskeyLoginEngine.Configuration, _ world: WorldScript, _ harness: Harness.Type,
        _ report: inout Report
    ) {
        let start = (Self.kitConfiguration(configuration), Self.kitWorld(world))
        var seen: Set<Engine.Key> = []
        var level = [Node(engine: Engine(configuration: configuration, world: world, adapter: adapter), inputs: [])]
        for _ in 0..<depth {
            var next: [Node] = []
            for node in level {
                // Every input is compared, also one that leads the engine to a state it has
                // reached before: the app may not be there. Only new states are explored
                // further.
                for (input, engine) in node.engine.successors() {
                    let inputs = node.inputs + [input]
                    if let differences = replay(inputs, against: engine, start, harness, &report) {
                        report.divergence = Divergence(
                            configuration: Self.describe(configuration), world: Self.describe(start.1),
                            inputs: inputs.map(\.description), differences: differences)
                        return
                    }
                    guard seen.insert(engine.key).inserted else { continue }
                    report.states += 1
                    next.append(Node(engine: engine, inputs: inputs))
                }
            }
            level = next
        }
    }

    /// Replays `inputs` on a new app; the differences from the engine after the last one,
    /// or after the input the app could not take.
    private func replay<Harness: LoginHarness>(
        _ inputs: [KitScript.Input], against engine: Engine, _ start: (Configuration, World),
        _ harness: Harness.Type, _ report: inout Report
    ) -> [String]? {
        let environment = KitEnvironment(configuration: start.0, world: start.1)
        var app: Harness?
        for input in inputs {
            report.inputs += 1
            if let problem = Conformance.apply(input, to: &app, in: environment) {
                return ["after '\(input)': \(problem)"]
            }
            let requests = environment.passkeys.takeProblems()
            if !requests.isEmpty { return requests.map { "after '\(input)': expected \($0)" } }
        }
        let differences = Conformance.compare(
            engine.observation(copy: copy), Conformance.observe(app), environment: environment)
        return differences.isEmpty ? nil : differences
    }

    private static func describe(_ configuration: PasskeyLoginEngine.Configuration) -> String {
        "entry \(configuration.entry.rawValue), automatic start \(configuration.automaticStart.rawValue), "
            + "enumeration policy \(configuration.enumerationPolicy.rawValue)"
    }

    private static func describe(_ world: World) -> String {
        var parts = [world.account.map { "account \($0)" } ?? "no account"]
        if !world.routeAvailable { parts.append("passkey route not available") }
        let passkeys = world.devicePasskeys.map { "\($0) (\(world.serverPasskeys[$0] ?? "unknown to the server"))" }
        parts.append("device passkeys: " + (passkeys.isEmpty ? "none" : passkeys.joined(separator: ", ")))
        if let fault = world.lookupFault {
            let call = fault.dependency == FakeServer.requestOptions ? "call" : "lookup"
            parts.append("\(fault.dependency) \(call) \(fault.fault) \(fault.failingLookups) time(s)")
        }
        if world.verificationInconclusive { parts.append("verification inconclusive") }
        if world.challengeExpires { parts.append("first challenge expired") }
        return parts.joined(separator: ", ")
    }

    static func kitConfiguration(_ configuration: PasskeyLoginEngine.Configuration) -> Configuration {
        Configuration(
            automaticStart: configuration.automaticStart.rawValue, entry: configuration.entry.rawValue,
            enumerationPolicy: configuration.enumerationPolicy.rawValue, fallback: configuration.fallback.rawValue,
            accountRoutes: Dictionary(
                uniqueKeysWithValues: configuration.accountRoutes.map { ($0.key.rawValue, $0.value.rawValue) }))
    }

    static func kitWorld(_ script: WorldScript) -> World {
        World(
            account: script.account?.status.rawValue, routeAvailable: script.routeAvailable,
            devicePasskeys: script.deviceCredentials.map(Engine.name),
            serverPasskeys: Dictionary(
                uniqueKeysWithValues: script.serverCredentials.map { (Engine.name($0.key), $0.value.rawValue) }),
            lookupFault: script.lookupFault.map {
                World.LookupFault(
                    dependency: $0.dependency.rawValue, fault: $0.fault.rawValue,
                    failingLookups: script.failingLookups)
            }, verificationInconclusive: script.verificationInconclusive, challengeExpires: script.challengeExpires)
    }
}

/// The reference engine with its world, as a value the exploration copies at each input.
private struct Engine {
    let reducer: LoginReducer
    let adapter: any PlatformAdapter
    var state = LoginState()
    var world: PasskeyLoginEngine.World
    var signals: [String] = []
    var lookups = 0

    init(configuration: PasskeyLoginEngine.Configuration, world: WorldScript, adapter: any PlatformAdapter) {
        reducer = LoginReducer(configuration: configuration)
        self.adapter = adapter
        self.world = PasskeyLoginEngine.World(script: world)
    }

    /// What tells two engines apart for the exploration: the state, and how many of the
    /// world's failing lookups are used up.
    struct Key: Hashable {
        var state: LoginState
        var lookups: Int
        var optionsCalls: Int
        var verifications: Int
    }

    /// The state and, up to where the faults stop, the server calls made: a fault fails the
    /// first calls only.
    var key: Key {
        let failing = world.script.failingLookups + 1
        return Key(
            state: state, lookups: min(lookups, failing), optionsCalls: min(world.optionsCalls, failing),
            verifications: min(world.verifications, 2))
    }

    static func name(_ credential: CredentialID) -> String {
        String(decoding: credential.bytes, as: UTF8.self)
    }

    private static let userEvents: [(LoginEvent, KitScript.Input)] = [
        (.screenAppeared, KitScript.Input(event: "screen-appeared")),
        (.identifierSubmitted, KitScript.Input(event: "identifier-entered")),
        (.passkeyButtonTapped, KitScript.Input(event: "passkey-button-tapped")),
        (.assistedChallengeExpiring, KitScript.Input(event: "suggestions-challenge-expiring")),
        (.retryTapped, KitScript.Input(event: "choose", action: "retry")),
        (.anotherPasskeyChosen, KitScript.Input(event: "choose", action: "another-passkey")),
        (.fallbackChosen, KitScript.Input(event: "choose", action: "fallback")),
        (.recoveryChosen, KitScript.Input(event: "choose", action: "recovery")),
        (.supportChosen, KitScript.Input(event: "choose", action: "support")),
        (.accountHelpChosen, KitScript.Input(event: "choose", action: "account-help")),
        (.noticeDismissed, KitScript.Input(event: "choose", action: "dismiss")),
        (.appRelaunched, KitScript.Input(event: "app-relaunched")),
        (.signedOut, KitScript.Input(event: "signed-out")),
    ]

    /// Every input possible now, with the engine after it.
    func successors() -> [(KitScript.Input, Engine)] {
        var found: [(KitScript.Input, Engine)] = []
        var events = Self.userEvents
        if let account = world.script.account {
            events.append(
                (
                    .fallbackSignInSucceeded(account, acceptedCredentials: world.script.acceptedCredentials),
                    KitScript.Input(event: "fallback-sign-in-succeeded")
                ))
            if let revoked = world.script.passkeyRevokedInSettings(by: account) {
                events.append(
                    (
                        world.script.revocationInSettings(of: account),
                        KitScript.Input(event: "passkey-revoked-in-settings", passkey: Self.name(revoked))
                    ))
            }
        }
        for (event, input) in events where reducer.accepts(event, in: state) {
            var next = self
            var input = input
            input.opens = next.deliver(event)
            found.append((input, next))
        }
        if let ceremony = state.ceremony {
            for result in results(for: ceremony) {
                var next = self
                let opens = next.deliver(.ceremonyFinished(adapter.outcome(of: result)))
                found.append(
                    (
                        KitScript.Input(
                            event: "prompt-result", result: Self.passkeyResult(result),
                            prompt: ceremony.route.rawValue, opens: opens), next
                    ))
            }
        }
        if let ceremony = state.assisted {
            for result in results(for: ceremony)
            where result.credential != nil || adapter.reportsAssistedErrors {
                var next = self
                next.deliver(.assistedRequestFinished(adapter.outcome(of: result)))
                found.append(
                    (KitScript.Input(event: "suggestion-result", result: Self.passkeyResult(result)), next))
            }
        }
        return found
    }

    /// Every way the platform can end a request: each error, and each passkey it offers.
    private func results(for ceremony: Ceremony) -> [NativeResult] {
        PromptAction.allCases.flatMap { action -> [NativeResult] in
            guard action == .userSelectsPasskey else {
                return adapter.result(of: action, credential: nil).map { [$0] } ?? []
            }
            return world.script.selectableCredentials(for: ceremony).compactMap {
                adapter.result(of: action, credential: $0)
            }
        }
    }

    private static func passkeyResult(_ result: NativeResult) -> PasskeyResult {
        PasskeyResult(
            name: result.name, code: result.code, message: result.message, passkey: result.credential.map(name))
    }

    /// Applies an event and the world's answers to the requests it makes, until the flow
    /// waits for the user or the platform again; the route of the modal prompt it opened, if
    /// one.
    @discardableResult
    mutating func deliver(_ event: LoginEvent) -> String? {
        var opened: String?
        var queue = [event]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            guard reducer.accepts(next, in: state) else { continue }
            if case .passkeyRevokedInSettings(let account, _) = next,
                let revoked = world.script.passkeyRevokedInSettings(by: account)
            {
                // The server keeps the revocation: the passkey is refused from now on.
                world.script.serverCredentials[revoked] = .revoked
            }
            let transition = reducer.reduce(state, next)
            state = transition.state
            for effect in transition.effects {
                switch effect {
                case .lookUpAccount: lookups += 1
                case .startCeremony(let ceremony): opened = ceremony.route.rawValue
                case .signalUnknownCredential(let id): signals.append("unknown-credential \(Self.name(id))")
                case .signalAllAcceptedCredentials(_, let accepted):
                    signals.append("all-accepted-credentials \(accepted.map(Self.name).joined(separator: ","))")
                default: break
                }
                if let answer = world.perform(effect) { queue.append(answer) }
            }
        }
        return opened
    }

    /// What the user sees, as the kit's scripts write it.
    func observation(copy: [String: KitScript.Copy]) -> KitScript.Observation {
        var screen = "login"
        var route: String?
        switch state.screen {
        case .login: screen = "login"
        case .fallback: screen = "fallback"
        case .signedIn: screen = "signed-in"
        case .accountRoute(let open):
            screen = "account-route"
            route = open.rawValue
        }
        let notice = state.notice.map { notice -> KitScript.Notice in
            let words = copy[notice.id]
            let labels = notice.actions.compactMap { action in
                words?.buttons.first { $0.action == action.rawValue }?.label
            }
            return KitScript.Notice(
                scenario: notice.id, title: words?.title ?? "", message: words?.message ?? "", buttons: labels,
                presentation: words?.presentation)
        }
        return KitScript.Observation(
            screen: screen, route: route, notice: notice, actions: state.offeredActions.map(\.rawValue),
            prompt: state.ceremony?.route.rawValue, suggestions: state.assisted != nil,
            session: state.session != nil, signals: signals, lookups: lookups)
    }
}
#endif
