import SpecModel

/// Something the user or the OS does at the passkey prompt, in words a check can use. The
/// platform adapter turns it into that platform's real native result.
public enum PromptAction: Hashable, Codable, Sendable, CaseIterable {
    /// The user cancels or dismisses the OS prompt.
    case userCancels
    /// No passkey for this app is on the device.
    case noPasskeyOnDevice
    /// The passkey provider or the app's association with its domain is misconfigured.
    case providerMisconfigured
    /// The request fails for no reason the platform gives.
    case unknownFailure
    /// The prompt is interrupted by the system (another app, a lock screen).
    case interrupted
    /// The device cannot run the request (an OS or service too old).
    case unsupported
    /// The user picks a passkey (which one is chosen by the caller).
    case userSelectsPasskey

    /// The case's name, spelt out rather than found by reflection (a check names its prompt
    /// actions on every step).
    public var name: String {
        switch self {
        case .userCancels: "userCancels"
        case .noPasskeyOnDevice: "noPasskeyOnDevice"
        case .providerMisconfigured: "providerMisconfigured"
        case .unknownFailure: "unknownFailure"
        case .interrupted: "interrupted"
        case .unsupported: "unsupported"
        case .userSelectsPasskey: "userSelectsPasskey"
        }
    }
}

/// A native result of a passkey get request, as the platform's API reports it.
public struct NativeResult: Hashable, Codable, Sendable, CustomStringConvertible {
    public var platform: Platform
    /// The API's own name, e.g. `ASAuthorizationError.Code.canceled` or `NoCredentialException`.
    public var name: String
    /// The raw value: an `ASAuthorizationError` code, or an Android exception's `type` string.
    public var code: String
    /// The error's message where it matters (iOS `localizedDescription`).
    public var message: String?
    /// The credential returned on success.
    public var credential: CredentialID?

    public init(
        platform: Platform, name: String, code: String, message: String? = nil, credential: CredentialID? = nil
    ) {
        self.platform = platform
        self.name = name
        self.code = code
        self.message = message
        self.credential = credential
    }

    public var description: String {
        var text = "\(name) (\(code))"
        if let message { text += " \"\(message)\"" }
        if let credential { text += " credential \(credential)" }
        return text
    }
}

/// A signal request in the platform's real shape, for the site and for checks.
public struct NativeSignal: Hashable, Codable, Sendable {
    public var platform: Platform
    /// The API used, e.g. `ASCredentialDataManager` or `CredentialManager.signalCredentialState`.
    public var api: String
    /// The method or request class, e.g. `reportUnknownPublicKeyCredential(relyingPartyIdentifier:credentialID:)`.
    public var call: String
    /// The request's JSON (Android, keys sorted) or the call's arguments as Swift (iOS).
    public var payload: String
    /// The OS and library versions that have the API, and what happens below them.
    public var availability: String

    public init(platform: Platform, api: String, call: String, payload: String, availability: String) {
        self.platform = platform
        self.api = api
        self.call = call
        self.payload = payload
        self.availability = availability
    }
}

/// Turns prompt actions into native results, native results into engine outcomes, and
/// signal effects into native signal requests, for one platform.
public protocol PlatformAdapter: Sendable {
    var platform: Platform { get }
    /// Every error result a passkey get request can end with on this platform.
    var errorResults: [NativeResult] { get }
    /// The success result for a credential.
    func success(_ credential: CredentialID) -> NativeResult
    /// The native result of an action at the prompt, nil when the platform has no such result.
    func result(of action: PromptAction, credential: CredentialID?) -> NativeResult?
    /// The engine outcome of a native result.
    func outcome(of result: NativeResult) -> CeremonyOutcome
    /// Whether `outcome(of:)` reads `result` only defensively: the adapter's author took it
    /// for a result no sign-in returns, handled in case one ever arrives. A test holds it equal
    /// to the result's fact (`PlatformFact.defensive`), so the code and the sources agree.
    func handlesDefensively(_ result: NativeResult) -> Bool
    /// The native request for a signal effect; nil for other effects.
    func signal(for effect: LoginEffect, relyingPartyID: String) -> NativeSignal?
    /// Adds every name a Trigger cell may use for this platform's own results (native errors
    /// and transport failures) to a trigger catalogue; the server's answers are added for all.
    func nativeTriggers(results: inout [TriggerResult], names: inout [TriggerNameEntry])
    /// What the app may start by itself on this platform (see `AutomaticStart`).
    var automaticStarts: [AutomaticStart] { get }
    /// Whether an assisted request that ends without a passkey reports its error to the app
    /// (Android's `PendingGetCredentialRequest` does not).
    var reportsAssistedErrors: Bool { get }
    /// The platform's call that arms an assisted request, for the site and for checks.
    var assistedRequestAPI: String { get }
    /// Whether a notice is a message on the screen rather than a modal alert or dialog.
    func showsInline(_ notice: Notice) -> Bool
    /// How this platform announces to a screen reader a scenario that makes `change`.
    func announcement(of change: ScreenChange, in situation: Situation) -> Announcement
    /// The name under which `PlatformFacts` records a native result's source.
    func factName(of result: NativeResult) -> String
    /// The sourced facts of the platform's own names (the server's are shared).
    var facts: [PlatformFact] { get }
}

extension PlatformAdapter {
    public func factName(of result: NativeResult) -> String { result.name }
}

/// The WebAuthn Signal API's options as JSON, which the web passes as they are and Android's
/// `SignalUnknownCredentialRequest` and `SignalAllAcceptedCredentialIdsRequest` take as
/// their request JSON: IDs in base64url.
enum SignalJSON {
    static func unknownCredential(relyingPartyID: String, credential: CredentialID) -> String {
        CompactJSON.object([
            ("rpId", CompactJSON.string(relyingPartyID)), ("credentialId", CompactJSON.string(credential.base64URL)),
        ])
    }

    static func allAcceptedCredentials(relyingPartyID: String, userHandle: [UInt8], accepted: [CredentialID]) -> String
    {
        CompactJSON.object([
            ("rpId", CompactJSON.string(relyingPartyID)),
            ("userId", CompactJSON.string(Base64URL.encode(userHandle))),
            ("allAcceptedCredentialIds", CompactJSON.array(accepted.map { CompactJSON.string($0.base64URL) })),
        ])
    }
}

/// JSON with sorted keys and no spaces, built by hand so the engine needs no Foundation.
enum CompactJSON {
    static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.sorted { $0.0 < $1.0 }.map { "\(string($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let s where s.value < 0x20:
                let hex = String(s.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
}
