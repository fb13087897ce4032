package sample.signin

import android.content.Context
import java.io.IOException
import java.net.ConnectException
import java.net.SocketTimeoutException
import java.util.Base64
import kotlin.coroutines.resume
import kotlin.coroutines.resumeWithException
import kotlin.coroutines.suspendCoroutine
import passkeyspec.kit.AccountStatus
import passkeyspec.kit.AppCapabilities
import passkeyspec.kit.AppObservation
import passkeyspec.kit.AutomaticStart
import passkeyspec.kit.EnumerationPolicy
import passkeyspec.kit.FakeServer
import passkeyspec.kit.FallbackMethod
import passkeyspec.kit.KitEnvironment
import passkeyspec.kit.KitJson
import passkeyspec.kit.KitStore
import passkeyspec.kit.LoginEntry
import passkeyspec.kit.LoginHarness
import passkeyspec.kit.LookupFault
import passkeyspec.kit.NoticePresentation
import passkeyspec.kit.OptionsAnswer
import passkeyspec.kit.Screen
import passkeyspec.kit.ShownNotice
import passkeyspec.kit.UserAction
import passkeyspec.kit.UserEvent
import passkeyspec.kit.VerificationAnswer

/**
 * What the sample sign-in supports, declared as it is: a login screen with no identifier field
 * whose passkey selector opens by itself as the screen appears (it cannot be turned off), an
 * app that says nothing about accounts before the user authenticates, and a password fallback.
 * It has no account-route screens: an account that may not sign in gets a Snackbar.
 */
val SAMPLE_CAPABILITIES = AppCapabilities(
    entries = setOf(LoginEntry.DISCOVERABLE),
    automaticStarts = setOf(AutomaticStart.PROMPT),
    enumerationPolicies = setOf(EnumerationPolicy.CONCEAL),
    fallbacks = setOf(FallbackMethod.PASSWORD),
    accountRoutes = emptyMap()
)

/**
 * The kit's harness over [SignInViewModel]: the kit's events become the taps the sign-in UI
 * passes to the view model, and its state becomes what the user sees. The app talks to
 * Credential Manager itself (the kit's `androidx.credentials` stand-ins), to its server through
 * [KitAuthApi] and keeps its session in [KitSessionStore].
 */
class SampleSignInHarness(kit: KitEnvironment) : LoginHarness {
    private val repository = AuthRepository(KitAuthApi(kit.server), KitSessionStore(kit.store), RP_ID)
    private val viewModel = SignInViewModel(object : Context() {}, repository)

    override fun send(event: UserEvent) {
        when (event) {
            // The sign-in screen's LaunchedEffect.
            UserEvent.ScreenAppeared -> viewModel.onSignInScreenShown()
            // "Sign in with passkey" on the sign-in screen or the password form.
            UserEvent.PasskeyButtonTapped -> viewModel.onPasskeyButtonClicked()
            is UserEvent.Choose -> choose(event.action)
            UserEvent.FallbackSignInSucceeded -> {
                check(viewModel.uiState.destination == Destination.PASSWORD) {
                    "the password form is not on screen (the app shows ${viewModel.uiState.destination})"
                }
                viewModel.onPasswordSubmitted("user@example.com", "correct horse battery staple")
            }
            // "Remove" next to the passkey in the account settings.
            is UserEvent.PasskeyRevokedInSettings -> viewModel.onRemovePasskeyClicked(credentialId(event.passkey))
            UserEvent.SignedOut -> viewModel.onSignOutClicked()
            UserEvent.IdentifierEntered, UserEvent.SuggestionsChallengeExpiring ->
                throw IllegalStateException("the sample's sign-in screen has no identifier field ($event)")
        }
    }

    private fun choose(action: UserAction) {
        val state = viewModel.uiState
        val snackbarAction = state.snackbar?.action
        when {
            action == UserAction.RETRY && snackbarAction == SnackbarAction.RETRY -> viewModel.onSnackbarActionClicked()
            action == UserAction.FALLBACK && snackbarAction == SnackbarAction.USE_PASSWORD -> viewModel.onSnackbarActionClicked()
            // The sign-in screen's own "Sign in with password" button.
            action == UserAction.FALLBACK && state.destination == Destination.SIGN_IN -> viewModel.onPasswordButtonClicked()
            // "Sign in with passkey" on the password form.
            action == UserAction.USE_PASSKEY && state.destination == Destination.PASSWORD -> viewModel.onPasskeyButtonClicked()
            else -> throw IllegalStateException("the app has no button for \"${action.id}\" now")
        }
    }

    override fun observe(): AppObservation {
        val state = viewModel.uiState
        val screen = when (state.destination) {
            Destination.SIGN_IN -> Screen.LOGIN
            Destination.PASSWORD -> Screen.FALLBACK
            Destination.HOME -> Screen.SIGNED_IN
        }
        // A Snackbar has a message and at most one action, and no title. It blocks nothing: the
        // sign-in screen's buttons stay enabled under it.
        val notice = state.snackbar?.let {
            ShownNotice("", it.message, listOfNotNull(it.action?.label), NoticePresentation.NON_BLOCKING)
        }
        val actions = ArrayList<UserAction>()
        when (state.snackbar?.action) {
            SnackbarAction.RETRY -> actions.add(UserAction.RETRY)
            SnackbarAction.USE_PASSWORD -> actions.add(UserAction.FALLBACK)
            null -> Unit
        }
        // The password form's "Sign in with passkey", disabled while a request runs.
        if (state.destination == Destination.PASSWORD && !state.isLoading) actions.add(UserAction.USE_PASSKEY)
        return AppObservation(screen = screen, notice = notice, actions = actions, session = repository.isSignedIn)
    }

    companion object {
        const val RP_ID = "example.com"
    }
}

/** The app's [SessionStore] over the kit's store, which survives a relaunch as SharedPreferences would. */
class KitSessionStore(private val store: KitStore) : SessionStore {
    override fun getString(key: String): String? = store.getString(key)

    override fun putString(key: String, value: String?) = store.putString(key, value)
}

/**
 * The app's [AuthApi] over the kit's server. A passkey's name in the spec is its credential ID,
 * base64url of its UTF-8 bytes; the challenge goes into the request JSON the same way.
 */
class KitAuthApi(private val server: FakeServer) : AuthApi {
    override suspend fun signInRequest(): String = suspendCoroutine { continuation ->
        server.requestOptions { answer ->
            when (answer) {
                is OptionsAnswer.Options -> continuation.resume(
                    """{"challenge":"${base64Url(answer.challenge)}","rpId":"${SampleSignInHarness.RP_ID}",""" +
                        """"userVerification":"required","timeout":1800000}"""
                )
                is OptionsAnswer.Failed -> continuation.resumeWithException(networkFailure(answer.fault))
            }
        }
    }

    override suspend fun signInResponse(credentialJson: String): SignInResponse {
        val id = (KitJson.parse(credentialJson) as Map<*, *>)["id"] as String
        return suspendCoroutine { continuation ->
            server.verify(passkeyName(id)) { answer ->
                when (answer) {
                    is VerificationAnswer.Verified -> continuation.resume(signedIn(answer.accountStatus, answer.acceptedPasskeys))
                    // The backend deletes a passkey the user removes: it is as unknown as one never registered.
                    VerificationAnswer.CredentialUnknown, VerificationAnswer.CredentialRevoked ->
                        continuation.resume(SignInResponse.CredentialNotFound)
                    // The assertion signs a challenge the server no longer holds: it does not verify.
                    VerificationAnswer.VerificationFailed, VerificationAnswer.ChallengeExpired ->
                        continuation.resume(SignInResponse.Unauthorized)
                    VerificationAnswer.RouteUnavailable -> continuation.resume(SignInResponse.Forbidden)
                    VerificationAnswer.Inconclusive ->
                        continuation.resumeWithException(ApiException(503, "verification inconclusive"))
                }
            }
        }
    }

    override suspend fun password(username: String, password: String): SignInResponse = suspendCoroutine { continuation ->
        server.signInWithFallback { answer -> continuation.resume(signedIn(answer.accountStatus, answer.acceptedPasskeys)) }
    }

    override suspend fun removeKey(userId: String, credentialId: String): List<String> = suspendCoroutine { continuation ->
        server.revoke(passkeyName(credentialId)) { accepted -> continuation.resume(accepted.map(::base64Url)) }
    }

    private fun signedIn(status: AccountStatus, acceptedPasskeys: List<String>): SignInResponse =
        if (status == AccountStatus.ACTIVE) SignInResponse.SignedIn(USER_ID, acceptedPasskeys.map(::base64Url)) else SignInResponse.Forbidden

    private fun networkFailure(fault: LookupFault): IOException = when (fault) {
        LookupFault.TIMEOUT -> SocketTimeoutException("request options timed out")
        LookupFault.NETWORK_FAILURE -> ConnectException("request options: connection failed")
        LookupFault.SERVER_ERROR -> ApiException(503, "request options: server error")
    }

    private companion object {
        val USER_ID = base64Url("user")
    }
}

/** The credential ID of a passkey the spec names. */
private fun credentialId(passkey: String): String = base64Url(passkey)

private fun base64Url(text: String): String =
    Base64.getUrlEncoder().withoutPadding().encodeToString(text.toByteArray(Charsets.UTF_8))

private fun passkeyName(credentialId: String): String = String(Base64.getUrlDecoder().decode(credentialId), Charsets.UTF_8)
