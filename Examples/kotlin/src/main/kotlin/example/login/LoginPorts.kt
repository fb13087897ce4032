package example.login

import java.io.IOException

// What the login controller talks to. In the app: a wrapper over `CredentialManager`, the
// Retrofit client of the auth backend, the signal calls and SharedPreferences. In the
// conformance tests: the kit's fakes, behind the harness in src/test.

/** Who started a passkey request: decides how a cancellation is counted. */
enum class PasskeyRequestSource {
    /** The app, by itself, as the login screen opened (or the retry it offers afterwards). */
    APP,

    /** The user: the passkey button, "choose another passkey", "try again" after an error. */
    USER
}

/** The options of a `GetCredentialRequest` with one `GetPublicKeyCredentialOption`. */
data class PasskeyPromptOptions(
    val source: PasskeyRequestSource,
    /** `allowCredentials`; empty: any passkey of this app (a discoverable request). */
    val allowCredentialIds: List<String>,
    /** `setPreferImmediatelyAvailableCredentials`: only passkeys on this device, no remote options. */
    val preferImmediatelyAvailable: Boolean
)

sealed class PasskeyOutcome {
    class Assertion(val credentialId: String) : PasskeyOutcome()
    class Error(val exception: GetCredentialException) : PasskeyOutcome()
}

/**
 * The backend's `PublicKeyCredentialRequestOptions` for one passkey request: in the app, the
 * JSON handed to `GetPublicKeyCredentialOption(requestJson)`. Its challenge is made on the
 * server and good for one request, so every request fetches its own.
 */
data class AssertionOptions(val challenge: String)

/** The app's wrapper over `CredentialManager`. */
interface PasskeyClient {
    /** `credentialManager.getCredential(context, request)`: the system's passkey sheet. */
    fun getPasskey(options: PasskeyPromptOptions, assertion: AssertionOptions, onOutcome: (PasskeyOutcome) -> Unit)

    /** `identifierField.pendingGetCredentialRequest = PendingGetCredentialRequest(request) { … }`. */
    fun offerPasskeysInIdentifierField(assertion: AssertionOptions, onPicked: (credentialId: String) -> Unit)

    /** `identifierField.pendingGetCredentialRequest = null`. */
    fun withdrawIdentifierFieldOffer()
}

/** What the backend says about an identifier before sign-in. */
data class SignInOptions(val account: AccountLookup, val passkeyCredentialIds: List<String>)

enum class AccountLookup { FOUND, UNKNOWN, PASSKEYS_NOT_ALLOWED }

enum class AccountState { ACTIVE, CLOSED, DELETED, DISABLED, INACTIVE, LOCKED, RESTRICTED }

data class SignedInAccount(val state: AccountState, val acceptedCredentialIds: List<String>)

sealed class PasskeyVerification {
    class Accepted(val account: SignedInAccount) : PasskeyVerification()
    class Rejected(val reason: RejectionReason) : PasskeyVerification()

    /**
     * The assertion signs a challenge the backend no longer holds (it expired, or was used):
     * the backend's `challenge_expired` error. Nothing is known about the passkey.
     */
    object ChallengeExpired : PasskeyVerification()
}

enum class RejectionReason { CREDENTIAL_NOT_FOUND, CREDENTIAL_REVOKED, ASSERTION_REJECTED, PASSKEY_LOGIN_NOT_ALLOWED }

/** A call's result: the body, or the transport or HTTP failure. */
sealed class ApiResult<out T> {
    class Ok<T>(val body: T) : ApiResult<T>()
    class Failure(val error: IOException) : ApiResult<Nothing>()
}

/** An HTTP answer outside 2xx (Retrofit's `HttpException`, an `IOException` here for brevity). */
class HttpStatusException(val status: Int) : IOException("HTTP $status")

/** The auth backend's client. */
interface AuthBackend {
    fun fetchSignInOptions(identifier: String, callback: (ApiResult<SignInOptions>) -> Unit)

    /** `POST /webauthn/authentication/options`: before every passkey request. */
    fun fetchAssertionOptions(callback: (ApiResult<AssertionOptions>) -> Unit)

    fun verifyPasskey(credentialId: String, callback: (ApiResult<PasskeyVerification>) -> Unit)
    fun completeFallbackSignIn(callback: (ApiResult<SignedInAccount>) -> Unit)

    /**
     * `DELETE /webauthn/credentials/{id}` for the signed-in account: the backend revokes the
     * passkey and answers the credential IDs it still accepts for the account.
     */
    fun revokePasskey(credentialId: String, callback: (ApiResult<List<String>>) -> Unit)
}

/** `CredentialManager.signalCredentialState` requests. */
interface CredentialSignals {
    /** `SignalUnknownCredentialRequest`. */
    fun credentialUnknown(credentialId: String)

    /** `SignalAllAcceptedCredentialIdsRequest`. */
    fun acceptedCredentials(credentialIds: List<String>)
}

/** SharedPreferences, as far as the login needs them. */
interface Preferences {
    fun getInt(key: String, default: Int): Int
    fun putInt(key: String, value: Int)
}

/** What the product decided; comes from remote config in the app. */
data class LoginSettings(
    val autoStart: AutoStart,
    /** false: the login screen has no identifier field; passkeys are asked for without one, and nothing is looked up. */
    val asksForIdentifier: Boolean = true,
    /** false: before sign-in every identifier looks the same (OWASP). */
    val revealAccounts: Boolean,
    val otherMethod: OtherSignInMethod,
    /** Where a signed-in account that may not continue is sent, by its state. */
    val helpFor: Map<AccountState, HelpPage>
)

enum class AutoStart { OFF, OPEN_PROMPT, SUGGEST_IN_FIELD }

enum class OtherSignInMethod { PASSWORD, EMAIL_CODE, SMS_CODE }

enum class HelpPage { ACCOUNT_STATUS, RECOVERY, SUPPORT }
