package androidx.credentials

// The Signal API's requests (androidx.credentials 1.6): what an app tells the user's passkey
// providers about the passkeys its server holds. The current-user-details request is left out:
// it is for a renamed account, not for sign-in, and the kit's fakes have no signal for it.
// The request bundle (`requestData`) is left out too: only Android's services read it.

/**
 * A signal for the user's credential providers, passed to
 * [CredentialManager.signalCredentialState].
 */
abstract class SignalCredentialStateRequest internal constructor(
    /** Which signal this is, e.g. `androidx.credentials.SIGNAL_UNKNOWN_CREDENTIAL_STATE_REQUEST_TYPE`. */
    val type: String,
    /** The signal's data in WebAuthn's JSON form. */
    val requestJson: String,
    /** The origin of another app the signal is sent for; only browsers and privileged apps set it. */
    val origin: String?
)

/**
 * Tells the providers that your server does not recognise a passkey (it was deleted, or never
 * stored), so that they hide or remove it. [requestJson] holds `rpId` and `credentialId`
 * (base64url), as WebAuthn's `signalUnknownCredential` takes them.
 *
 * @throws IllegalArgumentException if [requestJson] lacks a key or `credentialId` is not base64url
 */
class SignalUnknownCredentialRequest @JvmOverloads constructor(requestJson: String, origin: String? = null) :
    SignalCredentialStateRequest(SIGNAL_UNKNOWN_CREDENTIAL_STATE_REQUEST_TYPE, requestJson, origin) {
    init {
        require(KitCredentials.isValidSignal(requestJson, listOf("rpId", "credentialId"), listOf("credentialId"), null)) {
            "Structural/type validation failed for JSON: '$requestJson'"
        }
    }

    internal companion object {
        internal const val SIGNAL_UNKNOWN_CREDENTIAL_STATE_REQUEST_TYPE = "androidx.credentials.SIGNAL_UNKNOWN_CREDENTIAL_STATE_REQUEST_TYPE"
    }
}

/**
 * Tells the providers every passkey your server accepts for a user, so that they hide or remove
 * the others. [requestJson] holds `rpId`, `userId` (base64url) and `allAcceptedCredentialIds`
 * (base64url), as WebAuthn's `signalAllAcceptedCredentials` takes them.
 *
 * @throws IllegalArgumentException if [requestJson] lacks a key, or an ID is not base64url
 */
class SignalAllAcceptedCredentialIdsRequest @JvmOverloads constructor(requestJson: String, origin: String? = null) :
    SignalCredentialStateRequest(SIGNAL_ALL_ACCEPTED_CREDENTIALS_REQUEST_TYPE, requestJson, origin) {
    init {
        require(
            KitCredentials.isValidSignal(
                requestJson,
                listOf("rpId", "userId", "allAcceptedCredentialIds"),
                listOf("userId"),
                "allAcceptedCredentialIds"
            )
        ) { "Structural/type validation failed for JSON: '$requestJson'" }
    }

    internal companion object {
        internal const val SIGNAL_ALL_ACCEPTED_CREDENTIALS_REQUEST_TYPE = "androidx.credentials.SIGNAL_ALL_ACCEPTED_CREDENTIALS_REQUEST_TYPE"
    }
}

/** A signal passed on to the providers: it says nothing more. */
class SignalCredentialStateResponse
