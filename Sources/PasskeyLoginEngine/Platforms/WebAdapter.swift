import SpecModel

/// The names a login `navigator.credentials.get()` can reject with: the WebAuthn spec's
/// (`NotAllowedError`, `AbortError`, `SecurityError`, `TypeError`), what browsers send
/// besides (Chrome: `OperationError` for a request already pending, `NotReadableError` for an
/// unknown error, `NotSupportedError`), and the rest of the usual list for completeness
/// (`InvalidStateError`, `ConstraintError`, `UnknownError`).
public enum WebAuthnRejection: String, Hashable, Codable, Sendable, CaseIterable {
    case notAllowedError = "NotAllowedError"
    case abortError = "AbortError"
    case securityError = "SecurityError"
    case typeError = "TypeError"
    case operationError = "OperationError"
    case notReadableError = "NotReadableError"
    case notSupportedError = "NotSupportedError"
    case invalidStateError = "InvalidStateError"
    case constraintError = "ConstraintError"
    case unknownError = "UnknownError"

    /// `DOMException` for all but `TypeError`, which is a plain JavaScript error.
    public var errorClass: String { self == .typeError ? "TypeError" : "DOMException" }

    /// What it means in a login ceremony (WebAuthn L3 and the browsers' sources).
    public var meaning: String {
        switch self {
        case .notAllowedError:
            "the user cancelled, the request timed out, or no credential was available: deliberately the same"
        case .abortError: "the page aborted the request through its AbortSignal"
        case .securityError: "the RP ID is not this origin's registrable domain suffix, or the domain is invalid"
        case .typeError: "the options are not valid request options"
        case .operationError: "another WebAuthn request is already pending in this frame (Chrome)"
        case .notReadableError: "an unknown error while talking to the credential manager (Chrome)"
        case .notSupportedError: "the request needs something this browser or device does not support"
        case .invalidStateError: "the document's context is detached (Chrome)"
        case .constraintError: "a create() error; not expected for a login"
        case .unknownError: "an authenticator-level error; not expected as a get() rejection"
        }
    }
}

/// The web: `navigator.credentials.get({ publicKey, mediation, signal })` in the browser. The
/// passkey button asks with `mediation: "optional"` (the default); on load a page arms
/// `mediation: "conditional"` (autofill) and never opens the modal prompt by itself. The
/// Signal API is `PublicKeyCredential.signalUnknownCredential` and
/// `PublicKeyCredential.signalAllAcceptedCredentials`.
public struct WebAdapter: PlatformAdapter {
    public init() {}

    public var platform: Platform { .web }

    public var facts: [PlatformFact] { PlatformFacts.web }

    /// Decision web-load-is-conditional: on load a page offers passkeys through conditional
    /// mediation (the autofill suggestions), as Google's passkey guidance does, and opens the
    /// modal prompt only from the passkey button.
    public var automaticStarts: [AutomaticStart] { [.none, .assisted] }

    /// A conditional request rejects when it is aborted or cancelled; the page swallows it.
    public var reportsAssistedErrors: Bool { true }

    public var assistedRequestAPI: String {
        "navigator.credentials.get({ mediation: \"conditional\", publicKey }) after PublicKeyCredential.isConditionalMediationAvailable()"
    }

    public var errorResults: [NativeResult] { WebAuthnRejection.allCases.map(rejection) }

    public func rejection(_ name: WebAuthnRejection) -> NativeResult {
        NativeResult(
            platform: .web, name: name.rawValue, code: name.errorClass,
            message: name == .operationError ? "A request is already pending." : nil)
    }

    public func success(_ credential: CredentialID) -> NativeResult {
        NativeResult(
            platform: .web, name: "PublicKeyCredential (AuthenticatorAssertionResponse)", code: "success",
            credential: credential)
    }

    public func result(of action: PromptAction, credential: CredentialID?) -> NativeResult? {
        switch action {
        // WebAuthn: cancel, timeout and "no credential" are all NotAllowedError, on purpose.
        case .userCancels, .noPasskeyOnDevice: rejection(.notAllowedError)
        case .providerMisconfigured: rejection(.securityError)
        case .unknownFailure: rejection(.notReadableError)
        // Chrome: "The operation is not allowed at this time because the page does not have focus."
        case .interrupted: rejection(.notAllowedError)
        case .unsupported: rejection(.notSupportedError)
        case .userSelectsPasskey: credential.map(success)
        }
    }

    public func outcome(of result: NativeResult) -> CeremonyOutcome {
        if let credential = result.credential { return .assertion(credential) }
        guard let name = WebAuthnRejection(rawValue: result.name) else { return .failed }
        switch name {
        case .notAllowedError, .abortError:
            // Decision web-not-allowed-is-cancel: the browser hides whether the user cancelled,
            // timed out or had no passkey, so the page treats each as a cancellation; an abort is
            // the page's own and leaves the screen as it was.
            return .cancelled
        case .operationError, .notReadableError, .invalidStateError, .unknownError:
            return .failed
        case .securityError, .typeError, .notSupportedError:
            // Decision retry-only-where-it-helps: a misconfigured RP ID, invalid options or a
            // missing capability fail the same way again.
            return .unavailable
        case .constraintError:
            // Defensive: only create() lists it; a request the device cannot serve as asked.
            return .unavailable
        }
    }

    public func handlesDefensively(_ result: NativeResult) -> Bool {
        result.credential == nil && WebAuthnRejection(rawValue: result.name) == .constraintError
    }

    /// Chrome 132 and Safari 26 have the Signal API; Firefox does not (MDN browser-compat-data).
    public static let signalAvailability =
        "Chrome and Edge 132, Safari 26; not Firefox: call it only if PublicKeyCredential.signalUnknownCredential exists (feature detection); the promise resolves whether or not anything changed"

    public func signal(for effect: LoginEffect, relyingPartyID: String) -> NativeSignal? {
        switch effect {
        case .signalUnknownCredential(let credential):
            return NativeSignal(
                platform: .web, api: "PublicKeyCredential", call: "signalUnknownCredential",
                payload: SignalJSON.unknownCredential(relyingPartyID: relyingPartyID, credential: credential),
                availability: Self.signalAvailability)
        case .signalAllAcceptedCredentials(let userHandle, let accepted):
            return NativeSignal(
                platform: .web, api: "PublicKeyCredential", call: "signalAllAcceptedCredentials",
                payload: SignalJSON.allAcceptedCredentials(
                    relyingPartyID: relyingPartyID, userHandle: userHandle, accepted: accepted),
                availability: Self.signalAvailability)
        default:
            return nil
        }
    }

    /// Every name a Trigger cell may use on the web: each rejection name, and the lookup's
    /// `fetch()` failures (`TimeoutError` from `AbortSignal.timeout()`, `TypeError` for a
    /// network failure, which shares its name with the ceremony's `TypeError`).
    public func nativeTriggers(results: inout [TriggerResult], names: inout [TriggerNameEntry]) {
        for name in WebAuthnRejection.allCases {
            let native = rejection(name)
            results.append(
                TriggerResult(
                    id: name.rawValue, label: name.rawValue, causes: [.ceremony(outcome(of: native))], native: native))
        }
        // Its ID is also the name its own source is recorded under (`PlatformFacts.web`).
        let network = "fetch() TypeError"
        results.append(
            TriggerResult(
                id: network, label: "TypeError from fetch()",
                causes: LookupDependency.allCases.map { .lookup(.failed($0, .networkFailure)) }))
        for name in WebAuthnRejection.allCases {
            let ids = name == .typeError ? [name.rawValue, network] : [name.rawValue]
            names.append(TriggerNameEntry(name: name.rawValue, rawValue: nil, results: ids))
        }
        TriggerCatalogue.addTransport([("TimeoutError", .timeout)], results: &results, names: &names)
    }
}
