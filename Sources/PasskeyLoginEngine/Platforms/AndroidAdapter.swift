import SpecModel

/// The `DomError` types a `GetPublicKeyCredentialDomException` carries
/// (`androidx.credentials.exceptions.domerrors`).
public enum DomError: String, Hashable, Codable, Sendable, CaseIterable {
    case abortError = "AbortError"
    case constraintError = "ConstraintError"
    case dataCloneError = "DataCloneError"
    case dataError = "DataError"
    case encodingError = "EncodingError"
    case hierarchyRequestError = "HierarchyRequestError"
    case inUseAttributeError = "InUseAttributeError"
    case invalidCharacterError = "InvalidCharacterError"
    case invalidModificationError = "InvalidModificationError"
    case invalidNodeTypeError = "InvalidNodeTypeError"
    case invalidStateError = "InvalidStateError"
    case namespaceError = "NamespaceError"
    case networkError = "NetworkError"
    case noModificationAllowedError = "NoModificationAllowedError"
    case notAllowedError = "NotAllowedError"
    case notFoundError = "NotFoundError"
    case notReadableError = "NotReadableError"
    case notSupportedError = "NotSupportedError"
    case operationError = "OperationError"
    case optOutError = "OptOutError"
    case quotaExceededError = "QuotaExceededError"
    case readOnlyError = "ReadOnlyError"
    case securityError = "SecurityError"
    case syntaxError = "SyntaxError"
    case timeoutError = "TimeoutError"
    case transactionInactiveError = "TransactionInactiveError"
    case unknownError = "UnknownError"
    case versionError = "VersionError"
    case wrongDocumentError = "WrongDocumentError"

    /// The type string, e.g. `androidx.credentials.TYPE_NOT_ALLOWED_ERROR`.
    public var type: String {
        var snake = ""
        for character in rawValue {
            if character.isUppercase, !snake.isEmpty { snake += "_" }
            snake += character.uppercased()
        }
        return "androidx.credentials.TYPE_\(snake)"
    }

    /// Each error by its type string, built once: reading a native result back looks it up
    /// rather than spelling out every type again.
    static let byType = Dictionary(uniqueKeysWithValues: allCases.map { ($0.type, $0) })
}

/// The subclasses of `androidx.credentials.exceptions.GetCredentialException`.
public enum GetCredentialException: Hashable, Codable, Sendable {
    case cancellation
    case interrupted
    case providerConfiguration
    case unknown
    case unsupported
    case noCredential
    case custom(type: String)
    case publicKeyCredentialDom(DomError)

    /// Every subclass, with each `DomError` and one custom type.
    public static var allCases: [GetCredentialException] {
        [
            .cancellation, .interrupted, .providerConfiguration, .unknown, .unsupported, .noCredential,
            .custom(type: "com.example.sdk.TYPE_RATE_LIMITED"),
        ]
            + DomError.allCases.map(GetCredentialException.publicKeyCredentialDom)
    }

    /// The class name apps match on.
    public var className: String {
        switch self {
        case .cancellation: "GetCredentialCancellationException"
        case .interrupted: "GetCredentialInterruptedException"
        case .providerConfiguration: "GetCredentialProviderConfigurationException"
        case .unknown: "GetCredentialUnknownException"
        case .unsupported: "GetCredentialUnsupportedException"
        case .noCredential: "NoCredentialException"
        case .custom: "GetCredentialCustomException"
        case .publicKeyCredentialDom: "GetPublicKeyCredentialDomException"
        }
    }

    /// The exception's `type` string (current androidx source).
    public var type: String {
        switch self {
        case .cancellation: "android.credentials.GetCredentialException.TYPE_USER_CANCELED"
        // Current androidx uses the framework string; older versions used
        // "androidx.credentials.TYPE_GET_CREDENTIAL_INTERRUPTED_EXCEPTION". Match on the class.
        case .interrupted: "android.credentials.GetCredentialException.TYPE_INTERRUPTED"
        case .providerConfiguration: "androidx.credentials.TYPE_GET_CREDENTIAL_PROVIDER_CONFIGURATION_EXCEPTION"
        case .unknown: "android.credentials.GetCredentialException.TYPE_UNKNOWN"
        case .unsupported: "androidx.credentials.TYPE_GET_CREDENTIAL_UNSUPPORTED_EXCEPTION"
        case .noCredential: "android.credentials.GetCredentialException.TYPE_NO_CREDENTIAL"
        case .custom(let type): type
        case .publicKeyCredentialDom(let error):
            "androidx.credentials.TYPE_GET_PUBLIC_KEY_CREDENTIAL_DOM_EXCEPTION/\(error.type)"
        }
    }

    /// Reads an exception back from its class name and type (the `type` of a DOM exception
    /// names its `DomError`; the class decides everything else).
    public init?(className: String, type: String) {
        switch className {
        case "GetCredentialCancellationException": self = .cancellation
        case "GetCredentialInterruptedException": self = .interrupted
        case "GetCredentialProviderConfigurationException": self = .providerConfiguration
        case "GetCredentialUnknownException": self = .unknown
        case "GetCredentialUnsupportedException": self = .unsupported
        case "NoCredentialException": self = .noCredential
        case "GetCredentialCustomException":
            guard !type.isEmpty else { return nil }
            self = .custom(type: type)
        case "GetPublicKeyCredentialDomException":
            // A DOM exception's type is its own type, a slash, then the error's, which has no slash.
            guard let slash = type.lastIndex(of: "/"),
                let error = DomError.byType[String(type[type.index(after: slash)...])]
            else { return nil }
            self = .publicKeyCredentialDom(error)
        default: return nil
        }
    }
}

/// Android Jetpack Credential Manager: `CredentialManager.getCredential` results and
/// `CredentialManager.signalCredentialState` requests.
public struct AndroidAdapter: PlatformAdapter {
    public init() {}

    public var platform: Platform { .android }

    public var facts: [PlatformFact] { PlatformFacts.android }

    public var automaticStarts: [AutomaticStart] { AutomaticStart.allCases }

    /// androidx.credentials 1.5.0: "the callback only handles a final GetCredentialResponse and
    /// no errors are propagated to the callback."
    public var reportsAssistedErrors: Bool { false }

    /// Set on the identifier field; applied from API 35.
    public var assistedRequestAPI: String {
        "View.pendingGetCredentialRequest = PendingGetCredentialRequest(request, callback)"
    }

    public var errorResults: [NativeResult] { GetCredentialException.allCases.map(result(of:)) }

    public func success(_ credential: CredentialID) -> NativeResult {
        NativeResult(
            platform: .android, name: "GetCredentialResponse(PublicKeyCredential)", code: "success",
            credential: credential)
    }

    public func result(of exception: GetCredentialException) -> NativeResult {
        NativeResult(platform: .android, name: exception.className, code: exception.type)
    }

    public func result(of action: PromptAction, credential: CredentialID?) -> NativeResult? {
        switch action {
        case .userCancels: result(of: .cancellation)
        case .noPasskeyOnDevice: result(of: .noCredential)
        case .providerMisconfigured: result(of: .providerConfiguration)
        case .unknownFailure: result(of: .unknown)
        case .interrupted: result(of: .interrupted)
        case .unsupported: result(of: .unsupported)
        case .userSelectsPasskey: credential.map(success)
        }
    }

    /// Matches on the exception class, never on the `type` string alone (it changed between
    /// androidx versions for the cancellation).
    public func outcome(of result: NativeResult) -> CeremonyOutcome {
        if let credential = result.credential { return .assertion(credential) }
        guard let exception = GetCredentialException(className: result.name, type: result.code) else { return .failed }
        switch exception {
        case .cancellation:
            return .cancelled
        case .noCredential:
            return .noCredential
        case .publicKeyCredentialDom(.notAllowedError):
            // Decision android-not-allowed-is-a-cancellation.
            return .cancelled
        case .providerConfiguration, .unsupported, .publicKeyCredentialDom(.dataError),
            .publicKeyCredentialDom(.securityError):
            // Decision retry-only-where-it-helps: a missing provider, an unsupported device and a
            // relying party that cannot be validated (`DataError` "RP ID cannot be validated",
            // `SecurityError`) stay so, as the web's `SecurityError` does.
            return .unavailable
        case .interrupted, .unknown, .custom, .publicKeyCredentialDom:
            // An interruption "may warrant retrying"; the others are not the user's doing.
            return .failed
        }
    }

    /// Nothing: every exception class and every `DomError` can end a sign-in (a provider on
    /// Android 14 and later may send any DOM error type).
    public func handlesDefensively(_ result: NativeResult) -> Bool { false }

    /// A DOM exception's source is its `DomError`'s; every other result's, its class's.
    public func factName(of result: NativeResult) -> String {
        if case .publicKeyCredentialDom(let error) = GetCredentialException(className: result.name, type: result.code) {
            return error.rawValue
        }
        return result.name
    }

    /// Android 15 or later with androidx.credentials 1.6.0 or later (the request classes say
    /// "Added in 1.6.0"), through Google Play services; below that the app sends nothing.
    public static let signalAvailability =
        "Android 15 (API 35) and later with androidx.credentials 1.6.0 or later, through Google Play services; nothing is sent on older versions"

    public func signal(for effect: LoginEffect, relyingPartyID: String) -> NativeSignal? {
        let api = "CredentialManager.signalCredentialState"
        switch effect {
        case .signalUnknownCredential(let credential):
            return NativeSignal(
                platform: .android, api: api, call: "SignalUnknownCredentialRequest",
                payload: SignalJSON.unknownCredential(relyingPartyID: relyingPartyID, credential: credential),
                availability: Self.signalAvailability)
        case .signalAllAcceptedCredentials(let userHandle, let accepted):
            return NativeSignal(
                platform: .android, api: api, call: "SignalAllAcceptedCredentialIdsRequest",
                payload: SignalJSON.allAcceptedCredentials(
                    relyingPartyID: relyingPartyID, userHandle: userHandle, accepted: accepted),
                availability: Self.signalAvailability)
        default:
            return nil
        }
    }
}

extension AndroidAdapter {
    /// Every name a Trigger cell may use on Android, with the native results each stands for.
    public func nativeTriggers(results: inout [TriggerResult], names: inout [TriggerNameEntry]) {
        var domIDs: [String] = []
        for exception in GetCredentialException.allCases {
            let native = result(of: exception)
            let id: String
            let label: String
            if case .publicKeyCredentialDom(let error) = exception {
                id = "\(exception.className)/\(error.rawValue)"
                label = "\(exception.className) with \(error.rawValue)"
                domIDs.append(id)
                names.append(TriggerNameEntry(name: error.rawValue, rawValue: nil, results: [id]))
            } else {
                id = exception.className
                label = exception.className
                names.append(TriggerNameEntry(name: exception.className, rawValue: nil, results: [id]))
            }
            results.append(
                TriggerResult(id: id, label: label, causes: [.ceremony(outcome(of: native))], native: native))
        }
        names.append(
            TriggerNameEntry(name: "GetPublicKeyCredentialDomException", rawValue: nil, results: domIDs))
        TriggerCatalogue.addTransport(
            [
                ("SocketTimeoutException", .timeout), ("UnknownHostException", .networkFailure),
                ("ConnectException", .networkFailure), ("SSLException", .networkFailure),
            ],
            results: &results, names: &names)
    }
}
