package androidx.credentials.sample

import android.content.Context
import android.view.View
import androidx.credentials.CredentialManager
import androidx.credentials.GetCredentialRequest
import androidx.credentials.GetCredentialResponse
import androidx.credentials.GetPublicKeyCredentialOption
import androidx.credentials.PendingGetCredentialRequest
import androidx.credentials.PublicKeyCredential
import androidx.credentials.SignalAllAcceptedCredentialIdsRequest
import androidx.credentials.SignalUnknownCredentialRequest
import androidx.credentials.exceptions.GetCredentialCancellationException
import androidx.credentials.exceptions.GetCredentialCustomException
import androidx.credentials.exceptions.GetCredentialException
import androidx.credentials.exceptions.GetCredentialInterruptedException
import androidx.credentials.exceptions.GetCredentialProviderConfigurationException
import androidx.credentials.exceptions.GetCredentialUnknownException
import androidx.credentials.exceptions.GetCredentialUnsupportedException
import androidx.credentials.exceptions.NoCredentialException
import androidx.credentials.exceptions.domerrors.NotAllowedError
import androidx.credentials.exceptions.publickeycredential.GetPublicKeyCredentialDomException
import androidx.credentials.pendingGetCredentialRequest

// A passkey sign-in as an Android app writes it, after Google's Credential Manager sample: it
// imports androidx.credentials and nothing of the kit, and compiles unchanged against the kit's
// stand-ins. Its tests (CredentialManagerStandInTest) drive it through the kit's fakes.

/** The app's auth server, as its HTTP client declares it. */
interface AuthApi {
    /** `POST /webauthn/authentication/options`: a `PublicKeyCredentialRequestOptionsJSON`. */
    suspend fun authenticationOptions(username: String?): String
}

/** What the sign-in screen shows. */
sealed class SignInUiState {
    /** Nothing yet. */
    object Idle : SignInUiState()

    /** The user chose a passkey: the assertion to send to the server. */
    class PasskeyChosen(val authenticationResponseJson: String) : SignInUiState()

    /** The request failed: [text] is what the screen shows, [error] what Credential Manager threw. */
    class Failed(val reason: FailureReason, val text: String?, val error: GetCredentialException) : SignInUiState()
}

/** Why a passkey request failed, as the screen tells them apart. */
enum class FailureReason {
    CANCELLED,
    NO_PASSKEY,
    INTERRUPTED,
    PROVIDER_CONFIGURATION,
    UNSUPPORTED,
    UNKNOWN,
    NOT_ALLOWED,
    OTHER_DOM_ERROR,
    THIRD_PARTY
}

/** The sign-in screen's logic: the passkey sheet, the username field's suggestions, the signals. */
class PasskeySignInViewModel(private val context: Context, private val api: AuthApi) {
    private val credentialManager = CredentialManager.create(context)

    /** What the screen shows now. */
    var uiState: SignInUiState = SignInUiState.Idle
        private set

    /**
     * Opens the system's passkey sheet. With [onlyThisDevice], it ends at once (with
     * `NoCredentialException`) when no passkey is on the device.
     */
    suspend fun signInWithPasskey(username: String? = null, onlyThisDevice: Boolean = false) {
        val requestJson = api.authenticationOptions(username)
        val getCredentialRequest = GetCredentialRequest(
            listOf(GetPublicKeyCredentialOption(requestJson)),
            preferImmediatelyAvailableCredentials = onlyThisDevice
        )
        try {
            val result = credentialManager.getCredential(context, getCredentialRequest)
            handleSignIn(result)
        } catch (e: GetCredentialException) {
            handleFailure(e)
        }
    }

    /** Offers the user's passkeys in the username field's suggestions. */
    suspend fun offerPasskeysIn(usernameField: View) {
        val requestJson = api.authenticationOptions(null)
        val request = GetCredentialRequest.Builder()
            .addCredentialOption(GetPublicKeyCredentialOption(requestJson))
            .build()
        usernameField.pendingGetCredentialRequest = PendingGetCredentialRequest(request) { response ->
            handleSignIn(response)
        }
    }

    /** The user starts typing a password: the suggestions go. */
    fun stopOfferingPasskeysIn(usernameField: View) {
        usernameField.pendingGetCredentialRequest = null
    }

    /** The server does not know the passkey the user signed in with: providers should hide it. */
    suspend fun onPasskeyUnknownToServer(rpId: String, credentialId: String) {
        credentialManager.signalCredentialState(
            SignalUnknownCredentialRequest("{\"rpId\":\"$rpId\",\"credentialId\":\"$credentialId\"}")
        )
    }

    /** After sign-in: the passkeys the server accepts for the user, so that providers drop the others. */
    suspend fun reportAcceptedPasskeys(rpId: String, userId: String, credentialIds: List<String>) {
        val ids = credentialIds.joinToString(",") { "\"$it\"" }
        credentialManager.signalCredentialState(
            SignalAllAcceptedCredentialIdsRequest("{\"rpId\":\"$rpId\",\"userId\":\"$userId\",\"allAcceptedCredentialIds\":[$ids]}")
        )
    }

    private fun handleSignIn(result: GetCredentialResponse) {
        val credential = result.credential
        if (credential is PublicKeyCredential) {
            uiState = SignInUiState.PasskeyChosen(credential.authenticationResponseJson)
        }
    }

    private fun handleFailure(e: GetCredentialException) {
        val reason = when (e) {
            is GetCredentialCancellationException -> FailureReason.CANCELLED
            is NoCredentialException -> FailureReason.NO_PASSKEY
            is GetCredentialInterruptedException -> FailureReason.INTERRUPTED
            is GetCredentialProviderConfigurationException -> FailureReason.PROVIDER_CONFIGURATION
            is GetCredentialUnsupportedException -> FailureReason.UNSUPPORTED
            is GetCredentialUnknownException -> FailureReason.UNKNOWN
            is GetPublicKeyCredentialDomException -> when (e.domError) {
                is NotAllowedError -> FailureReason.NOT_ALLOWED
                else -> FailureReason.OTHER_DOM_ERROR
            }
            is GetCredentialCustomException -> FailureReason.THIRD_PARTY
            else -> FailureReason.UNKNOWN
        }
        uiState = SignInUiState.Failed(reason, e.message, e)
    }
}
