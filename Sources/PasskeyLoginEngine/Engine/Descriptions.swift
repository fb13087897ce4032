// Readable forms of events and effects, for traces and test failures.

extension LoginEvent: CustomStringConvertible {
    public var description: String {
        switch self {
        case .screenAppeared: "login screen appeared"
        case .identifierSubmitted: "identifier submitted"
        case .lookupFinished(let result): "lookup finished: \(result)"
        case .requestOptionsFinished(.received): "request options received"
        case .requestOptionsFinished(.failed(let fault)): "request options failed: \(fault.rawValue)"
        case .passkeyButtonTapped: "passkey button tapped"
        case .assistedChallengeExpiring: "the assisted request's challenge expires"
        case .retryTapped: "retry tapped"
        case .anotherPasskeyChosen: "another passkey chosen"
        case .fallbackChosen: "fallback chosen"
        case .recoveryChosen: "recovery chosen"
        case .supportChosen: "support chosen"
        case .accountHelpChosen: "get help chosen"
        case .noticeDismissed: "notice dismissed"
        case .ceremonyFinished(let outcome): "OS prompt finished: \(outcome)"
        case .assistedRequestFinished(let outcome): "assisted request finished: \(outcome)"
        case .verificationFinished(let result): "server verification: \(result)"
        case .fallbackSignInSucceeded(let account, _): "fallback sign-in succeeded (\(account.status.rawValue) account)"
        case .passkeyRevokedInSettings(_, let accepted):
            "passkey revoked in the account settings (\(accepted.count) still accepted)"
        case .appRelaunched: "app relaunched"
        case .signedOut: "signed out"
        }
    }
}

extension LookupResult: CustomStringConvertible {
    public var description: String {
        switch self {
        case .found(let data): "found, \(data.credentialIDs.count) passkey(s)"
        case .notFound: "no account"
        case .cannotContinue: "account cannot continue with this route"
        case .failed(let dependency, let fault): "\(dependency.rawValue) \(fault.rawValue)"
        }
    }
}

extension CeremonyOutcome: CustomStringConvertible {
    public var description: String {
        switch self {
        case .assertion(let credential): "assertion for \(credential)"
        case .cancelled: "cancelled"
        case .noCredential: "no passkey on this device"
        case .otherMethodPreferred: "another method preferred"
        case .failed: "failed"
        case .unavailable: "unavailable on this device"
        }
    }
}

extension VerificationResult: CustomStringConvertible {
    public var description: String {
        switch self {
        case .verified(let account, _): "valid assertion, account \(account.status.rawValue)"
        case .credentialUnknown: "credential ID absent from server records"
        case .credentialRevoked: "credential revoked through account settings"
        case .verificationFailed: "assertion failed verification"
        case .inconclusive: "inconclusive"
        case .challengeExpired: "challenge expired or already used"
        case .routeUnavailable: "valid assertion, account cannot continue with this route"
        }
    }
}

extension LoginEffect: CustomStringConvertible {
    public var description: String {
        switch self {
        case .lookUpAccount: "look up account"
        case .fetchRequestOptions(let ceremony):
            "fetch request options for the \(ceremony.route.rawValue) passkey request"
        case .startCeremony(let ceremony):
            "start \(ceremony.route.rawValue) passkey request"
                + (ceremony.prefersImmediatelyAvailableCredentials ? " preferring passkeys on this device" : "")
                + (ceremony.allowedCredentials.isEmpty
                    ? " (any passkey)"
                    : " for \(ceremony.allowedCredentials.map(\.description).joined(separator: ", "))")
        case .armAssistedRequest: "offer passkeys in the identifier field (assisted request)"
        case .cancelAssistedRequest: "cancel the assisted request"
        case .verifyAssertion(let credential): "verify assertion for \(credential)"
        case .signalUnknownCredential(let credential): "signal unknown credential \(credential)"
        case .signalAllAcceptedCredentials(_, let accepted):
            "signal all accepted credentials [\(accepted.map(\.description).joined(separator: ", "))]"
        case .createSession(let id): "create session for \(id)"
        case .presentFallback(let method): "present fallback (\(method.rawValue))"
        case .openAccountRoute(let route): "open \(route.rawValue) route"
        case .persistCancellationStreak(let count): "store cancellation count \(count)"
        }
    }
}

extension Screen: CustomStringConvertible {
    public var description: String {
        switch self {
        case .login: "login"
        case .fallback(let method): "fallback (\(method.rawValue))"
        case .signedIn: "signed in"
        case .accountRoute(let route): route.rawValue
        }
    }
}
