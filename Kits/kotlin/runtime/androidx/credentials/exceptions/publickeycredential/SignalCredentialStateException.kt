package androidx.credentials.exceptions.publickeycredential

// The errors `CredentialManager.signalCredentialState` can report (androidx.credentials 1.6).
// The kit's fakes accept every signal, so none is thrown here; they exist so that code which
// handles them compiles.

/** An error of a signal request (`CredentialManager.signalCredentialState`). */
abstract class SignalCredentialStateException @JvmOverloads internal constructor(
    /** Which error this is, e.g. `androidx.credentials.SignalCredentialStateException.TYPE_UNKNOWN`. */
    val type: String,
    errorMessage: CharSequence? = null
) : Exception(errorMessage?.toString())

/** The signal failed with no more detailed information. */
class SignalCredentialUnknownException @JvmOverloads constructor(errorMessage: CharSequence? = null) :
    SignalCredentialStateException(TYPE_SIGNAL_CREDENTIAL_STATE_UNKNOWN_EXCEPTION, errorMessage) {
    internal companion object {
        internal const val TYPE_SIGNAL_CREDENTIAL_STATE_UNKNOWN_EXCEPTION = "androidx.credentials.SignalCredentialStateException.TYPE_UNKNOWN"
    }
}

/** The signal was not allowed, or a permission was missing (an `origin` set without it). */
class SignalCredentialSecurityException @JvmOverloads constructor(errorMessage: CharSequence? = null) :
    SignalCredentialStateException(TYPE_SIGNAL_CREDENTIAL_STATE_SECURITY_EXCEPTION, errorMessage) {
    internal companion object {
        internal const val TYPE_SIGNAL_CREDENTIAL_STATE_SECURITY_EXCEPTION = "androidx.credentials.SignalCredentialStateException.TYPE_SECURITY"
    }
}

/** The provider's configuration does not match, as for a get request. */
class SignalCredentialStateProviderConfigurationException @JvmOverloads constructor(errorMessage: CharSequence? = null) :
    SignalCredentialStateException(TYPE_SIGNAL_CREDENTIAL_STATE_PROVIDER_CONFIGURATION_EXCEPTION, errorMessage) {
    internal companion object {
        internal const val TYPE_SIGNAL_CREDENTIAL_STATE_PROVIDER_CONFIGURATION_EXCEPTION =
            "androidx.credentials.SignalCredentialStateException.TYPE_PROVIDER_CONFIGURATION"
    }
}

/** The app sent more signals than allowed in a period: retry after [retryMillis]. */
class SignalCredentialRateLimitExceededException @JvmOverloads constructor(
    /** How long to wait before retrying, in milliseconds. */
    val retryMillis: Long,
    errorMessage: CharSequence? = null
) : SignalCredentialStateException(TYPE_SIGNAL_CREDENTIAL_STATE_RATE_LIMIT_EXCEEDED_EXCEPTION, errorMessage) {
    internal companion object {
        internal const val TYPE_SIGNAL_CREDENTIAL_STATE_RATE_LIMIT_EXCEEDED_EXCEPTION =
            "androidx.credentials.SignalCredentialStateException.RATE_LIMIT_EXCEEDED"
    }
}
