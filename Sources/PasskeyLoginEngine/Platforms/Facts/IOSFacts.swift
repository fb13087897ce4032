import SpecModel

extension PlatformFacts {
    /// iOS: `ASAuthorizationError.Code` and the lookup's `URLError.Code`s.
    static let ios: [PlatformFact] = [
        PlatformFact(
            name: "ASAuthorizationError.Code.unknown", requests: [.signIn, .registration],
            conclusion:
                "A passkey registration has ended with it, so passkey requests are not limited to the three codes Apple’s engineer lists; nothing ties it to registrations, so a sign-in is taken to return it too, as a failure the platform gives no reason for.",
            source: source(
                "Passkey returns unknown error instead of excludedCredentials error when “Saving on another device” option is used.",
                "https://developer.apple.com/forums/thread/785321",
                "When trying to create a duplicate passkey using the “Save on another device” option. The delegate method is called, but the error received has code 1000 (\"com.apple.AuthenticationServices.AuthorizationError\" - code: 1000)."
            )),
        PlatformFact(
            name: "ASAuthorizationError.Code.canceled", requests: [.signIn, .registration],
            conclusion: Self.passkeyRequestCode, source: passkeyErrorsThread(passkeyRequests)),
        PlatformFact(
            name: "ASAuthorizationError.Code.invalidResponse", requests: [.other],
            conclusion: Self.otherRequestCode, source: passkeyErrorsThread(otherRequests)),
        PlatformFact(
            name: "ASAuthorizationError.Code.notHandled", requests: [.other],
            conclusion: Self.otherRequestCode, source: passkeyErrorsThread(otherRequests)),
        PlatformFact(
            name: "ASAuthorizationError.Code.failed", requests: [.signIn, .registration],
            conclusion: Self.passkeyRequestCode, source: passkeyErrorsThread(passkeyRequests)),
        PlatformFact(
            name: "ASAuthorizationError.Code.notInteractive", requests: [.other],
            conclusion: Self.otherRequestCode, source: passkeyErrorsThread(otherRequests)),
        PlatformFact(
            name: "ASAuthorizationError.Code.matchedExcludedCredential", requests: [.registration],
            conclusion:
                "Only a registration request carries excluded credentials, so only a registration returns it.",
            source: authorizationErrorPage(
                "matchedExcludedCredential",
                "This error should only be returned when specifying excludedCredentials on a public key credential registration request."
            )),
        PlatformFact(
            name: "ASAuthorizationError.Code.credentialImport", requests: [.other],
            conclusion: "It is the failure of a credential import request, which is not a sign-in.",
            source: authorizationErrorPage("credentialImport", "The credential import request failed.")),
        PlatformFact(
            name: "ASAuthorizationError.Code.credentialExport", requests: [.other],
            conclusion: "It is the failure of a credential export request, which is not a sign-in.",
            source: authorizationErrorPage("credentialExport", "The credential export request failed.")),
        PlatformFact(
            name: "ASAuthorizationError.Code.preferSignInWithApple", requests: [.other],
            conclusion:
                "It ends a request in favour of a Sign in with Apple account; the page does not say a passkey request returns it, and Apple’s engineer lists only canceled, failed and matchedExcludedCredential for passkey requests.",
            source: authorizationErrorPage(
                "preferSignInWithApple",
                "This error signals the user has an existing Sign in with Apple account that they would prefer to use instead of continuing the current request."
            )),
        PlatformFact(
            name: "ASAuthorizationError.Code.deviceNotConfiguredForPasskeyCreation", requests: [.registration],
            conclusion: "It is about creating passkeys, so only a registration returns it.",
            source: authorizationErrorPage(
                "deviceNotConfiguredForPasskeyCreation",
                "This error signals that the device is not currently set up to create passkeys.")),
        lookup("timedOut", "An asynchronous operation timed out."),
        lookup(
            "notConnectedToInternet",
            "A network resource was requested, but an internet connection hasn’t been established and can’t be established automatically."
        ),
        lookup("cannotFindHost", "The host name for a URL couldn’t be resolved."),
        lookup("cannotConnectToHost", "An attempt to connect to a host failed."),
        lookup(
            "networkConnectionLost", "A client or server connection was severed in the middle of an in-progress load."),
        lookup(
            "secureConnectionFailed",
            "An attempt to establish a secure connection failed for reasons that can’t be expressed more specifically."
        ),
        lookup("dataNotAllowed", "The cellular network disallowed a connection."),
    ]

    /// The conclusion from the engineer's list of passkey request codes.
    private static let passkeyRequestCode =
        "Apple’s engineer names it among the only errors a passkey request, a sign-in or a registration, returns."

    /// The conclusion from the engineer's word on every other code.
    private static let otherRequestCode =
        "Apple’s engineer says every code but canceled, failed and matchedExcludedCredential belongs to other kinds of request, so a passkey sign-in does not return it."

    /// A `URLError.Code` of the app's own lookup, a `URLSession` request made during a sign-in.
    private static func lookup(_ codeName: String, _ quote: String) -> PlatformFact {
        PlatformFact(
            name: "URLError.Code.\(codeName)", requests: [.signIn],
            conclusion:
                "The lookup is the app’s own URLSession request during a sign-in, and this code is how that request fails as described.",
            source: urlErrorPage(codeName, quote))
    }

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
