import Foundation

// The requests and credentials of a passkey sign-in. A credential ID stands for the spec's
// passkey name, as its UTF-8 bytes; a challenge is the fake server's challenge string, as its
// UTF-8 bytes, which the app gets from the server's request options as it would in production.

/// What creates requests: here the platform passkey provider.
public protocol ASAuthorizationProvider: NSObjectProtocol {}

/// What a successful request gives: here a platform passkey assertion.
public protocol ASAuthorizationCredential: NSObjectProtocol {}

/// A request a controller performs; created by a provider.
open class ASAuthorizationRequest: NSObject {
    /// The provider that created the request.
    public let provider: any ASAuthorizationProvider

    init(provider: any ASAuthorizationProvider) {
        self.provider = provider
        super.init()
    }
}

/// Creates passkey requests for a relying party, for the passkeys of iCloud Keychain and other
/// credential managers.
open class ASAuthorizationPlatformPublicKeyCredentialProvider: NSObject, ASAuthorizationProvider {
    /// The relying party: the domain the passkeys belong to.
    public var relyingPartyIdentifier: String

    /// Creates a provider for `relyingPartyIdentifier`.
    public init(relyingPartyIdentifier: String) {
        self.relyingPartyIdentifier = relyingPartyIdentifier
        super.init()
    }

    /// A request to sign in with a passkey, signing `challenge`, the server's.
    public func createCredentialAssertionRequest(
        challenge: Data
    )
        -> ASAuthorizationPlatformPublicKeyCredentialAssertionRequest
    {
        ASAuthorizationPlatformPublicKeyCredentialAssertionRequest(
            provider: self, challenge: challenge, relyingPartyIdentifier: relyingPartyIdentifier)
    }
}

/// A request to sign in with a passkey: the fake gets its challenge and allowed passkeys.
public class ASAuthorizationPlatformPublicKeyCredentialAssertionRequest: ASAuthorizationRequest {
    /// The challenge the assertion signs.
    public var challenge: Data
    /// The relying party.
    public var relyingPartyIdentifier: String
    /// The passkeys the request allows; empty for any passkey of the relying party.
    public var allowedCredentials: [ASAuthorizationPlatformPublicKeyCredentialDescriptor] = []
    /// Whether the authenticator verifies the user.
    public var userVerificationPreference: ASAuthorizationPublicKeyCredentialUserVerificationPreference = .preferred

    init(provider: any ASAuthorizationProvider, challenge: Data, relyingPartyIdentifier: String) {
        self.challenge = challenge
        self.relyingPartyIdentifier = relyingPartyIdentifier
        super.init(provider: provider)
    }
}

/// A passkey an assertion request allows.
open class ASAuthorizationPlatformPublicKeyCredentialDescriptor: NSObject {
    /// The passkey's credential ID.
    public var credentialID: Data

    /// Describes the passkey with `credentialID`.
    public init(credentialID: Data) {
        self.credentialID = credentialID
        super.init()
    }
}

/// Whether the authenticator verifies the user (WebAuthn's `userVerification`).
public struct ASAuthorizationPublicKeyCredentialUserVerificationPreference: RawRepresentable, Hashable, Sendable {
    /// The WebAuthn value: `preferred`, `required` or `discouraged`.
    public let rawValue: String

    /// A preference from its WebAuthn value.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// A preference from its WebAuthn value.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Verify the user when the authenticator can; the default.
    public static let preferred = Self("preferred")
    /// Verify the user, or fail.
    public static let required = Self("required")
    /// Do not verify the user if that can be avoided.
    public static let discouraged = Self("discouraged")
}

/// A passkey assertion, as a successful sign-in request gives it. The fake's passkeys have no
/// keys and no user handles: the signature, the authenticator data and the user ID are empty,
/// and the server fake verifies an assertion by its credential ID. The client data is WebAuthn's
/// JSON for the request's challenge, as an app that reads it expects.
public class ASAuthorizationPlatformPublicKeyCredentialAssertion: NSObject, ASAuthorizationCredential {
    /// The passkey's credential ID: the spec's passkey name as UTF-8.
    public let credentialID: Data
    /// `{"type":"webauthn.get","challenge":…,"origin":"https://<relying party>"}`.
    public let rawClientDataJSON: Data
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    /// The authenticator data; empty. Implicitly unwrapped, as the SDK declares it.
    public let rawAuthenticatorData: Data!
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    /// The signature; empty.
    public let signature: Data!
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    /// The user handle of the passkey's account; empty.
    public let userID: Data!

    init(credentialID: Data, challenge: Data, relyingPartyIdentifier: String) {
        self.credentialID = credentialID
        rawClientDataJSON = Data(
            #"{"type":"webauthn.get","challenge":"\#(base64URL(challenge))","origin":"https://\#(relyingPartyIdentifier)"}"#
                .utf8)
        rawAuthenticatorData = Data()
        signature = Data()
        userID = Data()
        super.init()
    }
}

/// A successful request: the assertion and the provider of the request that gave it.
public class ASAuthorization: NSObject {
    /// The provider that created the request.
    public let provider: any ASAuthorizationProvider
    /// The assertion.
    public let credential: any ASAuthorizationCredential

    init(provider: any ASAuthorizationProvider, credential: any ASAuthorizationCredential) {
        self.provider = provider
        self.credential = credential
        super.init()
    }
}

/// The spec's name of the passkey whose credential ID is `credentialID`.
func passkeyName(_ credentialID: Data) -> String {
    String(decoding: credentialID, as: UTF8.self)
}

/// `bytes` in base64url without padding, as WebAuthn's client data carries the challenge.
private func base64URL(_ bytes: Data) -> String {
    bytes.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
}
