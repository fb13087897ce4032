// What the login screen talks to, as the app declares it. In the app these wrap
// AuthenticationServices, the account service's HTTP client, the credential manager's
// signals and UserDefaults; in tests, whatever the test gives.

/// An `ASAuthorizationError` as the app sees it: its code and its description.
public struct AuthorizationFailure: Error, Equatable {
    public var code: Int
    public var localizedDescription: String

    public init(code: Int, localizedDescription: String) {
        self.code = code
        self.localizedDescription = localizedDescription
    }
}

/// The passkey assertion requests the app makes (`ASAuthorizationController`).
public protocol PasskeyAuthenticating: AnyObject {
    /// A modal request (`performRequests()`, with `.preferImmediatelyAvailableCredentials` when
    /// `onlyThisDevice`) or an AutoFill-assisted one (`performAutoFillAssistedRequests()`).
    func requestAssertion(
        style: AssertionStyle, allowedCredentialIDs: [String], challenge: String,
        completion: @escaping (Result<String, AuthorizationFailure>) -> Void)
    /// Cancels the AutoFill-assisted request (`ASAuthorizationController.cancel()`).
    func cancelAutoFill()
}

public enum AssertionStyle: Equatable {
    /// The sheet the app opens by itself when the screen shows; asks for passkeys on this
    /// device only.
    case automaticSheet
    /// The sheet the passkey button opens.
    case buttonSheet
    /// Passkeys offered in the keyboard's QuickType bar.
    case autoFill
}

/// The account service.
public protocol AccountService: AnyObject {
    func fetchSignInOptions(completion: @escaping (SignInOptions) -> Void)
    /// The options of the next assertion request: its challenge, good for one request.
    func fetchAssertionChallenge(completion: @escaping (AssertionChallenge) -> Void)
    func verifyAssertion(credentialID: String, completion: @escaping (AssertionVerdict) -> Void)
    func completePasswordSignIn(completion: @escaping (SignedInAccount?) -> Void)
    /// Revokes a passkey of the signed-in account; answers the IDs the service still accepts.
    func revokeCredential(_ credentialID: String, completion: @escaping ([String]) -> Void)
}

public enum SignInOptions: Equatable {
    case passkeys(credentialIDs: [String])
    case noAccount
    case passkeyLoginNotOffered
    case unreachable(reason: String)
}

public enum AssertionChallenge: Equatable {
    case challenge(String)
    case unreachable(reason: String)
}

public enum AssertionVerdict: Equatable {
    case accepted(SignedInAccount)
    case unknownCredential
    case revokedCredential
    /// The assertion itself did not verify; the credential is still on the account.
    case rejectedAssertion
    case undetermined
    /// The assertion signs a challenge the service no longer holds (expired or used).
    case staleChallenge
    case passkeyLoginNotOffered
}

public struct SignedInAccount: Equatable {
    public var status: String
    public var acceptedCredentialIDs: [String]

    public init(status: String, acceptedCredentialIDs: [String]) {
        self.status = status
        self.acceptedCredentialIDs = acceptedCredentialIDs
    }
}

/// The credential manager's signals (`ASCredentialUpdater`).
public protocol CredentialReporting: AnyObject {
    func reportUnknownCredential(_ credentialID: String)
    func reportAllAcceptedCredentials(_ credentialIDs: [String])
}

/// What survives a relaunch (`UserDefaults`).
public protocol SettingsStore: AnyObject {
    func integer(forKey key: String) -> Int
    func set(_ value: Int, forKey key: String)
}

/// How the app is set up.
public struct LoginSettings: Equatable {
    public enum AutomaticStart: Equatable {
        case off
        case sheet
        case autoFill
    }

    public var automaticStart: AutomaticStart
    /// Whether the login screen has an identifier field; without one the app asks for any
    /// passkey of the app and looks nothing up.
    public var asksForIdentifier: Bool
    /// Whether the app may say that an account cannot use passkeys before the user
    /// authenticates.
    public var revealsAccountState: Bool
    /// Where each account status that may not sign in leads.
    public var helpDestinations: [String: String]

    public init(
        automaticStart: AutomaticStart, asksForIdentifier: Bool = true, revealsAccountState: Bool,
        helpDestinations: [String: String]
    ) {
        self.automaticStart = automaticStart
        self.asksForIdentifier = asksForIdentifier
        self.revealsAccountState = revealsAccountState
        self.helpDestinations = helpDestinations
    }
}
