/// What the user is looking at.
public enum Screen: Hashable, Codable, Sendable {
    /// The login screen with the identifier field, the passkey button and the other methods.
    case login
    /// The configured fallback sign-in screen (password, email code, ...).
    case fallback(FallbackMethod)
    /// Signed in: the session exists.
    case signedIn
    /// An account-status, recovery or support route outside the login flow.
    case accountRoute(AccountRoute)
}

/// A modal alert (iOS) or dialog (Android) with copy from the spec: the scenarios that show
/// one. Their IDs are the scenarios' (`Situation`), written once there.
public enum Notice: Hashable, Codable, Sendable, CaseIterable {
    case accountCannotContinue
    case lookupFailed
    case passkeyFailed
    case passkeyUnavailable
    case deletedPasskey
    case restrictedAccount
    case passkeyNotAccepted

    /// The scenario whose copy the notice shows.
    public var situation: Situation {
        switch self {
        case .accountCannotContinue: .accountCannotContinue
        case .lookupFailed: .lookupFailed
        case .passkeyFailed: .passkeyFailed
        case .passkeyUnavailable: .passkeyUnavailable
        case .deletedPasskey: .deletedPasskey
        case .restrictedAccount: .restrictedAccount
        case .passkeyNotAccepted: .passkeyNotAccepted
        }
    }

    /// The scenario ID, e.g. `passkey-failed`.
    public var id: String { situation.rawValue }

    /// The actions the notice offers, in the order the spec lists them.
    public var actions: [UserAction] {
        switch self {
        case .accountCannotContinue: [.recovery, .support, .dismiss]
        case .lookupFailed, .passkeyFailed: [.retry, .fallback]
        // Decision retry-only-where-it-helps: a retry cannot fix this result.
        case .passkeyUnavailable: [.fallback, .dismiss]
        case .deletedPasskey, .passkeyNotAccepted: [.anotherPasskey, .fallback]
        case .restrictedAccount: [.accountHelp, .dismiss]
        }
    }
}

/// What the last event led to, in the spec's terms: the scenario it exercises. Raw values
/// are the spec's scenario IDs.
public enum Situation: String, Hashable, Codable, Sendable, CaseIterable {
    case accountCannotContinue = "account-cannot-continue"
    case lookupFailed = "lookup-failed"
    case passkeyFailed = "passkey-failed"
    case passkeyUnavailable = "passkey-unavailable"
    case deletedPasskey = "deleted-passkey"
    case restrictedAccount = "restricted-account"
    case automaticCancelFirst = "automatic-cancel-first"
    case automaticCancelRepeated = "automatic-cancel-repeated"
    case explicitCancel = "explicit-cancel"
    case noPasskeyUsed = "no-passkey-used"
    case passkeyNotAccepted = "passkey-not-accepted"
}

/// An action the user can choose. Raw values are the action IDs of the spec's copy tables.
public enum UserAction: String, Hashable, Codable, Sendable, CaseIterable {
    case retry
    case fallback
    case anotherPasskey = "another-passkey"
    case recovery
    case support
    case dismiss
    case accountHelp = "account-help"
    case usePasskey = "use-passkey"
}

/// A passkey ceremony the app asked the OS for.
public struct Ceremony: Hashable, Codable, Sendable {
    public var route: Route
    /// The credentials the request allows; empty for a discoverable request.
    public var allowedCredentials: [CredentialID]

    public init(route: Route, allowedCredentials: [CredentialID]) {
        self.route = route
        self.allowedCredentials = allowedCredentials
    }

    /// Decision automatic-route-prefers-local-passkeys: the automatic route asks for passkeys on
    /// this device only (`preferImmediatelyAvailableCredentials`), so that “no passkey here”
    /// ends it at once; the passkey button also offers passkeys on other devices.
    public var prefersImmediatelyAvailableCredentials: Bool { route == .automatic }
}

/// What the route lookup found.
public struct RouteData: Hashable, Codable, Sendable {
    /// The passkeys the server accepts for the account; empty when it has none.
    public var credentialIDs: [CredentialID]

    public init(credentialIDs: [CredentialID]) { self.credentialIDs = credentialIDs }
}

/// Where the route lookup stands.
public enum LookupStatus: Hashable, Codable, Sendable {
    case idle
    case inFlight
    case succeeded(RouteData)
    case failed(LookupDependency, LookupFault)
    /// The lookup answered, but passkey login is not a route for this identifier.
    case unavailable

    /// The route data when the lookup succeeded.
    public var data: RouteData? {
        if case .succeeded(let data) = self { return data }
        return nil
    }
}

/// What the retry action does when it is offered.
public enum RetryTarget: Hashable, Codable, Sendable {
    /// A fresh route lookup (after a lookup failure).
    case lookup
    /// The same ceremony again, with fresh request options.
    case ceremony(Ceremony)
}

/// An assertion sent to the server for verification.
public struct Verification: Hashable, Codable, Sendable {
    public var credentialID: CredentialID
    /// The ceremony that produced the assertion.
    public var ceremony: Ceremony

    public init(credentialID: CredentialID, ceremony: Ceremony) {
        self.credentialID = credentialID
        self.ceremony = ceremony
    }
}

/// The state of the login flow: a value, changed only by the reducer.
public struct LoginState: Hashable, Codable, Sendable {
    public var screen: Screen = .login
    /// Whether the login screen has appeared since launch.
    public var appeared = false
    public var notice: Notice?
    public var retry: RetryTarget?
    public var lookup: LookupStatus = .idle
    /// The passkey request waiting for its options from the server; it starts when they
    /// arrive.
    public var options: Ceremony?
    public var ceremony: Ceremony?
    /// The assisted request waiting in the identifier field's suggestions; it shows nothing
    /// until the user picks a passkey, so it does not make the screen busy.
    public var assisted: Ceremony?
    public var verification: Verification?
    /// Where "Get help" leads while the restricted-account notice is shown.
    public var accountRoute: AccountRoute?
    /// The signed-in account.
    public var session: String?
    /// Consecutive cancellations of the automatic route, kept across launches; capped at 2.
    public var cancellationStreak = 0

    public init(cancellationStreak: Int = 0) {
        self.cancellationStreak = cancellationStreak
    }

    /// After two consecutive automatic cancellations the app opens no passkey prompt by itself.
    public var automaticPromptsSuppressed: Bool { cancellationStreak >= 2 }

    /// Whether an OS prompt or a server call is under way (the UI waits for it). The options
    /// of an assisted request are fetched in the background, as the request itself waits.
    public var isBusy: Bool {
        ceremony != nil || verification != nil || lookup == .inFlight
            || (options != nil && options?.route != .assisted)
    }

    /// The actions of the spec's copy that the user can choose now.
    public var offeredActions: [UserAction] {
        if let notice { return notice.actions }
        switch screen {
        case .login: return retry != nil && !isBusy ? [.retry] : []
        case .fallback: return isBusy ? [] : [.usePasskey]
        case .signedIn, .accountRoute: return []
        }
    }
}
