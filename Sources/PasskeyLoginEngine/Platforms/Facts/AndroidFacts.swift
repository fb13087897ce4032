import SpecModel

extension PlatformFacts {
    /// Android: the `GetCredentialException` classes, each `DomError` of a
    /// `GetPublicKeyCredentialDomException`, and the lookup's `java.net` / `javax.net.ssl` exceptions.
    static let android: [PlatformFact] = [
        PlatformFact(
            name: "GetCredentialCancellationException", requests: [.signIn],
            source: exceptionPage(
                "GetCredentialCancellationException",
                "During the get credential flow, this is thrown when a user intentionally cancels an operation.")),
        PlatformFact(
            name: "GetCredentialInterruptedException", requests: [.signIn],
            source: exceptionPage(
                "GetCredentialInterruptedException",
                "During the get credential flow, this is thrown when some interruption occurs that may warrant retrying or at least does not indicate a purposeful desire to close or tap away from credential manager."
            )),
        PlatformFact(
            name: "GetCredentialProviderConfigurationException", requests: [.signIn],
            source: exceptionPage(
                "GetCredentialProviderConfigurationException",
                "During the get credential flow, this is thrown when configurations are mismatched for the provider, typically indicating the provider dependency is missing in the manifest or some system service is not enabled."
            )),
        PlatformFact(
            name: "GetCredentialUnknownException", requests: [.signIn],
            source: exceptionPage(
                "GetCredentialUnknownException",
                "This is thrown when the get credential operation failed with no more detailed information.")),
        PlatformFact(
            name: "GetCredentialUnsupportedException", requests: [.signIn],
            source: exceptionPage(
                "GetCredentialUnsupportedException",
                "During the get credential flow, this is thrown when credential manager is unsupported, typically because the device has disabled it or did not ship with this feature enabled."
            )),
        PlatformFact(
            name: "NoCredentialException", requests: [.signIn],
            source: exceptionPage(
                "NoCredentialException",
                "During the get credential flow, this is returned when no viable credential is available for the the user."
            )),
        PlatformFact(
            name: "GetCredentialCustomException", requests: [.signIn],
            source: exceptionPage(
                "GetCredentialCustomException",
                "Represents a custom error thrown during a get flow with CredentialManager.")),
        PlatformFact(
            name: "GetPublicKeyCredentialDomException", requests: [.signIn],
            source: exceptionPage(
                "publickeycredential/GetPublicKeyCredentialDomException",
                "During the get-passkey flow, this is thrown when a DOM Exception is thrown, indicating the operation contains a DOMException error type."
            )),
        PlatformFact(
            name: "AbortError", requests: [.signIn],
            source: webAuthnGetExceptions("The ceremony was cancelled by an AbortController.")),
        PlatformFact(
            name: "ConstraintError", requests: [.registration],
            source: source(
                "Web Authentication: An API for accessing Public Key Credentials - Level 3",
                "https://w3c.github.io/webauthn/#sctn-create-request-exceptions",
                "Either residentKey was set to required and no available authenticator supported resident keys, or userVerification was set to required and no available authenticator could perform user verification."
            )),
        PlatformFact(
            name: "DataCloneError", requests: [.other], defensive: true,
            source: domErrorPage(
                "DataCloneError",
                "During the create public key credential flow, this is thrown when an authenticator response exception contains a data_clone_err from the fido spec, indicating the object cannot be cloned."
            )),
        PlatformFact(
            name: "DataError", requests: [.signIn], source: playServicesSignIn("ErrorCode.DATA_ERR to DataError()")),
        PlatformFact(
            name: "EncodingError", requests: [.signIn],
            source: playServicesSignIn("ErrorCode.ENCODING_ERR to EncodingError()")),
        PlatformFact(
            name: "HierarchyRequestError", requests: [.other], defensive: true,
            source: domErrorPage(
                "HierarchyRequestError",
                "During the create public key credential flow, this is thrown when an authenticator response exception contains a hierarchy_request_err from the fido spec, indicating the operation would yield in an incorrect node tree."
            )),
        PlatformFact(
            name: "InUseAttributeError", requests: [.other], defensive: true,
            source: domErrorPage(
                "InUseAttributeError",
                "During the create public key credential flow, this is thrown when an authenticator response exception contains an inuse_attribute_err from the fido spec, indicating that an attribute is in used by another element."
            )),
        PlatformFact(
            name: "InvalidCharacterError", requests: [.other], defensive: true,
            source: domErrorPage(
                "InvalidCharacterError",
                "During the create public key credential flow, this is thrown when an authenticator response exception contains an invalid_character_err from the fido spec, indicating a string contains invalid characters."
            )),
        PlatformFact(
            name: "InvalidModificationError", requests: [.other], defensive: true,
            source: domErrorPage(
                "InvalidModificationError",
                "During the create public key credential flow, this is thrown when an authenticator response exception contains an invalid_modification_err from the fido spec, indicating an object was incorrectly modified."
            )),
        PlatformFact(
            name: "InvalidNodeTypeError", requests: [.other], defensive: true,
            source: domErrorPage(
                "InvalidNodeTypeError",
                "During the create public key credential flow, this is thrown when an authenticator response exception contains an invalid_node_type_err from the fido spec, indicating tthe supplied node is incorrect or has an incorrect ancestor for this operation."
            )),
        PlatformFact(
            name: "InvalidStateError", requests: [.signIn],
            source: playServicesSignIn("ErrorCode.INVALID_STATE_ERR to InvalidStateError()")),
        PlatformFact(
            name: "NamespaceError", requests: [.other], defensive: true,
            source: domErrorPage(
                "NamespaceError",
                "During the create public key credential flow, this is thrown when an authenticator response exception contains a namespace_err from the fido spec, indicating the operation is not allowed by namespaces in XML."
            )),
        PlatformFact(
            name: "NetworkError", requests: [.signIn],
            source: playServicesSignIn("ErrorCode.NETWORK_ERR to NetworkError()")),
        PlatformFact(
            name: "NoModificationAllowedError", requests: [.other], defensive: true,
            source: domErrorPage(
                "NoModificationAllowedError",
                "During the create public key credential flow, this is thrown when an authenticator response exception contains a no_modification_allowed_err from the fido spec, indicating the object can not be modified."
            )),
        PlatformFact(
            name: "NotAllowedError", requests: [.signIn],
            source: webAuthnGetExceptions(
                "A catch-all error covering a wide range of possible reasons, including common ones like the user canceling out of the ceremony."
            )),
        PlatformFact(
            name: "NotFoundError", requests: [.other], defensive: true,
            source: domErrorPage(
                "NotFoundError",
                "During the create public key credential flow, this is thrown when an authenticator response exception contains a not_found_err from the fido spec, indicating the object could not be found in the current flow."
            )),
        // The only code the get path turns into NotReadableError is the attestation privacy
        // error, and only a registration produces an attestation.
        PlatformFact(
            name: "NotReadableError", requests: [.registration],
            source: playServicesSignIn("ErrorCode.ATTESTATION_NOT_PRIVATE_ERR to NotReadableError()")),
        PlatformFact(
            name: "NotSupportedError", requests: [.signIn],
            source: playServicesSignIn("ErrorCode.NOT_SUPPORTED_ERR to NotSupportedError()")),
        PlatformFact(
            name: "OperationError", requests: [.other], defensive: true,
            source: domErrorPage(
                "OperationError",
                "During the create public key credential flow, this is thrown when an authenticator response exception contains and operation_err from the fido spec, indicating the operation failed for an operation-specific reason."
            )),
        PlatformFact(
            name: "OptOutError", requests: [.other], defensive: true,
            source: domErrorPage(
                "OptOutError",
                "During the create public key credential flow, this is thrown when an authenticator response exception contains and opt_out_error from the fido spec, indicating the user opted out of the process."
            )),
        PlatformFact(
            name: "QuotaExceededError", requests: [.other], defensive: true,
            source: domErrorPage(
                "QuotaExceededError",
                "During the create public key credential flow, this is thrown when an authenticator response exception contains a quota_exceeded_err from the fido spec, indicating the quota has been exceeded."
            )),
        PlatformFact(
            name: "ReadOnlyError", requests: [.other], defensive: true,
            source: domErrorPage(
                "ReadOnlyError",
                "During the create public key credential flow, this is thrown when an authenticator response exception contains a read_only_err from the fido spec, indicating a mutating operation was attempted in a \"readonly\" transaction."
            )),
        PlatformFact(
            name: "SecurityError", requests: [.signIn],
            source: webAuthnGetExceptions(
                "The effective domain was not a valid domain, or rp.id was not equal to or a registrable domain suffix of the effective domain."
            )),
        PlatformFact(
            name: "SyntaxError", requests: [.other], defensive: true,
            source: domErrorPage(
                "SyntaxError",
                "During the create public key credential flow, this is thrown when an authenticator response exception contains a syntax_err from the fido spec, indicating the string did not match the expected pattern."
            )),
        PlatformFact(
            name: "TimeoutError", requests: [.signIn],
            source: playServicesSignIn("ErrorCode.TIMEOUT_ERR to TimeoutError()")),
        PlatformFact(
            name: "TransactionInactiveError", requests: [.other], defensive: true,
            source: domErrorPage(
                "TransactionInactiveError",
                "During the create public key credential flow, this is thrown when an authenticator response exception contains and transaction_inactive_err from the fido spec, indicating a request was placed against a transaction which is currently not active."
            )),
        PlatformFact(
            name: "UnknownError", requests: [.signIn],
            source: playServicesSignIn("ErrorCode.UNKNOWN_ERR to UnknownError()")),
        PlatformFact(
            name: "VersionError", requests: [.other], defensive: true,
            source: domErrorPage(
                "VersionError",
                "During the create public key credential flow, this is thrown when an authenticator response exception contains a version_err from the fido spec, indicating an attempt was made to open a database using a lower version than the existing version."
            )),
        PlatformFact(
            name: "WrongDocumentError", requests: [.other], defensive: true,
            source: domErrorPage(
                "WrongDocumentError",
                "During the create public key credential flow, this is thrown when an authenticator response exception contains a wrong_document_err from the fido spec, indicating the object is the wrong document."
            )),
        PlatformFact(
            name: "SocketTimeoutException", requests: [.signIn],
            source: javaPage(
                "java.net.SocketTimeoutException", "Signals that a timeout has occurred on a socket read or accept.")),
        PlatformFact(
            name: "UnknownHostException", requests: [.signIn],
            source: javaPage(
                "java.net.UnknownHostException",
                "Thrown to indicate that the IP address of a host could not be determined.")),
        PlatformFact(
            name: "ConnectException", requests: [.signIn],
            source: javaPage(
                "java.net.ConnectException",
                "Signals that an error occurred while attempting to connect a socket to a remote address and port.")),
        PlatformFact(
            name: "SSLException", requests: [.signIn],
            source: javaPage("javax.net.ssl.SSLException", "Indicates some kind of error detected by an SSL subsystem.")
        ),
    ]

    /// A class page of `androidx.credentials.exceptions` (`path` below that package).
    private static func exceptionPage(_ path: String, _ quote: String) -> FactSource {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return source(
            name, "https://developer.android.com/reference/kotlin/androidx/credentials/exceptions/\(path)", quote)
    }

    /// A class page of `androidx.credentials.exceptions.domerrors`.
    private static func domErrorPage(_ name: String, _ quote: String) -> FactSource {
        source(
            name, "https://developer.android.com/reference/kotlin/androidx/credentials/exceptions/domerrors/\(name)",
            quote)
    }

    /// WebAuthn's get request exceptions, which `GetPublicKeyCredentialDomException` carries.
    private static func webAuthnGetExceptions(_ quote: String) -> FactSource {
        source(
            "Web Authentication: An API for accessing Public Key Credentials - Level 3",
            "https://w3c.github.io/webauthn/#sctn-get-request-exceptions", quote)
    }

    /// The androidx Play services sign-in path: an error in the assertion response becomes a
    /// `GetPublicKeyCredentialDomException` with the `DomError` its FIDO `ErrorCode` maps to.
    private static func playServicesSignIn(_ mapping: String) -> FactSource {
        source(
            "androidx credentials-play-services-auth: PublicKeyCredentialControllerUtility.kt",
            "https://github.com/androidx/androidx/blob/30e6428a412271fe23309dd9f957d8af304e23ff/credentials/credentials-play-services-auth/src/main/java/androidx/credentials/playservices/controllers/identityauth/createpublickeycredential/PublicKeyCredentialControllerUtility.kt",
            "Helper method for the begin sign in flow to identify an authenticator error response … \(mapping)")
    }

    /// An Android reference page of a `java.net` or `javax.net.ssl` class.
    private static func javaPage(_ qualifiedName: String, _ quote: String) -> FactSource {
        source(
            qualifiedName,
            "https://developer.android.com/reference/\(qualifiedName.split(separator: ".").joined(separator: "/"))",
            quote)
    }
}
