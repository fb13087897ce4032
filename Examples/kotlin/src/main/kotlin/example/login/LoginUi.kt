package example.login

/** What the login UI draws; the controller publishes a new one after every change. */
data class LoginUiState(
    val page: LoginPage = LoginPage.SignIn,
    /** A dialog, or the inline message under the identifier field. */
    val message: LoginMessage? = null,
    /** The "Try passkey again" button under the passkey button. */
    val showRetryPasskey: Boolean = false,
    /** The "Sign in with passkey" button on the other-method page. */
    val showUsePasskey: Boolean = false,
    /** A request is in flight: the buttons are disabled, a progress indicator shows. */
    val working: Boolean = false,
    val signedIn: Boolean = false
)

sealed class LoginPage {
    object SignIn : LoginPage()
    class OtherMethod(val method: OtherSignInMethod) : LoginPage()
    object Home : LoginPage()
    class Help(val page: HelpPage) : LoginPage()
}

data class LoginMessage(val title: String, val text: String, val buttons: List<MessageButton>, val inline: Boolean = false)

data class MessageButton(val label: String, val action: MessageAction)

enum class MessageAction { TRY_AGAIN, OTHER_METHOD, OTHER_PASSKEY, RECOVER_ACCOUNT, CONTACT_SUPPORT, GET_HELP, CANCEL }

/** The login copy (res/values/strings.xml in the app), in English. */
data class LoginStrings(
    val cannotContinueTitle: String = "Can’t sign in with a passkey",
    val cannotContinueText: String = "Passkey sign-in isn’t available for this account.",
    val recoverAccount: String = "Recover account",
    val contactSupport: String = "Contact support",
    val cancel: String = "Cancel",
    val optionsUncheckedTitle: String = "Can’t check sign-in options",
    val optionsUncheckedText: String = "Your sign-in options couldn’t be checked because of a network or server problem.",
    val tryAgain: String = "Try again",
    val signInAnotherWay: String = "Sign in another way",
    val passkeyFailedTitle: String = "Passkey sign-in failed",
    val passkeyFailedText: String = "Signing in with your passkey didn’t work this time.",
    val passkeysUnavailableTitle: String = "Passkeys unavailable",
    val passkeysUnavailableText: String = "You can’t sign in with a passkey right now.",
    val passkeyUnusableTitle: String = "Passkey can’t be used",
    val passkeyDeletedText: String = "This passkey can no longer sign you in. It may have been deleted.",
    val passkeyRemovedText: String = "This passkey was removed from your account and can no longer sign you in.",
    val chooseAnotherPasskey: String = "Choose another passkey",
    val accountUnavailableTitle: String = "Account unavailable",
    val accountUnavailableText: String = "Your account’s current status doesn’t allow sign-in.",
    val getHelp: String = "Get help",
    val tryPasskeyAgain: String = "Try passkey again",
    val signInWithPasskey: String = "Sign in with passkey"
)
