package androidx.credentials

import android.content.ComponentName

// A get request as androidx.credentials 1.5 and 1.6 define it, for passkeys. Its bundles
// (`requestData`, `getRequestMetadataBundle`) are left out: only Android's services read them.

/**
 * What a get request may answer with. Only [GetPublicKeyCredentialOption] here: the password,
 * custom and digital-credential options are not part of a passkey sign-in.
 */
abstract class CredentialOption internal constructor(
    /** The kind of credential asked for, e.g. [PublicKeyCredential.TYPE_PUBLIC_KEY_CREDENTIAL]. */
    val type: String,
    /** Whether only a system provider may answer. */
    val isSystemProviderRequired: Boolean,
    /** Whether the only credential available may be chosen without asking the user. */
    val isAutoSelectAllowed: Boolean,
    /** The providers allowed to answer; empty: any. */
    val allowedProviders: Set<ComponentName>
)

/**
 * Asks for the user's passkeys. [requestJson] is the WebAuthn
 * `PublicKeyCredentialRequestOptionsJSON` your server issued: its `challenge` and its
 * `allowCredentials` (empty or absent: any passkey of the app).
 *
 * @throws IllegalArgumentException if [requestJson] is empty
 */
class GetPublicKeyCredentialOption @JvmOverloads constructor(
    /** The request options in WebAuthn's JSON form. */
    val requestJson: String,
    /** A hash of the client data to sign in its place; only for apps that set an origin. */
    val clientDataHash: ByteArray? = null,
    allowedProviders: Set<ComponentName> = emptySet()
) : CredentialOption(PublicKeyCredential.TYPE_PUBLIC_KEY_CREDENTIAL, false, true, allowedProviders) {
    init {
        require(requestJson.isNotEmpty()) { "requestJson must not be empty" }
    }
}

/**
 * A request for a credential, passed to [CredentialManager.getCredential] or set on a view
 * through [PendingGetCredentialRequest].
 *
 * @throws IllegalArgumentException if [credentialOptions] is empty
 */
class GetCredentialRequest @JvmOverloads constructor(
    /** The options the user can choose from. */
    val credentialOptions: List<CredentialOption>,
    /** The origin of another app the request is made for; only browsers and privileged apps set it. */
    val origin: String? = null,
    /** Whether the UI should suit identity documents. */
    val preferIdentityDocUi: Boolean = false,
    /** The service whose label and icon brand the selector. */
    val preferUiBrandingComponentName: ComponentName? = null,
    /**
     * Whether the request should end at once, with `NoCredentialException`, when no credential is
     * available on the device, instead of offering remote options (another device, a security key).
     */
    @get:JvmName("preferImmediatelyAvailableCredentials")
    val preferImmediatelyAvailableCredentials: Boolean = false
) {
    init {
        require(credentialOptions.isNotEmpty()) { "credentialOptions should not be empty" }
    }

    /** Builds a [GetCredentialRequest] step by step. */
    class Builder {
        private var credentialOptions: MutableList<CredentialOption> = mutableListOf()
        private var origin: String? = null
        private var preferIdentityDocUi = false
        private var preferImmediatelyAvailableCredentials = false
        private var preferUiBrandingComponentName: ComponentName? = null

        /** Adds an option. */
        fun addCredentialOption(credentialOption: CredentialOption): Builder {
            credentialOptions.add(credentialOption)
            return this
        }

        /** Replaces the options. */
        fun setCredentialOptions(credentialOptions: List<CredentialOption>): Builder {
            this.credentialOptions = credentialOptions.toMutableList()
            return this
        }

        /** Sets the origin of another app the request is made for. */
        fun setOrigin(origin: String): Builder {
            this.origin = origin
            return this
        }

        /** Sets [GetCredentialRequest.preferImmediatelyAvailableCredentials]; false by default. */
        fun setPreferImmediatelyAvailableCredentials(preferImmediatelyAvailableCredentials: Boolean): Builder {
            this.preferImmediatelyAvailableCredentials = preferImmediatelyAvailableCredentials
            return this
        }

        /** Sets the service whose label and icon brand the selector. */
        fun setPreferUiBrandingComponentName(component: ComponentName?): Builder {
            preferUiBrandingComponentName = component
            return this
        }

        /** Sets whether the UI should suit identity documents. */
        fun setPreferIdentityDocUi(preferIdentityDocUi: Boolean): Builder {
            this.preferIdentityDocUi = preferIdentityDocUi
            return this
        }

        /**
         * The request.
         *
         * @throws IllegalArgumentException if no option was added
         */
        fun build(): GetCredentialRequest = GetCredentialRequest(
            credentialOptions.toList(),
            origin,
            preferIdentityDocUi,
            preferUiBrandingComponentName,
            preferImmediatelyAvailableCredentials
        )
    }
}
