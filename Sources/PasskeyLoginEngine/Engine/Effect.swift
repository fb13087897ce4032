/// Work the reducer asks for; the app (or the `World` in tests) performs it.
public enum LoginEffect: Hashable, Codable, Sendable {
    /// Look up the route for the identifier (account directory and credential list).
    case lookUpAccount
    /// Ask the server for the options of the passkey request about to start (its challenge);
    /// every request, modal or assisted, waits for them.
    case fetchRequestOptions(Ceremony)
    /// Open the OS passkey prompt.
    case startCeremony(Ceremony)
    /// Arm an assisted request: passkeys offered in the identifier field's suggestions, no UI
    /// until the user picks one.
    case armAssistedRequest(Ceremony)
    /// Cancel the pending assisted request (before a modal one, or when leaving the screen).
    case cancelAssistedRequest
    /// Send the assertion to the server.
    case verifyAssertion(CredentialID)
    /// Tell the credential manager that this credential ID is unknown to the server.
    case signalUnknownCredential(CredentialID)
    /// Give the credential manager the full list of accepted credential IDs for a user.
    case signalAllAcceptedCredentials(userHandle: [UInt8], acceptedCredentials: [CredentialID])
    case createSession(accountID: String)
    case presentFallback(FallbackMethod)
    case openAccountRoute(AccountRoute)
    /// Store the cancellation streak so it survives a relaunch.
    case persistCancellationStreak(Int)

    /// Whether it is a call of the Signal API, which a browser refuses while another passkey
    /// request of the page is pending.
    public var isSignal: Bool {
        switch self {
        case .signalUnknownCredential, .signalAllAcceptedCredentials: true
        default: false
        }
    }
}

/// The result of reducing one event.
public struct Transition: Hashable, Sendable {
    public var state: LoginState
    public var effects: [LoginEffect]
    /// The spec scenario the event led to, if any.
    public var situation: Situation?

    public init(state: LoginState, effects: [LoginEffect] = [], situation: Situation? = nil) {
        self.state = state
        self.effects = effects
        self.situation = situation
    }

    /// The actions the scenario's copy must label: what the screen or notice offers after
    /// the event. An explicit cancellation leaves the screen unchanged, so it presents
    /// nothing of its own.
    public var presentedActions: [UserAction] {
        guard let situation, situation != .explicitCancel else { return [] }
        return state.offeredActions
    }
}
