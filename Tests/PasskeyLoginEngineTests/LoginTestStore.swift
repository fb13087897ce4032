import PasskeyLoginEngine
import SpecModel
import Testing

/// Drives the reducer in the exhaustive style: every event's resulting state must equal the
/// previous state changed exactly as the test says, and its effects and scenario must be
/// exactly the ones the test lists. Anything the test did not assert fails it.
///
/// Unless `answersOptions` is off, the server answers every request-options call at once, as
/// part of the event that made it: a listed `.startCeremony(c)` or `.armAssistedRequest(c)`
/// stands for `.fetchRequestOptions(c)` followed by it, and the state asserted is the one
/// after the options arrived. The tests of the options call itself turn it off.
struct LoginTestStore {
    private(set) var state: LoginState
    let reducer: LoginReducer
    var answersOptions = true

    init(configuration: Configuration = Configuration(), state: LoginState = LoginState()) {
        self.reducer = LoginReducer(configuration: configuration)
        self.state = state
    }

    /// Sends `event` and checks the whole transition.
    mutating func send(
        _ event: LoginEvent, effects: [LoginEffect] = [], situation: Situation? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation, _ update: (inout LoginState) -> Void = { _ in }
    ) {
        #expect(
            reducer.accepts(event, in: state), "\(event) is not possible in \(state)", sourceLocation: sourceLocation)
        var expected = state
        update(&expected)
        let transition = answersOptions ? reducer.reduceAnswering(state, event) : reducer.reduce(state, event)
        var effects = effects
        if answersOptions {
            effects = effects.flatMap { effect -> [LoginEffect] in
                switch effect {
                case .startCeremony(let ceremony), .armAssistedRequest(let ceremony):
                    [.fetchRequestOptions(ceremony), effect]
                default: [effect]
                }
            }
        }
        if transition.state != expected {
            Issue.record(
                "state after '\(event)' differs: \(differences(expected, transition.state).joined(separator: "; "))",
                sourceLocation: sourceLocation)
        }
        #expect(transition.effects == effects, "effects of '\(event)'", sourceLocation: sourceLocation)
        #expect(transition.situation == situation, "scenario of '\(event)'", sourceLocation: sourceLocation)
        state = transition.state
    }

    /// Checks that `event` is not possible now (the reducer would ignore it).
    func refuses(_ event: LoginEvent, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(!reducer.accepts(event, in: state), "\(event) should not be possible", sourceLocation: sourceLocation)
        #expect(reducer.reduce(state, event) == Transition(state: state), sourceLocation: sourceLocation)
    }

    /// The fields that differ, as `name: expected → actual`.
    private func differences(_ expected: LoginState, _ actual: LoginState) -> [String] {
        let left = Mirror(reflecting: expected).children
        let right = Array(Mirror(reflecting: actual).children)
        return zip(left, right).compactMap { pair in
            let (a, b) = pair
            let expectedText = String(describing: a.value)
            let actualText = String(describing: b.value)
            return expectedText == actualText ? nil : "\(a.label ?? "?"): \(expectedText) → \(actualText)"
        }
    }
}

extension LoginReducer {
    /// `reduce`, with the server answering a request-options call the event makes at once: the
    /// effects are the event's and then the answer's, the state the one after the answer.
    func reduceAnswering(_ state: LoginState, _ event: LoginEvent) -> Transition {
        let transition = reduce(state, event)
        guard transition.effects.contains(where: { if case .fetchRequestOptions = $0 { true } else { false } })
        else { return transition }
        let answered = reduce(transition.state, .requestOptionsFinished(.received))
        return Transition(
            state: answered.state, effects: transition.effects + answered.effects,
            situation: transition.situation ?? answered.situation)
    }
}

/// What opening `ceremony` takes: the request-options call, then the prompt.
func opening(_ ceremony: Ceremony) -> [LoginEffect] { [.fetchRequestOptions(ceremony), .startCeremony(ceremony)] }

/// What arming `ceremony` in the identifier field takes: the request-options call, then the request.
func arming(_ ceremony: Ceremony) -> [LoginEffect] { [.fetchRequestOptions(ceremony), .armAssistedRequest(ceremony)] }

// MARK: - Fixtures

let passkey1 = CredentialID(named: "passkey-1")
let passkey2 = CredentialID(named: "passkey-2")
let activeAccount = Account(id: "account", userHandle: Array("user-1".utf8), status: .active)

/// The engine outcome of a prompt action on a platform, through that platform's adapter.
func outcome(_ action: PromptAction, on platform: Platform, credential: CredentialID? = nil) -> CeremonyOutcome {
    let adapter = PlatformAdapters.adapter(for: platform)!
    guard let result = adapter.result(of: action, credential: credential) else {
        Issue.record("\(platform) has no native result for \(action)")
        return .failed
    }
    return adapter.outcome(of: result)
}

extension LoginTestStore {
    /// The automatic route's request after a lookup that found `credentials`: under `conceal`
    /// (the default) a discoverable one, whatever was found; under `reveal`, for those passkeys.
    func automaticCeremony(for credentials: [CredentialID] = [passkey1, passkey2]) -> Ceremony {
        Ceremony(route: .automatic, allowedCredentials: kept(credentials))
    }

    /// What the app keeps of the lookup's passkeys: none under `conceal` (decision
    /// conceal-before-authentication).
    func kept(_ credentials: [CredentialID]) -> [CredentialID] {
        reducer.configuration.enumerationPolicy == .conceal ? [] : credentials
    }

    /// Launch, lookup finding `credentials`, and (with automatic start) the automatic prompt open.
    mutating func launchToAutomaticPrompt(credentials: [CredentialID] = [passkey1, passkey2]) {
        send(.screenAppeared, effects: [.lookUpAccount]) {
            $0.appeared = true
            $0.lookup = .inFlight
        }
        let ceremony = automaticCeremony(for: credentials)
        let kept = RouteData(credentialIDs: kept(credentials))
        guard state.cancellationStreak == 1 else {
            send(.lookupFinished(.found(RouteData(credentialIDs: credentials))), effects: [.startCeremony(ceremony)]) {
                $0.lookup = .succeeded(kept)
                $0.ceremony = ceremony
            }
            return
        }
        // With one cancellation pending, the retry is offered again and the prompt waits for it.
        send(.lookupFinished(.found(RouteData(credentialIDs: credentials))), situation: .automaticCancelFirst) {
            $0.lookup = .succeeded(kept)
            $0.retry = .ceremony(ceremony)
        }
        send(.retryTapped, effects: [.startCeremony(ceremony)]) {
            $0.retry = nil
            $0.ceremony = ceremony
        }
    }
}

/// The platforms where the app may open the passkey prompt by itself (the web does not).
let promptPlatforms = PlatformAdapters.all.filter { $0.automaticStarts.contains(.prompt) }.map(\.platform)
