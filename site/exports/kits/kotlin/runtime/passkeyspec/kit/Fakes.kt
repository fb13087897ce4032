package passkeyspec.kit

// The fakes the kit gives your controller: what it talks to, answering from the check's
// script. Each records what the kit compares with the spec: the prompt open, the suggestions
// pending, the signals sent, the lookups made, and the requests started without fresh options.

/** How a passkey request was started. */
enum class PromptKind(val id: String) {
    /** The app opened the prompt by itself (or as the retry after an automatic cancellation). */
    AUTOMATIC("automatic"),

    /** The user asked: the passkey button, "choose another passkey", a retry after an error. */
    EXPLICIT("explicit"),

    /** Passkeys offered in the identifier field's suggestions (`PendingGetCredentialRequest`). */
    ASSISTED("assisted");

    internal companion object {
        // Looked up for every input that opens a prompt: by a map, not a search.
        private val byId = values().associateBy { it.id }

        /** The kind [id] names; null for none this kit knows. */
        fun of(id: String): PromptKind? = byId[id]
    }
}

/**
 * A passkey request as your app would build a `GetCredentialRequest` with a
 * `GetPublicKeyCredentialOption`: which passkeys it allows (empty: any passkey of the app),
 * `setPreferImmediatelyAvailableCredentials`, and the [challenge] of the request options
 * the server issued for it ([FakeServer.requestOptions]; in the app, part of the option's
 * `requestJson`).
 */
data class PasskeyRequest(
    val kind: PromptKind,
    val allowedPasskeys: List<String>,
    val preferImmediatelyAvailableCredentials: Boolean,
    /** A challenge is good for one request: each request asks the server for fresh options first. */
    val challenge: String
)

/** How the passkey API ends a request, as data your adapter turns into the real types. */
sealed class PasskeyResult {
    /** `GetCredentialResponse` with a `PublicKeyCredential` for [passkey] (its name stands for its credential ID). */
    data class Picked(val passkey: String) : PasskeyResult()

    /**
     * A `GetCredentialException`: its class's simple name (`GetCredentialCancellationException`,
     * `GetPublicKeyCredentialDomException`, …) and its `type` (for a DOM exception, ending with
     * the `DomError`'s type, e.g. `…/androidx.credentials.TYPE_NOT_ALLOWED_ERROR`).
     */
    data class Failed(val exceptionClass: String, val type: String, val message: String? = null) : PasskeyResult()
}

/** Stands for `CredentialManager` and the identifier field's pending request. */
class FakePasskeyApi internal constructor(private val log: KitLog, private val server: FakeServer) {
    private var prompt: Pending? = null
    private var suggestions: Pending? = null
    private val made = ArrayList<PasskeyRequest>()
    private val usedChallenges = HashSet<String>()

    // Kept apart from the log's problems, which wait for the next outcome step: a request
    // without fresh options fails the check at the step whose input made it.
    private val challengeProblems = ArrayList<String>()

    private class Pending(val request: PasskeyRequest, val onResult: (PasskeyResult) -> Unit)

    /**
     * Starts a request: `getCredential` for [PromptKind.AUTOMATIC] and [PromptKind.EXPLICIT],
     * `View.pendingGetCredentialRequest` for [PromptKind.ASSISTED]. The kit calls [onResult] when
     * the check's step ends it; an assisted request hears only of a passkey picked, as on Android.
     * A request whose challenge the server never issued, or one an earlier request used,
     * fails the check at the step that made it.
     */
    fun request(request: PasskeyRequest, onResult: (PasskeyResult) -> Unit) {
        made.add(request)
        if (!server.issued(request.challenge)) {
            challengeProblems.add(
                "expected a passkey request with a challenge from the server's request options; the app's \"${request.challenge}\" was never issued"
            )
        } else if (!usedChallenges.add(request.challenge)) {
            challengeProblems.add("expected a passkey request with fresh request options; the app used challenge \"${request.challenge}\" again")
        }
        prompt?.let { open -> log.problem("the app asked for an ${request.kind.id} passkey request while an ${open.request.kind.id} prompt was open") }
        if (request.kind == PromptKind.ASSISTED) {
            suggestions = Pending(request, onResult)
        } else {
            if (suggestions != null) {
                log.problem("the app opened an ${request.kind.id} passkey prompt without cancelling the identifier field's request first")
            }
            prompt = Pending(request, onResult)
        }
    }

    /** Cancels the identifier field's request (`view.pendingGetCredentialRequest = null`); nothing is reported back. */
    fun cancelAssistedRequest() {
        suggestions = null
    }

    /** Withdraws the open prompt, as cancelling the `getCredential` call does; the check's result for it is never delivered. */
    fun cancelPrompt() {
        prompt = null
    }

    /** Set by the runner while your app takes the passkey button or an action the user chose. */
    internal var userActivation = false

    /** Set by the runner while your app takes an input the spec opens a prompt for: that prompt's kind. */
    internal var opens: PromptKind? = null

    /**
     * The kind of a `getCredential` request your app makes now. The platform's API does not
     * name it: a prompt opened while your app takes an input the spec opens a prompt for is
     * that prompt; any other is [PromptKind.EXPLICIT] while your app takes the passkey button
     * or an action the user chose, and [PromptKind.AUTOMATIC] otherwise. Code written against
     * the platform's API gets it here.
     */
    val modalKind: PromptKind get() = opens ?: if (userActivation) PromptKind.EXPLICIT else PromptKind.AUTOMATIC

    /** The kind of the passkey prompt open now, if any. */
    val openPrompt: PromptKind? get() = prompt?.request?.kind

    /** Whether passkeys are offered in the identifier field now. */
    val suggestionsOffered: Boolean get() = suggestions != null

    /** Every request the app made, in order. */
    val requests: List<PasskeyRequest> get() = made.toList()

    /** The open prompt's request, if any. */
    internal val openPromptRequest: PasskeyRequest? get() = prompt?.request

    /** The identifier field's pending request, if any. */
    internal val suggestionsRequest: PasskeyRequest? get() = suggestions?.request

    /** Ends the open prompt with [result]; false when none is open. */
    internal fun finishPrompt(result: PasskeyResult): Boolean {
        val pending = prompt ?: return false
        prompt = null
        pending.onResult(result)
        return true
    }

    /** Ends the identifier field's request with [result]; false when none is pending. */
    internal fun finishSuggestions(result: PasskeyResult): Boolean {
        val pending = suggestions ?: return false
        suggestions = null
        pending.onResult(result)
        return true
    }

    /** The requests without fresh options since the last call, which it forgets. */
    internal fun takeChallengeProblems(): List<String> {
        if (challengeProblems.isEmpty()) return emptyList()
        val taken = challengeProblems.toList()
        challengeProblems.clear()
        return taken
    }

    /** The app is relaunched: whatever was open goes away without a result. */
    internal fun dropAll() {
        prompt = null
        suggestions = null
    }
}

/** How a route lookup, or the call for a passkey request's options, failed. */
enum class LookupFault(val id: String) {
    /** Android: `SocketTimeoutException`. */
    TIMEOUT("timeout"),

    /** Android: `UnknownHostException`, `ConnectException`, `SSLException`. */
    NETWORK_FAILURE("network-failure"),

    /** An HTTP 5xx answer. */
    SERVER_ERROR("server-error");

    companion object {
        // Looked up for every call that fails: by a map, not a search.
        private val byId = values().associateBy { it.id }

        fun of(id: String): LookupFault = byId[id] ?: throw KitScriptException("unknown lookup fault \"$id\"")
    }
}

/** What the route lookup answers. */
sealed class LookupAnswer {
    /** The account may use passkeys; the passkeys the server accepts, sorted by name. */
    data class Found(val acceptedPasskeys: List<String>) : LookupAnswer()

    /** No account has the identifier. */
    object NotFound : LookupAnswer() {
        override fun toString() = "NotFound"
    }

    /** The account exists but cannot continue with passkey login. */
    object CannotContinue : LookupAnswer() {
        override fun toString() = "CannotContinue"
    }

    /** A dependency failed (`account-directory`, `credential-list`): nothing is known. */
    data class Failed(val dependency: String, val fault: LookupFault) : LookupAnswer()
}

/** What the server answers when the app asks for a passkey request's options. */
sealed class OptionsAnswer {
    /** The request's options, with a [challenge] good for one request. */
    data class Options(val challenge: String) : OptionsAnswer()

    /** The call failed (`request-options`): no challenge, so no request can start. */
    data class Failed(val dependency: String, val fault: LookupFault) : OptionsAnswer()
}

/** What the server answers about a passkey assertion. */
sealed class VerificationAnswer {
    /** The assertion is valid: the account's status and the passkeys the server accepts. */
    data class Verified(val accountStatus: AccountStatus, val acceptedPasskeys: List<String>) : VerificationAnswer()

    /** The credential ID is absent from the server's records. */
    object CredentialUnknown : VerificationAnswer() {
        override fun toString() = "CredentialUnknown"
    }

    /** The server knows the credential, but it was revoked through account settings. */
    object CredentialRevoked : VerificationAnswer() {
        override fun toString() = "CredentialRevoked"
    }

    /** The assertion itself did not verify (signature, origin, user verification, counter). */
    object VerificationFailed : VerificationAnswer() {
        override fun toString() = "VerificationFailed"
    }

    /** The server could not tell. */
    object Inconclusive : VerificationAnswer() {
        override fun toString() = "Inconclusive"
    }

    /**
     * The assertion signs a challenge the server no longer holds: it expired, or an earlier
     * assertion used it. Nothing is known of the passkey: no signal, no session, and no
     * cancellation counted.
     */
    object ChallengeExpired : VerificationAnswer() {
        override fun toString() = "ChallengeExpired"
    }

    /** The assertion is valid, but the account cannot continue with passkey login. */
    object RouteUnavailable : VerificationAnswer() {
        override fun toString() = "RouteUnavailable"
    }
}

/** What the server answers when the user completes the fallback method. */
data class FallbackSignInAnswer(val accountStatus: AccountStatus, val acceptedPasskeys: List<String>)

/**
 * Stands for your backend. It answers from the check's world as the reference engine does, and
 * asynchronously: an answer arrives after the call returns, when the kit delivers it. [revoke]
 * changes the world: the passkey stays revoked for the rest of the check.
 */
class FakeServer internal constructor(
    private val world: () -> KitWorld,
    /** Replaces the check's world: [revoke] changes what the server holds. */
    private val changeWorld: (KitWorld) -> Unit,
    private val log: KitLog
) {
    private val answers = ArrayList<() -> Unit>()
    private var lookupsMade = 0
    private var optionsCallsMade = 0
    private var verificationsMade = 0
    private val issuedChallenges = HashSet<String>()

    /** How many route lookups the app has made so far. */
    val lookups: Int get() = lookupsMade

    /** How many times the app has asked for a passkey request's options so far (the runner does not compare it). */
    val optionsCalls: Int get() = optionsCallsMade

    /** How many assertions the app has sent for verification so far (the runner does not compare it). */
    val verifications: Int get() = verificationsMade

    /** The route lookup for [identifier] (the world has one account, whatever the identifier). */
    fun lookUp(identifier: String, onAnswer: (LookupAnswer) -> Unit) {
        lookupsMade++
        val world = world()
        // A fault of the request-options call leaves the lookups alone.
        val fault = world.lookupFault?.takeIf { it.dependency != REQUEST_OPTIONS }
        val answer = when {
            fault != null && lookupsMade <= fault.failingLookups -> LookupAnswer.Failed(fault.dependency, LookupFault.of(fault.fault))
            world.account == null -> LookupAnswer.NotFound
            !world.routeAvailable -> LookupAnswer.CannotContinue
            else -> LookupAnswer.Found(acceptedPasskeys(world))
        }
        answers.add { onAnswer(answer) }
    }

    /**
     * The options of the passkey request the app is about to start (automatic, explicit or
     * assisted, and each retry): call it before every request and start the request with the
     * answer's challenge, `challenge-1`, `challenge-2`, … by the order of the calls. While a
     * `request-options` fault applies, the answer is [OptionsAnswer.Failed].
     */
    fun requestOptions(onAnswer: (OptionsAnswer) -> Unit) {
        optionsCallsMade++
        val fault = world().lookupFault?.takeIf { it.dependency == REQUEST_OPTIONS }
        val answer = if (fault != null && optionsCallsMade <= fault.failingLookups) {
            OptionsAnswer.Failed(fault.dependency, LookupFault.of(fault.fault))
        } else {
            val challenge = "challenge-$optionsCallsMade"
            issuedChallenges.add(challenge)
            OptionsAnswer.Options(challenge)
        }
        answers.add { onAnswer(answer) }
    }

    /** Whether [challenge] came from [requestOptions]. */
    internal fun issued(challenge: String): Boolean = challenge in issuedChallenges

    /**
     * Verification of an assertion made with [passkey]. When the check's world has
     * `challengeExpires`, the check's first verification answers
     * [VerificationAnswer.ChallengeExpired] and later ones verify as usual.
     */
    fun verify(passkey: String, onAnswer: (VerificationAnswer) -> Unit) {
        verificationsMade++
        val world = world()
        val status = world.account?.let { AccountStatus.of(it) }
        val answer = when {
            world.verificationInconclusive -> VerificationAnswer.Inconclusive
            world.challengeExpires && verificationsMade == 1 -> VerificationAnswer.ChallengeExpired
            world.serverPasskeys[passkey] == "revoked" -> VerificationAnswer.CredentialRevoked
            world.serverPasskeys[passkey] == "fails-verification" -> VerificationAnswer.VerificationFailed
            // The assertion's user handle names another account, active, whose passkeys these are.
            world.serverPasskeys[passkey] == "another-account" ->
                VerificationAnswer.Verified(AccountStatus.ACTIVE, passkeysHeldAs(world, "another-account"))
            world.serverPasskeys[passkey] != "active" || status == null -> VerificationAnswer.CredentialUnknown
            status == AccountStatus.ACTIVE && !world.routeAvailable -> VerificationAnswer.RouteUnavailable
            else -> VerificationAnswer.Verified(status, acceptedPasskeys(world))
        }
        answers.add { onAnswer(answer) }
    }

    /** The user completed the fallback method: the account's status and accepted passkeys. */
    fun signInWithFallback(onAnswer: (FallbackSignInAnswer) -> Unit) {
        val world = world()
        val status = world.account
        if (status == null) {
            log.problem("the app signed in with the fallback, but the check's world has no account")
            return
        }
        val answer = FallbackSignInAnswer(AccountStatus.of(status), acceptedPasskeys(world))
        answers.add { onAnswer(answer) }
    }

    /**
     * The signed-in user revokes [passkey] in the account settings: the server marks it
     * `revoked` (a later verification of it answers [VerificationAnswer.CredentialRevoked]) and
     * answers the passkeys it still accepts for the account, sorted by name, for the
     * all-accepted signal ([FakeSignals.allAcceptedCredentials]).
     */
    fun revoke(passkey: String, onAnswer: (List<String>) -> Unit) {
        val world = world()
        if (world.account == null) {
            log.problem("the app revoked passkey \"$passkey\", but the check's world has no account")
            return
        }
        if (passkey !in acceptedPasskeys(world)) {
            val accepted = acceptedPasskeys(world).joinToString(", ", "[", "]") { "\"$it\"" }
            log.problem("the app revoked passkey \"$passkey\", which the server does not accept for the account (it accepts $accepted)")
            return
        }
        val revoked = world.copy(serverPasskeys = world.serverPasskeys + (passkey to "revoked"))
        changeWorld(revoked)
        val answer = acceptedPasskeys(revoked)
        answers.add { onAnswer(answer) }
    }

    /** Delivers the oldest answer not yet delivered; false when there is none. */
    internal fun deliverNext(): Boolean {
        if (answers.isEmpty()) return false
        answers.removeAt(0).invoke()
        return true
    }

    /** The passkeys the server accepts, sorted as the reference engine sorts credential IDs (by UTF-8 bytes). */
    private fun acceptedPasskeys(world: KitWorld): List<String> =
        // A passkey whose assertion fails verification is still on the account.
        passkeysHeldAs(world, "active", "fails-verification")

    /** The passkeys the server holds in one of [states], sorted as [acceptedPasskeys]. */
    private fun passkeysHeldAs(world: KitWorld, vararg states: String): List<String> =
        world.serverPasskeys.filter { it.value in states }.keys.sortedWith(Comparator { a, b -> compareUtf8(a, b) })

    /** UTF-8 orders bytes as code points are ordered: compares those, without encoding, since the server sorts on every answer. */
    private fun compareUtf8(a: String, b: String): Int {
        var left = 0
        var right = 0
        while (left < a.length && right < b.length) {
            val x = a.codePointAt(left)
            val y = b.codePointAt(right)
            if (x != y) return x.compareTo(y)
            left += Character.charCount(x)
            right += Character.charCount(y)
        }
        return (a.length - left).compareTo(b.length - right)
    }

    private companion object {
        /** The dependency of a fault that fails the request-options call instead of the lookups. */
        const val REQUEST_OPTIONS = "request-options"
    }
}

/** Stands for `CredentialManager.signalCredentialState`. */
class FakeSignals internal constructor() {
    private val sent = ArrayList<String>()

    /** `SignalUnknownCredentialRequest` for [passkey]. */
    fun unknownCredential(passkey: String) {
        sent.add("unknown-credential $passkey")
    }

    /** `SignalAllAcceptedCredentialIdsRequest` with every passkey the server accepts. */
    fun allAcceptedCredentials(passkeys: List<String>) {
        sent.add("all-accepted-credentials ${passkeys.joinToString(",")}")
    }

    /** Every signal sent so far, as the scripts write them. */
    val signals: List<String> get() = sent.toList()
}

/** What your app keeps across launches; the kit keeps it through `app-relaunched`. */
class KitStore {
    private val values = LinkedHashMap<String, String>()

    fun getString(key: String): String? = values[key]

    fun putString(key: String, value: String?) {
        if (value == null) values.remove(key) else values[key] = value
    }

    fun getInt(key: String, default: Int = 0): Int = values[key]?.toIntOrNull() ?: default

    fun putInt(key: String, value: Int) {
        values[key] = value.toString()
    }
}

/** What the fakes saw the app do that no step asks for, reported at the next outcome step. */
internal class KitLog {
    val problems = ArrayList<String>()

    fun problem(text: String) {
        problems.add(text)
    }
}
