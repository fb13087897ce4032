package example.login

import java.net.SocketTimeoutException
import java.net.UnknownHostException
import passkeyspec.kit.AccountRoute
import passkeyspec.kit.AccountStatus
import passkeyspec.kit.AppObservation
import passkeyspec.kit.AutomaticStart
import passkeyspec.kit.EnumerationPolicy
import passkeyspec.kit.FallbackMethod
import passkeyspec.kit.FallbackSignInAnswer
import passkeyspec.kit.KitEnvironment
import passkeyspec.kit.LoginEntry
import passkeyspec.kit.LoginHarness
import passkeyspec.kit.LookupAnswer
import passkeyspec.kit.LookupFault
import passkeyspec.kit.OptionsAnswer
import passkeyspec.kit.PasskeyRequest
import passkeyspec.kit.PasskeyResult
import passkeyspec.kit.PromptKind
import passkeyspec.kit.Screen
import passkeyspec.kit.ShownNotice
import passkeyspec.kit.UserAction
import passkeyspec.kit.UserEvent
import passkeyspec.kit.VerificationAnswer

/**
 * The example app's harness for the conformance kit: the controller over the kit's fakes,
 * each behind the port the app already has (the same seams the real `CredentialManager`,
 * backend client and preferences sit behind).
 */
class ExampleLoginHarness(kit: KitEnvironment, mutation: Mutation = Mutation.NONE) : LoginHarness {
    private val controller = PasskeyLoginController(
        settings = settings(kit),
        passkeys = KitPasskeyClient(kit),
        backend = KitAuthBackend(kit),
        signals = object : CredentialSignals {
            override fun credentialUnknown(credentialId: String) = kit.signals.unknownCredential(credentialId)
            override fun acceptedCredentials(credentialIds: List<String>) = kit.signals.allAcceptedCredentials(credentialIds)
        },
        preferences = object : Preferences {
            override fun getInt(key: String, default: Int) = kit.store.getInt(key, default)
            override fun putInt(key: String, value: Int) = kit.store.putInt(key, value)
        },
        mutation = mutation
    )

    override fun send(event: UserEvent) {
        when (event) {
            UserEvent.ScreenAppeared -> controller.onLoginScreenShown()
            UserEvent.IdentifierEntered -> controller.onIdentifierSubmitted("user@example.com")
            UserEvent.PasskeyButtonTapped -> controller.onPasskeyButtonClicked()
            // The timer the UI sets with the identifier field's request.
            UserEvent.SuggestionsChallengeExpiring -> controller.onIdentifierFieldChallengeExpiring()
            UserEvent.FallbackSignInSucceeded -> controller.onFallbackSignInCompleted()
            UserEvent.SignedOut -> controller.onSignOutClicked()
            // "Remove" on the passkey in the account settings.
            is UserEvent.PasskeyRevokedInSettings -> controller.onRemovePasskeyClicked(event.passkey)
            is UserEvent.Choose -> choose(event.action)
        }
    }

    /** Taps the button for [action] where the UI shows it. */
    private fun choose(action: UserAction) {
        val message = controller.state.message
        when {
            message != null -> controller.onMessageButtonClicked(messageAction(action) ?: return)
            action == UserAction.RETRY -> controller.onRetryPasskeyClicked()
            action == UserAction.USE_PASSKEY -> controller.onPasskeyButtonClicked()
            action == UserAction.FALLBACK -> controller.onOtherMethodClicked()
        }
    }

    override fun observe(): AppObservation {
        val state = controller.state
        val message = state.message
        val actions = message?.buttons?.map { userAction(it.action) }
            ?: listOfNotNull(UserAction.RETRY.takeIf { state.showRetryPasskey }, UserAction.USE_PASSKEY.takeIf { state.showUsePasskey })
        val page = state.page
        return AppObservation(
            screen = when (page) {
                LoginPage.SignIn -> Screen.LOGIN
                is LoginPage.OtherMethod -> Screen.FALLBACK
                LoginPage.Home -> Screen.SIGNED_IN
                is LoginPage.Help -> Screen.ACCOUNT_ROUTE
            },
            route = (page as? LoginPage.Help)?.page?.let(::accountRoute),
            notice = message?.let { ShownNotice(it.title, it.text, it.buttons.map { button -> button.label }) },
            actions = actions,
            session = state.signedIn
        )
    }

    private fun messageAction(action: UserAction): MessageAction? = when (action) {
        UserAction.RETRY -> MessageAction.TRY_AGAIN
        UserAction.FALLBACK -> MessageAction.OTHER_METHOD
        UserAction.ANOTHER_PASSKEY -> MessageAction.OTHER_PASSKEY
        UserAction.RECOVERY -> MessageAction.RECOVER_ACCOUNT
        UserAction.SUPPORT -> MessageAction.CONTACT_SUPPORT
        UserAction.ACCOUNT_HELP -> MessageAction.GET_HELP
        UserAction.DISMISS -> MessageAction.CANCEL
        UserAction.USE_PASSKEY -> null
    }

    private fun userAction(action: MessageAction): UserAction = when (action) {
        MessageAction.TRY_AGAIN -> UserAction.RETRY
        MessageAction.OTHER_METHOD -> UserAction.FALLBACK
        MessageAction.OTHER_PASSKEY -> UserAction.ANOTHER_PASSKEY
        MessageAction.RECOVER_ACCOUNT -> UserAction.RECOVERY
        MessageAction.CONTACT_SUPPORT -> UserAction.SUPPORT
        MessageAction.GET_HELP -> UserAction.ACCOUNT_HELP
        MessageAction.CANCEL -> UserAction.DISMISS
    }

    private fun accountRoute(page: HelpPage): AccountRoute = when (page) {
        HelpPage.ACCOUNT_STATUS -> AccountRoute.ACCOUNT_STATUS
        HelpPage.RECOVERY -> AccountRoute.RECOVERY
        HelpPage.SUPPORT -> AccountRoute.SUPPORT
    }

    private companion object {
        fun settings(kit: KitEnvironment): LoginSettings {
            val configuration = kit.configuration
            return LoginSettings(
                autoStart = when (configuration.automaticStart) {
                    AutomaticStart.NONE -> AutoStart.OFF
                    AutomaticStart.PROMPT -> AutoStart.OPEN_PROMPT
                    AutomaticStart.ASSISTED -> AutoStart.SUGGEST_IN_FIELD
                },
                asksForIdentifier = configuration.entry == LoginEntry.IDENTIFIER_FIRST,
                revealAccounts = configuration.enumerationPolicy == EnumerationPolicy.REVEAL,
                otherMethod = when (configuration.fallback) {
                    FallbackMethod.PASSWORD -> OtherSignInMethod.PASSWORD
                    FallbackMethod.EMAIL_CODE -> OtherSignInMethod.EMAIL_CODE
                    FallbackMethod.SMS_CODE -> OtherSignInMethod.SMS_CODE
                },
                helpFor = configuration.accountRoutes.entries.associate { (status, route) ->
                    accountState(status) to when (route) {
                        AccountRoute.ACCOUNT_STATUS -> HelpPage.ACCOUNT_STATUS
                        AccountRoute.RECOVERY -> HelpPage.RECOVERY
                        AccountRoute.SUPPORT -> HelpPage.SUPPORT
                    }
                }
            )
        }
    }
}

/** The kit's passkey API behind the app's `PasskeyClient`, results turned into (stand-in) androidx exceptions. */
private class KitPasskeyClient(private val kit: KitEnvironment) : PasskeyClient {
    override fun getPasskey(options: PasskeyPromptOptions, assertion: AssertionOptions, onOutcome: (PasskeyOutcome) -> Unit) {
        val kind = if (options.source == PasskeyRequestSource.APP) PromptKind.AUTOMATIC else PromptKind.EXPLICIT
        kit.passkeys.request(PasskeyRequest(kind, options.allowCredentialIds, options.preferImmediatelyAvailable, assertion.challenge)) { result ->
            onOutcome(
                when (result) {
                    is PasskeyResult.Picked -> PasskeyOutcome.Assertion(result.passkey)
                    is PasskeyResult.Failed -> PasskeyOutcome.Error(exception(result))
                }
            )
        }
    }

    override fun offerPasskeysInIdentifierField(assertion: AssertionOptions, onPicked: (credentialId: String) -> Unit) {
        val request = PasskeyRequest(PromptKind.ASSISTED, emptyList(), preferImmediatelyAvailableCredentials = false, challenge = assertion.challenge)
        kit.passkeys.request(request) { result ->
            // Like PendingGetCredentialRequest, only a passkey picked reaches the app.
            if (result is PasskeyResult.Picked) onPicked(result.passkey)
        }
    }

    override fun withdrawIdentifierFieldOffer() = kit.passkeys.cancelAssistedRequest()

    /** The exception androidx would throw for the kit's class name and `type`. */
    private fun exception(result: PasskeyResult.Failed): GetCredentialException = when (result.exceptionClass) {
        "GetCredentialCancellationException" -> GetCredentialCancellationException(result.message)
        "GetCredentialInterruptedException" -> GetCredentialInterruptedException(result.message)
        "GetCredentialProviderConfigurationException" -> GetCredentialProviderConfigurationException(result.message)
        "GetCredentialUnknownException" -> GetCredentialUnknownException(result.message)
        "GetCredentialUnsupportedException" -> GetCredentialUnsupportedException(result.message)
        "NoCredentialException" -> NoCredentialException(result.message)
        "GetPublicKeyCredentialDomException" -> GetPublicKeyCredentialDomException(domError(result.type.substringAfterLast('/')), result.message)
        else -> GetCredentialCustomException(result.type, result.message)
    }

    private fun domError(type: String): DomError = when (type) {
        "androidx.credentials.TYPE_NOT_ALLOWED_ERROR" -> NotAllowedError()
        "androidx.credentials.TYPE_DATA_ERROR" -> DataError()
        "androidx.credentials.TYPE_SECURITY_ERROR" -> SecurityError()
        else -> DomError(type)
    }
}

/** The kit's server behind the app's backend client: failures as the transport exceptions Android throws. */
private class KitAuthBackend(private val kit: KitEnvironment) : AuthBackend {
    override fun fetchSignInOptions(identifier: String, callback: (ApiResult<SignInOptions>) -> Unit) {
        kit.server.lookUp(identifier) { answer ->
            callback(
                when (answer) {
                    is LookupAnswer.Found -> ApiResult.Ok(SignInOptions(AccountLookup.FOUND, answer.acceptedPasskeys))
                    LookupAnswer.NotFound -> ApiResult.Ok(SignInOptions(AccountLookup.UNKNOWN, emptyList()))
                    LookupAnswer.CannotContinue -> ApiResult.Ok(SignInOptions(AccountLookup.PASSKEYS_NOT_ALLOWED, emptyList()))
                    is LookupAnswer.Failed -> ApiResult.Failure(transportFailure(answer.fault))
                }
            )
        }
    }

    override fun fetchAssertionOptions(callback: (ApiResult<AssertionOptions>) -> Unit) {
        kit.server.requestOptions { answer ->
            callback(
                when (answer) {
                    is OptionsAnswer.Options -> ApiResult.Ok(AssertionOptions(answer.challenge))
                    is OptionsAnswer.Failed -> ApiResult.Failure(transportFailure(answer.fault))
                }
            )
        }
    }

    /** What Android throws for the kit's fault. */
    private fun transportFailure(fault: LookupFault) = when (fault) {
        LookupFault.TIMEOUT -> SocketTimeoutException("timeout")
        LookupFault.NETWORK_FAILURE -> UnknownHostException("auth.example.com")
        LookupFault.SERVER_ERROR -> HttpStatusException(503)
    }

    override fun verifyPasskey(credentialId: String, callback: (ApiResult<PasskeyVerification>) -> Unit) {
        kit.server.verify(credentialId) { answer ->
            callback(
                when (answer) {
                    is VerificationAnswer.Verified ->
                        ApiResult.Ok(PasskeyVerification.Accepted(SignedInAccount(accountState(answer.accountStatus), answer.acceptedPasskeys)))
                    VerificationAnswer.CredentialUnknown -> ApiResult.Ok(PasskeyVerification.Rejected(RejectionReason.CREDENTIAL_NOT_FOUND))
                    VerificationAnswer.CredentialRevoked -> ApiResult.Ok(PasskeyVerification.Rejected(RejectionReason.CREDENTIAL_REVOKED))
                    VerificationAnswer.VerificationFailed -> ApiResult.Ok(PasskeyVerification.Rejected(RejectionReason.ASSERTION_REJECTED))
                    VerificationAnswer.RouteUnavailable -> ApiResult.Ok(PasskeyVerification.Rejected(RejectionReason.PASSKEY_LOGIN_NOT_ALLOWED))
                    // The backend answers 503 when it cannot tell.
                    VerificationAnswer.Inconclusive -> ApiResult.Failure(HttpStatusException(503))
                    VerificationAnswer.ChallengeExpired -> ApiResult.Ok(PasskeyVerification.ChallengeExpired)
                }
            )
        }
    }

    override fun completeFallbackSignIn(callback: (ApiResult<SignedInAccount>) -> Unit) {
        kit.server.signInWithFallback { answer: FallbackSignInAnswer ->
            callback(ApiResult.Ok(SignedInAccount(accountState(answer.accountStatus), answer.acceptedPasskeys)))
        }
    }

    override fun revokePasskey(credentialId: String, callback: (ApiResult<List<String>>) -> Unit) {
        kit.server.revoke(credentialId) { stillAccepted -> callback(ApiResult.Ok(stillAccepted)) }
    }
}

private fun accountState(status: AccountStatus): AccountState = when (status) {
    AccountStatus.ACTIVE -> AccountState.ACTIVE
    AccountStatus.CLOSED -> AccountState.CLOSED
    AccountStatus.DELETED -> AccountState.DELETED
    AccountStatus.DISABLED -> AccountState.DISABLED
    AccountStatus.INACTIVE -> AccountState.INACTIVE
    AccountStatus.LOCKED -> AccountState.LOCKED
    AccountStatus.RESTRICTED -> AccountState.RESTRICTED
}
