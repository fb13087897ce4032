import SpecModel

/// `ASAuthorizationError.Code` (domain `com.apple.AuthenticationServices.AuthorizationError`).
public enum ASAuthorizationErrorCode: Int, Hashable, Codable, Sendable, CaseIterable {
    case unknown = 1000
    case canceled = 1001
    case invalidResponse = 1002
    case notHandled = 1003
    case failed = 1004
    case notInteractive = 1005
    case matchedExcludedCredential = 1006
    case credentialImport = 1007
    case credentialExport = 1008
    case preferSignInWithApple = 1009
    case deviceNotConfiguredForPasskeyCreation = 1010

    /// The Swift name, e.g. `ASAuthorizationError.Code.canceled`.
    public var name: String { "ASAuthorizationError.Code." + caseName }

    /// The case's name, spelt out: interpolating the case would find it by reflection, which
    /// costs more than the rest of building an error result.
    private var caseName: String {
        switch self {
        case .unknown: "unknown"
        case .canceled: "canceled"
        case .invalidResponse: "invalidResponse"
        case .notHandled: "notHandled"
        case .failed: "failed"
        case .notInteractive: "notInteractive"
        case .matchedExcludedCredential: "matchedExcludedCredential"
        case .credentialImport: "credentialImport"
        case .credentialExport: "credentialExport"
        case .preferSignInWithApple: "preferSignInWithApple"
        case .deviceNotConfiguredForPasskeyCreation: "deviceNotConfiguredForPasskeyCreation"
        }
    }

    /// The iOS version that introduced the case.
    public var introduced: String {
        switch self {
        case .unknown, .canceled, .invalidResponse, .notHandled, .failed: "13.0"
        case .notInteractive: "15.0"
        case .matchedExcludedCredential: "18.0"
        case .credentialImport, .credentialExport: "18.2"
        case .preferSignInWithApple, .deviceNotConfiguredForPasskeyCreation: "26.0"
        }
    }
}

/// iOS AuthenticationServices: `ASAuthorizationController` results and the Signal API of
/// `ASCredentialDataManager` (iOS 26.2; `ASCredentialUpdater` in 26.0 and 26.1).
public struct IOSAdapter: PlatformAdapter {
    /// The message iOS puts on `canceled` when no local credential exists for the request.
    public static let noCredentialsMessage = "No credentials available for login."

    public init() {}

    public var platform: Platform { .ios }

    public var facts: [PlatformFact] { PlatformFacts.ios }

    public var automaticStarts: [AutomaticStart] { AutomaticStart.allCases }

    /// Apple's sample ("Connecting to a service with passkeys") receives the AutoFill
    /// request's `canceled` in `didCompleteWithError` and ignores it.
    public var reportsAssistedErrors: Bool { true }

    /// iOS 16.0: `performAutoFillAssistedRequests()` with an
    /// `ASAuthorizationPlatformPublicKeyCredentialAssertionRequest`.
    public var assistedRequestAPI: String { "ASAuthorizationController.performAutoFillAssistedRequests()" }

    public var errorResults: [NativeResult] {
        ASAuthorizationErrorCode.allCases.map { error($0) } + [error(.canceled, message: Self.noCredentialsMessage)]
    }

    public func success(_ credential: CredentialID) -> NativeResult {
        NativeResult(
            platform: .ios, name: "ASAuthorizationPlatformPublicKeyCredentialAssertion", code: "success",
            credential: credential)
    }

    public func error(_ code: ASAuthorizationErrorCode, message: String? = nil) -> NativeResult {
        NativeResult(platform: .ios, name: code.name, code: String(code.rawValue), message: message)
    }

    public func result(of action: PromptAction, credential: CredentialID?) -> NativeResult? {
        switch action {
        case .userCancels: error(.canceled)
        case .noPasskeyOnDevice: error(.canceled, message: Self.noCredentialsMessage)
        // Apple (forum thread 756425): `failed` "generally means some part of the request was
        // invalid, such as invalid parameters being passed or an issue with Associated Domains".
        case .providerMisconfigured: error(.failed, message: "Unable to verify webcredentials association")
        case .unknownFailure: error(.unknown)
        // Decision interruption-as-the-platform-reports-it: iOS has no result of its own for a
        // request the system ends; the sheet goes away as when the user dismisses it.
        case .interrupted: error(.canceled)
        // The same engineer: passkey requests return only `canceled`, `failed` and
        // `matchedExcludedCredential`, so a device that cannot serve the request fails.
        case .unsupported: error(.failed)
        case .userSelectsPasskey: credential.map(success)
        }
    }

    public func outcome(of result: NativeResult) -> CeremonyOutcome {
        if let credential = result.credential { return .assertion(credential) }
        guard let raw = Int(result.code), let code = ASAuthorizationErrorCode(rawValue: raw) else { return .failed }
        switch code {
        case .canceled:
            // "No credential" and "user cancelled" share 1001; only the message tells them apart.
            return result.message?.contains(Self.noCredentialsMessage) == true ? .noCredential : .cancelled
        case .failed:
            // Decision retry-only-where-it-helps: an invalid request or an Associated Domains
            // problem fails the same way again.
            return .unavailable
        case .unknown:
            // A passkey request has ended with it (forum thread 785321): a failure the platform
            // gives no reason for, a general error with a retry.
            return .failed
        case .notInteractive:
            // Defensive: not a sign-in result per Apple; read as "no credential" if it comes.
            return .noCredential
        case .preferSignInWithApple:
            // Decision ios-prefer-sign-in-with-apple (defensive).
            return .otherMethodPreferred
        case .invalidResponse, .notHandled:
            // Defensive: not sign-in results per Apple; a general error with one retry.
            return .failed
        case .matchedExcludedCredential, .credentialImport, .credentialExport, .deviceNotConfiguredForPasskeyCreation:
            // Defensive: codes of other request types; the same request would end the same way.
            return .unavailable
        }
    }

    public func handlesDefensively(_ result: NativeResult) -> Bool {
        guard result.credential == nil, let raw = Int(result.code), let code = ASAuthorizationErrorCode(rawValue: raw)
        else { return false }
        switch code {
        case .canceled, .failed, .unknown: return false
        case .invalidResponse, .notHandled, .notInteractive, .preferSignInWithApple, .matchedExcludedCredential,
            .credentialImport, .credentialExport, .deviceNotConfiguredForPasskeyCreation:
            return true
        }
    }

    /// Which class carries the Signal API on which iOS version: `ASCredentialUpdater` came in
    /// 26.0 and was deprecated in 26.2 for `ASCredentialDataManager`, with the same methods.
    public static let signalAvailability =
        "ASCredentialDataManager on iOS 26.2 and later; ASCredentialUpdater on iOS 26.0 and 26.1; nothing to call before iOS 26"

    public func signal(for effect: LoginEffect, relyingPartyID: String) -> NativeSignal? {
        let api = "ASCredentialDataManager"
        // The methods take `Data`; the arguments are shown as Swift expressions that build it.
        switch effect {
        case .signalUnknownCredential(let credential):
            return NativeSignal(
                platform: .ios, api: api,
                call: "reportUnknownPublicKeyCredential(relyingPartyIdentifier:credentialID:)",
                payload: Self.arguments([
                    ("relyingPartyIdentifier", CompactJSON.string(relyingPartyID)),
                    ("credentialID", Self.data(credential.bytes)),
                ]), availability: Self.signalAvailability)
        case .signalAllAcceptedCredentials(let userHandle, let accepted):
            return NativeSignal(
                platform: .ios, api: api,
                call: "reportAllAcceptedPublicKeyCredentials(relyingPartyIdentifier:userHandle:acceptedCredentialIDs:)",
                payload: Self.arguments([
                    ("relyingPartyIdentifier", CompactJSON.string(relyingPartyID)),
                    ("userHandle", Self.data(userHandle)),
                    ("acceptedCredentialIDs", "[" + accepted.map { Self.data($0.bytes) }.joined(separator: ", ") + "]"),
                ]), availability: Self.signalAvailability)
        default:
            return nil
        }
    }

    /// `relyingPartyIdentifier: "example.com", credentialID: Data(base64Encoded: "…")!`
    static func arguments(_ pairs: [(String, String)]) -> String {
        pairs.map { "\($0.0): \($0.1)" }.joined(separator: ", ")
    }

    /// A `Data` literal in Swift: `Data(base64Encoded: "cGFzc2tleS0x")!` (standard base64, padded).
    static func data(_ bytes: [UInt8]) -> String {
        "Data(base64Encoded: \"\(Base64URL.standard(bytes))\")!"
    }
}

extension IOSAdapter {
    /// Every name a Trigger cell may use on iOS, with the native results each stands for.
    public func nativeTriggers(results: inout [TriggerResult], names: inout [TriggerNameEntry]) {
        for code in ASAuthorizationErrorCode.allCases {
            let raw = String(code.rawValue)
            var ids = [raw]
            let native = error(code)
            results.append(
                TriggerResult(
                    id: raw, label: "\(code.name) (\(raw))", causes: [.ceremony(outcome(of: native))], native: native))
            if code == .canceled {
                let id = "\(raw) no credentials"
                ids.append(id)
                let noCredentials = error(code, message: IOSAdapter.noCredentialsMessage)
                results.append(
                    TriggerResult(
                        id: id, label: "\(code.name) (\(raw)) with “\(IOSAdapter.noCredentialsMessage)”",
                        causes: [.ceremony(outcome(of: noCredentials))], native: noCredentials))
            }
            names.append(TriggerNameEntry(name: code.name, rawValue: raw, results: ids))
        }
        TriggerCatalogue.addTransport(
            [
                ("URLError.Code.timedOut", .timeout), ("URLError.Code.notConnectedToInternet", .networkFailure),
                ("URLError.Code.cannotFindHost", .networkFailure),
                ("URLError.Code.cannotConnectToHost", .networkFailure),
                ("URLError.Code.networkConnectionLost", .networkFailure),
                ("URLError.Code.secureConnectionFailed", .networkFailure),
                ("URLError.Code.dataNotAllowed", .networkFailure),
            ],
            results: &results, names: &names)
    }
}
