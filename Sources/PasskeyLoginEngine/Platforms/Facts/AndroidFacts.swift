import SpecModel

extension PlatformFacts {
    /// Android: the `GetCredentialException` classes, each `DomError` of a
    /// `GetPublicKeyCredentialDomException`, and the lookup's `java.net` / `javax.net.ssl` exceptions.
    static let android: [PlatformFact] =
        classes + playServicesDomErrors.map(playServicesSignIn) + providerOnlyDomErrors.map(providerDomError)
        + transports

    /// The `GetCredentialException` classes a sign-in can end with.
    private static let classes: [PlatformFact] = [
        exception(
            "GetCredentialCancellationException",
            "During the get credential flow, this is thrown when a user intentionally cancels an operation."),
        exception(
            "GetCredentialInterruptedException",
            "During the get credential flow, this is thrown when some interruption occurs that may warrant retrying or at least does not indicate a purposeful desire to close or tap away from credential manager."
        ),
        exception(
            "GetCredentialProviderConfigurationException",
            "During the get credential flow, this is thrown when configurations are mismatched for the provider, typically indicating the provider dependency is missing in the manifest or some system service is not enabled."
        ),
        PlatformFact(
            name: "GetCredentialUnknownException", requests: [.signIn],
            conclusion:
                "Credential Manager’s sign-in call (getCredential) fails with it when the platform gives no more detail; the page names no other request.",
            source: exceptionPage(
                "GetCredentialUnknownException",
                "This is thrown when the get credential operation failed with no more detailed information.")),
        exception(
            "GetCredentialUnsupportedException",
            "During the get credential flow, this is thrown when credential manager is unsupported, typically because the device has disabled it or did not ship with this feature enabled."
        ),
        exception(
            "NoCredentialException",
            "During the get credential flow, this is returned when no viable credential is available for the the user."
        ),
        PlatformFact(
            name: "GetCredentialCustomException", requests: [.signIn],
            conclusion:
                "A get flow, the sign-in request, can end with a provider’s own error of a type Credential Manager does not know.",
            source: exceptionPage(
                "GetCredentialCustomException",
                "Represents a custom error thrown during a get flow with CredentialManager.")),
        PlatformFact(
            name: "GetPublicKeyCredentialDomException", requests: [.signIn],
            conclusion: "It is the get-passkey flow’s exception, so a passkey sign-in returns it.",
            source: exceptionPage(
                "publickeycredential/GetPublicKeyCredentialDomException",
                "During the get-passkey flow, this is thrown when a DOM Exception is thrown, indicating the operation contains a DOMException error type."
            )),
    ]

    /// The `DomError`s of Google Password Manager's path, by the FIDO `ErrorCode` the Play
    /// services sign-in helper turns into each.
    private static let playServicesDomErrors: [(name: String, code: String)] = [
        ("AbortError", "ABORT_ERR"),
        ("ConstraintError", "CONSTRAINT_ERR"),
        ("DataError", "DATA_ERR"),
        ("EncodingError", "ENCODING_ERR"),
        ("InvalidStateError", "INVALID_STATE_ERR"),
        ("NetworkError", "NETWORK_ERR"),
        ("NotAllowedError", "NOT_ALLOWED_ERR"),
        ("NotReadableError", "ATTESTATION_NOT_PRIVATE_ERR"),
        ("NotSupportedError", "NOT_SUPPORTED_ERR"),
        ("SecurityError", "SECURITY_ERR"),
        ("TimeoutError", "TIMEOUT_ERR"),
        ("UnknownError", "UNKNOWN_ERR"),
    ]

    /// The other `DomError`s, which only a third-party provider gives.
    private static let providerOnlyDomErrors = [
        "DataCloneError",
        "HierarchyRequestError",
        "InUseAttributeError",
        "InvalidCharacterError",
        "InvalidModificationError",
        "InvalidNodeTypeError",
        "NamespaceError",
        "NoModificationAllowedError",
        "NotFoundError",
        "OperationError",
        "OptOutError",
        "QuotaExceededError",
        "ReadOnlyError",
        "SyntaxError",
        "TransactionInactiveError",
        "VersionError",
        "WrongDocumentError",
    ]

    /// The lookup's `java.net` and `javax.net.ssl` exceptions.
    private static let transports: [PlatformFact] = [
        transport(
            "java.net.SocketTimeoutException", "Signals that a timeout has occurred on a socket read or accept."),
        transport(
            "java.net.UnknownHostException", "Thrown to indicate that the IP address of a host could not be determined."
        ),
        transport(
            "java.net.ConnectException",
            "Signals that an error occurred while attempting to connect a socket to a remote address and port."),
        transport("javax.net.ssl.SSLException", "Indicates some kind of error detected by an SSL subsystem."),
    ]

    /// A `GetCredentialException` whose page says the get credential flow, the sign-in
    /// request, throws it.
    private static func exception(_ name: String, _ quote: String) -> PlatformFact {
        PlatformFact(
            name: name, requests: [.signIn],
            conclusion: "Its page says the get credential flow, Credential Manager’s sign-in request, throws it.",
            source: exceptionPage(name, quote))
    }

    /// A `DomError` that Google Password Manager’s path (Play services) gives a sign-in: the
    /// sign-in helper turns the FIDO `ErrorCode` into it.
    private static func playServicesSignIn(_ name: String, code: String) -> PlatformFact {
        let mapping = "ErrorCode.\(code) to \(name)()"
        let conclusion =
            name == "NotAllowedError"
            ? "The Play services sign-in helper turns ErrorCode.NOT_ALLOWED_ERR into it (or, when the message says “Unable to get sync account”, into a GetCredentialCancellationException), so a sign-in can end with it."
            : "The Play services sign-in helper turns ErrorCode.\(code) into it, so a sign-in can end with it."
        return PlatformFact(
            name: name, requests: [.signIn], conclusion: conclusion,
            source: source(
                "androidx credentials-play-services-auth: PublicKeyCredentialControllerUtility.kt",
                "https://github.com/androidx/androidx/blob/30e6428a412271fe23309dd9f957d8af304e23ff/credentials/credentials-play-services-auth/src/main/java/androidx/credentials/playservices/controllers/identityauth/createpublickeycredential/PublicKeyCredentialControllerUtility.kt",
                "Helper method for the begin sign in flow to identify an authenticator error response … \(mapping)"))
    }

    /// A `DomError` that only a third-party provider gives: on Android 14 and later any DOM
    /// error type a provider's sign-in ends with reaches the app as that `DomError`.
    private static func providerDomError(_ name: String) -> PlatformFact {
        PlatformFact(
            name: name, requests: [.signIn],
            conclusion:
                "A credential provider’s sign-in error of any DOM error type reaches the app as that DomError of a GetPublicKeyCredentialDomException; the DomError’s own page opens with “During the create public key credential flow”, as NotAllowedError’s does, which says nothing of the request.",
            source: source(
                "androidx credentials: GetPublicKeyCredentialDomException.kt",
                "https://github.com/androidx/androidx/blob/aa889ef770884978462487563751d6041216faea/credentials/credentials/src/main/java/androidx/credentials/exceptions/publickeycredential/GetPublicKeyCredentialDomException.kt",
                "fun createFrom(type: String, msg: String?): GetCredentialException { … DomExceptionUtils.generateDomException(type, prefix, msg, GetPublicKeyCredentialDomException(UnknownError()))"
            ))
    }

    /// A `java.net` or `javax.net.ssl` exception of the app's own lookup.
    private static func transport(_ qualifiedName: String, _ quote: String) -> PlatformFact {
        PlatformFact(
            name: String(qualifiedName.split(separator: ".").last ?? ""), requests: [.signIn],
            conclusion:
                "The lookup is the app’s own network request during a sign-in, and this exception is how that request fails as described.",
            source: javaPage(qualifiedName, quote))
    }

    /// A class page of `androidx.credentials.exceptions` (`path` below that package).
    private static func exceptionPage(_ path: String, _ quote: String) -> FactSource {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return source(
            name, "https://developer.android.com/reference/kotlin/androidx/credentials/exceptions/\(path)", quote)
    }

    /// An Android reference page of a `java.net` or `javax.net.ssl` class.
    private static func javaPage(_ qualifiedName: String, _ quote: String) -> FactSource {
        source(
            qualifiedName,
            "https://developer.android.com/reference/\(qualifiedName.split(separator: ".").joined(separator: "/"))",
            quote)
    }
}
