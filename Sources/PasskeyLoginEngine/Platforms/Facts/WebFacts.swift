import SpecModel

extension PlatformFacts {
    /// The web: the names `navigator.credentials.get()` rejects with, and the lookup's `fetch()`
    /// failures (`TypeError` names both the ceremony's and the network's).
    static let web: [PlatformFact] = [
        PlatformFact(
            name: "NotAllowedError", requests: [.signIn],
            source: webAuthn(
                "sctn-get-request-exceptions",
                "A catch-all error covering a wide range of possible reasons, including common ones like the user canceling out of the ceremony."
            )),
        PlatformFact(
            name: "AbortError", requests: [.signIn],
            source: webAuthn("sctn-get-request-exceptions", "The ceremony was cancelled by an AbortController.")),
        PlatformFact(
            name: "SecurityError", requests: [.signIn],
            source: webAuthn(
                "sctn-get-request-exceptions",
                "The effective domain was not a valid domain, or rp.id was not equal to or a registrable domain suffix of the effective domain."
            )),
        // The name's fact is the passkey request's (invalid options); both results of the name
        // arrive during a sign-in, so the name's requests hold for the lookup's as well.
        PlatformFact(
            name: "TypeError", requests: [.signIn],
            source: webAuthn(
                "sctn-get-request-exceptions", "The options argument was not a valid CredentialRequestOptions value.")),
        // The lookup's `fetch()` network failure, under its result's ID: `errors TypeError`
        // shows each result of the name with its own source.
        PlatformFact(
            name: "fetch() TypeError", requests: [.signIn],
            source: FactSource(
                title: "Window: fetch() method", url: "https://developer.mozilla.org/en-US/docs/Web/API/Window/fetch",
                quote:
                    "A fetch() promise only rejects when the request fails, for example, because of a badly-formed request URL or a network error.",
                checked: "2026-12-02")),
        PlatformFact(
            name: "OperationError", requests: [.signIn], source: chromium("A request is already pending.")),
        PlatformFact(
            name: "NotReadableError", requests: [.signIn],
            source: chromium("An unknown error occurred while talking to the credential manager.")),
        PlatformFact(
            name: "NotSupportedError", requests: [.signIn],
            source: chromium("Use of an empty `allowCredentials` list is not supported on this device.")),
        PlatformFact(
            name: "InvalidStateError", requests: [.registration], defensive: true,
            source: webAuthn(
                "sctn-create-request-exceptions",
                "The authenticator used in the ceremony recognized an entry in excludeCredentials after the user consented to registering a credential."
            )),
        PlatformFact(
            name: "ConstraintError", requests: [.registration],
            source: webAuthn(
                "sctn-create-request-exceptions",
                "Either residentKey was set to required and no available authenticator supported resident keys, or userVerification was set to required and no available authenticator could perform user verification."
            )),
        PlatformFact(
            name: "UnknownError", requests: [.other], defensive: true,
            source: webAuthn(
                "sctn-op-get-assertion",
                "If any error occurred while generating the assertion signature, return an error code equivalent to \"UnknownError\" and terminate the operation."
            )),
        PlatformFact(
            name: "TimeoutError", requests: [.signIn],
            source: source(
                "AbortSignal: timeout() static method",
                "https://developer.mozilla.org/en-US/docs/Web/API/AbortSignal/timeout_static",
                "The signal aborts with a TimeoutError DOMException on timeout.")),
    ]

    /// A section of WebAuthn Level 3.
    private static func webAuthn(_ anchor: String, _ quote: String) -> FactSource {
        source(
            "Web Authentication: An API for accessing Public Key Credentials - Level 3",
            "https://w3c.github.io/webauthn/#\(anchor)", quote)
    }

    /// Chromium's `get()` rejections (blink `AuthenticatorStatusToDOMException` and pre-checks).
    private static func chromium(_ quote: String) -> FactSource {
        source(
            "Chromium: authentication_credentials_container.cc",
            "https://github.com/chromium/chromium/blob/0399231b98c3238542716e4c58692e1df1c4e048/third_party/blink/renderer/modules/credentialmanagement/authentication_credentials_container.cc",
            quote)
    }
}
