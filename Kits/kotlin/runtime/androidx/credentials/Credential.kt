package androidx.credentials

// The credential a get request answers with. Only the passkey kind: a passkey sign-in gets
// nothing else, and the kit's fakes answer nothing else.

/** A credential the user consented to sign in with. */
abstract class Credential internal constructor(
    /** The credential's kind, e.g. [PublicKeyCredential.TYPE_PUBLIC_KEY_CREDENTIAL]. */
    val type: String
)

/**
 * The user's passkey for the sign-in: [authenticationResponseJson] is the WebAuthn
 * `AuthenticationResponseJSON` to send to your server.
 *
 * @throws IllegalArgumentException if [authenticationResponseJson] is empty
 */
class PublicKeyCredential(
    /** The assertion in WebAuthn's JSON form (`id`, `rawId`, `type`, `response`, …). */
    val authenticationResponseJson: String
) : Credential(TYPE_PUBLIC_KEY_CREDENTIAL) {
    init {
        require(authenticationResponseJson.isNotEmpty()) { "authentication response JSON must not be empty" }
    }

    /** The passkey kind's constant. */
    companion object {
        /** The type of a passkey credential and of a request for one. */
        const val TYPE_PUBLIC_KEY_CREDENTIAL: String = "androidx.credentials.TYPE_PUBLIC_KEY_CREDENTIAL"
    }
}

/** What a successful get request answers: the [credential] the user chose. */
class GetCredentialResponse(
    /** The credential to sign in with. */
    val credential: Credential
)
