import SpecModel

extension PlatformFacts {
    /// The web: the names `navigator.credentials.get()` rejects with, and the lookup's `fetch()`
    /// failures (`TypeError` names both the ceremony's and the network's).
    static let web: [PlatformFact] = [
        PlatformFact(
            name: "NotAllowedError", requests: [.signIn],
            conclusion: "WebAuthn lists it among the exceptions of get(), the sign-in request.",
            source: webAuthn(
                "sctn-get-request-exceptions",
                "A catch-all error covering a wide range of possible reasons, including common ones like the user canceling out of the ceremony."
            )),
        PlatformFact(
            name: "AbortError", requests: [.signIn],
            conclusion:
                "WebAuthn lists it among the exceptions of get(): the page’s own AbortController ends a sign-in with it.",
            source: webAuthn("sctn-get-request-exceptions", "The ceremony was cancelled by an AbortController.")),
        PlatformFact(
            name: "SecurityError", requests: [.signIn],
            conclusion: "WebAuthn lists it among the exceptions of get(), the sign-in request.",
            source: webAuthn(
                "sctn-get-request-exceptions",
                "The effective domain was not a valid domain, or rp.id was not equal to or a registrable domain suffix of the effective domain."
            )),
        // The name's fact is the passkey request's (invalid options); both results of the name
        // arrive during a sign-in, so the name's requests hold for the lookup's as well.
        PlatformFact(
            name: "TypeError", requests: [.signIn],
            conclusion:
                "WebAuthn lists it among the exceptions of get(); the lookup’s fetch() rejects with it too, during the same sign-in.",
            source: webAuthn(
                "sctn-get-request-exceptions", "The options argument was not a valid CredentialRequestOptions value.")),
        // The lookup's `fetch()` network failure, under its result's ID: `errors TypeError`
        // shows each result of the name with its own source.
        PlatformFact(
            name: "fetch() TypeError", requests: [.signIn],
            conclusion:
                "The lookup is the page’s own fetch() during a sign-in, and the Fetch Standard rejects it with a TypeError when the response is a network error (an HTTP error status is not one: it resolves).",
            source: FactSource(
                title: "Fetch Standard: fetch() method steps", url: "https://fetch.spec.whatwg.org/#fetch-method",
                quote: "If response is a network error, then reject p with a TypeError and abort these steps.",
                checked: "2026-12-03")),
        PlatformFact(
            name: "OperationError", requests: [.signIn],
            conclusion:
                "Chromium’s get() rejects with it while another WebAuthn request of the page is pending, such as a conditional request.",
            source: chromium("A request is already pending.")),
        PlatformFact(
            name: "NotReadableError", requests: [.signIn],
            conclusion: "Chromium’s get() rejects with it when its credential manager fails for an unknown reason.",
            source: chromium("An unknown error occurred while talking to the credential manager.")),
        PlatformFact(
            name: "NotSupportedError", requests: [.signIn],
            conclusion: "Chromium’s get() rejects with it when the device cannot serve the request as asked.",
            source: chromium("Use of an empty `allowCredentials` list is not supported on this device.")),
        PlatformFact(
            name: "InvalidStateError", requests: [.signIn, .registration],
            conclusion:
                "Chromium’s get() rejects with it when the page’s document is detached (Credential Management rejects a request from a document that is not fully active), so a sign-in can end with it; a registration does when an excluded credential is recognized.",
            source: source(
                "Chromium: authentication_credentials_container.cc",
                "https://github.com/chromium/chromium/blob/0399231b98c3238542716e4c58692e1df1c4e048/third_party/blink/renderer/modules/credentialmanagement/authentication_credentials_container.cc",
                "exception_state.ThrowDOMException(DOMExceptionCode::kInvalidStateError, \"Context is detached\");")),
        PlatformFact(
            name: "ConstraintError", requests: [.registration],
            conclusion:
                "WebAuthn lists it among the exceptions of create() only, for a resident key or user verification no authenticator can give.",
            source: webAuthn(
                "sctn-create-request-exceptions",
                "Either residentKey was set to required and no available authenticator supported resident keys, or userVerification was set to required and no available authenticator could perform user verification."
            )),
        PlatformFact(
            name: "UnknownError", requests: [.signIn],
            conclusion:
                "An authenticator ends the sign-in operation with it; a browser that passes an authenticator’s error on to the page rejects get() with it.",
            source: webAuthn(
                "sctn-op-get-assertion",
                "If any error occurred while generating the assertion signature, return an error code equivalent to \"UnknownError\" and terminate the operation."
            )),
        PlatformFact(
            name: "TimeoutError", requests: [.signIn],
            conclusion:
                "The page ends its own sign-in with AbortSignal.timeout(), whose signal aborts with this error.",
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
