package passkeyspec.kit

// What an app team writes once: a harness over its login controller. The kit creates the
// controller through it with the check's configuration and the kit's fakes, sends it the
// user's events, and reads back what the user sees.

/**
 * Your adapter over your login controller (view model, presenter, controller class). The kit
 * creates one per check, and a new one on each relaunch, through the factory you give it.
 */
interface LoginHarness {
    /** The user (or the system) does something: pass it to your controller as your UI would. */
    fun send(event: UserEvent)

    /** What the user sees now. */
    fun observe(): AppObservation

    /**
     * Runs the work your app has queued (e.g. `testScheduler.advanceUntilIdle()` for coroutines
     * on a test dispatcher). The kit calls it after each event and each answer of its fakes;
     * an app that handles callbacks at once has nothing to do.
     */
    fun awaitIdle() {}
}

/** What the kit gives your controller when it creates it. */
class KitEnvironment(
    val configuration: AppConfiguration,
    /** Stands for `CredentialManager`: passkey prompts and the identifier field's suggestions. */
    val passkeys: FakePasskeyApi,
    /**
     * Stands for your backend: route lookup, each passkey request's options, passkey
     * verification, fallback sign-in, revoking a passkey in the account settings.
     */
    val server: FakeServer,
    /** Stands for `CredentialManager.signalCredentialState`. */
    val signals: FakeSignals,
    /** Stands for what your app keeps across launches (SharedPreferences, DataStore). */
    val store: KitStore
) {
    companion object {
        private val replaying = ThreadLocal<KitEnvironment?>()

        /**
         * The environment of the check being replayed on this thread: code written against the
         * platform's own API, which has nowhere to pass a fake, reaches the fakes through it, as
         * real code reaches the system's services. The runner sets it when it creates your
         * controller and clears it when the check ends.
         */
        @JvmStatic
        var current: KitEnvironment?
            get() = replaying.get()
            internal set(environment) = replaying.set(environment)
    }
}

/**
 * Something the user (or the app's own timer) does; the kit handles relaunches and the
 * passkey API's results itself.
 */
sealed class UserEvent(val id: String) {
    /** The login screen appears (after launch, or after signing out). */
    object ScreenAppeared : UserEvent("screen-appeared")

    /** The user enters their identifier and submits it. */
    object IdentifierEntered : UserEvent("identifier-entered")

    /** The user taps the passkey button (on the login or the fallback screen). */
    object PasskeyButtonTapped : UserEvent("passkey-button-tapped")

    /**
     * The challenge of the identifier field's pending request reaches the end of its validity
     * (in the app, a timer set when the request was set): cancel the request, ask the server
     * for fresh options and set a new request with their challenge, showing nothing. The kit
     * sends it only while the identifier field's request is pending.
     */
    object SuggestionsChallengeExpiring : UserEvent("suggestions-challenge-expiring")

    /** The user chooses an action the screen or the notice offers. */
    class Choose(val action: UserAction) : UserEvent("choose") {
        override fun toString() = "choose ${action.id}"
    }

    /** The user completes the fallback sign-in method. */
    object FallbackSignInSucceeded : UserEvent("fallback-sign-in-succeeded")

    /**
     * The signed-in user revokes [passkey] in the app's account settings: ask the server to
     * revoke it ([FakeServer.revoke]), then send the list of the passkeys it still accepts
     * ([FakeSignals.allAcceptedCredentials]) and no unknown-credential signal. Nothing on
     * screen changes. The kit sends it only while the user is signed in.
     */
    data class PasskeyRevokedInSettings(val passkey: String) : UserEvent("passkey-revoked-in-settings") {
        override fun toString() = "$id $passkey"
    }

    /** The signed-in user signs out, back to the login screen. */
    object SignedOut : UserEvent("signed-out")

    override fun toString() = id
}

/** An action the user can choose, by the ID of the spec's copy tables. */
enum class UserAction(val id: String) {
    RETRY("retry"),
    FALLBACK("fallback"),
    ANOTHER_PASSKEY("another-passkey"),
    RECOVERY("recovery"),
    SUPPORT("support"),
    DISMISS("dismiss"),
    ACCOUNT_HELP("account-help"),
    USE_PASSKEY("use-passkey");

    companion object {
        // Looked up for every action a lockstep sequence chooses: by a map, not a search.
        private val byId = values().associateBy { it.id }

        fun of(id: String): UserAction = byId[id] ?: throw KitScriptException("unknown action \"$id\"")
    }
}

/** What the user sees, as your harness reports it. */
data class AppObservation(
    val screen: Screen,
    /** The account route open when [screen] is [Screen.ACCOUNT_ROUTE]. */
    val route: AccountRoute? = null,
    /** The notice (dialog, or inline message) shown, with its copy exactly as displayed. */
    val notice: ShownNotice? = null,
    /** The actions the user can choose now: the notice's buttons, a retry button, "use passkey". */
    val actions: List<UserAction> = emptyList(),
    /** Whether the user is signed in. */
    val session: Boolean = false
)

enum class Screen(val id: String) {
    LOGIN("login"),
    FALLBACK("fallback"),
    SIGNED_IN("signed-in"),
    ACCOUNT_ROUTE("account-route")
}

/**
 * A notice as displayed: its title, message and button labels in order, and how it is
 * presented; a [presentation] left null is taken as blocking and not compared.
 */
data class ShownNotice(
    val title: String,
    val message: String,
    val buttons: List<String>,
    val presentation: NoticePresentation? = null
)

/** Whether a notice takes the screen until the user answers it. */
enum class NoticePresentation(val id: String) {
    /** A dialog: nothing behind it is in reach. */
    BLOCKING("blocking"),

    /** An inline message, a banner or a Snackbar: the passkey button and the other sign-in methods stay enabled. */
    NON_BLOCKING("non-blocking")
}

/** Where a user goes whose account may not sign in, or who asks for help. */
enum class AccountRoute(val id: String) {
    ACCOUNT_STATUS("account-status"),
    RECOVERY("recovery"),
    SUPPORT("support");

    companion object {
        fun of(id: String): AccountRoute = values().firstOrNull { it.id == id } ?: throw KitScriptException("unknown account route \"$id\"")
    }
}

/** The account's status on the server. Only [ACTIVE] may sign in. */
enum class AccountStatus(val id: String) {
    ACTIVE("active"),
    CLOSED("closed"),
    DELETED("deleted"),
    DISABLED("disabled"),
    INACTIVE("inactive"),
    LOCKED("locked"),
    RESTRICTED("restricted");

    companion object {
        // Looked up for every verification: by a map, not a search.
        private val byId = values().associateBy { it.id }

        fun of(id: String): AccountStatus = byId[id] ?: throw KitScriptException("unknown account status \"$id\"")
    }
}

/** The product decisions the check configures your app with. */
data class AppConfiguration(
    val automaticStart: AutomaticStart,
    val enumerationPolicy: EnumerationPolicy,
    val fallback: FallbackMethod,
    /** Where each account status that may not sign in leads. */
    val accountRoutes: Map<AccountStatus, AccountRoute>,
    /** How the login screen starts: from an identifier, or with no identifier field. */
    val entry: LoginEntry = LoginEntry.IDENTIFIER_FIRST
) {
    companion object {
        internal fun of(configuration: ScriptConfiguration) = AppConfiguration(
            AutomaticStart.of(configuration.automaticStart),
            EnumerationPolicy.of(configuration.enumerationPolicy),
            FallbackMethod.of(configuration.fallback),
            configuration.accountRoutes.entries.associate { (status, route) -> AccountStatus.of(status) to AccountRoute.of(route) },
            LoginEntry.of(configuration.entry)
        )
    }
}

/** How the login screen starts. */
enum class LoginEntry(val id: String) {
    /** The user enters an identifier, which the app looks up to choose the route. */
    IDENTIFIER_FIRST("identifier-first"),

    /**
     * The login screen has no identifier field (as Apple's and Google's samples): the app asks
     * for any passkey of the app, never looks an account up, and the kit sends no
     * [UserEvent.IdentifierEntered].
     */
    DISCOVERABLE("discoverable");

    companion object {
        fun of(id: String): LoginEntry = values().firstOrNull { it.id == id } ?: throw KitScriptException("unknown entry \"$id\"")
    }
}

/** What the app starts by itself when the login screen appears. */
enum class AutomaticStart(val id: String) {
    /** Nothing: passkey login starts from the passkey button only. */
    NONE("none"),

    /**
     * Once the route lookup succeeds, the app opens the passkey prompt by itself; with
     * [LoginEntry.DISCOVERABLE], as the login screen appears.
     */
    PROMPT("prompt"),

    /** Passkeys are offered in the identifier field (`View.pendingGetCredentialRequest`). */
    ASSISTED("assisted");

    companion object {
        fun of(id: String): AutomaticStart = values().firstOrNull { it.id == id } ?: throw KitScriptException("unknown automatic start \"$id\"")
    }
}

/** Whether the app may reveal, before the user authenticates, that an account exists. */
enum class EnumerationPolicy(val id: String) {
    CONCEAL("conceal"),
    REVEAL("reveal");

    companion object {
        fun of(id: String): EnumerationPolicy = values().firstOrNull { it.id == id } ?: throw KitScriptException("unknown enumeration policy \"$id\"")
    }
}

/** The sign-in method the app falls back to. */
enum class FallbackMethod(val id: String) {
    PASSWORD("password"),
    EMAIL_CODE("email-code"),
    SMS_CODE("sms-code");

    companion object {
        fun of(id: String): FallbackMethod = values().firstOrNull { it.id == id } ?: throw KitScriptException("unknown fallback \"$id\"")
    }
}

/**
 * What your app supports, as your test class declares it ([ConformanceSuite.capabilities]): how
 * its login screen starts, what it starts by itself, its enumeration policy and fallbacks, and
 * where it sends accounts that may not sign in. A check your app cannot take (an automatic
 * prompt for an app that has none, an identifier field for one without) is skipped with the
 * reason, as a JUnit assumption, not failed.
 */
data class AppCapabilities(
    val entries: Set<LoginEntry> = LoginEntry.values().toSet(),
    val automaticStarts: Set<AutomaticStart> = AutomaticStart.values().toSet(),
    val enumerationPolicies: Set<EnumerationPolicy> = EnumerationPolicy.values().toSet(),
    val fallbacks: Set<FallbackMethod> = FallbackMethod.values().toSet(),
    /** Where your app sends each account status that may not sign in; a status missing here is sent where the check says. */
    val accountRoutes: Map<AccountStatus, AccountRoute> = emptyMap()
) {
    /** Why a check that needs [requirements] does not apply to your app; null when it does. */
    fun reasonToSkip(requirements: KitRequirements): String? {
        val missing = ArrayList<String>()
        fun need(values: List<String>, supported: Collection<String>, words: Map<String, String>, field: String) {
            if (values.none { it in supported }) {
                val named = values.joinToString(" or ") { words[it] ?: it }
                val raw = values.joinToString(" or ") { "\"$it\"" }
                missing.add("$named ($field $raw), which the app does not declare")
            }
        }
        need(requirements.entry, entries.map { it.id }, ENTRY_WORDS, "entry")
        need(requirements.automaticStart, automaticStarts.map { it.id }, AUTOMATIC_START_WORDS, "automatic start")
        need(requirements.enumerationPolicy, enumerationPolicies.map { it.id }, ENUMERATION_POLICY_WORDS, "enumeration policy")
        need(requirements.fallback, fallbacks.map { it.id }, FALLBACK_WORDS, "fallback")
        for ((status, route) in requirements.accountRoutes.toSortedMap()) {
            val own = accountRoutes.entries.firstOrNull { it.key.id == status }?.value?.id ?: continue
            if (own != route) missing.add("a $status account sent to \"$route\", where the app sends it to \"$own\"")
        }
        return if (missing.isEmpty()) null else "the check needs " + missing.joinToString("; and ")
    }

    companion object {
        /** Every configuration the spec's checks use: every check applies. */
        @JvmField
        val EVERYTHING = AppCapabilities()

        private val ENTRY_WORDS = mapOf(
            "identifier-first" to "an identifier field",
            "discoverable" to "a login screen with no identifier field"
        )
        private val AUTOMATIC_START_WORDS = mapOf(
            "none" to "no automatic start",
            "prompt" to "a passkey prompt the app opens by itself",
            "assisted" to "passkeys offered in the identifier field"
        )
        private val ENUMERATION_POLICY_WORDS = mapOf(
            "conceal" to "an app that conceals whether an account exists",
            "reveal" to "an app that reveals whether an account exists"
        )
        private val FALLBACK_WORDS = mapOf(
            "password" to "a password fallback",
            "email-code" to "an email-code fallback",
            "sms-code" to "an SMS-code fallback"
        )
    }
}
