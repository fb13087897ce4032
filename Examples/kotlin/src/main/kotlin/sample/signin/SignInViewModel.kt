package sample.signin

import android.content.Context
import androidx.credentials.CredentialManager
import androidx.credentials.GetCredentialRequest
import androidx.credentials.GetCredentialResponse
import androidx.credentials.GetPublicKeyCredentialOption
import androidx.credentials.PublicKeyCredential
import androidx.credentials.SignalAllAcceptedCredentialIdsRequest
import androidx.credentials.SignalCredentialStateRequest
import androidx.credentials.SignalUnknownCredentialRequest
import androidx.credentials.exceptions.GetCredentialCancellationException
import androidx.credentials.exceptions.GetCredentialCustomException
import androidx.credentials.exceptions.GetCredentialException
import androidx.credentials.exceptions.GetCredentialInterruptedException
import androidx.credentials.exceptions.GetCredentialProviderConfigurationException
import androidx.credentials.exceptions.GetCredentialUnsupportedException
import androidx.credentials.exceptions.NoCredentialException
import androidx.credentials.exceptions.publickeycredential.GetPublicKeyCredentialDomException
import androidx.credentials.exceptions.publickeycredential.SignalCredentialStateException
import java.io.IOException
import java.util.logging.Logger
import kotlin.coroutines.Continuation
import kotlin.coroutines.EmptyCoroutineContext
import kotlin.coroutines.startCoroutine

/** The screens of the sign-in flow. */
enum class Destination {
    /** "Sign in": the "Sign in with passkey" and "Sign in with password" buttons. */
    SIGN_IN,

    /** The password form, with a "Sign in with passkey" button. */
    PASSWORD,

    /** The signed-in home screen (with the account's passkeys in its settings). */
    HOME
}

/** The one action a Snackbar may carry. */
enum class SnackbarAction(val label: String) {
    /** Asks for a new challenge and opens the passkey selector again. */
    RETRY("Retry"),

    /** Goes to the password form. */
    USE_PASSWORD("Use password")
}

/**
 * A Snackbar: a short message at the bottom of the screen, with at most one action. It does not
 * block the screen: the buttons under it stay enabled. One with an action stays until the user
 * acts or another message replaces it (`Snackbar.LENGTH_INDEFINITE`).
 */
data class SnackbarMessage(val message: String, val action: SnackbarAction? = null)

/** What the sign-in UI shows. */
data class SignInUiState(
    val destination: Destination,
    /** A request is running: the progress indicator shows and the passkey buttons are disabled. */
    val isLoading: Boolean = false,
    val snackbar: SnackbarMessage? = null
)

/**
 * The sign-in screen's view model, after the Credential Manager sample's `SignInViewModel`: a
 * discoverable passkey sign-in (no username field; the request allows any passkey of the app),
 * started when the sign-in screen appears and from its "Sign in with passkey" button. Each
 * attempt asks the server for fresh request options first. Errors show in a Snackbar; the
 * password form is the fallback. Credential Manager's Signal API keeps the user's passkey
 * providers in step with the server.
 *
 * Work runs in coroutines started with `kotlin.coroutines` (the sample uses `viewModelScope`).
 */
class SignInViewModel(
    /** An activity context: Credential Manager shows its UI over it. */
    private val context: Context,
    private val repository: AuthRepository
) {
    private val credentialManager = CredentialManager.create(context)
    private var cleared = false

    /** What the UI shows now. */
    var uiState = SignInUiState(if (repository.isSignedIn) Destination.HOME else Destination.SIGN_IN)
        private set

    /** Told of each new [uiState] (the sample exposes a `StateFlow`). */
    var onStateChanged: ((SignInUiState) -> Unit)? = null

    /**
     * The sign-in screen appeared: offer the user's passkeys at once, as the sample's
     * `LaunchedEffect` would. Only passkeys already on the device are offered, so that a user
     * without one sees no selector they did not ask for.
     */
    fun onSignInScreenShown() {
        if (uiState.destination != Destination.SIGN_IN || uiState.isLoading) return
        signInWithPasskey(preferImmediatelyAvailableCredentials = true)
    }

    /** "Sign in with passkey", on the sign-in screen or the password form. */
    fun onPasskeyButtonClicked() {
        if (uiState.isLoading) return
        signInWithPasskey(preferImmediatelyAvailableCredentials = false)
    }

    /** "Sign in with password" on the sign-in screen. */
    fun onPasswordButtonClicked() {
        update { it.copy(destination = Destination.PASSWORD, snackbar = null) }
    }

    /** The Snackbar's action button. */
    fun onSnackbarActionClicked() {
        val action = uiState.snackbar?.action ?: return
        update { it.copy(snackbar = null) }
        when (action) {
            SnackbarAction.RETRY -> signInWithPasskey(preferImmediatelyAvailableCredentials = false)
            SnackbarAction.USE_PASSWORD -> onPasswordButtonClicked()
        }
    }

    /** The user swiped the Snackbar away, or it timed out. */
    fun onSnackbarDismissed() {
        update { it.copy(snackbar = null) }
    }

    /** The password form was submitted. */
    fun onPasswordSubmitted(username: String, password: String) {
        update { it.copy(isLoading = true, snackbar = null) }
        launch {
            try {
                when (val response = repository.signInWithPassword(username, password)) {
                    is SignInResponse.SignedIn -> onSignedIn(response)
                    SignInResponse.Forbidden -> showSnackbar(SnackbarMessage(ACCOUNT_UNAVAILABLE))
                    else -> showSnackbar(SnackbarMessage(WRONG_PASSWORD))
                }
            } catch (e: IOException) {
                showSnackbar(SnackbarMessage(NETWORK_ERROR))
            } finally {
                update { it.copy(isLoading = false) }
            }
        }
    }

    /**
     * "Remove" next to a passkey in the account settings: the server deletes it, then the
     * providers learn which passkeys the account still accepts.
     */
    fun onRemovePasskeyClicked(credentialId: String) {
        launch {
            try {
                signalAllAcceptedCredentials(repository.removeKey(credentialId))
            } catch (e: IOException) {
                showSnackbar(SnackbarMessage(REMOVE_FAILED))
            }
        }
    }

    /** "Sign out" on the home screen. */
    fun onSignOutClicked() {
        repository.signOut()
        update { SignInUiState(Destination.SIGN_IN) }
    }

    /** The screen is gone for good: results still on their way are dropped. */
    fun onCleared() {
        cleared = true
    }

    private fun signInWithPasskey(preferImmediatelyAvailableCredentials: Boolean) {
        update { it.copy(isLoading = true, snackbar = null) }
        launch {
            try {
                // The challenge is good for one attempt: fetch the options each time.
                val request = GetCredentialRequest(
                    listOf(GetPublicKeyCredentialOption(repository.signInRequest())),
                    preferImmediatelyAvailableCredentials = preferImmediatelyAvailableCredentials
                )
                handleSignIn(credentialManager.getCredential(context, request))
            } catch (e: GetCredentialException) {
                handleFailure(e)
            } catch (e: IOException) {
                log.warning("Sign-in request failed: $e")
                showSnackbar(SnackbarMessage(NETWORK_ERROR, SnackbarAction.RETRY))
            } finally {
                update { it.copy(isLoading = false) }
            }
        }
    }

    private suspend fun handleSignIn(result: GetCredentialResponse) {
        when (val credential = result.credential) {
            is PublicKeyCredential -> verifyPasskey(credential.authenticationResponseJson)
            else -> log.warning("Unexpected type of credential: ${credential.type}")
        }
    }

    /** Sends the assertion to the server, which verifies it. */
    private suspend fun verifyPasskey(responseJson: String) {
        when (val response = repository.signInResponse(responseJson)) {
            is SignInResponse.SignedIn -> onSignedIn(response)
            SignInResponse.CredentialNotFound -> {
                // The server has no such passkey: ask the provider to hide or delete it.
                credentialIdOf(responseJson)?.let { signalUnknownCredential(it) }
                showSnackbar(SnackbarMessage(PASSKEY_NOT_RECOGNIZED, SnackbarAction.USE_PASSWORD))
            }
            SignInResponse.Unauthorized -> showSnackbar(SnackbarMessage(PASSKEY_FAILED, SnackbarAction.RETRY))
            SignInResponse.Forbidden -> showSnackbar(SnackbarMessage(ACCOUNT_UNAVAILABLE))
        }
    }

    /** The troubleshooting guide's advice for each `GetCredentialException`. */
    private fun handleFailure(e: GetCredentialException) {
        when (e) {
            is GetCredentialCancellationException -> {
                // The user closed the selector on purpose: do not retry, show nothing. The
                // passkey and password buttons are still there.
            }
            is NoCredentialException -> {
                // No passkey for this app on the device: go to the regular sign-in.
                onPasswordButtonClicked()
            }
            is GetCredentialInterruptedException -> showSnackbar(SnackbarMessage(INTERRUPTED, SnackbarAction.RETRY))
            is GetPublicKeyCredentialDomException -> {
                log.warning("Passkey DOM error ${e.domError.type}: ${e.message}")
                showSnackbar(SnackbarMessage(PASSKEY_FAILED, SnackbarAction.RETRY))
            }
            is GetCredentialProviderConfigurationException, is GetCredentialUnsupportedException ->
                showSnackbar(SnackbarMessage(PASSKEYS_UNAVAILABLE, SnackbarAction.USE_PASSWORD))
            is GetCredentialCustomException -> log.warning("Unexpected custom exception ${e.type}")
            else -> {
                log.warning("Unexpected exception type ${e::class.java.name}")
                showSnackbar(SnackbarMessage(SOMETHING_WENT_WRONG, SnackbarAction.RETRY))
            }
        }
    }

    private suspend fun onSignedIn(response: SignInResponse.SignedIn) {
        signalAllAcceptedCredentials(response.credentialIds)
        update { SignInUiState(Destination.HOME) }
    }

    private suspend fun signalUnknownCredential(credentialId: String) {
        // On Android, build the JSON with org.json.JSONObject.
        signal(SignalUnknownCredentialRequest("""{"rpId":"${repository.rpId}","credentialId":"$credentialId"}"""))
    }

    private suspend fun signalAllAcceptedCredentials(credentialIds: List<String>) {
        val userId = repository.userId ?: return
        val ids = credentialIds.joinToString(",") { "\"$it\"" }
        signal(
            SignalAllAcceptedCredentialIdsRequest(
                """{"rpId":"${repository.rpId}","userId":"$userId","allAcceptedCredentialIds":[$ids]}"""
            )
        )
    }

    /** Signals are best effort (Android 15 and higher; rate-limited): a failure changes nothing on screen. */
    private suspend fun signal(request: SignalCredentialStateRequest) {
        try {
            credentialManager.signalCredentialState(request)
        } catch (e: SignalCredentialStateException) {
            log.info("Signal ${request.type} not sent: $e")
        }
    }

    private fun showSnackbar(message: SnackbarMessage) {
        update { it.copy(snackbar = message) }
    }

    private fun update(change: (SignInUiState) -> SignInUiState) {
        if (cleared) return
        uiState = change(uiState)
        onStateChanged?.invoke(uiState)
    }

    /** Starts [block] as a coroutine, as `viewModelScope.launch` does. */
    private fun launch(block: suspend () -> Unit) {
        block.startCoroutine(Continuation(EmptyCoroutineContext) { result -> result.getOrThrow() })
    }

    private companion object {
        val log: Logger = Logger.getLogger("SignInViewModel")

        // res/values/strings.xml
        const val NETWORK_ERROR = "Can't connect right now. Check your connection and try again."
        const val PASSKEY_FAILED = "Couldn't sign in with your passkey. Try again."
        const val PASSKEY_NOT_RECOGNIZED = "This passkey isn't recognized. Sign in with your password."
        const val PASSKEYS_UNAVAILABLE = "Passkeys aren't available on this device."
        const val INTERRUPTED = "Sign-in was interrupted. Try again."
        const val SOMETHING_WENT_WRONG = "Something went wrong. Try again."
        const val ACCOUNT_UNAVAILABLE = "This account can't sign in right now. Contact support."
        const val WRONG_PASSWORD = "Wrong username or password."
        const val REMOVE_FAILED = "Couldn't remove the passkey. Try again later."

        /** The `id` of an `AuthenticationResponseJSON` (on Android: `JSONObject(json).getString("id")`). */
        fun credentialIdOf(responseJson: String): String? =
            Regex("\"id\"\\s*:\\s*\"([A-Za-z0-9_-]+)\"").find(responseJson)?.groupValues?.get(1)
    }
}
