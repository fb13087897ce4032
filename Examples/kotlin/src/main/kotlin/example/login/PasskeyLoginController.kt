package example.login

import java.net.SocketTimeoutException

/**
 * The login screen's controller: identifier-first sign-in with passkeys (or, on a screen with
 * no identifier field, a request for any passkey of the app), the system's passkey sheet,
 * suggestions in the identifier field, and a fallback method. Every passkey request first
 * fetches its options from the backend, whose challenge is good for one request. The UI calls
 * the `on…` methods and draws [state]; everything asynchronous answers through callbacks.
 */
class PasskeyLoginController(
    private val settings: LoginSettings,
    private val passkeys: PasskeyClient,
    private val backend: AuthBackend,
    private val signals: CredentialSignals,
    private val preferences: Preferences,
    strings: LoginStrings = LoginStrings(),
    private val mutation: Mutation = Mutation.NONE
) {
    var state = LoginUiState()
        private set

    /** Called with every new [state]. */
    var onStateChanged: (LoginUiState) -> Unit = {}

    private val strings =
        if (mutation == Mutation.TITLE_DIFFERS_FROM_SPEC) strings.copy(cannotContinueTitle = "Can't sign in with a passkey") else strings

    private enum class Waiting { LOOKUP, SHEET_OPTIONS, PASSKEY_SHEET, VERIFICATION, FALLBACK_SIGN_IN }

    private var page: LoginPage = LoginPage.SignIn
    private var message: LoginMessage? = null
    private var signedIn = false
    private var screenStarted = false
    private var waiting: Waiting? = null
    private var identifier = ""

    /** What "Try again" / "Try passkey again" does, while one is offered. */
    private var retry: (() -> Unit)? = null

    /** The passkeys the backend listed for the identifier, for "Choose another passkey". */
    private var listedPasskeys: List<String> = emptyList()
    private var identifierFieldOffer = false

    /** The identifier field's options being fetched; null when none are wanted any more. */
    private var identifierFieldOptions: Any? = null

    /** The passkeys the backend accepted for the signed-in account, which only [Mutation.REMOVED_PASSKEY_KEPT_ON_BACKEND] uses. */
    private var acceptedAtSignIn: List<String> = emptyList()

    /** The options of the last request, which only [Mutation.RETRY_REUSES_REQUEST_OPTIONS] uses again. */
    private var lastAssertion: AssertionOptions? = null
    private var helpPage: HelpPage? = null

    /** Consecutive cancellations of the sheet the app opened by itself; kept across launches. */
    private var declinedAutomaticSheets: Int
        get() = preferences.getInt(DECLINED_SHEETS_KEY, 0)
        set(value) = preferences.putInt(DECLINED_SHEETS_KEY, value)

    private val busy: Boolean get() = waiting != null

    // MARK: - The UI's calls

    fun onLoginScreenShown() {
        if (screenStarted || page != LoginPage.SignIn) return
        screenStarted = true
        when (settings.autoStart) {
            AutoStart.OFF -> Unit
            // Without an identifier there is nothing to look up: the sheet asks for any passkey of the app.
            AutoStart.OPEN_PROMPT -> if (settings.asksForIdentifier) fetchSignInOptions() else continueWithPasskeys(emptyList())
            AutoStart.SUGGEST_IN_FIELD -> offerPasskeysInIdentifierField()
        }
        publish()
    }

    fun onIdentifierSubmitted(identifier: String) {
        if (!settings.asksForIdentifier) return
        if (!screenStarted || busy || message != null || page != LoginPage.SignIn) return
        this.identifier = identifier
        retry = null
        withdrawIdentifierFieldOffer()
        fetchSignInOptions()
    }

    fun onPasskeyButtonClicked() {
        if (!screenStarted || busy || message != null) return
        if (page != LoginPage.SignIn && page !is LoginPage.OtherMethod) return
        // Any passkey of this app, on this device or another one.
        val anyPasskey = PasskeyPromptOptions(PasskeyRequestSource.USER, emptyList(), preferImmediatelyAvailable = false)
        if (mutation == Mutation.BUTTON_CHALLENGE_MADE_ON_DEVICE) {
            withdrawIdentifierFieldOffer()
            openSheet(anyPasskey, AssertionOptions("made-on-device"))
            return
        }
        showPasskeySheet(anyPasskey)
    }

    /** The "Try passkey again" button under the passkey button. */
    fun onRetryPasskeyClicked() {
        if (busy || message != null || page != LoginPage.SignIn) return
        val again = retry ?: return
        retry = null
        again()
    }

    /**
     * The timer the UI sets with the identifier field's request fires a little before the
     * request's challenge times out: the field gets a new request, with fresh options.
     */
    fun onIdentifierFieldChallengeExpiring() {
        if (!identifierFieldOffer || mutation == Mutation.SUGGESTIONS_KEPT_PAST_EXPIRY) return
        withdrawIdentifierFieldOffer()
        offerPasskeysInIdentifierField()
        publish()
    }

    /** "Sign in another way" on the login page. */
    fun onOtherMethodClicked() {
        if (!screenStarted || busy || message != null || page != LoginPage.SignIn) return
        goToOtherMethod()
    }

    fun onMessageButtonClicked(action: MessageAction) {
        val shown = message ?: return
        if (shown.buttons.none { it.action == action }) return
        when (action) {
            MessageAction.TRY_AGAIN -> {
                val again = retry ?: return
                message = null
                retry = null
                again()
            }
            MessageAction.OTHER_METHOD -> goToOtherMethod()
            MessageAction.OTHER_PASSKEY -> {
                message = null
                retry = null
                showPasskeySheet(PasskeyPromptOptions(PasskeyRequestSource.USER, listedPasskeys, preferImmediatelyAvailable = false))
            }
            MessageAction.RECOVER_ACCOUNT -> openHelp(HelpPage.RECOVERY)
            MessageAction.CONTACT_SUPPORT -> openHelp(HelpPage.SUPPORT)
            MessageAction.GET_HELP -> openHelp(helpPage ?: HelpPage.ACCOUNT_STATUS)
            MessageAction.CANCEL -> {
                message = null
                helpPage = null
                page = LoginPage.SignIn
                publish()
            }
        }
    }

    /** The other-method page reports that the user completed it. */
    fun onFallbackSignInCompleted() {
        if (busy || message != null || page !is LoginPage.OtherMethod) return
        waiting = Waiting.FALLBACK_SIGN_IN
        publish()
        backend.completeFallbackSignIn { result ->
            waiting = null
            when (result) {
                is ApiResult.Ok -> signIn(result.body)
                is ApiResult.Failure -> publish()
            }
        }
    }

    /**
     * "Remove" on one of the account's passkeys in the account settings: the backend revokes it,
     * and the passkey manager gets the list the backend still accepts at once, so that it stops
     * offering the removed passkey. The login screen's state does not change.
     */
    fun onRemovePasskeyClicked(credentialId: String) {
        if (!signedIn) return
        when (mutation) {
            Mutation.REMOVED_PASSKEY_SIGNALLED_UNKNOWN -> {
                backend.revokePasskey(credentialId) { signals.credentialUnknown(credentialId) }
                return
            }
            Mutation.REMOVED_PASSKEY_KEPT_ON_BACKEND -> {
                acceptedAtSignIn = acceptedAtSignIn - credentialId
                signals.acceptedCredentials(acceptedAtSignIn)
                return
            }
            else -> Unit
        }
        backend.revokePasskey(credentialId) { result ->
            // The list may only be sent for the signed-in user. A failure is the settings
            // screen's to show; the passkey manager keeps its list until the next sign-in.
            if (result is ApiResult.Ok && signedIn) signals.acceptedCredentials(result.body)
        }
    }

    fun onSignOutClicked() {
        if (!signedIn) return
        signedIn = false
        page = LoginPage.SignIn
        message = null
        retry = null
        helpPage = null
        listedPasskeys = emptyList()
        acceptedAtSignIn = emptyList()
        screenStarted = false
        publish()
    }

    // MARK: - Route lookup

    private fun fetchSignInOptions() {
        waiting = Waiting.LOOKUP
        listedPasskeys = emptyList()
        publish()
        backend.fetchSignInOptions(identifier) { result ->
            waiting = null
            when (result) {
                is ApiResult.Ok -> chooseRoute(result.body)
                is ApiResult.Failure ->
                    if (mutation == Mutation.LOOKUP_TIMEOUT_MEANS_NO_ACCOUNT && result.error is SocketTimeoutException) {
                        chooseRoute(SignInOptions(AccountLookup.UNKNOWN, emptyList()))
                    } else {
                        // Nothing is known about the account: say so, offer a fresh lookup.
                        retry = { fetchSignInOptions() }
                        show(lookupFailedMessage())
                    }
            }
        }
    }

    private fun chooseRoute(options: SignInOptions) {
        if (!settings.revealAccounts) {
            // Before the user authenticates, every identifier is treated like an account with
            // passkeys: a request that names none, so the answer cannot leak.
            continueWithPasskeys(emptyList())
            return
        }
        when (options.account) {
            AccountLookup.FOUND -> {
                listedPasskeys = options.passkeyCredentialIds
                if (options.passkeyCredentialIds.isEmpty()) goToOtherMethod() else continueWithPasskeys(options.passkeyCredentialIds)
            }
            AccountLookup.PASSKEYS_NOT_ALLOWED -> show(cannotContinueMessage())
            AccountLookup.UNKNOWN -> goToOtherMethod()
        }
    }

    private fun continueWithPasskeys(allowed: List<String>) {
        if (settings.autoStart != AutoStart.OPEN_PROMPT) {
            if (!settings.revealAccounts) goToOtherMethod() else publish()
            return
        }
        val automatic = PasskeyPromptOptions(PasskeyRequestSource.APP, allowed, preferImmediatelyAvailable = true)
        when (declinedAutomaticSheets) {
            0 -> showPasskeySheet(automatic)
            // Declined once (before a relaunch, or for another identifier): wait for the user.
            1 -> offerRetry(automatic)
            else -> goToOtherMethod()
        }
    }

    // MARK: - The passkey sheet and the identifier field

    /** Fetches the sheet's options, then opens it with their challenge: a challenge serves one sheet only. */
    private fun showPasskeySheet(options: PasskeyPromptOptions) {
        withdrawIdentifierFieldOffer()
        waiting = Waiting.SHEET_OPTIONS
        publish()
        backend.fetchAssertionOptions { result ->
            waiting = null
            when (result) {
                is ApiResult.Ok -> openSheet(options, result.body)
                is ApiResult.Failure -> {
                    // Without a challenge no sheet can open, and nothing is known about the account
                    // or its passkeys: the message of a failed lookup, and "Try again" fetches fresh
                    // options for the same sheet. No sheet opened, so no cancellation is counted.
                    retry = { showPasskeySheet(options) }
                    show(lookupFailedMessage())
                }
            }
        }
    }

    private fun openSheet(options: PasskeyPromptOptions, assertion: AssertionOptions) {
        waiting = Waiting.PASSKEY_SHEET
        lastAssertion = assertion
        publish()
        passkeys.getPasskey(options, assertion) { outcome ->
            waiting = null
            when (outcome) {
                is PasskeyOutcome.Assertion -> verify(outcome.credentialId, askAgainWith = options)
                is PasskeyOutcome.Error -> sheetEnded(options, outcome.exception)
            }
        }
    }

    /** Fetches options for the identifier field's request, then sets it; it is not a wait the user sees. */
    private fun offerPasskeysInIdentifierField() {
        val fetch = Any()
        identifierFieldOptions = fetch
        backend.fetchAssertionOptions { result ->
            // Withdrawn while the options were on their way (the user typed, or tapped the passkey button).
            if (identifierFieldOptions !== fetch) return@fetchAssertionOptions
            identifierFieldOptions = null
            // The user asked for nothing: without options the suggestions just stay away, and the passkey button stays.
            if (result is ApiResult.Ok) setIdentifierFieldRequest(result.body)
        }
    }

    private fun setIdentifierFieldRequest(assertion: AssertionOptions) {
        identifierFieldOffer = true
        lastAssertion = assertion
        passkeys.offerPasskeysInIdentifierField(assertion) { credentialId ->
            identifierFieldOffer = false
            // A retry after this is the sheet for any passkey: the suggestions are not a place to send the user back to.
            verify(
                credentialId,
                askAgainWith = PasskeyPromptOptions(PasskeyRequestSource.USER, emptyList(), preferImmediatelyAvailable = false),
                fromIdentifierField = true
            )
        }
    }

    private fun withdrawIdentifierFieldOffer() {
        identifierFieldOptions = null
        if (!identifierFieldOffer) return
        identifierFieldOffer = false
        passkeys.withdrawIdentifierFieldOffer()
    }

    /** How the sheet ended without a passkey, in the terms this screen cares about. */
    private enum class SheetEnd { DECLINED, NO_PASSKEY_HERE, CANNOT_WORK, WORTH_RETRYING }

    private fun classify(exception: GetCredentialException): SheetEnd = when (exception) {
        is GetCredentialCancellationException -> SheetEnd.DECLINED
        is NoCredentialException -> SheetEnd.NO_PASSKEY_HERE
        is GetPublicKeyCredentialDomException -> when (exception.domError) {
            is NotAllowedError -> SheetEnd.DECLINED
            is DataError, is SecurityError -> SheetEnd.CANNOT_WORK
            else -> SheetEnd.WORTH_RETRYING
        }
        is GetCredentialUnsupportedException, is GetCredentialProviderConfigurationException -> SheetEnd.CANNOT_WORK
        else -> SheetEnd.WORTH_RETRYING
    }

    private fun sheetEnded(options: PasskeyPromptOptions, exception: GetCredentialException) {
        val automatic = options.source == PasskeyRequestSource.APP
        when (classify(exception)) {
            SheetEnd.DECLINED -> if (automatic) automaticSheetDeclined(options) else userSheetDismissed(options, exception)
            SheetEnd.NO_PASSKEY_HERE -> if (automatic) goToOtherMethod() else userSheetDismissed(options, exception)
            SheetEnd.CANNOT_WORK -> passkeyProblem(passkeysUnavailableMessage(), askAgainWith = null, automatic = automatic)
            SheetEnd.WORTH_RETRYING -> passkeyProblem(passkeyFailedMessage(), askAgainWith = options, automatic = automatic)
        }
    }

    private fun automaticSheetDeclined(options: PasskeyPromptOptions) {
        val declined = minOf(declinedAutomaticSheets + 1, 2)
        declinedAutomaticSheets = declined
        if (declined >= 2) {
            goToOtherMethod()
            return
        }
        if (mutation == Mutation.PROMPT_REOPENS_AFTER_FIRST_CANCEL) {
            showPasskeySheet(options)
            return
        }
        page = LoginPage.SignIn
        offerRetry(options)
    }

    /** The user closed the sheet they asked for: the screen stays as it was. */
    private fun userSheetDismissed(options: PasskeyPromptOptions, exception: GetCredentialException) {
        if (mutation == Mutation.EXPLICIT_CANCEL_SHOWS_ERROR && exception is GetCredentialCancellationException) {
            passkeyProblem(passkeyFailedMessage(), askAgainWith = options, automatic = false)
            return
        }
        if (settings.autoStart == AutoStart.SUGGEST_IN_FIELD && page == LoginPage.SignIn) offerPasskeysInIdentifierField()
        publish()
    }

    private fun offerRetry(options: PasskeyPromptOptions) {
        retry = retrySheet(options)
        publish()
    }

    /** "Try again" for a sheet: the same sheet, with fresh options. */
    private fun retrySheet(options: PasskeyPromptOptions): () -> Unit {
        val used = lastAssertion
        if (mutation == Mutation.RETRY_REUSES_REQUEST_OPTIONS && used != null) {
            return {
                withdrawIdentifierFieldOffer()
                openSheet(options, used)
            }
        }
        return { showPasskeySheet(options) }
    }

    /** An error the user did not cause; [askAgainWith] null when trying again cannot help. */
    private fun passkeyProblem(shown: LoginMessage, askAgainWith: PasskeyPromptOptions?, automatic: Boolean) {
        retry = askAgainWith?.let(::retrySheet)
        // The automatic sheet failed rather than being declined: earlier declines no longer run on.
        if (automatic && declinedAutomaticSheets != 0) declinedAutomaticSheets = 0
        show(shown)
    }

    // MARK: - Verification and sign-in

    /** [fromIdentifierField]: the passkey was picked from the identifier field's suggestions, not from a sheet. */
    private fun verify(credentialId: String, askAgainWith: PasskeyPromptOptions, fromIdentifierField: Boolean = false) {
        waiting = Waiting.VERIFICATION
        publish()
        backend.verifyPasskey(credentialId) { result ->
            waiting = null
            val automatic = askAgainWith.source == PasskeyRequestSource.APP
            when (result) {
                // The backend could not tell: a general error, no conclusion about the passkey.
                is ApiResult.Failure ->
                    if (fromIdentifierField && mutation == Mutation.RETRY_AFTER_SUGGESTION_SETS_FIELD_AGAIN) {
                        retry = {
                            offerPasskeysInIdentifierField()
                            publish()
                        }
                        show(passkeyFailedMessage())
                    } else {
                        passkeyProblem(passkeyFailedMessage(), askAgainWith, automatic)
                    }
                is ApiResult.Ok -> when (val verification = result.body) {
                    is PasskeyVerification.Accepted -> signIn(verification.account)
                    is PasskeyVerification.Rejected -> passkeyRejected(credentialId, verification.reason)
                    PasskeyVerification.ChallengeExpired ->
                        if (fromIdentifierField && mutation != Mutation.EXPIRED_SUGGESTION_SHOWS_ERROR) {
                            // The suggestions outlived their challenge, and the user asked for nothing
                            // that failed: offer them again, with fresh options, and say nothing.
                            offerPasskeysInIdentifierField()
                            publish()
                        } else {
                            // Nothing is known of the passkey: the general error, as when the backend
                            // cannot tell; "Try again" fetches fresh options for the same sheet.
                            passkeyProblem(passkeyFailedMessage(), askAgainWith, automatic)
                        }
                }
            }
        }
    }

    private fun passkeyRejected(credentialId: String, reason: RejectionReason) {
        retry = null
        when (reason) {
            RejectionReason.CREDENTIAL_NOT_FOUND -> {
                show(passkeyUnusableMessage(strings.passkeyDeletedText))
                // Only a passkey the backend has no record of is reported as unknown.
                signals.credentialUnknown(credentialId)
            }
            // The assertion itself did not verify: shown as an unknown passkey, but not
            // reported, since the backend still has it.
            RejectionReason.ASSERTION_REJECTED -> show(passkeyUnusableMessage(strings.passkeyDeletedText))
            RejectionReason.CREDENTIAL_REVOKED -> {
                show(passkeyUnusableMessage(strings.passkeyRemovedText))
                if (mutation == Mutation.REVOKED_PASSKEY_SIGNALLED_UNKNOWN) signals.credentialUnknown(credentialId)
            }
            RejectionReason.PASSKEY_LOGIN_NOT_ALLOWED -> show(cannotContinueMessage())
        }
    }

    private fun mayStartSession(state: AccountState): Boolean =
        if (mutation == Mutation.RESTRICTED_ACCOUNT_SIGNS_IN) {
            state !in setOf(AccountState.CLOSED, AccountState.DELETED, AccountState.DISABLED, AccountState.INACTIVE, AccountState.LOCKED)
        } else {
            state == AccountState.ACTIVE
        }

    private fun signIn(account: SignedInAccount) {
        retry = null
        if (!mayStartSession(account.state)) {
            helpPage = settings.helpFor[account.state] ?: HelpPage.ACCOUNT_STATUS
            show(accountUnavailableMessage())
            return
        }
        withdrawIdentifierFieldOffer()
        message = null
        page = LoginPage.Home
        signedIn = true
        acceptedAtSignIn = account.acceptedCredentialIds
        // The passkey manager hides passkeys the account no longer accepts.
        signals.acceptedCredentials(account.acceptedCredentialIds)
        if (declinedAutomaticSheets != 0) declinedAutomaticSheets = 0
        publish()
    }

    // MARK: - Pages and messages

    private fun goToOtherMethod() {
        withdrawIdentifierFieldOffer()
        message = null
        retry = null
        helpPage = null
        page = LoginPage.OtherMethod(settings.otherMethod)
        publish()
    }

    private fun openHelp(help: HelpPage) {
        withdrawIdentifierFieldOffer()
        message = null
        retry = null
        helpPage = null
        page = LoginPage.Help(help)
        publish()
    }

    private fun show(shown: LoginMessage) {
        message = shown
        publish()
    }

    private fun publish() {
        state = LoginUiState(
            page = page,
            message = message,
            showRetryPasskey = retry != null && message == null && page == LoginPage.SignIn && !busy,
            showUsePasskey = page is LoginPage.OtherMethod && message == null && !busy,
            working = busy,
            signedIn = signedIn
        )
        onStateChanged(state)
    }

    private fun lookupFailedMessage() = LoginMessage(
        strings.optionsUncheckedTitle, strings.optionsUncheckedText,
        listOf(MessageButton(strings.tryAgain, MessageAction.TRY_AGAIN), MessageButton(strings.signInAnotherWay, MessageAction.OTHER_METHOD)),
        inline = true
    )

    private fun cannotContinueMessage() = LoginMessage(
        strings.cannotContinueTitle, strings.cannotContinueText,
        listOf(
            MessageButton(strings.recoverAccount, MessageAction.RECOVER_ACCOUNT),
            MessageButton(strings.contactSupport, MessageAction.CONTACT_SUPPORT),
            MessageButton(strings.cancel, MessageAction.CANCEL)
        )
    )

    private fun passkeyFailedMessage() = LoginMessage(
        strings.passkeyFailedTitle, strings.passkeyFailedText,
        listOf(MessageButton(strings.tryAgain, MessageAction.TRY_AGAIN), MessageButton(strings.signInAnotherWay, MessageAction.OTHER_METHOD))
    )

    private fun passkeysUnavailableMessage() = LoginMessage(
        strings.passkeysUnavailableTitle, strings.passkeysUnavailableText,
        listOf(MessageButton(strings.signInAnotherWay, MessageAction.OTHER_METHOD), MessageButton(strings.cancel, MessageAction.CANCEL))
    )

    private fun passkeyUnusableMessage(text: String) = LoginMessage(
        strings.passkeyUnusableTitle, text,
        listOf(MessageButton(strings.chooseAnotherPasskey, MessageAction.OTHER_PASSKEY), MessageButton(strings.signInAnotherWay, MessageAction.OTHER_METHOD))
    )

    private fun accountUnavailableMessage() = LoginMessage(
        strings.accountUnavailableTitle, strings.accountUnavailableText,
        listOf(MessageButton(strings.getHelp, MessageAction.GET_HELP), MessageButton(strings.cancel, MessageAction.CANCEL))
    )

    private companion object {
        const val DECLINED_SHEETS_KEY = "login.declinedAutomaticPasskeySheets"
    }
}
