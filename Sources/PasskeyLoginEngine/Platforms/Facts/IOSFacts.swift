import SpecModel

extension PlatformFacts {
    /// iOS: `ASAuthorizationError.Code` and the lookup's `URLError.Code`s.
    static let ios: [PlatformFact] = [
        PlatformFact(
            name: "ASAuthorizationError.Code.unknown", requests: [.other], defensive: true,
            source: passkeyErrorsThread(otherRequests)),
        PlatformFact(
            name: "ASAuthorizationError.Code.canceled", requests: [.signIn, .registration],
            source: passkeyErrorsThread(passkeyRequests)),
        PlatformFact(
            name: "ASAuthorizationError.Code.invalidResponse", requests: [.other], defensive: true,
            source: passkeyErrorsThread(otherRequests)),
        PlatformFact(
            name: "ASAuthorizationError.Code.notHandled", requests: [.other], defensive: true,
            source: passkeyErrorsThread(otherRequests)),
        PlatformFact(
            name: "ASAuthorizationError.Code.failed", requests: [.signIn, .registration],
            source: passkeyErrorsThread(passkeyRequests)),
        PlatformFact(
            name: "ASAuthorizationError.Code.notInteractive", requests: [.other], defensive: true,
            source: passkeyErrorsThread(otherRequests)),
        PlatformFact(
            name: "ASAuthorizationError.Code.matchedExcludedCredential", requests: [.registration],
            source: authorizationErrorPage(
                "matchedExcludedCredential",
                "This error should only be returned when specifying excludedCredentials on a public key credential registration request."
            )),
        PlatformFact(
            name: "ASAuthorizationError.Code.credentialImport", requests: [.other],
            source: authorizationErrorPage("credentialImport", "The credential import request failed.")),
        PlatformFact(
            name: "ASAuthorizationError.Code.credentialExport", requests: [.other],
            source: authorizationErrorPage("credentialExport", "The credential export request failed.")),
        PlatformFact(
            name: "ASAuthorizationError.Code.preferSignInWithApple", requests: [.other], defensive: true,
            source: authorizationErrorPage(
                "preferSignInWithApple",
                "This error signals the user has an existing Sign in with Apple account that they would prefer to use instead of continuing the current request."
            )),
        PlatformFact(
            name: "ASAuthorizationError.Code.deviceNotConfiguredForPasskeyCreation", requests: [.registration],
            source: authorizationErrorPage(
                "deviceNotConfiguredForPasskeyCreation",
                "This error signals that the device is not currently set up to create passkeys.")),
        PlatformFact(
            name: "URLError.Code.timedOut", requests: [.signIn],
            source: urlErrorPage("timedOut", "An asynchronous operation timed out.")),
        PlatformFact(
            name: "URLError.Code.notConnectedToInternet", requests: [.signIn],
            source: urlErrorPage(
                "notConnectedToInternet",
                "A network resource was requested, but an internet connection hasn’t been established and can’t be established automatically."
            )),
        PlatformFact(
            name: "URLError.Code.cannotConnectToHost", requests: [.signIn],
            source: urlErrorPage("cannotConnectToHost", "An attempt to connect to a host failed.")),
        PlatformFact(
            name: "URLError.Code.networkConnectionLost", requests: [.signIn],
            source: urlErrorPage(
                "networkConnectionLost",
                "A client or server connection was severed in the middle of an in-progress load.")),
        PlatformFact(
            name: "URLError.Code.secureConnectionFailed", requests: [.signIn],
            source: urlErrorPage(
                "secureConnectionFailed",
                "An attempt to establish a secure connection failed for reasons that can’t be expressed more specifically."
            )),
    ]

    /// The Apple engineer's answer in "Question about Passkey Errors": the codes a passkey
    /// request (assertion or registration) returns.
    private static let passkeyRequests =
        "For passkey requests, canceled, failed, and the new matchedExcludedCredential are the only errors you should ever see."

    /// The same answer, on every other code.
    private static let otherRequests = "The other error codes are specific to other types of requests."

    private static func passkeyErrorsThread(_ quote: String) -> FactSource {
        source("Question about Passkey Errors", "https://developer.apple.com/forums/thread/756425", quote)
    }

    /// A case page of `ASAuthorizationError.Code`.
    private static func authorizationErrorPage(_ caseName: String, _ quote: String) -> FactSource {
        source(
            "ASAuthorizationError.Code.\(caseName)",
            "https://developer.apple.com/documentation/authenticationservices/asauthorizationerror-swift.struct/code/\(caseName.lowercased())",
            quote)
    }

    /// A code page of Foundation's `URLError`.
    private static func urlErrorPage(_ codeName: String, _ quote: String) -> FactSource {
        source(
            "URLError.\(codeName)",
            "https://developer.apple.com/documentation/foundation/urlerror/\(codeName.lowercased())", quote)
    }
}
