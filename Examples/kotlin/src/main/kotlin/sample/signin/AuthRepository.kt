package sample.signin

/**
 * What the app keeps across launches: SharedPreferences or DataStore in the app, anything that
 * stores strings in a test.
 */
interface SessionStore {
    fun getString(key: String): String?

    /** Stores [value] under [key]; `null` removes it. */
    fun putString(key: String, value: String?)
}

/**
 * Works with the [AuthApi] and the local [SessionStore], as the sample's `AuthRepository`: it
 * keeps the signed-in user's ID so that the app opens signed in after a restart.
 */
class AuthRepository(
    private val api: AuthApi,
    private val store: SessionStore,
    /** The relying party ID the app's passkeys are bound to. */
    val rpId: String
) {
    /** The signed-in user's ID (base64url), or null when signed out. */
    val userId: String? get() = store.getString(USER_ID)

    val isSignedIn: Boolean get() = userId != null

    /** The request JSON for the next `getCredential` call, with a fresh challenge. */
    suspend fun signInRequest(): String = api.signInRequest()

    /** Sends the assertion to the server; keeps the session when it verifies. */
    suspend fun signInResponse(credentialJson: String): SignInResponse =
        api.signInResponse(credentialJson).also(::keepSession)

    /** Signs in with a password; keeps the session when it succeeds. */
    suspend fun signInWithPassword(username: String, password: String): SignInResponse =
        api.password(username, password).also(::keepSession)

    /** Removes a passkey from the signed-in account; answers the credential IDs it still has. */
    suspend fun removeKey(credentialId: String): List<String> {
        val user = checkNotNull(userId) { "removeKey needs a signed-in user" }
        return api.removeKey(user, credentialId)
    }

    /** Clears the session. */
    fun signOut() {
        store.putString(USER_ID, null)
    }

    private fun keepSession(response: SignInResponse) {
        if (response is SignInResponse.SignedIn) store.putString(USER_ID, response.userId)
    }

    private companion object {
        const val USER_ID = "user_id"
    }
}
