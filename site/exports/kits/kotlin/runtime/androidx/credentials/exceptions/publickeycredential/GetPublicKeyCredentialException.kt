package androidx.credentials.exceptions.publickeycredential

import androidx.credentials.exceptions.GetCredentialException
import androidx.credentials.exceptions.domerrors.DomError

/** A get-credential error that only passkey requests have. */
open class GetPublicKeyCredentialException @JvmOverloads internal constructor(
    /** Which error this is. */
    override val type: String,
    errorMessage: CharSequence? = null
) : GetCredentialException(type, errorMessage) {
    init {
        require(type.isNotEmpty()) { "type must not be empty" }
    }
}

/**
 * A passkey request ended with a WebAuthn `DOMException`: [domError] says which. Its [type] is
 * `androidx.credentials.TYPE_GET_PUBLIC_KEY_CREDENTIAL_DOM_EXCEPTION`, a slash, then the
 * [domError]'s type, e.g. `…/androidx.credentials.TYPE_NOT_ALLOWED_ERROR`.
 */
class GetPublicKeyCredentialDomException @JvmOverloads constructor(
    /** The DOM error, e.g. [androidx.credentials.exceptions.domerrors.NotAllowedError]. */
    val domError: DomError,
    errorMessage: CharSequence? = null
) : GetPublicKeyCredentialException(TYPE_GET_PUBLIC_KEY_CREDENTIAL_DOM_EXCEPTION + SEPARATOR + domError.type, errorMessage) {
    internal companion object {
        internal const val TYPE_GET_PUBLIC_KEY_CREDENTIAL_DOM_EXCEPTION = "androidx.credentials.TYPE_GET_PUBLIC_KEY_CREDENTIAL_DOM_EXCEPTION"

        /** Between the exception's own type and the DOM error's. */
        internal const val SEPARATOR = "/"
    }
}
