package androidx.credentials.exceptions

// Jetpack's get-credential exceptions, with the `type` each has in androidx.credentials 1.5 and
// 1.6 (`credentials/src/main/java/androidx/credentials/exceptions/`). Code that handles them
// should match on the class: the `type` of some of them changed between versions (the
// cancellation's was `androidx.credentials.TYPE_GET_CREDENTIAL_CANCELLATION_EXCEPTION`).

/**
 * An error of a get-credential request (`CredentialManager.getCredential`). [message] is
 * [errorMessage] as a string.
 */
abstract class GetCredentialException @JvmOverloads internal constructor(
    /** Which error this is, e.g. `android.credentials.GetCredentialException.TYPE_USER_CANCELED`. */
    open val type: String,
    /** What the provider or the system said about the error, if anything. */
    open val errorMessage: CharSequence? = null
) : Exception(errorMessage?.toString())

/**
 * The user cancelled the request on purpose, typically meaning they do not want to see
 * Credential Manager now. Google's guidance: do not retry it automatically.
 */
class GetCredentialCancellationException @JvmOverloads constructor(errorMessage: CharSequence? = null) :
    GetCredentialException(TYPE_GET_CREDENTIAL_CANCELLATION_EXCEPTION, errorMessage) {
    internal companion object {
        internal const val TYPE_GET_CREDENTIAL_CANCELLATION_EXCEPTION = "android.credentials.GetCredentialException.TYPE_USER_CANCELED"
    }
}

/**
 * Something interrupted the request, which may warrant retrying and does not mean the user
 * meant to close Credential Manager.
 */
class GetCredentialInterruptedException @JvmOverloads constructor(errorMessage: CharSequence? = null) :
    GetCredentialException(TYPE_GET_CREDENTIAL_INTERRUPTED_EXCEPTION, errorMessage) {
    internal companion object {
        internal const val TYPE_GET_CREDENTIAL_INTERRUPTED_EXCEPTION = "android.credentials.GetCredentialException.TYPE_INTERRUPTED"
    }
}

/**
 * The provider's configuration does not match, typically a provider dependency missing from the
 * manifest or a system service not enabled.
 */
class GetCredentialProviderConfigurationException @JvmOverloads constructor(errorMessage: CharSequence? = null) :
    GetCredentialException(TYPE_GET_CREDENTIAL_PROVIDER_CONFIGURATION_EXCEPTION, errorMessage) {
    internal companion object {
        internal const val TYPE_GET_CREDENTIAL_PROVIDER_CONFIGURATION_EXCEPTION =
            "androidx.credentials.TYPE_GET_CREDENTIAL_PROVIDER_CONFIGURATION_EXCEPTION"
    }
}

/** The request failed with no more detailed information. */
class GetCredentialUnknownException @JvmOverloads constructor(errorMessage: CharSequence? = null) :
    GetCredentialException(TYPE_GET_CREDENTIAL_UNKNOWN_EXCEPTION, errorMessage) {
    internal companion object {
        internal const val TYPE_GET_CREDENTIAL_UNKNOWN_EXCEPTION = "android.credentials.GetCredentialException.TYPE_UNKNOWN"
    }
}

/**
 * Credential Manager is unsupported on the device, typically disabled or not shipped; an update,
 * or a restart after enabling it, may help.
 */
class GetCredentialUnsupportedException @JvmOverloads constructor(errorMessage: CharSequence? = null) :
    GetCredentialException(TYPE_GET_CREDENTIAL_UNSUPPORTED_EXCEPTION, errorMessage) {
    internal companion object {
        internal const val TYPE_GET_CREDENTIAL_UNSUPPORTED_EXCEPTION = "androidx.credentials.TYPE_GET_CREDENTIAL_UNSUPPORTED_EXCEPTION"
    }
}

/**
 * No viable credential: the user has none, or does not consent to using one. The app should
 * go on to its regular sign-in or sign-up screen.
 */
class NoCredentialException @JvmOverloads constructor(errorMessage: CharSequence? = null) :
    GetCredentialException(TYPE_FRAMEWORK_TYPE_NO_CREDENTIAL, errorMessage) {
    internal companion object {
        internal const val TYPE_FRAMEWORK_TYPE_NO_CREDENTIAL = "android.credentials.GetCredentialException.TYPE_NO_CREDENTIAL"
    }
}

/**
 * An error of a third-party SDK's request: match [type] against the constants of the SDK that
 * made the request.
 *
 * @throws IllegalArgumentException if [type] is empty
 */
class GetCredentialCustomException @JvmOverloads constructor(
    /** The SDK's error type. */
    override val type: String,
    errorMessage: CharSequence? = null
) : GetCredentialException(type, errorMessage) {
    init {
        require(type.isNotEmpty()) { "type must not be empty" }
    }
}
