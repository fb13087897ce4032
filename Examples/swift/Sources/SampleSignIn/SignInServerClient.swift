import Foundation

// The app's own API client: what the sign-in screen asks its server. Apple's "Supporting passkeys"
// has the app get a challenge from the server before every request and send the assertion back to
// be verified; the server decides who signs in.

/// The options of one passkey sign-in request, as the server issues them.
public struct PasskeySignInOptions: Equatable, Sendable {
    /// The challenge the assertion signs. The server issues a new one for every request.
    public var challenge: Data

    /// Options with `challenge`.
    public init(challenge: Data) {
        self.challenge = challenge
    }
}

/// A passkey assertion, as the app sends it to the server to verify.
public struct PasskeyAssertion: Equatable, Sendable {
    /// The passkey's credential ID.
    public var credentialID: Data
    /// The WebAuthn client data, with the challenge.
    public var clientDataJSON: Data
    /// The authenticator data.
    public var authenticatorData: Data
    /// The signature over the authenticator data and the client data's hash.
    public var signature: Data
    /// The user handle of the passkey's account.
    public var userID: Data

    /// An assertion to verify.
    public init(credentialID: Data, clientDataJSON: Data, authenticatorData: Data, signature: Data, userID: Data) {
        self.credentialID = credentialID
        self.clientDataJSON = clientDataJSON
        self.authenticatorData = authenticatorData
        self.signature = signature
        self.userID = userID
    }
}

/// The account a sign-in signed in to, as the server describes it.
public struct SignedInAccount: Equatable, Sendable {
    /// The account's user handle: the `userID` its passkeys were created with.
    public var userID: Data
    /// The credential IDs of every passkey the server accepts for the account.
    public var acceptedCredentialIDs: [Data]

    /// An account.
    public init(userID: Data, acceptedCredentialIDs: [Data]) {
        self.userID = userID
        self.acceptedCredentialIDs = acceptedCredentialIDs
    }
}

/// Why a call to the server failed, in the app's own words.
public enum SignInServiceError: Error, Equatable, LocalizedError {
    /// The request did not reach the server.
    case cannotConnect
    /// The server did not answer in time.
    case timedOut
    /// The server answered with an error status.
    case serverError(statusCode: Int)
    /// The server has no passkey with the assertion's credential ID: it was deleted, or never
    /// registered.
    case unknownCredential
    /// The assertion did not verify.
    case invalidAssertion
    /// The challenge the assertion signed expired, or was used already.
    case challengeExpired
    /// The account may not sign in now (locked or disabled).
    case accountUnavailable
    /// The account may not sign in with a passkey.
    case passkeyNotAllowed
    /// The username or password is wrong.
    case invalidPassword

    /// Whether the call did not get an answer from the server, so trying again may help.
    public var isConnectionProblem: Bool {
        switch self {
        case .cannotConnect, .timedOut, .serverError: true
        default: false
        }
    }

    /// The message the app shows.
    public var errorDescription: String? {
        switch self {
        case .cannotConnect: "Check your internet connection and try again."
        case .timedOut: "The server took too long to respond. Try again."
        case .serverError(let statusCode): "Something went wrong on our end (error \(statusCode)). Try again later."
        case .unknownCredential: "This passkey isn't recognized. It may have been deleted from your account."
        case .invalidAssertion: "Your passkey couldn't be verified."
        case .challengeExpired: "Your sign-in request expired. Try again."
        case .accountUnavailable: "Your account can't be used to sign in right now. Contact support for help."
        case .passkeyNotAllowed: "This account can't sign in with a passkey. Sign in with your password."
        case .invalidPassword: "The username or password is incorrect."
        }
    }
}

/// The app's server. A real client makes HTTPS requests with `URLSession` and calls each
/// completion handler on the main actor, where the sign-in screen and its account manager live.
@MainActor
public protocol SignInServerClient: AnyObject {
    /// Asks for the options of a passkey sign-in request: call it before every request.
    func fetchPasskeySignInOptions(
        completion: @escaping @MainActor (Result<PasskeySignInOptions, SignInServiceError>) -> Void)
    /// Sends `assertion` to be verified; the account it signs in to on success.
    func verify(
        _ assertion: PasskeyAssertion,
        completion: @escaping @MainActor (Result<SignedInAccount, SignInServiceError>) -> Void)
    /// Signs in with a username and password.
    func signIn(
        username: String, password: String,
        completion: @escaping @MainActor (Result<SignedInAccount, SignInServiceError>) -> Void)
    /// Deletes the signed-in account's passkey with `credentialID`; the credential IDs of the
    /// passkeys the server still accepts for the account.
    func deletePasskey(
        credentialID: Data, completion: @escaping @MainActor (Result<[Data], SignInServiceError>) -> Void)
}
