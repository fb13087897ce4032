package sample.signin

import java.io.IOException

/**
 * The app's client for its authentication server, as the Credential Manager sample's `AuthApi`:
 * one suspending call per endpoint. A call that cannot reach the server, or gets a 5xx answer,
 * throws an [IOException] ([ApiException] for an HTTP error).
 */
interface AuthApi {
    /**
     * `POST /auth/signinRequest`: the options of a passkey sign-in, as WebAuthn's
     * `PublicKeyCredentialRequestOptionsJSON` (`challenge`, `rpId`, `userVerification`, no
     * `allowCredentials`: any passkey of the app). The challenge is fresh for each sign-in
     * attempt, so ask again before every `getCredential` call.
     */
    suspend fun signInRequest(): String

    /** `POST /auth/signinResponse`: verifies the assertion (`PublicKeyCredential.authenticationResponseJson`). */
    suspend fun signInResponse(credentialJson: String): SignInResponse

    /** `POST /auth/password`: signs in with the password form. */
    suspend fun password(username: String, password: String): SignInResponse

    /**
     * `POST /auth/removeKey`: removes a passkey from the signed-in user's account; answers the
     * credential IDs the account still has.
     */
    suspend fun removeKey(userId: String, credentialId: String): List<String>
}

/** What the server answers to a sign-in. */
sealed class SignInResponse {
    /** 200: signed in as [userId] (base64url), whose account has the passkeys [credentialIds] (base64url). */
    data class SignedIn(val userId: String, val credentialIds: List<String>) : SignInResponse()

    /** 404: the server has no passkey with this credential ID (never registered, or removed). */
    object CredentialNotFound : SignInResponse()

    /** 401: the assertion did not verify. */
    object Unauthorized : SignInResponse()

    /** 403: the account exists but may not sign in (locked, disabled, closed…). */
    object Forbidden : SignInResponse()
}

/** The server answered with an HTTP error [code]. */
class ApiException(val code: Int, message: String) : IOException(message)
