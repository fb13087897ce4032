import PasskeyLoginEngine
import ReportModel
import SpecModel
import SpecRunner

/// The world and engine of one check on one platform, as its steps build and drive them.
public struct CheckContext: CheckSession {
    public let platform: Platform
    let adapter: any PlatformAdapter
    /// The app's configuration; steps may change it until the first event.
    var configuration = Configuration() {
        didSet { pin.apply(to: &configuration) }
    }
    /// Configuration values that hold whatever the steps set: a kit's export replays a check
    /// under each value of a part of the configuration to learn which values it holds under.
    var pin = ConfigurationPin() {
        didSet { pin.apply(to: &configuration) }
    }
    /// The scripted world; steps may change it at any time.
    var script = WorldScript(account: CheckContext.defaultAccount)
    private var world: World?
    private(set) var state = LoginState()
    /// Effects and scenarios of the most recent action step.
    private(set) var lastEffects: [LoginEffect] = []
    private(set) var lastSituations: [Situation] = []
    /// How each scenario the most recent action step led to was shown and announced.
    private(set) var lastPresentations: [Presentation] = []
    /// Every effect so far.
    private(set) var allEffects: [LoginEffect] = []
    /// Every scenario reached so far, in order.
    private(set) var situations: [Situation] = []
    /// How each scenario reached looked: its actions and whether it showed a notice.
    private(set) var presentations = Set<Presentation>()
    /// The state just before the most recent passkey prompt opened.
    private(set) var stateBeforePrompt: LoginState?
    /// The native result the current step fed to the engine, and the native signals it caused.
    public private(set) var stepNative: [String] = []
    /// What the user and the OS did so far, in order, to replay in other worlds.
    private(set) var inputs: [Input] = []
    /// The route of the prompt each `.prompt` input ended, by the input's index: a kit checks
    /// that the app's open prompt is the one the step ends.
    private(set) var promptRoutes: [Int: Route] = [:]
    /// The route of the modal prompt the engine opened while taking an input, by the input's
    /// index: code written against the platform's API cannot say whether its prompt is
    /// automatic or explicit, so a kit labels a prompt the app opens then with it.
    private(set) var openedRoutes: [Int: Route] = [:]
    /// Every move so far, as the diagrams draw it, and the scenario the last one led to.
    public private(set) var moves: [FlowMove] = []
    private var enteredWith: Situation?

    /// Something the user or the OS did: an event, or an end of the prompt.
    enum Input: Sendable, CustomStringConvertible {
        case event(LoginEvent)
        case prompt(PromptAction, passkey: String?)
        case assisted(PromptAction, passkey: String?)
        /// The signed-in user revokes the passkey in the account settings.
        case revocation(passkey: String)

        /// Whether it authenticates the user: a passkey assertion or a fallback sign-in.
        var authenticates: Bool {
            switch self {
            case .event(.fallbackSignInSucceeded), .prompt(.userSelectsPasskey, _), .assisted(.userSelectsPasskey, _):
                true
            case .event, .prompt, .assisted, .revocation: false
            }
        }

        var description: String {
            switch self {
            case .event(let event): event.description
            case .prompt(let action, let passkey): action.name + (passkey.map { " \"\($0)\"" } ?? "")
            case .assisted(let action, let passkey):
                "suggestions: \(action.name)" + (passkey.map { " \"\($0)\"" } ?? "")
            case .revocation(let passkey): "passkey \"\(passkey)\" revoked in the account settings"
            }
        }
    }

    static let defaultAccount = Account(id: "account", userHandle: Array("user-1".utf8), status: .active)

    /// A changed engine to check against instead of the real one (tests only).
    let variant: ReducerVariant?

    public init(adapter: any PlatformAdapter, variant: ReducerVariant? = nil) {
        self.platform = adapter.platform
        self.adapter = adapter
        self.variant = variant
    }

    var reducer: LoginReducer { LoginReducer(configuration: configuration, variant: variant) }

    /// The credential a passkey name in a step stands for.
    func passkey(_ name: String) -> CredentialID { CredentialID(named: name) }

    /// Called before each step.
    public mutating func beginStep(isAction: Bool) {
        stepNative = []
        if isAction {
            lastEffects = []
            lastSituations = []
            lastPresentations = []
        }
    }

    public var scenariosReached: [String] { situations.map(\.rawValue) }

    public var screens: Set<ScreenPresentation> { Set(presentations.map(ScreenPresentation.init)) }

    /// Changes the world; an engine already running sees the change from its next request on.
    mutating func configureWorld(_ change: (inout WorldScript) -> Void) {
        change(&script)
        world?.script = script
    }

    /// Sends an event and lets the world answer its requests until the flow waits for the
    /// user or the OS again.
    mutating func send(_ event: LoginEvent) throws {
        inputs.append(.event(event))
        try deliver(event)
    }

    private mutating func deliver(_ event: LoginEvent) throws {
        if world == nil {
            // A check may only configure what the platform can do: a web page never opens the
            // passkey prompt by itself (decision web-load-is-conditional).
            guard adapter.automaticStarts.contains(configuration.automaticStart) else {
                let supported = adapter.automaticStarts.map(\.summary).joined(separator: " or ")
                throw StepFailure(
                    expected: "a start \(platform.displayName) supports (\(supported))",
                    observed:
                        "the check sets up \(configuration.automaticStart.summary), which \(platform.displayName) does not do"
                )
            }
            world = World(script: script)
        }
        var queue = [event]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            guard reducer.accepts(next, in: state) else {
                throw StepFailure(expected: "'\(next)' to be possible", observed: summary)
            }
            let before = state
            let transition = reducer.reduce(state, next)
            state = transition.state
            moves.append(
                LoginFlowGraphs.move(
                    SketchEdge(
                        from: SketchNode(state: before, situation: enteredWith),
                        to: SketchNode(state: state, situation: transition.situation), move: LoginSketch.move(next))))
            enteredWith = transition.situation
            lastEffects += transition.effects
            allEffects += transition.effects
            if let situation = transition.situation {
                lastSituations.append(situation)
                situations.append(situation)
            }
            if let presentation = Presentation(adapter: adapter, from: before, transition: transition) {
                presentations.insert(presentation)
                lastPresentations.append(presentation)
            }
            for effect in transition.effects {
                if case .startCeremony(let ceremony) = effect, !inputs.isEmpty {
                    openedRoutes[inputs.count - 1] = ceremony.route
                }
                if case .fetchRequestOptions(let ceremony) = effect, ceremony.route != .assisted {
                    stateBeforePrompt = before
                }
                if let signal = adapter.signal(for: effect, relyingPartyID: configuration.relyingPartyID) {
                    stepNative.append("\(signal.api) \(signal.call) \(signal.payload)")
                }
                if let answer = world!.perform(effect) { queue.append(answer) }
            }
        }
    }

    /// Ends the open prompt the way `action` does on this platform, through its native result.
    mutating func prompt(_ action: PromptAction, passkey name: String? = nil) throws {
        inputs.append(.prompt(action, passkey: name))
        guard let ceremony = state.ceremony else {
            throw StepFailure(expected: "an open passkey prompt", observed: summary)
        }
        promptRoutes[inputs.count - 1] = ceremony.route
        let result = try nativeResult(of: action, passkey: name, offeredBy: ceremony, in: "the prompt")
        stepNative.append(result.description)
        try deliver(.ceremonyFinished(adapter.outcome(of: result)))
    }

    /// The platform's native result of `action` on a request, with the passkey named (which
    /// the request must offer) when the user picks one.
    private func nativeResult(
        of action: PromptAction, passkey name: String?, offeredBy ceremony: Ceremony, in place: String
    ) throws -> NativeResult {
        var credential: CredentialID?
        if let name {
            credential = passkey(name)
            let offered = script.selectableCredentials(for: ceremony)
            guard offered.contains(passkey(name)) else {
                let names = offered.map { "\"\(String(decoding: $0.bytes, as: UTF8.self))\"" }
                throw StepFailure(
                    expected: "\(place) to offer passkey \"\(name)\"",
                    observed: "it offers \(offered.isEmpty ? "no passkey" : names.joined(separator: ", "))")
            }
        }
        guard let result = adapter.result(of: action, credential: credential) else {
            throw StepFailure(expected: "a native result for \(action.name) on \(platform.rawValue)", observed: "none")
        }
        return result
    }

    /// Ends the pending assisted request the way `action` does on this platform. A platform
    /// that does not report an assisted request's errors (Android) delivers nothing but a
    /// picked passkey; the request then stays pending.
    mutating func assisted(_ action: PromptAction, passkey name: String? = nil) throws {
        inputs.append(.assisted(action, passkey: name))
        guard let ceremony = state.assisted else {
            throw StepFailure(expected: "passkeys offered in the identifier field", observed: summary)
        }
        let result = try nativeResult(of: action, passkey: name, offeredBy: ceremony, in: "the suggestions")
        stepNative.append("\(adapter.assistedRequestAPI): \(result.description)")
        guard action == .userSelectsPasskey || adapter.reportsAssistedErrors else { return }
        try deliver(.assistedRequestFinished(adapter.outcome(of: result)))
    }

    /// The signed-in user revokes passkey `name` in the account settings: the server marks it
    /// revoked and lists the passkeys it still accepts for the signed-in account.
    mutating func revokeInSettings(_ name: String) throws {
        inputs.append(.revocation(passkey: name))
        guard let session = state.session, let account = script.account(withID: session) else {
            throw StepFailure(expected: "a signed-in user", observed: summary)
        }
        let id = passkey(name)
        guard script.acceptedCredentials(ofAccount: session).contains(id) else {
            throw StepFailure(expected: "passkey \"\(name)\" accepted for the signed-in account", observed: "it is not")
        }
        configureWorld { $0.serverCredentials[id] = .revoked }
        try deliver(
            .passkeyRevokedInSettings(account, acceptedCredentials: script.acceptedCredentials(ofAccount: session)))
    }

    /// Replays what the user and the OS did so far, up to the first authentication, in another
    /// world with the same app and device; returns what the user observed after each input, or
    /// where the replay could not go on.
    func replay(in world: WorldScript) -> [String] {
        var other = CheckContext(adapter: adapter, variant: variant)
        other.configuration = configuration
        other.script = world
        var observed: [String] = []
        for input in inputs.prefix(while: { !$0.authenticates }) {
            do {
                switch input {
                case .event(let event): try other.send(event)
                case .prompt(let action, let passkey): try other.prompt(action, passkey: passkey)
                case .assisted(let action, let passkey): try other.assisted(action, passkey: passkey)
                case .revocation(let passkey): try other.revokeInSettings(passkey)
                }
                observed.append("after \(input): \(other.summary); \(other.effectsSummary)")
                other.lastEffects = []
            } catch {
                observed.append("after \(input): not possible (\(other.summary))")
                break
            }
        }
        return observed
    }

    /// The state in words, for failure messages.
    var summary: String {
        var parts = ["screen \(state.screen)"]
        parts.append(state.notice.map { "error notice \"\($0.id)\"" } ?? "no error notice")
        let actions = state.offeredActions.map { "\"\($0.rawValue)\"" }
        parts.append(actions.isEmpty ? "no actions offered" : "offers \(actions.joined(separator: ", "))")
        if let ceremony = state.ceremony { parts.append("\(ceremony.route.rawValue) prompt open") }
        if state.assisted != nil { parts.append("passkeys offered in the identifier field") }
        parts.append("cancellation count \(state.cancellationStreak)")
        parts.append(state.session.map { "signed in as \($0)" } ?? "no session")
        return parts.joined(separator: ", ")
    }

    /// The last action's effects in words.
    var effectsSummary: String {
        lastEffects.isEmpty ? "no effects" : lastEffects.map(\.description).joined(separator: "; ")
    }
}

/// Configuration values a check's run keeps whatever its steps set.
struct ConfigurationPin: Sendable, Equatable {
    var entry: LoginEntry?
    var automaticStart: AutomaticStart?
    var enumerationPolicy: EnumerationPolicy?
    var fallback: FallbackMethod?

    func apply(to configuration: inout Configuration) {
        if let entry, configuration.entry != entry { configuration.entry = entry }
        if let automaticStart, configuration.automaticStart != automaticStart {
            configuration.automaticStart = automaticStart
        }
        if let enumerationPolicy, configuration.enumerationPolicy != enumerationPolicy {
            configuration.enumerationPolicy = enumerationPolicy
        }
        if let fallback, configuration.fallback != fallback { configuration.fallback = fallback }
    }
}
